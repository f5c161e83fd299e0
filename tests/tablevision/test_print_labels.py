"""A zone's printed label read as a die: the reader boxes the label with a little paper around it, so the print
covers only about half of the box, yet the box is the label's and much smaller than a die. Found by
benchmarks/table_real_dice.py (section 7): Nexus Keepers' "dice / dés" read as a 6 in a 9.4 mm box."""

from __future__ import annotations

import numpy as np
import pytest

from companion.core import DieReading
from companion.tablevision import TableReader, layout_for
from companion.tablevision.render import CameraPose, render_table
from companion.tablevision.sheets import printed_marks


def box_around(plane, mm, side_mm):
    h = side_mm / 2
    px = plane.image_points(np.array([(mm[0] - h, mm[1] - h), (mm[0] + h, mm[1] - h), (mm[0] + h, mm[1] + h),
                                      (mm[0] - h, mm[1] + h)]))
    return (*px.min(axis=0), *px.max(axis=0))


@pytest.fixture(scope="module")
def table():
    layout = layout_for("nexus-keepers")  # its dice zone's label "dice / dés" lies in the zone, top-left
    frame = render_table(layout, [], [], CameraPose(), np.random.default_rng(3))
    reader = TableReader(layout)
    plane = reader.read(frame.image).plane.plane
    assert plane is not None
    zone = next(z for z in layout.zones if z.dice)
    x0, y0 = min(p[0] for p in zone.polygon), min(p[1] for p in zone.polygon)
    lines = [m for m in printed_marks(layout) if x0 < m[0] < x0 + 5 and y0 < m[1] < y0 + 12]  # "dice", "dés"
    assert len(lines) == 2
    centre = ((min(m[0] for m in lines) + max(m[2] for m in lines)) / 2,
              (min(m[1] for m in lines) + max(m[3] for m in lines)) / 2)
    return reader, plane, centre


def test_a_label_boxed_with_paper_around_it_is_print(table):
    reader, plane, label = table
    seen = DieReading(6, "white", box_around(plane, (label[0] + 0.3, label[1] - 0.2), 9.4), confidence=0.25)
    placed, _, not_dice = reader.sort_dice(plane, [seen])
    assert placed == [] and not_dice == 1


def test_a_small_die_lying_on_the_label_is_a_die(table):
    """A die on the label hides it under a die-sized box: the smallest die the size check is built for (15 % under
    ``die_mm``) is kept."""
    reader, plane, label = table
    die = DieReading(3, "red", box_around(plane, label, 0.85 * reader.die_mm))
    placed, _, not_dice = reader.sort_dice(plane, [die])
    assert [d.reading.value for d in placed] == [3] and not_dice == 0


def test_a_lone_pip_box_on_a_grid_line_or_on_blank_paper_is_still_a_die():
    """The rule is for blocks of print (labels, anchors), not lines: a 1 boxed by its lone pip (0.3 x ``die_mm``)
    over one of Tesseract's grid lines inside a dice zone stays a die, as does one on blank paper."""
    layout = layout_for("tesseract")
    frame = render_table(layout, [], [], CameraPose(), np.random.default_rng(5))
    reader = TableReader(layout)
    plane = reader.read(frame.image).plane.plane
    zones = [z for z in layout.zones if z.dice]
    lines = [m for m in printed_marks(layout) if min(m[2] - m[0], m[3] - m[1]) < 0.5 and max(m[2] - m[0], m[3] - m[1])
             > 20]
    on_line = None
    for m in lines:
        for t in np.linspace(0.1, 0.9, 17):
            mm = ((m[0] + m[2]) / 2, m[1] + t * (m[3] - m[1])) if m[3] - m[1] > m[2] - m[0] else \
                (m[0] + t * (m[2] - m[0]), (m[1] + m[3]) / 2)
            inner = [z for z in zones if min(p[0] for p in z.polygon) + 8 < mm[0] < max(p[0] for p in z.polygon) - 8
                     and min(p[1] for p in z.polygon) + 8 < mm[1] < max(p[1] for p in z.polygon) - 8]
            if inner and not any(o[0] - 4 < mm[0] < o[2] + 4 and o[1] - 4 < mm[1] < o[3] + 4
                                 for o in printed_marks(layout) if min(o[2] - o[0], o[3] - o[1]) >= 0.5):
                on_line = mm
                break
        if on_line:
            break
    assert on_line is not None  # a grid line crossing a dice zone, away from labels
    blank = next((x, y) for x in range(64, 236, 2) for y in range(96, 208, 2)  # in the confinement zone
                 if not any(m[0] - 4 < x < m[2] + 4 and m[1] - 4 < y < m[3] + 4 for m in printed_marks(layout)))
    pip = 0.3 * reader.die_mm
    readings = [DieReading(1, "white", box_around(plane, on_line, pip)),
                DieReading(1, "red", box_around(plane, blank, pip))]
    placed, _, not_dice = reader.sort_dice(plane, readings)
    assert [d.reading.color for d in placed] == ["white", "red"] and not_dice == 0
