"""What the dice reader finds that is not a die: the mat's own print, and things that are not die-sized.

The print is known: the anchors, the labels of anchors, zones and cells, zone outlines, grid lines and the ruler
lie where the sheets put them (``sheets.printed_marks``), and every marker seen on the frame (a sticker, an anchor)
is print too. A reading whose box lies mostly on the print (60 % of it, all marks together) is the print, not a die:
a real die is bigger than a label's line or a zone's corner, and one lying on a marker hides it from the marker
finder. (A die lying wholly on an anchor is not read: keep dice off the anchors, which the plane needs anyway.)
The reader boxes a label with some paper around it, so a box centred on a block of print (a label, an anchor; not a
line) and well under a die's size is that print too: a die lying there hides the block under a die-sized box.

A die's size is known too: with a plane, a box whose size in mm is far from the game's die (``table.die_mm``) is
not a die — a cup, a hand, a phone. The bounds hold rendered dice within 15 % of ``die_mm`` (12 to 22 mm dice with
``die_mm`` set to their size), turned any way, up to 25° of tilt, under the standard and the wide lens, their box
down to the lone pip of a 1. Without a plane a box is checked against the frame and against the other dice.

A phone lying in the dice zone is bigger than a die, but its app icons are not: two side by side read as a 6. A
reading whose surroundings are a dark, flat thing several dice across with a convex outline (a phone's screen, a
cup's coffee; followed from the colour right around its box) is a die only if one solid body at least 0.7 of a
die wide stands out of that thing inside the box: a die's face with its pips is one, two icons are two.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Sequence

import cv2
import numpy as np

from .layout import TableLayout
from .markers import SeenMarker
from .plane import TablePlane

MOSTLY = 0.6  # a reading with this share of its box on one printed mark is the print
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
    """Whether a reading's ``box`` (image px) lies mostly on the mat's print or on a marker seen on this frame, or
    (given the game's ``die_mm``) is centred on a block of print and much smaller than a die."""
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
        seen = []
        for m in markers:
            grow = m.side_px / 7  # the marker's quiet zone: a module of a 5 x 5 marker
            (x0, y0), (x1, y1) = m.corners.min(axis=0), m.corners.max(axis=0)
            seen.append((x0 - grow, y0 - grow, x1 + grow, y1 + grow))
        return _share_inside(box, np.asarray(seen, np.float64)) >= MOSTLY
    return False


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


#: a thing's surface: pixels within this Lab distance (OpenCV's 8-bit Lab) of the colour around a reading
SURFACE_DELTA = 16.0
DARK_L = 110  # a surface darker than this (8-bit L; the mat's paper is near 240) may be a phone's screen
#: a flat thing's sides, as parts of ``die_mm``: a phone's screen is about 4 x 8 dice, a small tablet's 8 x 12
THING_SHORT = (2.5, 8.0)
THING_LONG = (3.5, 12.0)
SOLID = 0.9  # its outline fills this share of its convex hull: one thing (a die at its edge bites a little)
BODY_SHORT = 0.7  # a die lying on it stands out of it as one body this wide (part of ``die_mm``) or wider,
BODY_CORE = 0.4  # and this wide everywhere (a die's face and its pips: one solid body; icons are two)


def _sides_mm(plane: TablePlane, rect, scale: float = 1.0, offset=(0, 0)) -> tuple[float, float]:
    """The (shorter, longer) sides in table mm of a ``cv2.minAreaRect`` drawn on a crop of the frame (its corner
    at ``offset``, shrunk by ``scale``)."""
    c = plane.table_points(cv2.boxPoints(rect).astype(np.float64) / scale + np.asarray(offset, np.float64))
    a, b = float(np.linalg.norm(c[1] - c[0])), float(np.linalg.norm(c[2] - c[1]))
    return min(a, b), max(a, b)


def _crop(image: np.ndarray, box: Box, margin: float, scale: float = 1.0):
    """The frame's Lab pixels around ``box`` grown by ``margin`` px (shrunk by ``scale``), the crop's corner in the
    frame, and the box in the crop's pixels."""
    h, w = image.shape[:2]
    x0, y0 = max(int(box[0] - margin), 0), max(int(box[1] - margin), 0)
    x1, y1 = min(int(box[2] + margin) + 1, w), min(int(box[3] + margin) + 1, h)
    bgr = image[y0:y1, x0:x1]
    if scale < 1.0:
        bgr = cv2.resize(bgr, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(bgr, cv2.COLOR_BGR2Lab).astype(np.float32)
    inner = tuple(int(round(v * scale)) for v in (box[0] - x0, box[1] - y0, box[2] - x0, box[3] - y0))
    return lab, (x0, y0), inner


def _ring(shape: tuple[int, ...], inner: tuple[int, int, int, int], width: int) -> np.ndarray:
    ring = np.zeros(shape[:2], np.uint8)
    x0, y0, x1, y1 = inner
    cv2.rectangle(ring, (x0 - width, y0 - width), (x1 + width, y1 + width), 1, width)
    return ring.astype(bool)


def on_a_screen(image: np.ndarray, plane: TablePlane, box: Box, die_mm: float) -> bool:
    """Whether a reading in ``box`` lies on a dark, flat, convex thing several dice across (a phone's screen)
    without one die-sized body standing out of it: a phone's app icons, two of them read as a 6. The surface is
    the colour right around the box, followed as far as it goes (on a picture shrunk to 12 px a die); a die lying
    on the phone stays a die."""
    mm = box_mm(plane, box)
    die_px = die_mm * math.sqrt(max((box[2] - box[0]) * (box[3] - box[1]), 1.0)
                                / max((mm[2] - mm[0]) * (mm[3] - mm[1]), 1e-6))
    width = max(2, int(round(0.15 * die_px)))
    near, near_corner, inner = _crop(image, box, 2 * width)
    around = _ring(near.shape, inner, width)
    if not around.any():
        return False
    colour = np.median(near[around], axis=0)
    if colour[0] >= DARK_L:
        return False  # paper, a light mat: no phone's screen (the usual case, looked at on a few pixels)
    x0, y0, x1, y1 = max(inner[0], 0), max(inner[1], 0), inner[2], inner[3]
    body = (np.linalg.norm(near[y0:y1, x0:x1] - colour, axis=2) >= SURFACE_DELTA).astype(np.uint8)
    scale = min(1.0, 12.0 / die_px)
    lab, corner, small = _crop(image, box, THING_LONG[1] * die_px, scale)
    like = (np.linalg.norm(lab - colour, axis=2) < SURFACE_DELTA).astype(np.uint8)
    around = _ring(lab.shape, small, max(1, int(round(width * scale))))
    _, labels = cv2.connectedComponents(like, connectivity=4)
    ids, counts = np.unique(labels[around & (like > 0)], return_counts=True)
    if len(ids) == 0:
        return False
    surface = (labels == ids[np.argmax(counts)]).astype(np.uint8)
    side = int(round(1.3 * die_px * scale)) | 1  # dice and icons lying at its edge bite into it: closed over
    surface = cv2.morphologyEx(surface, cv2.MORPH_CLOSE, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side)))
    outline = max(cv2.findContours(surface, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], key=cv2.contourArea)
    ox, oy, ow, oh = cv2.boundingRect(outline)
    if ox == 0 or oy == 0 or ox + ow == surface.shape[1] or oy + oh == surface.shape[0]:
        return False  # it goes on past a tablet's size, or out of the frame: the table, not a thing on it
    rect = cv2.minAreaRect(outline)
    short, long = _sides_mm(plane, rect, scale, corner)
    if not (THING_SHORT[0] * die_mm <= short <= THING_SHORT[1] * die_mm
            and THING_LONG[0] * die_mm <= long <= THING_LONG[1] * die_mm
            and cv2.contourArea(outline) >= SOLID * cv2.contourArea(cv2.convexHull(outline))):
        return False
    # a die's dark pips may pass for the surface: holes, filled; then opened: icons touching at a corner are two
    cv2.drawContours(body, cv2.findContours(body, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], -1, 1, -1)
    core = int(round(BODY_CORE * die_px)) | 1
    body = cv2.morphologyEx(body, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (core, core)))
    found = cv2.findContours(body, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]
    at = (near_corner[0] + x0, near_corner[1] + y0)  # the body's crop: the box's own pixels
    return not found or max(_sides_mm(plane, cv2.minAreaRect(c), 1.0, at)[0] for c in found) < BODY_SHORT * die_mm
