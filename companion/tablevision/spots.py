"""Coloured spots on the mat: counters (Nexus's stones) found by their colour, where a game has no sticker on them.

The frame is seen from straight above the mat (the plane's homography), and every blob of one strong colour the
size of a counter becomes a spot: its place in mm and its colour's name. The mat's paper, the cards and the
markers are white, grey and black, so only counters (and dice, which lie in dice zones, left out) are coloured.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.vision.colour import colour_from_hsv

from .layout import TableLayout
from .plane import TablePlane

PX_PER_MM = 2.0


def coloured_spots(image: np.ndarray, plane: TablePlane, layout: TableLayout, min_mm: float = 6.0,
                   max_mm: float = 24.0) -> list[dict]:
    """[{"mm": [x, y], "colour": name}] for each coloured counter-sized blob on the mat, outside dice zones."""
    w, h = (int(round(v * PX_PER_MM)) for v in layout.size)
    flat = cv2.warpPerspective(image, np.diag([PX_PER_MM, PX_PER_MM, 1.0]) @ plane.to_table, (w, h))
    hsv = cv2.cvtColor(flat, cv2.COLOR_BGR2HSV)
    mask = ((hsv[..., 1] >= 110) & (hsv[..., 2] >= 60)).astype(np.uint8)
    for zone in layout.zones:
        if zone.dice:
            cv2.fillPoly(mask, [np.round(np.asarray(zone.polygon) * PX_PER_MM).astype(np.int32)], 0)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, labels, stats, centres = cv2.connectedComponentsWithStats(mask)
    spots = []
    for i in range(1, count):
        bw, bh, area = stats[i, cv2.CC_STAT_WIDTH], stats[i, cv2.CC_STAT_HEIGHT], stats[i, cv2.CC_STAT_AREA]
        side = max(bw, bh) / PX_PER_MM
        if not min_mm <= side <= max_mm or area < 0.5 * bw * bh:
            continue
        pixels = hsv[labels == i].astype(np.float64)
        hue = math.degrees(math.atan2(np.sin(np.radians(pixels[:, 0] * 2)).mean(),
                                      np.cos(np.radians(pixels[:, 0] * 2)).mean())) % 360 / 2
        colour = colour_from_hsv(hue, float(np.median(pixels[:, 1])), float(np.median(pixels[:, 2])))
        if colour is None or colour in ("white", "black"):
            continue
        cx, cy = centres[i] / PX_PER_MM
        spots.append({"mm": [round(float(cx), 1), round(float(cy), 1)], "colour": colour})
    return sorted(spots, key=lambda s: (s["mm"][1], s["mm"][0]))
