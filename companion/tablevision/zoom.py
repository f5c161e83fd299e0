"""Where to read the dice: with the table plane known, only the game's dice zones, scaled so that a die comes out
at the size the dice detector reads best.

The window is the dice zones' box (and a die's margin). The detector's input is sized so that a die of ``die_mm``
comes out at ``target_px`` of its pixels: a budget smaller than the model's when the zones are small (less
compute), the model's own when they are large (dice then a little smaller than the target, never larger).

Where the model's budget leaves the dice smaller than the target (zones over most of the mat: dice at 17-21 of the
detector's pixels), a die read with little confidence is looked at again closer (``closer_look``): a piece of the
frame three dice wide around it, read with the die at the target. Real dice laid in the zones that the window
misread at 17-21 px were read right so (benchmarks/table_real_dice.py --detail).
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import NamedTuple

import numpy as np

from .layout import TableLayout
from .plane import TablePlane

TARGET_PX = 24.0  # a die's side in the detector's pixels that it reads best
#: a die read with less confidence than this in a window that shrinks dice under the target is read again closer
#: (chosen on the validation photos' dice laid in the zones: benchmarks/table_real_dice.py --split validation)
CLOSER_BELOW = 0.6
CLOSER_DICE = 6  # at most this many closer looks a frame, the least sure first: a crowded frame's cost stays bounded


class DiceWindow(NamedTuple):
    """The part of the frame to read dice in (x0, y0, x1, y1), the detector's pixel budget for it, and a die's side
    in the frame's pixels at the zones' middle."""

    box: tuple[int, int, int, int]
    pixels: int
    die_px: float


def dice_window(plane: TablePlane, layout: TableLayout, shape: tuple[int, int], budget: int,
                die_mm: float = 16.0, target_px: float = TARGET_PX) -> DiceWindow | None:
    """Where to read dice and the detector's budget for it, even where the zones fill most of the frame (free roll's
    tray: its doubtful dice are looked at closer); None: the zones lie outside the frame."""
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
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    pixels = (x1 - x0) * (y1 - y0) * (target_px / die_px) ** 2  # the input that makes a die target_px
    return DiceWindow((x0, y0, x1, y1), int(min(budget, pixels)), float(die_px))


def read_in_window(reader, image: np.ndarray, window: DiceWindow | None, closer_below: float | None = None) -> list:
    """The dice ``reader`` finds in ``window`` of ``image`` (``dice_window``'s answer; None: the whole frame), their
    boxes in the frame's own pixels; the doubtful ones looked at closer where the window shrank dice under the
    target (``closer_look``; ``closer_below`` None: CLOSER_BELOW, 0: never)."""
    if window is None:
        return reader.read(image)
    (x0, y0, x1, y1), pixels, die_px = window
    piece = image[y0:y1, x0:x1]
    dice = reader.read(piece, pixels=pixels)
    at_detector = die_px * math.sqrt(pixels / ((x1 - x0) * (y1 - y0)))
    closer_below = CLOSER_BELOW if closer_below is None else closer_below
    if closer_below > 0 and at_detector < 0.9 * TARGET_PX:
        dice = closer_look(reader, piece, dice, die_px, closer_below)
    return [replace(d, box=(d.box[0] + x0, d.box[1] + y0, d.box[2] + x0, d.box[3] + y0)) if d.box is not None else d
            for d in dice]


def closer_look(reader, image: np.ndarray, dice: list, die_px: float, below: float = CLOSER_BELOW,
                most: int = CLOSER_DICE) -> list:
    """``dice`` with each die under ``below`` confidence (the ``most`` least sure, unread ones too) read again on
    a piece of ``image`` three dice wide around it, the die at TARGET_PX of the detector's pixels: the reading there
    replaces it when exactly one die is read near its middle, more confidently."""
    doubtful = sorted((k for k, d in enumerate(dice) if d.box is not None and d.confidence < below),
                      key=lambda k: dice[k].confidence)[:most]
    dice = list(dice)
    h, w = image.shape[:2]
    for k in doubtful:
        d = dice[k]
        cx, cy = (d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2
        r = 1.5 * die_px
        x0, y0 = max(0, int(cx - r)), max(0, int(cy - r))
        x1, y1 = min(w, int(math.ceil(cx + r))), min(h, int(math.ceil(cy + r)))
        if x1 - x0 < 8 or y1 - y0 < 8:
            continue
        pixels = max(1, int((x1 - x0) * (y1 - y0) * (TARGET_PX / die_px) ** 2))
        near = [a for a in reader.read(image[y0:y1, x0:x1], pixels=pixels)
                if not a.unread and a.box is not None
                and math.dist(((a.box[0] + a.box[2]) / 2 + x0, (a.box[1] + a.box[3]) / 2 + y0), (cx, cy))
                < 0.7 * die_px]
        if len(near) == 1 and near[0].confidence > d.confidence:
            a = near[0]
            dice[k] = replace(a, box=(a.box[0] + x0, a.box[1] + y0, a.box[2] + x0, a.box[3] + y0))
    return sorted(dice, key=lambda d: (d.unread, -d.confidence))
