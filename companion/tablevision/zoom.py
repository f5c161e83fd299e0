"""Where to read the dice: with the table plane known, only the game's dice zones, zoomed so that a die comes out
at the size the dice detector reads best.

The detector sees any picture at the same pixel budget (``companion/vision/fit.py``), so a smaller window is a
bigger die at the same compute. The window is the dice zones' box (and a die's margin), grown to the area that
puts a die of ``die_mm`` at ``target_px`` detector pixels; never bigger than the frame.
"""

from __future__ import annotations

import math

import numpy as np

from .layout import TableLayout
from .plane import TablePlane


def dice_window(plane: TablePlane, layout: TableLayout, shape: tuple[int, int], budget: int,
                die_mm: float = 16.0, target_px: float = 24.0) -> tuple[int, int, int, int] | None:
    """(x0, y0, x1, y1) of the frame to read dice in; None to read the whole frame."""
    h, w = shape
    zones = [z for z in layout.zones if z.dice]
    if zones:
        pts_mm = np.array([p for z in zones for p in z.polygon], np.float64)
    else:
        pts_mm = np.array([(0, 0), (layout.size[0], 0), layout.size, (0, layout.size[1])], np.float64)
    pts = plane.image_points(pts_mm)
    centre_mm = pts_mm.mean(axis=0)
    die_px = die_mm * plane.px_per_mm((float(centre_mm[0]), float(centre_mm[1])))
    margin = 1.5 * die_px
    x0, y0 = pts.min(axis=0) - margin
    x1, y1 = pts.max(axis=0) + margin
    wanted = budget * (die_px / target_px) ** 2  # the window area that makes a die target_px at the detector
    area = max(1.0, (x1 - x0) * (y1 - y0))
    if area < wanted:
        grow = math.sqrt(wanted / area)
        cx, cy, hw, hh = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2 * grow, (y1 - y0) / 2 * grow
        x0, x1, y0, y1 = cx - hw, cx + hw, cy - hh, cy + hh
    x0, y0 = max(0, int(math.floor(x0))), max(0, int(math.floor(y0)))
    x1, y1 = min(w, int(math.ceil(x1))), min(h, int(math.ceil(y1)))
    if x1 - x0 < 8 or y1 - y0 < 8 or (x1 - x0) * (y1 - y0) > 0.85 * w * h:
        return None
    return x0, y0, x1, y1
