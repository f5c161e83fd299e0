"""Reading dice with no table plane: the whole frame first, then the window the dice found on it give, zoomed in
so small dice come out at the detector's best size (zoom.found_window)."""

from __future__ import annotations

import numpy as np
import pytest

from companion.core import DieReading
from companion.tablevision import layout_for
from companion.tablevision.render import CameraPose, DiePlacement, PrintedMat, render_table
from companion.tablevision.stage import TableStage
from companion.tablevision.zoom import found_window
from companion.vision import DiceReader

BUDGET = 173_056
SHAPE = (960, 1280)


@pytest.fixture(scope="module")
def dice_reader():
    return DiceReader(threads=1)


def die(box, value=3) -> DieReading:
    return DieReading(value=value, confidence=0.8, box=box)


VALUES = [3, 5, 2, 4, 6]


def corner_dice(seed: int):
    """A blank sheet (no anchors: no plane), the camera high: five 16 mm dice in its corner, at ~9 detector pixels
    on the whole frame, where one of them is missed."""
    layout = layout_for("nexus-keepers")
    blank = PrintedMat(np.full((int(layout.size[1] * 4), int(layout.size[0] * 4), 3), 230, np.uint8), None)
    dice = [DiePlacement((20 + 25 * (i % 3), 20 + 25 * (i // 3)), v, colour)
            for i, (v, colour) in enumerate(zip(VALUES, ["red", "white", "blue", "green", "black"]))]
    return layout, render_table(layout, [], dice, CameraPose(height=700), np.random.default_rng(seed), printed=blank)


def read_values(dice) -> list[int]:
    return sorted(d.value for d in dice if not d.unread)


@pytest.mark.parametrize("seed", [1, 2])
def test_small_dice_in_a_corner_with_no_plane_are_read_through_the_window_they_give(seed, dice_reader):
    """A photo: the whole frame, then the window its dice give, zoomed: all five read right."""
    layout, frame = corner_dice(seed)
    view = TableStage(layout).read_still(frame.image, dice_reader)
    assert view.plane.plane is None
    assert read_values(d.reading for d in view.dice) == sorted(VALUES)


def test_the_pipeline_reads_the_window_on_the_next_still_frame(dice_reader):
    """In play one detector pass a frame: the whole frame first, then, the picture unchanged, the window alone."""
    layout, frame = corner_dice(1)
    stage, read = TableStage(layout), []
    for index in range(2):
        stage.motion.update(frame.image)  # as the pipeline does before reading the frame's dice
        read.append(stage.read_dice(frame.image, dice_reader))
        stage.process(frame.image, read[-1], index, index / 8, motion_measured=True)
    assert stage.reader.tracker.plane is None
    assert read_values(read[0]) != sorted(VALUES)  # the whole frame misses one
    assert read_values(read[1]) == sorted(VALUES)


class CountingReader:
    """Reads one die in the frame's corner (at the crop's own offset), recording each pass's pixels."""

    input_pixels = BUDGET

    def __init__(self) -> None:
        self.passes: list[int | None] = []

    def read(self, image, pixels=None):
        self.passes.append(pixels)
        h, w = image.shape[:2]
        x, y = (100, 100) if pixels is None else (w // 2 - 10, h // 2 - 10)
        return [DieReading(value=4, confidence=0.9, box=(x, y, x + 20, y + 20))]


def test_the_window_waits_for_an_unchanged_frame_read_right_after():
    layout = layout_for("nexus-keepers")
    still = np.full((*SHAPE, 3), 200, np.uint8)
    moved = still.copy()
    moved[500:900, 600:1000] = 40  # a hand over the table
    stage, reader = TableStage(layout), CountingReader()

    def frame(image, index, read=True):
        stage.motion.update(image)
        dice = stage.read_dice(image, reader) if read else []
        stage.process(image, dice, index, index / 8, motion_measured=True)
        return dice

    frame(still, 0)
    moved_dice = frame(moved, 1)  # the picture changed: the whole frame again, no window
    assert reader.passes == [None, None]
    dice = frame(moved, 2)  # unchanged: the window its dice gave, alone
    assert len(reader.passes) == 3 and reader.passes[2] is not None and reader.passes[2] < BUDGET
    assert [d.box for d in dice] == [(100, 100, 120, 120)]  # the die read zoomed replaced the whole frame's
    assert moved_dice[0].box == (100, 100, 120, 120)
    frame(moved, 3, read=False)  # the readings reused (the pipeline reads no more)
    frame(still, 4)
    frame(moved, 5, read=False)  # a hand moving: its dice not read
    frame(moved, 6)  # unchanged since, but the window was found two frames ago: the whole frame
    assert reader.passes[3:] == [None, None]


def test_the_window_holds_the_dice_and_zooms_their_median_die_to_the_target():
    readings = [die((100, 100, 120, 120)), die((150, 130, 172, 152)), die((110, 180, 128, 198))]
    (x0, y0, x1, y1), pixels = found_window(readings, SHAPE, BUDGET)
    assert (x0, y0) == (70, 70) and (x1, y1) == (202, 228)  # the dice and a die and a half beside them
    assert pixels == int((x1 - x0) * (y1 - y0) * (24 / 20) ** 2)  # the median die (20 px) at 24 px


def test_no_window_without_dice_or_when_it_would_not_enlarge_them():
    assert found_window([], SHAPE, BUDGET) is None
    assert found_window([DieReading(value=3, confidence=0.8)], SHAPE, BUDGET) is None  # no box
    spread = [die((10, 10, 30, 30)), die((1250, 930, 1270, 950))]  # corner to corner: the frame already
    assert found_window(spread, SHAPE, BUDGET) is None
    big = [die((600, 400, 680, 480))]  # 80 px, 30 detector px on the whole frame: no zoom wanted
    assert found_window(big, SHAPE, BUDGET) is None
