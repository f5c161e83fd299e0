"""The phone veto: a reading on a dark, flat thing several dice across is an app icon unless it shows a die.

A phone lying in the dice zone is bigger than a die, but its app icons are not: two side by side read as a 6, and
a tablet's are as wide as a die. A reading whose surroundings are a dark, flat thing several dice across with a
convex outline (a phone's or a tablet's screen, a cup's coffee, a switched-off phone's black glass; followed from
the colour right around its box, up to the mat's edge) is a die only if it shows a die's pips. Either one solid
body at least 0.7 of a die wide stands out of that thing inside the box, thick enough for a disc 0.8 of a die wide
(a die's face; two icons are two bodies, or, overlapping corner to corner, one notched where they cross, too thin
for that disc), and shows spots far from its face's colour (the commonest of the body's about the box's middle:
the die the reader boxed, not an icon it lies against); or, a die of the thing's own colour (navy on a navy
screen, black on black glass), its pips stand out of the thing alone. Pips are round, pip-sized, as many as the
face read, symmetric about their middle; a spot bigger than a pip (an icon, its glyph: a ring, a bar, a disc) is
passed over. A die showing a maker's emblem is not read on a screen; off it (the colour around its box is the
mat's) the veto never looks at it. The surface stops at the mat's edge (``mat_mm``): a screen running to that
edge, beside a table as dark as itself, is still a thing, not the table. The frame is shrunk for this once, for
all its readings (``Screens``), and only where a reading lies on a dark surface.

Whether what stands out shows a die's pips: die_pips.py.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from .die_pips import face_shows_pips, far_from, looks_like_pips
from .plane import TablePlane
from .veto import Box, box_mm

#: a thing's surface: pixels within this Lab distance (OpenCV's 8-bit Lab) of the colour around a reading
SURFACE_DELTA = 16.0
DARK_L = 110  # a surface darker than this (8-bit L; the mat's paper is near 240) may be a phone's screen
#: a flat thing's sides, as parts of ``die_mm``: a phone's screen is about 4 x 8 dice, a tablet's up to 11 x 16
#: (8 to 9 inches with 16 mm dice)
THING_SHORT = (2.5, 11.0)
THING_LONG = (3.5, 16.0)
SOLID = 0.85  # its outline fills this share of its convex hull: one thing (dice and icons at its edge bite)
BODY_SHORT = 0.7  # a die lying on it stands out of it as one body this wide (part of ``die_mm``) or wider,
BODY_CORE = 0.4  # and this wide everywhere (a die's face and its pips: one solid body; icons are two)
BODY_THICK = 0.8  # and a disc this wide fits in it (a die's face: 0.85 or more; two overlapping icons: 0.7 or less)
MAT_INSET = 0.25  # the mat's edge, this part of a die inside it (the plane's error near the edge), ends a surface
SURFACE_PX = 12.0  # the surface is followed on the frame shrunk to about this many px a die
#: a die the colour of the surface shows only its pips: spots this far from the surface's colour (its shadow and
#: its sides are nearer), as die_pips.looks_like_pips counts them
PIP_DELTA = 40.0
FACE = 1.4  # the pips are looked for in a square this wide (part of a die) about the box's middle


def _sides_mm(plane: TablePlane, rect, scale: float = 1.0, offset=(0, 0)) -> tuple[float, float]:
    """The (shorter, longer) sides in table mm of a ``cv2.minAreaRect`` drawn on a crop of the frame (its corner
    at ``offset``, shrunk by ``scale``)."""
    c = plane.table_points(cv2.boxPoints(rect).astype(np.float64) / scale + np.asarray(offset, np.float64))
    a, b = float(np.linalg.norm(c[1] - c[0])), float(np.linalg.norm(c[2] - c[1]))
    return min(a, b), max(a, b)


def _ring(shape: tuple[int, ...], inner: tuple[int, int, int, int], width: int) -> np.ndarray:
    ring = np.zeros(shape[:2], np.uint8)
    x0, y0, x1, y1 = inner
    cv2.rectangle(ring, (x0 - width, y0 - width), (x1 + width, y1 + width), 1, width)
    return ring.astype(bool)


class Screens:
    """The phone veto of one frame: a reading lying on a dark, flat, convex thing several dice across (a phone's
    screen) without a die standing out of it is a phone's app icons (two of them read as a 6). The surface is the
    colour right around the box, followed as far as it goes on the frame shrunk once (for every reading) to about
    12 px a die, and ended at the mat's edge. A die lying on the phone stays a die: a solid body at least 0.7 of a
    die wide, and thick, stands out of the surface and shows a die's pips, or, a die of the screen's own colour,
    its pips stand out."""

    def __init__(self, image: np.ndarray, plane: TablePlane, die_mm: float,
                 mat_mm: tuple[float, float] | None = None) -> None:
        self.image, self.plane, self.die_mm = image, plane, die_mm
        self.mat_mm = mat_mm  # the mat's size: a thing's surface ends at its edge (None: not known)
        self._mat: np.ndarray | None = None  # the mat's outline on the frame, inset (px), made on first need
        self._small: np.ndarray | None = None  # the frame shrunk by ``_step`` in Lab, made on the first dark surface
        self._step = 1

    def _shrunk(self, die_px: float) -> tuple[np.ndarray, int]:
        if self._small is None:
            step = max(1, int(round(die_px / SURFACE_PX)))
            small = self.image
            if step > 1:  # a whole number of pixels a pixel: OpenCV's fast area average
                small = cv2.resize(small, None, fx=1 / step, fy=1 / step, interpolation=cv2.INTER_AREA)
            self._small, self._step = cv2.cvtColor(small, cv2.COLOR_BGR2Lab).astype(np.float32), step
        return self._small, self._step

    def veto(self, box: Box, value: int | None = None) -> bool:
        """Whether the reading in ``box`` (of face ``value``; None: unread) is a phone's icons, not a die."""
        plane, die_mm = self.plane, self.die_mm
        mm = box_mm(plane, box)
        die_px = die_mm * math.sqrt(max((box[2] - box[0]) * (box[3] - box[1]), 1.0)
                                    / max((mm[2] - mm[0]) * (mm[3] - mm[1]), 1e-6))
        width = max(2, int(round(0.15 * die_px)))
        h, w = self.image.shape[:2]
        nx0, ny0 = max(int(box[0] - 2 * width), 0), max(int(box[1] - 2 * width), 0)
        nx1, ny1 = min(int(box[2] + 2 * width) + 1, w), min(int(box[3] + 2 * width) + 1, h)
        near = cv2.cvtColor(self.image[ny0:ny1, nx0:nx1], cv2.COLOR_BGR2Lab).astype(np.float32)
        inner = tuple(int(round(v)) for v in (box[0] - nx0, box[1] - ny0, box[2] - nx0, box[3] - ny0))
        around = _ring(near.shape, inner, width)
        if not around.any():
            return False
        colour = np.median(near[around], axis=0)
        if colour[0] >= DARK_L:
            return False  # paper, a light mat: no phone's screen (the usual case, looked at on a few pixels)
        if not self._on_a_thing(box, die_px, width, colour):
            # a box on an icon: around it lie the icon, others and the screen between them, and their median is
            # none of them; the commonest colours there, in turn
            for common in _common_colours(near[around], colour):
                if common[0] < DARK_L and self._on_a_thing(box, die_px, width, common):
                    colour = common
                    break
            else:
                return False
        x0, y0, x1, y1 = max(inner[0], 0), max(inner[1], 0), inner[2], inner[3]
        own = near[y0:y1, x0:x1]  # the box's own pixels
        at = (nx0 + x0, ny0 + y0)
        body = self._stands_out(far_from(own, colour, SURFACE_DELTA), die_px, at)
        if body is not None and face_shows_pips(own, body, die_px, value):
            return False  # a die standing out of the screen, its pips seen (an icon as wide as a die shows none)
        # a die of the screen's own colour shows its pips alone, within a face about the box's middle; an icon it
        # lies on or beside (what stood out) is bigger than a pip and passed over
        (h, w), half = own.shape[:2], FACE * die_px / 2
        face = own[max(int(h / 2 - half), 0):int(h / 2 + half) + 1, max(int(w / 2 - half), 0):int(w / 2 + half) + 1]
        return not looks_like_pips(far_from(face, colour, PIP_DELTA), die_px, value)

    def _on_a_thing(self, box: Box, die_px: float, width: int, colour: np.ndarray) -> bool:
        """Whether the surface of ``colour`` around ``box`` is a thing of a phone's size and shape, ending on the
        frame (past a tablet's size, or cut by the frame's edge, it is the table)."""
        small, step = self._shrunk(die_px)
        margin = THING_LONG[1] * die_px
        sh, sw = small.shape[:2]
        sx0, sy0 = max(int((box[0] - margin) / step), 0), max(int((box[1] - margin) / step), 0)
        sx1, sy1 = min(int((box[2] + margin) / step) + 1, sw), min(int((box[3] + margin) / step) + 1, sh)
        lab = small[sy0:sy1, sx0:sx1]
        inner = tuple(int(round(v / step)) - o for v, o in zip(box, (sx0, sy0, sx0, sy0)))
        like = 1 - far_from(lab, colour, SURFACE_DELTA)
        if self.mat_mm is not None:
            like &= self._on_mat(lab.shape, (sx0, sy0), step)
        around = _ring(lab.shape, inner, max(1, int(round(width / step))))
        _, labels = cv2.connectedComponents(like, connectivity=4)
        ids, counts = np.unique(labels[around & (like > 0)], return_counts=True)
        if len(ids) == 0:
            return False
        k = ids[np.argmax(counts)]
        x, y, bw, bh = cv2.boundingRect((labels == k).astype(np.uint8))
        ch, cw = like.shape
        if x == 0 or y == 0 or x + bw == cw or y + bh == ch:
            return False  # it goes on past a tablet's size, or out of the frame: the table, not a thing on it
        side = int(round(1.3 * die_px / step)) | 1  # dice and icons lying at its edge bite into it: closed over
        # closed on its own bounds and a kernel's width around (closing reaches no further): the same, cheaper
        px0, py0, px1, py1 = max(x - side, 0), max(y - side, 0), min(x + bw + side, cw), min(y + bh + side, ch)
        surface = (labels[py0:py1, px0:px1] == k).astype(np.uint8)
        surface = cv2.morphologyEx(surface, cv2.MORPH_CLOSE,
                                   cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side)))
        outline = max(cv2.findContours(surface, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], key=cv2.contourArea)
        ox, oy, ow, oh = cv2.boundingRect(outline)
        if px0 + ox == 0 or py0 + oy == 0 or px0 + ox + ow == cw or py0 + oy + oh == ch:
            return False
        short, long = _sides_mm(self.plane, cv2.minAreaRect(outline), 1.0 / step,
                                ((sx0 + px0) * step + (step - 1) / 2, (sy0 + py0) * step + (step - 1) / 2))
        return (THING_SHORT[0] * self.die_mm <= short <= THING_SHORT[1] * self.die_mm
                and THING_LONG[0] * self.die_mm <= long <= THING_LONG[1] * self.die_mm
                and cv2.contourArea(outline) >= SOLID * cv2.contourArea(cv2.convexHull(outline)))

    def _on_mat(self, shape: tuple[int, ...], corner: tuple[int, int], step: int) -> np.ndarray:
        """The mat (inset by MAT_INSET of a die) on a crop of the shrunk frame (``corner``: its corner there), uint8
        0/1: a thing lies on the mat, and a table as dark as a screen is not the screen running on past it."""
        if self._mat is None:
            w, h = self.mat_mm
            inset = MAT_INSET * self.die_mm
            xs, ys = np.linspace(inset, w - inset, 24), np.linspace(inset, h - inset, 24)
            edge = np.concatenate([np.column_stack([xs, np.full_like(xs, inset)]),
                                   np.column_stack([np.full_like(ys, w - inset), ys]),
                                   np.column_stack([xs[::-1], np.full_like(xs, h - inset)]),
                                   np.column_stack([np.full_like(ys, inset), ys[::-1]])])
            self._mat = self.plane.image_points(edge)  # sampled along its sides: a lens bends them
        mask = np.zeros(shape[:2], np.uint8)
        outline = (self._mat - (step - 1) / 2) / step - np.asarray(corner, np.float64)
        cv2.fillPoly(mask, [np.round(outline).astype(np.int32)], 1)
        return mask

    def _stands_out(self, body: np.ndarray, die_px: float, at: tuple[int, int]) -> np.ndarray | None:
        """The one solid body at least BODY_SHORT of a die wide, a disc BODY_THICK of a die wide fitting in it, that
        stands out of the surface (``body``: the box's pixels unlike it; ``at``: the box's corner in the frame), as a
        mask of the box; None when none does."""
        # a die's dark pips may pass for the surface: holes, filled; then opened: icons touching at a corner are two
        cv2.drawContours(body, cv2.findContours(body, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0], -1, 1, -1)
        core = int(round(BODY_CORE * die_px)) | 1
        body = cv2.morphologyEx(body, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (core, core)))
        # a die's face is thick: a disc BODY_THICK of a die across fits in it; two icons half a die wide overlapping
        # corner to corner make a body as wide as a die, notched where they cross, and fit none as wide
        thick = cv2.distanceTransform(body, cv2.DIST_L2, cv2.DIST_MASK_5) >= BODY_THICK * die_px / 2
        for c in cv2.findContours(body, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)[0]:
            if _sides_mm(self.plane, cv2.minAreaRect(c), 1.0, at)[0] >= BODY_SHORT * self.die_mm:
                x, y, w, h = cv2.boundingRect(c)
                inside = np.zeros((h, w), np.uint8)
                cv2.drawContours(inside, [c], -1, 1, -1, offset=(-x, -y))
                if (thick[y:y + h, x:x + w] & inside.astype(bool)).any():
                    found = np.zeros_like(body)
                    cv2.drawContours(found, [c], -1, 1, -1)
                    return found
        return None


