"""Die colours from rendered dice of every colour, and the HSV naming rule itself."""

import cv2
import numpy as np
import pytest

from companion.core import DIE_COLOURS
from companion.vision.colour import colour_from_hsv, die_colour
from companion.vision.render import DIE_BODY_BGR, draw_die, finish_photo, random_background, random_die_spec


def test_renderer_knows_every_product_colour():
    assert set(DIE_BODY_BGR) == set(DIE_COLOURS)


@pytest.mark.parametrize("colour", DIE_COLOURS)
def test_rendered_dice_of_each_colour_are_named(colour):
    rng = np.random.default_rng(["white", "black", "red", "green", "blue", "yellow", "purple", "orange"].index(colour))
    right = 0
    trials = 40
    for k in range(trials):
        img = random_background(rng, 160, 160)
        spec = random_die_spec(rng, (80, 80), float(rng.uniform(30, 50)), color=colour, max_tilt=0.3)
        box = draw_die(img, spec, rng)
        photo = finish_photo(img, rng)
        right += die_colour(photo, box) == colour
    assert right >= 0.85 * trials, f"{colour}: {right}/{trials}"


def test_pips_do_not_decide_the_colour():
    # a white die with six big black pips is still white, a black die with white pips black
    for body, pip, expected in (((235, 235, 235), (10, 10, 10), "white"), ((25, 25, 25), (240, 240, 240), "black")):
        img = np.full((100, 100, 3), 120, np.uint8)
        cv2.rectangle(img, (20, 20), (80, 80), body, -1)
        for x, y in ((33, 33), (67, 33), (33, 50), (67, 50), (33, 67), (67, 67)):
            cv2.circle(img, (x, y), 6, pip, -1)
        assert die_colour(img, (20, 20, 80, 80)) == expected


@pytest.mark.parametrize("hsv, name", [
    ((0, 200, 200), "red"), ((176, 200, 200), "red"), ((13, 220, 240), "orange"), ((27, 200, 230), "yellow"),
    ((60, 180, 160), "green"), ((110, 200, 190), "blue"), ((150, 180, 150), "purple"),
    ((90, 10, 230), "white"), ((0, 20, 40), "black"), ((100, 40, 80), "black"),
])
def test_hsv_rule(hsv, name):
    assert colour_from_hsv(*hsv) == name


def test_grey_is_not_guessed():
    assert colour_from_hsv(0, 30, 110) is None


def test_tiny_or_outside_box_is_unknown():
    img = np.zeros((50, 50, 3), np.uint8)
    assert die_colour(img, (10, 10, 12, 12)) is None
    assert die_colour(img, (60, 60, 90, 90)) is None
