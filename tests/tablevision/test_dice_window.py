"""The dice window: with the plane known, dice are read in the mat's dice zones, zoomed so that a die comes out at
the detector's best size; the whole frame otherwise."""

from __future__ import annotations

import numpy as np

from companion.core import DieReading
from companion.tablevision import TableReader, layout_for
from companion.tablevision.render import CameraPose, DiePlacement, render_table
from companion.tablevision.stage import TableStage
from companion.tablevision.zoom import DiceWindow, dice_window, read_in_window

BUDGET = 416 * 416


def test_the_window_holds_the_dice_zones_and_zooms_a_die_to_the_target(rng):
    layout = layout_for("nexus-keepers")  # dice zone: x 46-374, y 226-288 mm
    frame = render_table(layout, [], [DiePlacement((60, 240), 3, "red"), DiePlacement((360, 275), 5, "blue")],
                         CameraPose(), rng)
    plane = TableReader(layout).read(frame.image).plane.plane
    (x0, y0, x1, y1), pixels, _ = dice_window(plane, layout, frame.image.shape[:2], BUDGET)
    for die in frame.dice:
        assert x0 <= die.box[0] and die.box[2] <= x1 and y0 <= die.box[1] and die.box[3] <= y1
    assert (x1 - x0) * (y1 - y0) < 0.4 * frame.image.shape[0] * frame.image.shape[1]  # the dice strip, not the mat
    die_px = 16 * plane.px_per_mm((210, 257))
    at_detector = die_px * np.sqrt(pixels / ((x1 - x0) * (y1 - y0)))
    assert 23 <= at_detector <= 25  # 24 px
    assert pixels < 0.8 * BUDGET  # a small window: less compute than the model's whole budget
    full_frame = die_px * np.sqrt(BUDGET / (frame.image.shape[0] * frame.image.shape[1]))
    assert full_frame < 17


def test_a_window_too_big_for_the_target_keeps_the_models_budget(rng):
    layout = layout_for("tesseract")  # dice zones over most of the mat
    frame = render_table(layout, [], [], CameraPose(height=700), rng)
    plane = TableReader(layout).read(frame.image).plane.plane
    window = dice_window(plane, layout, frame.image.shape[:2], BUDGET)
    assert window is not None and window[1] == BUDGET


def test_no_window_without_a_plane_or_when_it_is_off(rng):
    layout = layout_for("tesseract")
    stage = TableStage(layout)
    assert stage.dice_window((960, 1280), BUDGET) is None  # no frame seen yet: no plane
    frame = render_table(layout, [], [], CameraPose(), rng)
    stage.process(frame.image, [], 0, 0.0)
    assert stage.dice_window((960, 1280), BUDGET) is not None
    assert stage.dice_window((960, 1280), None) is None
    assert TableStage(layout, zoom=False).dice_window((960, 1280), BUDGET) is None


class _ZoomReader:
    """A stand-in dice reader: in a big picture (the window) it reads the die doubtfully as a 1 with a loose box;
    closer (a small picture, the die at the detector's best size) it reads it surely as a 3. It keeps what it was
    asked."""

    def __init__(self, centre, confidence=0.4):
        self.centre, self.confidence, self.asked = centre, confidence, []

    def read(self, image, pixels=None):
        h, w = image.shape[:2]
        self.asked.append((w, h, pixels))
        cx, cy = self.centre if len(self.asked) == 1 else (w / 2, h / 2)
        if len(self.asked) == 1:
            return [DieReading(1, box=(cx - 35, cy - 35, cx + 35, cy + 35), confidence=self.confidence)]
        return [DieReading(3, box=(cx - 20, cy - 20, cx + 20, cy + 20), confidence=0.9)]


def test_a_doubtful_die_in_a_window_that_shrinks_dice_is_read_again_closer():
    image = np.zeros((960, 1280, 3), np.uint8)
    window = DiceWindow((100, 50, 1100, 900), BUDGET, 40.0)  # dice at 40 px come out at 16 px: under the target
    reader = _ZoomReader(centre=(500, 400))
    (die,) = read_in_window(reader, image, window)
    assert die.value == 3 and die.confidence == 0.9
    assert abs((die.box[0] + die.box[2]) / 2 - 600) < 2 and abs((die.box[1] + die.box[3]) / 2 - 450) < 2  # frame px
    w, h, pixels = reader.asked[1]
    assert 110 <= w <= 122 and 110 <= h <= 122  # three dice wide
    assert 23 <= 40 * np.sqrt(pixels / (w * h)) <= 25  # the die at the detector's best size


def test_no_closer_look_for_a_sure_die_or_a_window_at_the_target():
    image = np.zeros((960, 1280, 3), np.uint8)
    sure = _ZoomReader(centre=(500, 400), confidence=0.95)
    assert read_in_window(sure, image, DiceWindow((100, 50, 1100, 900), BUDGET, 40.0))[0].value == 1
    assert len(sure.asked) == 1
    at_target = _ZoomReader(centre=(100, 30))  # a small window, its budget puts a die at 24 px
    pixels = int(300 * 100 * (24 / 40) ** 2)
    assert read_in_window(at_target, image, DiceWindow((100, 50, 400, 150), pixels, 40.0))[0].value == 1
    assert len(at_target.asked) == 1
    off = _ZoomReader(centre=(500, 400))
    assert read_in_window(off, image, DiceWindow((100, 50, 1100, 900), BUDGET, 40.0), closer_below=0)[0].value == 1
