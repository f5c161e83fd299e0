"""The simulated table through the real reader and settler: each settled roll is read as rendered."""

import pytest

from companion.capture.base import FrameSource
from companion.capture.simulated import SimulatedTable
from companion.vision import DiceReader, RollSettler


@pytest.fixture(scope="module")
def reader():
    return DiceReader(threads=1)


def test_is_a_seeded_frame_source():
    a, b = SimulatedTable(seed=5, fps=5), SimulatedTable(seed=5, fps=5)
    assert isinstance(a, FrameSource)
    fa, fb = [a.read() for _ in range(12)], [b.read() for _ in range(12)]
    assert all((x.image == y.image).all() for x, y in zip(fa, fb))
    assert [f.index for f in fa] == list(range(12))
    assert fa[5].timestamp == pytest.approx(1.0)


def test_dice_settle_after_tumbling_then_stay_still():
    table = SimulatedTable(seed=2, fps=10, tumble_seconds=0.5, still_seconds=1.0, hand_seconds=0.2)
    truths = [(table.read(), table.truth)[1] for _ in range(2 + 5 + 10 + 1)]
    assert truths[:7] == [None] * 7  # hand, then tumbling
    assert all(t is not None and t == truths[7] for t in truths[7:17])
    assert truths[17] is None  # the next throw starts with a hand
    assert 2 <= len(truths[7]) <= 5


def test_settled_rolls_are_read_as_rendered(reader):
    # the dice this test was written with, 38 to 52 px (drawn to the frame's scale, one of them is an orange die the
    # reader names yellow, as it names some on 1280 x 720 frames too)
    table = SimulatedTable(seed=11, fps=8, tumble_seconds=0.5, still_seconds=1.0, hand_seconds=0.25,
                           die_size=(38, 52))
    settler = RollSettler(stable_frames=3)
    reported = []
    throws_seen = set()
    while table.throw <= 4:
        frame = table.read()
        if table.truth is not None:
            throws_seen.add(table.throw)
        roll = settler.update(reader.read(frame.image), frame.timestamp)
        if roll is not None:
            assert table.truth is not None, "reported while the dice were moving"
            reported.append((table.throw, roll, table.truth))
    assert [t for t, _, _ in reported] == sorted(throws_seen - {5}) == [1, 2, 3, 4]  # one report per throw, each
    for _, roll, truth in reported:
        assert roll.values == tuple(sorted(d.value for d in truth))
        assert sorted(d.color or "?" for d in roll.dice) == sorted(d.color for d in truth)


def test_a_small_frames_dice_are_drawn_die_sized_and_every_one_is_read(reader, tmp_path):
    """On a 640 x 480 frame the simulated table draws its dice to that frame's scale, not a 1280 x 720 one's (half as
    big again as a camera would see them, which free roll's table vision, the service's path, leaves out as too big
    to be dice): each throw is read whole, as drawn, nothing taken for no die."""
    from companion.config import load_config
    from companion.tablevision.layouts import configured_layout
    from companion.tablevision.stage import TableStage

    config = load_config(None, overrides={"service": {"data_dir": str(tmp_path)}})
    stage = TableStage.for_layout(configured_layout("free-roll", config["table"]), config["table"],
                                  data_dir=config.data_dir)
    table = SimulatedTable(seed=5, width=640, height=480)
    for _ in range(6):
        table._new_throw()
        image, truth = table._script[-1][1]
        view = stage.read_still(image, reader)
        assert view.not_dice == 0
        assert sorted(d.reading.value for d in view.dice) == sorted(d.value for d in truth)
