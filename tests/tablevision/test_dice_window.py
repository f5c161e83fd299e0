"""The dice window: with the plane known, dice are read in the mat's dice zones, zoomed so that a die comes out at
the detector's best size; the whole frame otherwise."""

from __future__ import annotations

import numpy as np

from companion.tablevision import TableReader, layout_for
from companion.tablevision.render import CameraPose, DiePlacement, render_table
from companion.tablevision.stage import TableStage
from companion.tablevision.zoom import dice_window

BUDGET = 416 * 416


def test_the_window_holds_the_dice_zones_and_zooms_a_die_to_the_target(rng):
    layout = layout_for("nexus-keepers")  # dice zone: x 46-374, y 226-288 mm
    frame = render_table(layout, [], [DiePlacement((60, 240), 3, "red"), DiePlacement((360, 275), 5, "blue")],
                         CameraPose(), rng)
    plane = TableReader(layout).read(frame.image).plane.plane
    (x0, y0, x1, y1), pixels = dice_window(plane, layout, frame.image.shape[:2], BUDGET)
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
