"""What the dice reader finds that is not a die: the mat's own print, and things that are not die-sized.

The print is known: the anchors, the labels of anchors, zones and cells, zone outlines, grid lines and the ruler
lie where the sheets put them (``sheets.printed_marks``), and every marker seen on the frame (a sticker, an anchor)
is print too. A reading whose box lies mostly on the print (60 % of it, all marks together) is the print, not a die:
a real die is bigger than a label's line or a zone's corner, and one lying on a marker hides it from the marker
finder. (A die lying wholly on an anchor is not read: keep dice off the anchors, which the plane needs anyway.)
For the same reason a reading whose box holds half of a marker seen on the frame or more is that marker's sticker
(a Hexors tile, a keeper, a card around it, read as a 6), whatever mat it belongs to: this holds without a plane too
(another game's mat, anchors covered). A die beside a marker holds none of it, one lying on it hides it.
The reader boxes a label with some paper around it, so a box centred on a block of print (a label, an anchor; not a
line) and well under a die's size is that print too: a die lying there hides the block under a die-sized box.

A die's size is known too: with a plane, a box whose size in mm is far from the game's die (``table.die_mm``) is
not a die — a cup, a hand, a phone. The bounds hold rendered dice within 15 % of ``die_mm`` (12 to 22 mm dice with
``die_mm`` set to their size), turned any way, up to 25° of tilt, under the standard and the wide lens, their box
down to the lone pip of a 1. Without a plane a box is checked against the frame and against the other dice.

A reading on a phone's screen (its app icons read as dice) is vetoed apart: screen_veto.py.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import numpy as np

from .layout import TableLayout
from .markers import SeenMarker
from .plane import TablePlane

MOSTLY = 0.6  # a reading with this share of its box on one printed mark is the print
HOLDS = 0.5  # a reading whose box holds this share of a seen marker's bounds is that marker's sticker
#: a box centred on a block of print whose longer side (mm) is under this part of ``die_mm`` is the print: the
#: smallest die checked for is 0.85 ``die_mm``, the lone pip of a 1 (0.3) covers a block only where it lies on it
SMALLER_THAN_A_DIE = 0.7
BLOCK_MM = 2.0  # a mark this thick (ink spread included) or more is a block (a label's line, an anchor), not a line
#: a die's box in mm, as parts of ``die_mm``: its shorter side and its longer side may reach these
SHORT_RANGE = (0.3, 2.15)
LONG_RANGE = (0.3, 2.4)
FRAME_SHARE = 0.12  # without a plane: no die is wider than this share of the frame's shorter side
OTHERS = (0.3, 2.8)  # without a plane: a box this far from the median of three or more boxes is no die

Box = tuple[float, float, float, float]


@lru_cache(maxsize=16)
def _marks(layout: TableLayout) -> np.ndarray:
    from .sheets import printed_marks

    marks = np.asarray(printed_marks(layout), np.float64).reshape(-1, 4)
    return marks + np.array([-0.5, -0.5, 0.5, 0.5])  # the ink's own spread


@lru_cache(maxsize=16)
def _blocks(layout: TableLayout) -> np.ndarray:
    marks = _marks(layout)
    blocks = marks[np.minimum(marks[:, 2] - marks[:, 0], marks[:, 3] - marks[:, 1]) >= BLOCK_MM]
    return blocks + np.array([-0.5, -0.5, 0.5, 0.5])  # lines of one label, 0.7 mm apart, make one block


def _share_inside(box: Box, rects: np.ndarray) -> float:
    """The share of ``box``'s area inside ``rects`` ((n, 4) x0 y0 x1 y1), all together (their overlaps with each
    other are few and small: counted twice, at most the whole box)."""
    if len(rects) == 0:
        return 0.0
    area = max((box[2] - box[0]) * (box[3] - box[1]), 1e-9)
    w = np.clip(np.minimum(rects[:, 2], box[2]) - np.maximum(rects[:, 0], box[0]), 0, None)
    h = np.clip(np.minimum(rects[:, 3], box[3]) - np.maximum(rects[:, 1], box[1]), 0, None)
    return min(1.0, float((w * h).sum() / area))


def box_mm(plane: TablePlane, box: Box) -> Box:
    """The table-mm bounds of an image box's four corners."""
    x0, y0, x1, y1 = box
    mm = plane.table_points(np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64))
    return (float(mm[:, 0].min()), float(mm[:, 1].min()), float(mm[:, 0].max()), float(mm[:, 1].max()))


def on_print(layout: TableLayout, plane: TablePlane | None, markers: Sequence[SeenMarker], box: Box,
             die_mm: float | None = None) -> bool:
    """Whether a reading's ``box`` (image px) lies mostly on the mat's print or on a marker seen on this frame, holds
    half a seen marker (its sticker), or (given the game's ``die_mm``) is centred on a block of print and much
    smaller than a die."""
    if plane is not None:
        mm = box_mm(plane, box)
        if _share_inside(mm, _marks(layout)) >= MOSTLY:
            return True
        if die_mm is not None and max(mm[2] - mm[0], mm[3] - mm[1]) < SMALLER_THAN_A_DIE * die_mm:
            x, y = plane.table_points(np.array([[(box[0] + box[2]) / 2, (box[1] + box[3]) / 2]], np.float64))[0]
            b = _blocks(layout)
            if bool(((b[:, 0] <= x) & (x <= b[:, 2]) & (b[:, 1] <= y) & (y <= b[:, 3])).any()):
                return True
    if markers:
        bounds = np.array([(*m.corners.min(axis=0), *m.corners.max(axis=0)) for m in markers], np.float64)
        grow = np.array([m.side_px / 7 for m in markers])[:, None]  # the quiet zone: a module of a 5 x 5 marker
        if _share_inside(box, bounds + np.hstack([-grow, -grow, grow, grow])) >= MOSTLY:
            return True
        return bool((_held(box, bounds) >= HOLDS).any())
    return False


def _held(box: Box, rects: np.ndarray) -> np.ndarray:
    """The share of each of ``rects`` ((n, 4) x0 y0 x1 y1) that lies inside ``box``."""
    w = np.clip(np.minimum(rects[:, 2], box[2]) - np.maximum(rects[:, 0], box[0]), 0, None)
    h = np.clip(np.minimum(rects[:, 3], box[3]) - np.maximum(rects[:, 1], box[1]), 0, None)
    return w * h / np.maximum((rects[:, 2] - rects[:, 0]) * (rects[:, 3] - rects[:, 1]), 1e-9)


def die_sized_mm(plane: TablePlane, box: Box, die_mm: float) -> bool:
    """Whether ``box`` (image px) is the size of a die on the table, the game's die being ``die_mm``."""
    x0, y0, x1, y1 = box_mm(plane, box)
    short, long = sorted((x1 - x0, y1 - y0))
    return (SHORT_RANGE[0] * die_mm <= short <= SHORT_RANGE[1] * die_mm
            and LONG_RANGE[0] * die_mm <= long <= LONG_RANGE[1] * die_mm)


def die_sized_px(boxes: Sequence[Box], shape: tuple[int, int]) -> list[bool]:
    """Without a plane: which boxes could be dice, by the frame's size and by the other boxes' (when three or more)."""
    sizes = np.array([np.sqrt(max(b[2] - b[0], 0) * max(b[3] - b[1], 0)) for b in boxes], np.float64)
    fits = sizes <= FRAME_SHARE * min(shape)
    if fits.sum() >= 3:
        median = float(np.median(sizes[fits]))
        fits &= (sizes >= OTHERS[0] * median) & (sizes <= OTHERS[1] * median)
    return [bool(v) for v in fits]
