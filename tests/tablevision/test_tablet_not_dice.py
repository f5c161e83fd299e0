"""A tablet lying in the dice zone: its app icons are as wide as a die (rounded squares, a gradient, a glyph) and the
dice reader takes many for 6s. Benchmark section 8c (benchmarks/table_phone.py) found 282 such phantoms in 48
frames with --seed 1; a die lying on the tablet stays a die."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from companion.tablevision import layout_for
from companion.tablevision.render import PHONE_SCREEN_BGR, CameraPose, DiePlacement, Thing, render_table
from companion.tablevision.stage import TableStage
from companion.tablevision.veto import _face_pips
from companion.vision import DiceReader


@pytest.fixture(scope="module")
def dice_reader():
    return DiceReader(threads=1)


@pytest.mark.parametrize("seed", [0, 1, 3, 4])
def test_a_tablets_icons_are_no_dice_and_the_dice_on_it_and_beside_it_are(seed, dice_reader):
    """The smallest and the largest dice the size check allows (0.85 and 1.15 x die_mm) lie on the tablet, a white
    one and one of its screen's own navy, and one beside it. Before the tablet counted as a flat thing and icons had
    to lie on its grid, these scenes read 7, 7, 6 and 11 icons as 6s; the first and the last kept 1 and 4 of them
    while an icon a die lies against (one body with it, off the grid's size) was taken for a die."""
    layout = layout_for("nexus-keepers")
    rng = np.random.default_rng(seed)
    tablet = Thing("tablet", (210.0, 250.0), 200.0, float(rng.uniform(0, 360)))
    dice = [DiePlacement((185.0, 262.0), 5, "white", 13.6),
            DiePlacement((240.0, 262.0), 3, "blue", 18.4, PHONE_SCREEN_BGR),
            DiePlacement((340.0, 262.0), 2, "white", 16.0)]
    frame = render_table(layout, [], dice, CameraPose(tilt=4.0), rng, things=[tablet])
    view = TableStage(layout, die_mm=16.0).read_still(frame.image, dice_reader)
    assert view.plane.plane is not None
    read = [(d.reading.value, d.mm) for d in view.dice]
    assert sorted(value for value, _ in read) == [2, 3, 5], read
    for die in dice:
        assert any(value == die.value and math.dist(mm, die.mm) < 0.7 * die.size_mm for value, mm in read), die


def face(size=40, pad=6, body=(240, 240, 240), surface=(70, 55, 45)):
    """A Lab crop ``size + 2 pad`` wide: a square body on a screen's navy, and its mask."""
    image = np.full((size + 2 * pad, size + 2 * pad, 3), surface, np.uint8)
    cv2.rectangle(image, (pad, pad), (pad + size - 1, pad + size - 1), body, -1)
    mask = np.zeros(image.shape[:2], np.uint8)
    cv2.rectangle(mask, (pad, pad), (pad + size - 1, pad + size - 1), 1, -1)
    return image, mask


def lab(image):
    return cv2.cvtColor(image, cv2.COLOR_BGR2Lab).astype(np.float32)


def test_a_body_standing_out_of_a_screen_shows_a_dies_pips_but_an_icons_glyph_is_no_pip():
    """A die's face shows round pips, as many as its value; an icon as wide as a die shows a glyph (a ring, a bar,
    a disc half its width), and its gradient reaches its edge."""
    three, mask = face()
    for x, y in ((16, 16), (26, 26), (36, 36)):
        cv2.circle(three, (x, y), 3, (20, 20, 20), -1, cv2.LINE_AA)
    assert _face_pips(lab(three), mask, 40.0, 3) and _face_pips(lab(three), mask, 40.0, None)
    assert not _face_pips(lab(three), mask, 40.0, 6)
    for glyph in ("ring", "bar", "disc"):
        icon, mask = face(body=(60, 160, 90))
        icon[6:46, 6:46] = (icon[6:46, 6:46] * np.linspace(1.15, 0.75, 40)[:, None, None]).clip(0, 255)
        if glyph == "ring":
            cv2.circle(icon, (26, 26), 10, (245, 245, 245), 3, cv2.LINE_AA)
        elif glyph == "bar":
            cv2.rectangle(icon, (16, 23), (36, 29), (245, 245, 245), -1)
        else:
            cv2.circle(icon, (26, 26), 9, (245, 245, 245), -1, cv2.LINE_AA)
        assert not _face_pips(lab(icon), mask, 40.0, None), glyph
