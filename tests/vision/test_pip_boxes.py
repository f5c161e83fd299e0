"""A white 1 on the project's pale mat, boxed by the detector as its lone pip, is read again at the size of the
frame's other dice (companion/vision/pip_boxes.py) instead of being dropped as "not a die"."""

from __future__ import annotations

import numpy as np
import pytest

from companion.capture.simulated_game import overhead_pose
from companion.config import load_config
from companion.tablevision import layout_for
from companion.tablevision.render import DiePlacement, render_table
from companion.tablevision.stage import TableStage
from companion.tablevision.zoom import read_in_window
from companion.vision import DiceReader
from companion.vision.pip_boxes import read_again

def roll(reader: DiceReader, game: str, look: int, dice: list[tuple[float, int, str]]) -> list[int]:
    """The values the pipeline keeps in the game's dice zone for dice (mm from the zone's middle, value, colour)
    thrown on its mat, seen as `make run` mounts the simulated camera."""
    layout = layout_for(game)
    cx, cy = next(z for z in layout.zones if z.dice).centre
    placed = [DiePlacement((cx + dx, cy), value, colour) for dx, value, colour in dice]
    frame = render_table(layout, [], placed, overhead_pose(layout, (1280, 720)), np.random.default_rng(look), look=look)
    stage = TableStage(layout)
    view, _ = stage.process(frame.image, [], 0, 0.0)
    read = read_in_window(reader, frame.image, stage.dice_window(frame.image.shape[:2], reader.input_pixels))
    kept, _ = stage.reader.place_dice(view.plane.plane, read)
    return sorted(d.reading.value for d in kept)


# rendered lights in which the detector boxed the white 1's pip alone
CASES = [("nexus-keepers", (28, 49, 52, 79, 82), [(-60, 1, "white"), (40, 4, "red")], [1, 4]),
         ("hexors", (3, 21, 25, 26, 49), [(-60, 1, "white")], [1])]  # a duel's one die: no other die to size it


@pytest.mark.parametrize("game,looks,dice,values", CASES)
def test_a_white_one_boxed_as_its_pip_is_read_as_a_die(game, looks, dice, values):
    reader = DiceReader.from_config(load_config(None)["vision"], threads=1)
    assert all(roll(reader, game, look, dice) == values for look in looks)
    reader.pip_boxes = 0.0  # the step off: these are the frames it is for
    assert sum(roll(reader, game, look, dice) == values[1:] for look in looks) >= 3


def test_only_a_small_sure_candidate_turned_down_off_every_die_is_read_again():
    not_a_die = 6
    die, no_die = np.eye(8)[1], np.eye(8)[not_a_die]
    boxes = [[0, 0, 40, 40], [100, 0, 40, 40], [200, 10, 10, 10], [10, 10, 10, 10], [300, 10, 10, 10],
             [400, 0, 36, 36]]
    probs = np.array([die, die, no_die, no_die, no_die, no_die])
    scores = np.array([0.9, 0.9, 0.7, 0.9, 0.2, 0.9])
    asked = []

    def read(rects):
        asked.extend(rects)
        return np.array([die for _ in rects])

    out, out_boxes, again = read_again(boxes, scores, probs, not_a_die, 0.4, read)
    # the pip-sized sure one away from the dice only: not the one on a die, the unsure one, the die-sized one
    assert again == 1 and asked == [[185.0, -5.0, 40.0, 40.0]]
    assert out_boxes[2] == [185.0, -5.0, 40.0, 40.0] and out[2].argmax() == 1
    assert [b for k, b in enumerate(out_boxes) if k != 2] == [b for k, b in enumerate(boxes) if k != 2]


def test_a_candidate_still_no_die_at_the_dice_size_stays_turned_down():
    not_a_die = 6
    die, no_die = np.eye(8)[1], np.eye(8)[not_a_die]
    boxes = [[0, 0, 40, 40], [200, 10, 10, 10]]
    probs = np.array([die, no_die])
    out, out_boxes, again = read_again(boxes, np.array([0.9, 0.9]), probs, not_a_die, 0.4,
                                       lambda rects: np.array([no_die for _ in rects]))
    assert again == 1 and out_boxes == boxes and (out == probs).all()


def test_at_most_three_a_frame_are_read_again_the_surest_first():
    not_a_die = 6
    die, no_die = np.eye(8)[1], np.eye(8)[not_a_die]
    boxes = [[0, 0, 40, 40]] + [[100 * k, 200, 10, 10] for k in range(1, 6)]
    scores = np.array([0.9, 0.5, 0.9, 0.6, 0.8, 0.7])
    asked = []

    def read(rects):
        asked.extend(rects)
        return np.array([no_die for _ in rects])

    read_again(boxes, scores, np.array([die] + [no_die] * 5), not_a_die, 0.4, read)
    assert [r[0] + r[2] / 2 for r in asked] == [205, 405, 505]  # centred on those scored 0.9, 0.8 and 0.7


def test_with_no_die_read_the_pip_box_is_grown_to_a_die():
    not_a_die = 6
    die, no_die = np.eye(8)[1], np.eye(8)[not_a_die]
    asked = []

    def read(rects):
        asked.extend(rects)
        return np.array([die for _ in rects])

    out, out_boxes, again = read_again([[200, 10, 10, 10]], np.array([0.7]), np.array([no_die]), not_a_die, 0.4, read)
    assert asked == [[192.5, 2.5, 25.0, 25.0]] and out_boxes == asked and out[0].argmax() == 1
