"""What the dice reader finds that is not a die: the mat's own print (anchors, labels, ruler) and things that are
not die-sized (a cup, a phone, a hand). Rendered tables, the real dice model where it matters."""

from __future__ import annotations

import math

import numpy as np
import pytest

from companion.core import DieReading
from companion.tablevision import TableReader, layout_for
from companion.tablevision.render import CameraPose, DiePlacement, render_table
from companion.tablevision.things import Thing
from companion.tablevision.sheets import printed_marks
from companion.tablevision.stage import TableStage
from companion.tablevision.zoom import read_in_window
from companion.vision import DiceReader


@pytest.fixture(scope="module")
def dice_reader():
    return DiceReader(threads=1)


def box_around(plane, mm, side_mm):
    """The image box of a ``side_mm`` square centred on ``mm`` (table mm)."""
    h = side_mm / 2
    px = plane.image_points(np.array([(mm[0] - h, mm[1] - h), (mm[0] + h, mm[1] - h), (mm[0] + h, mm[1] + h),
                                      (mm[0] - h, mm[1] + h)]))
    return (*px.min(axis=0), *px.max(axis=0))


@pytest.mark.parametrize("game", ["free-roll", "nexus-keepers", "tesseract"])
def test_the_mats_printed_anchors_are_never_read_as_dice(game, dice_reader):
    """The reader finds dice on the bare mat's anchors (the tray's four read 6, 6, 2, 6); the table reads none."""
    layout = layout_for(game)
    rng = np.random.default_rng(57)
    raw = 0
    for tilt in (0.0, 8.0, 16.0):
        frame = render_table(layout, [], [], CameraPose(tilt=tilt), rng)
        stage = TableStage(layout)
        view = stage.read_still(frame.image, dice_reader)
        assert view.plane.plane is not None
        assert view.dice == (), [d.to_json() for d in view.dice]
        window = stage.dice_window(frame.image.shape[:2], dice_reader.input_pixels)
        raw += len(dice_reader.read(frame.image)) + len(read_in_window(dice_reader, frame.image, window))
    assert raw > 0  # the print does look like dice to the reader: the veto is what keeps them out


def test_real_dice_within_15_percent_of_die_mm_are_kept_from_12_to_22_mm_under_both_lenses(dice_reader):
    """Every reading the model makes on a rendered die stays a die: neither the print veto nor the size check
    takes it, whatever the die's size (``table.die_mm`` set to it, the dice 15 % either way), its turn, the tilt or
    the lens."""
    layout = layout_for("free-roll")
    rng = np.random.default_rng(12)
    kept = 0
    for size, pose in [(12.0, CameraPose(tilt=10)), (16.0, CameraPose(height=300, hfov=82.9)),
                       (19.0, CameraPose(tilt=5, yaw=8)), (22.0, CameraPose(height=300, hfov=82.9, tilt=10)),
                       (22.0, CameraPose())]:
        dice = [DiePlacement(mm, int(rng.integers(1, 7)), colour, size * scale)
                for mm, colour, scale in [((70, 60), "red", 0.85), ((150, 105), "white", 1.15),
                                          ((230, 150), "blue", 1.0), ((60, 160), "green", 1.15),
                                          ((235, 55), "black", 0.85)]]
        frame = render_table(layout, [], dice, pose, rng)
        stage = TableStage(layout, die_mm=size)
        view = stage.read_still(frame.image, dice_reader)
        plane = view.plane.plane
        window = stage.dice_window(frame.image.shape[:2], dice_reader.input_pixels)
        on_dice = [d for d in read_in_window(dice_reader, frame.image, window)
                   if min(math.dist(plane.table_points(np.array([[(d.box[0] + d.box[2]) / 2,
                                                                  (d.box[1] + d.box[3]) / 2]]))[0], die.mm)
                          for die in dice) < size]
        assert sorted(d.reading.box for d in view.dice) == sorted(d.box for d in on_dice), (size, pose)
        kept += len(on_dice)
    assert kept >= 20  # the model did read most of the 25 dice: the check above is not empty


def test_a_reading_on_a_label_or_the_ruler_is_print_and_a_die_lying_there_is_a_die():
    layout = layout_for("nexus-keepers")  # its dice zone's label "dice / dés" lies in the zone, top-left
    frame = render_table(layout, [], [], CameraPose(), np.random.default_rng(3))
    reader = TableReader(layout)
    plane = reader.read(frame.image).plane.plane
    zone = next(z for z in layout.zones if z.dice)
    x0, y0 = min(p[0] for p in zone.polygon), min(p[1] for p in zone.polygon)
    label = next(m for m in printed_marks(layout) if x0 < m[0] < x0 + 5 and y0 < m[1] < y0 + 5)
    centre = ((label[0] + label[2]) / 2, (label[1] + label[3]) / 2)
    on_label = DieReading(6, "white", box_around(plane, centre, label[3] - label[1]))
    a_die_there = DieReading(3, "red", box_around(plane, centre, 16.0))
    elsewhere = DieReading(4, "blue", box_around(plane, (200, 260), 16.0))
    placed, _, not_dice = reader.sort_dice(plane, [on_label, a_die_there, elsewhere])
    assert [d.reading.value for d in placed] == [3, 4] and not_dice == 1


def test_cup_phone_and_hand_sized_readings_in_the_dice_zone_are_not_dice():
    layout = layout_for("nexus-keepers")
    frame = render_table(layout, [], [], CameraPose(), np.random.default_rng(4),
                         things=[Thing("cup", (120, 257), 80.0, 30.0)])
    reader = TableReader(layout)
    plane = reader.read(frame.image).plane.plane
    readings = [DieReading(1, "white", box_around(plane, (120, 257), 80.0)),  # the whole cup, as a "1"
                DieReading(2, "black", box_around(plane, (250, 257), 70.0)),  # a phone across the zone
                DieReading(5, "red", box_around(plane, (300, 250), 4.0)),  # a crumb
                DieReading(6, "white", box_around(plane, (200, 257), 18.4 * math.sqrt(2))),  # 15 % over, at 45°
                DieReading(3, "green", box_around(plane, (330, 257), 13.6))]  # 15 % under die_mm (16)
    placed, _, not_dice = reader.sort_dice(plane, readings)
    assert [d.reading.value for d in placed] == [6, 3] and not_dice == 3


def test_without_a_plane_a_reading_is_sized_against_the_frame_and_the_other_dice():
    layout = layout_for("free-roll")
    reader = TableReader(layout)
    dice = [DieReading(v, "white", (100.0 * v, 100.0, 100.0 * v + 36, 136.0)) for v in range(1, 5)]
    cup = DieReading(1, "white", (600.0, 500.0, 830.0, 730.0))  # 230 px: a quarter of the frame's height
    handle = DieReading(6, "white", (850.0, 500.0, 958.0, 608.0))  # 108 px: within the frame's limit, 3 dice wide
    frame = np.zeros((960, 1280, 3), np.uint8)
    placed, _, not_dice = reader.sort_dice(None, [*dice, cup, handle], frame)
    assert [d.reading.value for d in placed] == [1, 2, 3, 4] and not_dice == 2
    alone, _, _ = reader.sort_dice(None, [handle], frame)
    assert len(alone) == 1  # alone, 108 px may be a big die seen close
