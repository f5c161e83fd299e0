"""A phone lying in the dice zone: its app icons are no die (two side by side read as a 6), a die lying on it is.
Benchmark section 6 (benchmarks/table_print.py) found two such phantom 6s on rendered phones."""

from __future__ import annotations

import cv2
import numpy as np

from companion.core import DieReading
from companion.tablevision import TableReader, layout_for
from companion.tablevision.die_pips import looks_like_pips
from companion.tablevision.render import CameraPose, DiePlacement, render_table
from companion.tablevision.things import PHONE_OFF_BGR, PHONE_SCREEN_BGR, Thing

PHONE = (170.0, 257.0)  # in Nexus Keepers' dice zone (y 226 to 288), the phone's 67 mm across it
ICONS = (215.0, 255.0)  # where two icons overlap, as in the benchmark's phantom 6 on Nexus Keepers' zone
CORNERS = (160.0, 270.0)  # two icons touching at a corner, as in its phantom 6 on free roll's tray
ON_PHONE, ON_MAT = (120.0, 257.0), (320.0, 257.0)  # two real dice
WHITE_ON_PHONE = (150.0, 241.0)  # a white die, its black pips as dark as the screen


def box_around(plane, mm, w_mm, h_mm):
    x, y = mm
    px = plane.image_points(np.array([(x - w_mm / 2, y - h_mm / 2), (x + w_mm / 2, y - h_mm / 2),
                                      (x + w_mm / 2, y + h_mm / 2), (x - w_mm / 2, y + h_mm / 2)]))
    return tuple(float(v) for v in (*px.min(axis=0), *px.max(axis=0)))