def _common_colours(lab: np.ndarray, tried: np.ndarray, most: int = 3) -> list[np.ndarray]:
    """Up to ``most`` of the commonest colours of ``lab`` ((n, 3) Lab pixels, each a tenth of them or more), none
    within SURFACE_DELTA of another or of ``tried``."""
    q = (lab // 16).astype(np.int32)
    keys = (q[:, 0] * 16 + q[:, 1]) * 16 + q[:, 2]
    values, counts = np.unique(keys, return_counts=True)
    found: list[np.ndarray] = []
    for k in np.argsort(-counts):
        if counts[k] < 0.1 * len(lab) or len(found) == most:
            break
        colour = np.median(lab[keys == values[k]], axis=0)
        if all(float(np.linalg.norm(colour - c)) >= SURFACE_DELTA for c in [tried, *found]):
            found.append(colour)
    return found


def on_a_screen(image: np.ndarray, plane: TablePlane, box: Box, die_mm: float, value: int | None = None,
                screens: Screens | None = None, mat_mm: tuple[float, float] | None = None) -> bool:
    """Whether a reading in ``box`` of face ``value`` is a phone's icons, not a die (``Screens.veto``); pass the
    frame's ``screens`` to share its shrunk frame between readings."""
    return (screens or Screens(image, plane, die_mm, mat_mm)).veto(box, value)
