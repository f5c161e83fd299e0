"""FrameLooks: turn-averaged answers per reader, readers weighted alike, and the per-frame budget."""

import numpy as np

from companion.vision.looks import FrameLooks


def fake_reader(calls):
    """Reader r answers box b at turn t with a one-hot on class (b + t + r) % 3, so averages are checkable."""
    def read(reader, boxes, turns):
        calls.append((reader, [int(b) for b in boxes], list(turns)))
        out = np.zeros((len(boxes), 3))
        for i, b in enumerate(boxes):
            for t in turns:
                out[i, (b + t + reader) % 3] += 1 / len(turns)
        return out
    return read


def test_each_reader_is_averaged_over_its_turns_then_readers_alike():
    calls = []
    looks = FrameLooks(fake_reader(calls), readers=2, boxes=2)
    looks.look(0, [0, 1], 1)
    looks.look(0, [0], 4)  # turns 1..3 only: turn 0 was read already
    looks.look(1, [0], 2)
    assert calls == [(0, [0, 1], [0]), (0, [0], [1, 2, 3]), (1, [0], [0, 1])]
    probs = looks.probabilities()
    first = np.array([2, 1, 1]) / 4  # box 0, reader 0, turns 0-3: classes 0, 1, 2, 0
    second = np.array([0, 1, 1]) / 2  # box 0, reader 1, turns 0-1: classes 1, 2
    np.testing.assert_allclose(probs[0], (first + second) / 2)
    np.testing.assert_allclose(probs[1], [0, 1, 0])  # box 1: reader 0 alone, turn 0
    assert looks.spent == 2 + 3 + 2


def test_affordable_keeps_the_longest_prefix_that_fits_the_budget():
    looks = FrameLooks(fake_reader([]), readers=2, boxes=5, budget=12)
    looks.look(0, range(5), 1)  # 5 spent, 7 left
    assert looks.left() == 7 and FrameLooks(fake_reader([]), 1, 3).left() is None
    assert list(looks.affordable([3, 1, 4], (4, 4))) == [3]  # 3 + 4 looks each: one fits, two would need 14
    assert list(looks.affordable([3, 1, 4], (0, 1))) == [3, 1, 4]  # the second reader's one look each
    assert list(FrameLooks(fake_reader([]), 1, 3).affordable([2, 0], (4,))) == [2, 0]  # no budget: no limit