def paint_icon(image, plane, mm, side_mm, bgr):
    """A bright square app icon (``side_mm``) on the phone's screen, painted into the frame."""
    x, y, h = *mm, side_mm / 2
    px = plane.image_points(np.array([(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]))
    cv2.fillPoly(image, [np.round(px).astype(np.int32)], bgr, cv2.LINE_AA)


def test_a_phones_icons_read_as_a_die_are_no_die_but_a_die_on_the_phone_is():
    layout = layout_for("nexus-keepers")
    for angle, tilt in ((0.0, 0.0), (25.0, 8.0)):
        dice = [DiePlacement(ON_PHONE, 4, "red"), DiePlacement(ON_MAT, 2, "white"), DiePlacement(WHITE_ON_PHONE, 5,
                                                                                                 "white")]
        frame = render_table(layout, [], dice, CameraPose(tilt=tilt), np.random.default_rng(57),
                             things=[Thing("phone", PHONE, 140.0, angle)])
        image = frame.image.copy()
        reader = TableReader(layout)
        plane = reader.read(image).plane.plane
        assert plane is not None
        paint_icon(image, plane, (ICONS[0] - 3.0, ICONS[1]), 8.4, (235, 240, 240))  # white
        paint_icon(image, plane, (ICONS[0] + 3.0, ICONS[1] - 1.0), 8.4, (240, 80, 90))  # blue, over it
        paint_icon(image, plane, (CORNERS[0] - 4.2, CORNERS[1] - 4.2), 8.4, (120, 120, 60))  # teal
        paint_icon(image, plane, (CORNERS[0] + 4.2, CORNERS[1] + 4.2), 8.4, (150, 200, 200))  # khaki
        readings = [DieReading(6, "blue", box_around(plane, ICONS, 16.0, 14.0), 0.39),
                    DieReading(6, "green", box_around(plane, CORNERS, 18.0, 18.0), 0.36),
                    DieReading(4, "red", box_around(plane, ON_PHONE, 18.0, 18.0), 0.9),
                    DieReading(2, "white", box_around(plane, ON_MAT, 18.0, 18.0), 0.9),
                    DieReading(5, "white", box_around(plane, WHITE_ON_PHONE, 18.0, 18.0), 0.9)]
        placed, _, not_dice = reader.sort_dice(plane, readings, image)  # the icons painted after the read
        assert [d.reading.value for d in placed] == [4, 2, 5] and not_dice == 2, (angle, tilt)


def test_a_die_the_colour_of_the_screen_stays_a_die_on_the_phone_and_beside_it_but_icons_do_not():
    """A navy die on the phone's navy screen shows no body of its own, only its pips (benchmark section 8 has 89 such
    dice): its round pips, as many as its face, symmetric, keep it; two icons read as a 6 do not,
    nor a reading of a 5 over four pips. A black die on the screen and a navy die beside the phone stay too."""
    layout = layout_for("nexus-keepers")
    navy_on, black_on, navy_beside = (120.0, 257.0), (175.0, 250.0), (320.0, 257.0)
    for angle, tilt in ((0.0, 0.0), (25.0, 8.0)):
        dice = [DiePlacement(navy_on, 6, "blue", body=PHONE_SCREEN_BGR), DiePlacement(black_on, 3, "black"),
                DiePlacement(navy_beside, 5, "blue", body=PHONE_SCREEN_BGR)]
        frame = render_table(layout, [], dice, CameraPose(tilt=tilt), np.random.default_rng(55),
                             things=[Thing("phone", PHONE, 140.0, angle)])
        image = frame.image.copy()
        reader = TableReader(layout)
        plane = reader.read(image).plane.plane
        assert plane is not None
        paint_icon(image, plane, (ICONS[0] - 3.0, ICONS[1]), 8.4, (235, 240, 240))
        paint_icon(image, plane, (ICONS[0] + 3.0, ICONS[1] - 1.0), 8.4, (240, 80, 90))
        readings = [DieReading(6, "blue", box_around(plane, navy_on, 18.0, 18.0), 0.8),
                    DieReading(3, "black", box_around(plane, black_on, 18.0, 18.0), 0.8),
                    DieReading(5, "blue", box_around(plane, navy_beside, 18.0, 18.0), 0.8),
                    DieReading(4, "blue", box_around(plane, navy_on, 18.0, 18.0), 0.4, unread=True),
                    DieReading(6, "blue", box_around(plane, ICONS, 16.0, 14.0), 0.39),
                    DieReading(5, "blue", box_around(plane, navy_on, 18.0, 18.0), 0.3)]
        placed, _, not_dice = reader.sort_dice(plane, readings, image)
        assert [(d.reading.value, d.reading.unread) for d in placed] == [(6, False), (3, False), (5, False),
                                                                          (4, True)], (angle, tilt)
        assert not_dice == 2, (angle, tilt)


def pips_mask(centres, radius=4, size=44):
    """A 44 px box around a die 40 px across, with discs at ``centres`` (px): its pips, or what stands in for them."""
    mask = np.zeros((size, size), np.uint8)
    for x, y in centres:
        cv2.circle(mask, (x, y), radius, 1, -1)
    return mask


def test_only_a_faces_pips_keep_a_reading_of_the_screens_colour():
    """The pips' rule is no 'any dots': as many as the face read, symmetric about their middle, round; a spot bigger
    than a pip is none; pips run together under blur are peeled apart."""
    three = [(12, 12), (22, 22), (32, 32)]
    assert looks_like_pips(pips_mask(three), 40.0, 3) and looks_like_pips(pips_mask(three), 40.0, None)
    assert not looks_like_pips(pips_mask(three), 40.0, 5)  # a 5 read over a 3
    assert not looks_like_pips(pips_mask([(12, 12), (32, 12), (12, 32)]), 40.0, 3)  # an L: no face shows that
    six = [(x, y) for x in (12, 32) for y in (12, 22, 32)]
    assert looks_like_pips(pips_mask(six, radius=5), 40.0, 6)  # 11 px wide, 10 px apart: run together, peeled
    icon = pips_mask([(22, 22)], radius=3)
    cv2.rectangle(icon, (8, 8), (30, 30), 1, -1)  # an icon half a die wide
    assert not looks_like_pips(icon, 40.0, 1)
    glyph = np.zeros((44, 44), np.uint8)
    star = np.array([(22, 12), (24, 20), (32, 22), (24, 24), (22, 32), (20, 24), (12, 22), (20, 20)])
    cv2.fillPoly(glyph, [star], 1)
    assert not looks_like_pips(glyph, 40.0, 1)  # a star, a pip's size: not round


def test_two_icons_overlapping_corner_to_corner_are_no_die_but_a_die_with_an_icon_at_its_side_is():
    """Two icons half a die wide overlapping corner to corner make one body as wide as a die (benchmark section 8
    found three such phantom 6s with --seed 7); it is notched where they cross, and no disc 0.8 of a die wide fits
    in it, as one fits in a die's face. A die with an icon touching its side stays a die."""
    layout = layout_for("nexus-keepers")
    icons, die = (215.0, 255.0), (120.0, 257.0)
    for angle, tilt in ((0.0, 0.0), (25.0, 8.0)):
        frame = render_table(layout, [], [DiePlacement(die, 3, "white")], CameraPose(tilt=tilt),
                             np.random.default_rng(57), things=[Thing("phone", PHONE, 140.0, angle)])
        image = frame.image.copy()
        reader = TableReader(layout)
        plane = reader.read(image).plane.plane
        assert plane is not None
        paint_icon(image, plane, (icons[0] - 1.8, icons[1] - 1.8), 8.8, (200, 120, 170))  # purple
        paint_icon(image, plane, (icons[0] + 1.8, icons[1] + 1.8), 8.8, (130, 200, 120))  # green, over it
        paint_icon(image, plane, (die[0] + 12.4, die[1] + 3.0), 8.8, (60, 200, 230))  # yellow, at the die's side
        readings = [DieReading(6, "green", box_around(plane, icons, 15.0, 15.0), 0.5),
                    DieReading(3, "white", box_around(plane, (die[0] + 4.0, die[1]), 26.0, 18.0), 0.9)]
        placed, _, not_dice = reader.sort_dice(plane, readings, image)
        assert [d.reading.value for d in placed] == [3] and not_dice == 1, (angle, tilt)


def test_a_switched_off_phone_keeps_the_dice_on_its_black_glass_and_reads_no_die_on_it():
    """A switched-off phone: black glass, a faint reflection, no icons. A die of the glass's own black stands out
    by its pips alone, a white die by its body; a reading on the bare glass is no die."""
    layout = layout_for("nexus-keepers")
    black_on, white_on, black_beside, bare = (120.0, 257.0), (175.0, 250.0), (320.0, 257.0), (215.0, 262.0)
    for angle, tilt in ((0.0, 0.0), (25.0, 8.0)):
        dice = [DiePlacement(black_on, 5, "black", body=PHONE_OFF_BGR), DiePlacement(white_on, 3, "white"),
                DiePlacement(black_beside, 2, "black", body=PHONE_OFF_BGR)]
        frame = render_table(layout, [], dice, CameraPose(tilt=tilt), np.random.default_rng(58),
                             things=[Thing("phone off", PHONE, 140.0, angle)])
        reader = TableReader(layout)
        plane = reader.read(frame.image).plane.plane
        assert plane is not None
        readings = [DieReading(5, "black", box_around(plane, black_on, 18.0, 18.0), 0.8),
                    DieReading(3, "white", box_around(plane, white_on, 18.0, 18.0), 0.8),
                    DieReading(2, "black", box_around(plane, black_beside, 18.0, 18.0), 0.8),
                    DieReading(1, "black", box_around(plane, bare, 16.0, 16.0), 0.4)]
        placed, _, not_dice = reader.sort_dice(plane, readings, frame.image)
        assert [d.reading.value for d in placed] == [5, 3, 2] and not_dice == 1, (angle, tilt)
