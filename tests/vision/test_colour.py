"""Die colours from rendered dice of every colour, and the HSV naming rule itself."""

import cv2
import numpy as np
import pytest

from companion.core import DIE_COLOURS
from companion.vision.colour import colour_from_hsv, die_colour, dominant_hue
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
    # dark bodies measured on labelled byler photos: dark purple and blue keep their hue, smoky
    # translucent dice (a warm tint from red pips) are black, and so is a dark tint without chroma
    ((146, 100, 44, 14.0), "purple"), ((111, 150, 50, 20.0), "blue"), ((106, 133, 72), "blue"),
    ((13, 90, 68), "black"), ((8, 120, 75), "black"), ((146, 100, 44, 6.0), "black"),
    ((71, 150, 55, 15.0), "green"), ((71, 90, 55, 15.0), "black"),
])
def test_hsv_rule(hsv, name):  # (h, s, v) or (h, s, v, CIELAB chroma)
    assert colour_from_hsv(*hsv) == name


def test_grey_is_not_guessed():
    assert colour_from_hsv(0, 30, 110) is None


def test_tiny_or_outside_box_is_unknown():
    img = np.zeros((50, 50, 3), np.uint8)
    assert die_colour(img, (10, 10, 12, 12)) is None
    assert die_colour(img, (60, 60, 90, 90)) is None


def _face(body, pip, pips, size=60):
    """A die face filling the box: ``pips`` (centre, radius) circles of ``pip`` on ``body``."""
    img = np.full((size + 40, size + 40, 3), 120, np.uint8)
    cv2.rectangle(img, (20, 20), (20 + size, 20 + size), body, -1)
    for (x, y), r in pips:
        cv2.circle(img, (20 + x, 20 + y), r, pip, -1)
    return img, (20, 20, 20 + size, 20 + size)


def test_big_white_pips_covering_half_the_face_do_not_make_a_red_die_white():
    # six fat pips cover nearly half of the central part: the saturated side is the body
    img, box = _face((40, 30, 200), (240, 240, 240),
                     [((x, y), 8) for x in (17, 43) for y in (12, 30, 48)])
    assert die_colour(img, box) == "red"


def test_red_pips_left_in_the_body_do_not_turn_a_blue_die_purple():
    # a dark marbled die: Otsu cannot split its red pips from the blue body, so 30% of "body" is red;
    # an average hue of the two would be purple (~130), the main hue is the body's
    hue = np.r_[np.full(70, 110.0), np.full(30, 178.0)]
    saturation = np.r_[np.full(70, 140.0), np.full(30, 200.0)]
    assert abs(dominant_hue(hue, saturation) - 110) < 3
    assert colour_from_hsv(dominant_hue(hue, saturation), 150, 90) == "blue"
    # and red wraps around: hues 178 and 2 are one red, not a cyan average
    assert colour_from_hsv(dominant_hue(np.r_[np.full(50, 178.0), np.full(50, 2.0)], np.full(100, 200.0)), 200, 150) \
        == "red"


def test_a_one_boxed_round_its_pip_is_read_from_the_die_around_it():
    # a white die showing 1, whose box (as penlington's labels draw it) is its black pip alone
    img = np.full((480, 640, 3), (120, 150, 170), np.uint8)  # light wood
    cv2.rectangle(img, (300, 220), (340, 260), (235, 235, 235), -1)
    cv2.circle(img, (320, 240), 8, (20, 20, 20), -1)
    pip_box = (312, 232, 328, 248)
    assert die_colour(img, pip_box) == "black"  # the central part of the box is the pip
    assert die_colour(img, pip_box, value=1) == "white"
    # a 1 whose box is the whole die reads the same either way
    assert die_colour(img, (300, 220, 340, 260), value=1) == die_colour(img, (300, 220, 340, 260)) == "white"


def test_byte_median_is_numpys_median_of_the_same_bytes():
    from companion.vision.colour import byte_median

    rng = np.random.default_rng(4)
    for n in (1, 2, 3, 10, 11, 500):
        for _ in range(20):
            values = rng.integers(0, 256, n).astype(np.uint8)
            assert byte_median(values) == np.median(values.astype(np.float64))
