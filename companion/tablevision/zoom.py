"""Where to read the dice: with the table plane known, only the game's dice zones, scaled so that a die comes out
at the size the dice detector reads best.

The window is the dice zones' box (and a die's margin). The detector's input is sized so that a die of ``die_mm``
comes out at ``target_px`` of its pixels: a budget smaller than the model's when the zones are small (less
compute), the model's own when they are large (dice then a little smaller than the target, never larger).
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from companion.vision.second_look import with_read_again

from .layout import TableLayout
from .plane import TablePlane


def dice_window(plane: TablePlane, layout: TableLayout, shape: tuple[int, int], budget: int,
                die_mm: float = 16.0, target_px: float = 24.0) -> tuple[tuple[int, int, int, int], int] | None:
    """((x0, y0, x1, y1) of the frame to read dice in, the detector's pixel budget for it); None: the whole frame."""
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
    x0, y0 = max(0, int(math.floor(x0))), max(0, int(math.floor(y0)))
    x1, y1 = min(w, int(math.ceil(x1))), min(h, int(math.ceil(y1)))
    if x1 - x0 < 8 or y1 - y0 < 8 or (x1 - x0) * (y1 - y0) > 0.85 * w * h:
        return None
    pixels = (x1 - x0) * (y1 - y0) * (target_px / die_px) ** 2  # the input that makes a die target_px
    return (x0, y0, x1, y1), int(min(budget, pixels))


def read_in_window(reader, image: np.ndarray, window: tuple[tuple[int, int, int, int], int] | None) -> list:
    """The dice ``reader`` finds in ``window`` of ``image`` (``dice_window``'s answer; None: the whole frame), their
    boxes in the frame's own pixels."""
    if window is None:
        return reader.read(image)
    (x0, y0, x1, y1), pixels = window
    return [replace(d, box=(d.box[0] + x0, d.box[1] + y0, d.box[2] + x0, d.box[3] + y0)) if d.box is not None else d
            for d in reader.read(image[y0:y1, x0:x1], pixels=pixels)]


def found_window(readings, shape: tuple[int, int], budget: int, target_px: float = 24.0, gain: float = 1.25,
                 ) -> tuple[tuple[int, int, int, int], int] | None:
    """Without a plane, the window the dice found on the whole frame give: the box around them (read or not) and a
    die and a half beside it, at the budget that puts their median die at ``target_px``; None when there is nothing
    to zoom on, or the window would not enlarge the dice ``gain`` times (they lie all over the frame, or are big)."""
    boxes = np.array([r.box for r in readings if r.box is not None], np.float64).reshape(-1, 4)
    if not len(boxes) or not budget:
        return None
    h, w = shape
    die_px = float(np.median(np.maximum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])))
    margin = 1.5 * die_px
    x0, y0 = max(0, int(math.floor(boxes[:, 0].min() - margin))), max(0, int(math.floor(boxes[:, 1].min() - margin)))
    x1, y1 = min(w, int(math.ceil(boxes[:, 2].max() + margin))), min(h, int(math.ceil(boxes[:, 3].max() + margin)))
    area = (x1 - x0) * (y1 - y0)
    if die_px <= 0 or x1 - x0 < 8 or y1 - y0 < 8:
        return None
    pixels = int(min(budget, area * (target_px / die_px) ** 2))
    if pixels / area < gain ** 2 * budget / (w * h):  # the whole frame's scale, squared
        return None
    return (x0, y0, x1, y1), pixels


def read_around_found(reader, image: np.ndarray, budget: int | None, dice_of=None) -> list:
    """The dice on a photo with no plane: the whole frame read, then the window its dice give (``found_window``;
    ``dice_of``: which of the readings are dice, the mat's print and things not die-sized left out) read again
    zoomed in, a die read there replacing what the whole frame read on it (``with_read_again``)."""
    first = reader.read(image)
    window = found_window(first if dice_of is None else dice_of(first), image.shape[:2], budget) if budget else None
    return first if window is None else with_read_again(first, read_in_window(reader, image, window))
