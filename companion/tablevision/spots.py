"""Coloured spots on the mat: counters (Nexus's stones) found by their colour, where a game has no sticker on them.

The frame is seen from straight above the mat (the plane's homography), and a blob of one strong colour becomes a
spot (its place in mm and its colour's name) only if it is a counter's size and round like one, and lies on a
piece (``footprints``: the cards seen, whose nodes the counters stand on) — so the wood at the mat's edge, a
finger, a cup or a phone are no counters. The mat's paper, the cards and the markers are white, grey and black,
so only counters (and dice, which lie in dice zones, left out) are coloured. Settling then keeps only the spots
seen on every one of its frames (``settle.py``).
"""

from __future__ import annotations

import math
from typing import Sequence

import cv2
import numpy as np

from companion.vision.colour import colour_from_hsv

from .layout import TableLayout
from .plane import TablePlane

PX_PER_MM = 2.0


def coloured_spots(image: np.ndarray, plane: TablePlane, layout: TableLayout, min_mm: float = 6.0,
                   max_mm: float = 18.0, footprints: Sequence[np.ndarray] | None = None) -> list[dict]:
    """[{"mm": [x, y], "colour": name}] for each coloured counter on the mat, outside dice zones: a round blob
    ``min_mm``-``max_mm`` across whose centre lies on one of ``footprints`` (polygons in mm; None: anywhere)."""
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
        if not _counter_shaped(labels[stats[i, 1]:stats[i, 1] + bh, stats[i, 0]:stats[i, 0] + bw] == i, area,
                               min_mm, max_mm):
            continue
        cx, cy = centres[i] / PX_PER_MM
        if plane.lens is not None:  # the flat view is the camera's picture unbent: the blob's pixel, undistorted
            raw = cv2.perspectiveTransform(np.array([[[cx, cy]]], np.float64), plane.to_image).reshape(1, 2)
            cx, cy = (float(v) for v in plane.table_points(raw)[0])
        if footprints is not None and not any(
                cv2.pointPolygonTest(f.astype(np.float32).reshape(-1, 1, 2), (float(cx), float(cy)), False) >= 0
                for f in footprints):
            continue
        pixels = hsv[labels == i].astype(np.float64)
        hue = math.degrees(math.atan2(np.sin(np.radians(pixels[:, 0] * 2)).mean(),
                                      np.cos(np.radians(pixels[:, 0] * 2)).mean())) % 360 / 2
        colour = colour_from_hsv(hue, float(np.median(pixels[:, 1])), float(np.median(pixels[:, 2])))
        if colour is None or colour in ("white", "black"):
            continue
        spots.append({"mm": [round(float(cx), 1), round(float(cy), 1)], "colour": colour})
    return sorted(spots, key=lambda s: (s["mm"][1], s["mm"][0]))


def _counter_shaped(blob: np.ndarray, area: int, min_mm: float, max_mm: float) -> bool:
    """A disc (or a rounded square) ``min_mm``-``max_mm`` across: as wide as high, filling its box and its hull."""
    bh, bw = blob.shape
    across = 2 * math.sqrt(area / math.pi) / PX_PER_MM  # the diameter of a disc of its area
    if not min_mm <= across <= max_mm or max(bw, bh) > 1.4 * min(bw, bh) or area < 0.6 * bw * bh:
        return False
    contours, _ = cv2.findContours(blob.astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.contourArea(cv2.convexHull(max(contours, key=cv2.contourArea)))
    return hull > 0 and area >= 0.85 * hull


def footprint(sighting, grid, span: int = 1) -> np.ndarray:
    """The mm polygon a seen piece covers: ``span`` cells along its sticker's left-right, one across, turned with
    it (a Nexus card: 2 x 1 half-card cells), or its hexagonal cell's circle's square on a hex grid."""
    half_w, half_h = span * grid.cell / 2, grid.cell / 2
    if grid.kind == "hex":
        half_w = half_h = grid.cell
    a = math.radians(sighting.facing_deg)
    along, across = np.array([math.cos(a), math.sin(a)]), np.array([-math.sin(a), math.cos(a)])
    centre = np.asarray(sighting.mm, np.float64)
    corners = ((-1, -1), (1, -1), (1, 1), (-1, 1))
    return np.array([centre + along * u * half_w + across * v * half_h for u, v in corners])
