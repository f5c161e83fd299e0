"""Whether spots in a reading's box are a die's pips: round, pip-sized, as many as the face read, symmetric about
their middle, within one face; a spot bigger than a pip (an app icon, its glyph) is passed over.

The phone veto (screen_veto.py) asks this of a reading on a dark, flat thing: a die lying on a phone's screen shows
its pips, the screen's icons show none.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

PIP_WIDE = (0.1, 0.35)  # a pip is this wide, as a share of a die
#: a pip fills this share of its enclosing circle or more (a disc, pixelated: 0.9 to 1.06); peeled off pips it ran
#: together with, less (their cut sides are flat)
PIP_ROUND = (0.7, 0.6)
PIP_SYMMETRY = 0.15  # every pip's mirror through the pips' middle lies this near a pip (part of a die)
PIP_SPREAD = 0.9  # no two pips further apart than this (part of a die; a 6's corners: 0.71)
PIP_PAIR = 0.2  # a spot this wide (part of a die) or wider may be two pips run together (pips: 0.15 to 0.22)
FACE_PIP_DELTA = 30.0  # a body's pips: this far from its face's colour (its sides, reaching its edge, are left out)
MIDDLE = 0.3  # a die's face colour is its body's within this part of a die of the box's middle (pips: a few)


def far_from(lab: np.ndarray, colour: np.ndarray, delta: float) -> np.ndarray:
    """Where ``lab`` lies ``delta`` or further from ``colour`` (uint8 0/1)."""
    d = cv2.absdiff(lab, np.append(colour, 0.0))
    return (cv2.transform(cv2.multiply(d, d), np.ones((1, 3))) >= delta * delta).astype(np.uint8)


def face_shows_pips(own: np.ndarray, body: np.ndarray, die_px: float, value: int | None) -> bool:
    """Whether the body standing out in a box (``own``: its Lab pixels; ``body``: its mask) shows a die's pips:
    spots far from the face's own colour (the commonest of the body's about the box's middle: the die the reader
    boxed, not an icon it lies against), as ``looks_like_pips`` counts them. The body's edge (a die's darker sides,
    their squashed pips) is left out; the box's is none (a die the box cuts goes on past it)."""
    core = cv2.distanceTransform(body, cv2.DIST_L2, cv2.DIST_MASK_5)
    face = core >= 0.2 * die_px
    if not face.any():
        return False
    h, w = own.shape[:2]
    yy, xx = np.mgrid[:h, :w]
    middle = face & (np.hypot(yy - h / 2, xx - w / 2) <= MIDDLE * die_px)
    spots = far_from(own, _commonest(own[middle if middle.any() else face]), FACE_PIP_DELTA) & (core >= 0.04 * die_px)
    n, labels = cv2.connectedComponents(spots, connectivity=8)
    band = (core > 0) & (core < 0.04 * die_px + 1)
    m = int(0.04 * die_px) + 3
    band[:m], band[-m:], band[:, :m], band[:, -m:] = False, False, False, False  # where the box cuts the die
    edge = np.unique(labels[band])
    spots[np.isin(labels, edge[edge > 0])] = 0  # spots reaching the body's edge: its sides, an icon's gradient
    return looks_like_pips(spots, die_px, value)


def _commonest(lab: np.ndarray) -> np.ndarray:
    """The commonest colour of ``lab`` ((n, 3) Lab pixels): a face's, where its pips, big on a small die, take
    nearly half of its middle and a median would fall between."""
    q = (lab // 16).astype(np.int32)
    keys = (q[:, 0] * 16 + q[:, 1]) * 16 + q[:, 2]
    values, counts = np.unique(keys, return_counts=True)
    return np.median(lab[keys == values[np.argmax(counts)]], axis=0)


def looks_like_pips(spots: np.ndarray, die_px: float, value: int | None) -> bool:
    """Whether ``spots`` (a box's pixels far from the surface's colour) are a die's pips: round, pip-sized, as many
    as ``value`` (1 to 6 when unread), symmetric about their middle, within one face. A spot bigger than a pip (an
    icon, its glyph, beside or under the die) is passed over, unless peeling a pixel or two parts it into round
    pips (big pips run together under blur)."""
    centres = _pip_centres(spots, die_px)
    if not centres or len(centres) > 6 or (value is not None and len(centres) != value):
        return False
    p = np.asarray(centres, np.float64)
    mirrored = 2 * p.mean(axis=0) - p
    apart = np.linalg.norm(p[:, None] - p[None], axis=2)
    return (float(np.linalg.norm(mirrored[:, None] - p[None], axis=2).min(axis=1).max()) <= PIP_SYMMETRY * die_px
            and float(apart.max()) <= PIP_SPREAD * die_px)


def _pip_centres(spots: np.ndarray, die_px: float, peel: int = 0) -> list:
    """The centres of the round, pip-sized spots inside a box (``peel`` px already taken off their edge); a spot
    bigger than a pip that does not part into pips is passed over. Spots at the box's edge (a neighbour's icon cut
    by it) are left out, and specks and ragged bits (an icon's corner peeking in)."""
    n, labels, stats, centres = cv2.connectedComponentsWithStats(spots, connectivity=8)
    h, w = spots.shape
    found = []
    for k in range(1, n):
        x, y, bw, bh, area = stats[k]
        if x == 0 or y == 0 or x + bw == w or y + bh == h:
            continue
        wide = 2 * math.sqrt(area / math.pi) + 2 * peel
        if wide < PIP_WIDE[0] * die_px or (peel and area < math.pi * (PIP_WIDE[0] * die_px / 2) ** 2 / 2):
            continue  # a speck; peeled, a bit of a ring or a bar, under half the smallest pip
        radius = cv2.minEnclosingCircle(np.argwhere(labels == k)[:, ::-1].astype(np.float32))[1]
        if wide <= PIP_WIDE[1] * die_px and area >= PIP_ROUND[peel > 0] * math.pi * max(radius, 0.5) ** 2:
            found.append(centres[k])
            continue
        if peel < 2 and wide >= PIP_PAIR * die_px:  # bigger than a pip or not round: pips run together part
            parts = _pip_centres(cv2.erode((labels == k).astype(np.uint8), np.ones((3, 3), np.uint8)), die_px,
                                 peel + 1)
            if len(parts) >= 2:
                found += parts
    return found
