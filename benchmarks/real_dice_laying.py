"""Real dice for section 7 (benchmarks/table_real_dice.py): cut from the labelled photos of dice-real along their
label boxes (the top face's size told apart per set) and laid on a game's printed mat, in its dice zones, with a
soft edge and a shadow."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.vision.labels import load_labelled

DICE_REAL = Path(__file__).resolve().parents[2] / "shared" / "data" / "dice-real"
SETS = ("byler-d6", "penlington-wood", "epanemu-dice")
GAMES = ("nexus-keepers", "hexors", "tesseract", "free-roll")  # every game with a dice zone (Nexus has none)
MAT_PX_PER_MM = 5.0  # printed_mat's raster
MIN_SIDE_PX = 24.0
PIP_SHARE = {1: 0.3}  # penlington-wood: a pips' box across, as a share of the face (0.62 for 2 to 6)
#: epanemu-dice's oblique photos box the whole die, its sides too: its top face spans this share of the box's
#: longer side (median of 24 held-out dice measured by eye, 0.45-0.95; byler-d6 boxes the face alone)
FACE_SHARE = {"epanemu-dice": 0.8}


@dataclass(frozen=True)
class CutDie:
    """A die in its photo: the photo, the centre and side (px) of its top face, the longer side of its label box,
    its value, its set and photo name, and the photo's labels ((value, box) of every die) with this die's place in
    them."""

    photo: np.ndarray
    centre: tuple[float, float]
    side: float
    box_side: float
    value: int
    source: str
    name: str
    labels: tuple
    index: int


def cut_dice(sets=SETS, split: str = "heldout") -> tuple[list[CutDie], int]:
    """Every die of the split at least MIN_SIDE_PX across, and how many were smaller."""
    dice, small = [], 0
    for name in sets:
        for item in load_labelled(DICE_REAL / name, split):
            photo = cv2.imread(str(item.path))
            sides = [_face_side(name, d) for d in item.dice]
            if name == "penlington-wood":  # one photo's dice are one size: a 1's lone pip takes the others' size
                others = [s for s, d in zip(sides, item.dice) if d.value != 1]
                sides = [float(np.median(others)) if d.value == 1 and others else s for s, d in zip(sides, item.dice)]
            labels = tuple((d.value, d.box) for d in item.dice)
            for k, (d, side) in enumerate(zip(item.dice, sides)):
                box_side = max(d.box[2] - d.box[0], d.box[3] - d.box[1])
                if side < MIN_SIDE_PX:  # the face is what is laid at die_mm: a smaller one would be enlarged
                    small += 1
                    continue
                centre = ((d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2)
                dice.append(CutDie(photo, centre, side, box_side, d.value, name, item.path.name, labels, k))
    return dice, small


def _face_side(name: str, die) -> float:
    w, h = die.box[2] - die.box[0], die.box[3] - die.box[1]
    if name == "penlington-wood":
        return max(w, h) / PIP_SHARE.get(die.value, 0.62)
    return FACE_SHARE.get(name, 1.0) * max(w, h)


def dice_spots(layout, rng: np.random.Generator, n: int, size_mm: float) -> list[tuple[float, float]]:
    """Up to ``n`` centres (mm) of dice ``size_mm`` across lying wholly inside the layout's dice zones (the sheet
    but a 40 mm border where every die counts), apart from each other; zones drawn by their area."""
    zones = [np.asarray(z.polygon, np.float32) for z in layout.zones if z.dice]
    if not zones:
        w, h = layout.size
        zones = [np.float32([(40, 40), (w - 40, 40), (w - 40, h - 40), (40, h - 40)])]
    areas = np.array([cv2.contourArea(z) for z in zones])
    spots: list[tuple[float, float]] = []
    for _ in range(n * 50):
        if len(spots) >= n:
            break
        zone = zones[int(rng.choice(len(zones), p=areas / areas.sum()))]
        (x0, y0), (x1, y1) = zone.min(axis=0), zone.max(axis=0)
        mm = (float(rng.uniform(x0, x1)), float(rng.uniform(y0, y1)))
        if (cv2.pointPolygonTest(zone.reshape(-1, 1, 2), mm, True) >= 0.75 * size_mm
                and all(math.dist(mm, s) > 1.7 * size_mm for s in spots)):
            spots.append(mm)
    return spots

def lay_die(mat: np.ndarray, cut: CutDie, mm: tuple[float, float], side_mm: float, angle: float,
            shadow: tuple[float, float]) -> None:
    """Paste ``cut`` on ``mat`` (MAT_PX_PER_MM) centred at ``mm``, its face ``side_mm`` across, turned ``angle``
    degrees, with a soft edge and a soft shadow thrown ``shadow`` (parts of the side) away."""
    side_px = side_mm * MAT_PX_PER_MM
    scale = side_px / cut.side
    half = int(math.ceil(side_px * max(1.0, cut.box_side / cut.side)))  # the piece of the mat it can reach
    cx, cy = mm[0] * MAT_PX_PER_MM, mm[1] * MAT_PX_PER_MM
    x0, y0 = int(cx) - half, int(cy) - half
    x1, y1 = min(mat.shape[1], x0 + 2 * half), min(mat.shape[0], y0 + 2 * half)
    x0, y0 = max(0, x0), max(0, y0)
    m = cv2.getRotationMatrix2D(cut.centre, angle, scale)
    m[:, 2] += (cx - x0 - cut.centre[0], cy - y0 - cut.centre[1])
    size = (x1 - x0, y1 - y0)
    die = cv2.warpAffine(cut.photo, m, size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REFLECT)
    # the face's box and a margin, corners rounded: a cut along the label box, as scissors would make it
    shape = np.zeros(cut.photo.shape[:2], np.uint8)
    r = max(0.6 * cut.side, 0.5 * cut.box_side)  # the face and its edges, or the box where it holds the sides
    corner = max(1, int(round(0.25 * cut.side)))
    ax, ay, bx, by = (int(round(v)) for v in (cut.centre[0] - r, cut.centre[1] - r, cut.centre[0] + r,
                                               cut.centre[1] + r))
    cv2.rectangle(shape, (ax + corner, ay), (bx - corner, by), 255, -1)
    cv2.rectangle(shape, (ax, ay + corner), (bx, by - corner), 255, -1)
    for px, py in ((ax + corner, ay + corner), (bx - corner, ay + corner), (ax + corner, by - corner),
                   (bx - corner, by - corner)):
        cv2.circle(shape, (px, py), corner, 255, -1)
    own = np.zeros_like(shape)
    _fill_box(own, cut.labels[cut.index][1])
    own &= shape
    for k, (_, box) in enumerate(cut.labels):  # the photo's other dice are not cut with it (a neighbour's corner)
        if k != cut.index:
            _fill_box(shape, box, 0)
    shape |= own  # where the boxes overlap, this die's own box stays
    alpha = cv2.warpAffine(shape, m, size, flags=cv2.INTER_LINEAR).astype(np.float32) / 255.0
    soft = max(0.5, 0.05 * side_px)
    alpha = cv2.GaussianBlur(alpha, (0, 0), soft)[..., None]
    offset = np.float32([[1, 0, shadow[0] * side_px], [0, 1, shadow[1] * side_px]])
    dark = cv2.GaussianBlur(cv2.warpAffine(alpha, offset, size), (0, 0), 0.12 * side_px)[..., None]
    roi = mat[y0:y1, x0:x1].astype(np.float32) * (1 - 0.45 * dark)
    mat[y0:y1, x0:x1] = (roi * (1 - alpha) + die.astype(np.float32) * alpha).clip(0, 255).astype(np.uint8)


def _fill_box(mask: np.ndarray, box, value: int = 255) -> None:
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    mask[max(0, y0):max(0, y1), max(0, x0):max(0, x1)] = value
