"""Printed game boards to render dice on: the busy art a table companion's camera looks at every evening.

Why: on photos of dice lying on a printed board, the detector takes board art for dice (number tokens
with their dots, harbour pieces, printed symbols). Training needs many boards it has never seen, so
these are drawn at random: a grid of hexes or squares filled with colours and textures, round number
tokens with pip-like dots, small printed pieces, lines of text. Nothing here is a die.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.tablevision.cells import hexagon
from companion.vision.render import random_background

_TEXT = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789"


def printed_board(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """An h x w float32 BGR image of a printed board seen from above (no die on it)."""
    table = random_background(rng, h, w, kind=int(rng.integers(0, 4)), lines=False)
    img = random_background(rng, h, w, kind=int(rng.integers(0, 4)), lines=False)
    cell = float(np.exp(rng.uniform(np.log(0.07), np.log(0.5))) * min(h, w))
    palette = [np.array(cv2.cvtColor(np.uint8([[[rng.integers(0, 180), rng.integers(60, 230), rng.integers(70, 240)]]]),
                                     cv2.COLOR_HSV2BGR)[0, 0], np.float32) for _ in range(int(rng.integers(3, 7)))]
    _tiles(img, rng, cell, palette, hexes=bool(rng.random() < 0.65))
    if rng.random() < 0.5:  # the board's edge in view: the table around it
        centre = np.array([rng.uniform(0, w), rng.uniform(0, h)])
        radius = rng.uniform(0.4, 1.2) * max(h, w)
        a = rng.uniform(0, np.pi / 3)
        outline = np.array([[np.cos(a + k * np.pi / 3), np.sin(a + k * np.pi / 3)] for k in range(6)]) * radius + centre
        inside = np.zeros((h, w), np.uint8)
        cv2.fillPoly(inside, [np.round(outline).astype(np.int32)], 1)
        img = np.where(inside[..., None] > 0, img, table)
    img = np.clip(img, 0, 255).astype(np.uint8)  # OpenCV writes text on 8-bit images only
    for _ in range(int(rng.integers(0, 5))):
        _token(img, rng, cell)
    for _ in range(int(rng.integers(0, 4))):
        _piece(img, rng, cell)
    for _ in range(int(rng.integers(0, 3))):
        _text(img, rng)
    return img.astype(np.float32)


def _tiles(img: np.ndarray, rng: np.random.Generator, cell: float, palette, hexes: bool) -> None:
    h, w = img.shape[:2]
    edge = tuple(float(c) for c in rng.integers(0, 256, 3))
    step_x, step_y = (cell * 0.866, cell * 0.75) if hexes else (cell, cell)
    angle = rng.uniform(0, np.pi)
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    reach = int(max(h, w) / min(step_x, step_y)) + 2
    corners = np.array(hexagon((0.0, 0.0), 1.0, flat=False)) if hexes \
        else np.array([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]])
    for row in range(-reach, reach):
        for col in range(-reach, reach):
            x = col * step_x + (step_x / 2 if hexes and row % 2 else 0.0)
            y = row * step_y
            centre = rot @ np.array([x, y]) + np.array([w / 2, h / 2])
            if not (-cell < centre[0] < w + cell and -cell < centre[1] < h + cell):
                continue
            size = cell / 2 if hexes else cell
            poly = (corners * size) @ rot.T + centre
            colour = palette[int(rng.integers(len(palette)))] + rng.normal(0, 10, 3)
            cv2.fillPoly(img, [np.round(poly).astype(np.int32)], tuple(float(c) for c in colour))
            if rng.random() < 0.5:  # printed art inside the tile: strokes and blobs of a darker shade
                for _ in range(int(rng.integers(2, 8))):
                    p = centre + rng.normal(0, size / 4, 2)
                    shade = tuple(float(c) for c in np.clip(colour * rng.uniform(0.4, 1.3), 0, 255))
                    cv2.ellipse(img, (int(p[0]), int(p[1])), (int(rng.integers(2, max(3, size / 5))),
                                int(rng.integers(1, max(2, size / 8)))), float(rng.uniform(0, 180)), 0, 360, shade, -1)
            cv2.polylines(img, [np.round(poly).astype(np.int32)], True, edge, int(rng.integers(1, 4)))


def _token(img: np.ndarray, rng: np.random.Generator, cell: float) -> None:
    """A round number token: a pale disc, a number, and dots under it (the commonest phantom die)."""
    h, w = img.shape[:2]
    r = max(4, int(cell * rng.uniform(0.12, 0.22)))
    c = (int(rng.integers(0, w)), int(rng.integers(0, h)))
    face = tuple(float(v) for v in rng.integers(170, 250, 3))
    cv2.circle(img, c, r, face, -1, cv2.LINE_AA)
    ink = (20.0, 20.0, 20.0) if rng.random() < 0.6 else (30.0, 30.0, 190.0)
    scale = r / 22
    cv2.putText(img, str(int(rng.integers(2, 13))), (c[0] - int(r * 0.5), c[1] + int(r * 0.25)),
                cv2.FONT_HERSHEY_SIMPLEX, max(0.2, scale), ink, max(1, int(scale * 2)), cv2.LINE_AA)
    dots = int(rng.integers(1, 6))
    for k in range(dots):
        dx = int((k - (dots - 1) / 2) * r * 0.28)
        cv2.circle(img, (c[0] + dx, c[1] + int(r * 0.6)), max(1, r // 10), ink, -1, cv2.LINE_AA)


def _piece(img: np.ndarray, rng: np.random.Generator, cell: float) -> None:
    """A small printed or wooden piece: a rectangle, triangle or house shape in one colour, with a shadow."""
    h, w = img.shape[:2]
    s = cell * rng.uniform(0.08, 0.2)
    c = np.array([rng.uniform(0, w), rng.uniform(0, h)])
    shapes = [np.array([[-1, -0.5], [1, -0.5], [1, 0.5], [-1, 0.5]]), np.array([[0, -1], [1, 0.8], [-1, 0.8]]),
              np.array([[-0.7, 1], [-0.7, -0.2], [0, -1], [0.7, -0.2], [0.7, 1]])]
    a = rng.uniform(0, 2 * np.pi)
    rot = np.array([[np.cos(a), -np.sin(a)], [np.sin(a), np.cos(a)]])
    poly = (shapes[int(rng.integers(len(shapes)))] * s) @ rot.T + c
    cv2.fillPoly(img, [np.round(poly + s * 0.2).astype(np.int32)], (25.0, 25.0, 25.0))
    colour = tuple(float(v) for v in rng.integers(0, 256, 3))
    cv2.fillPoly(img, [np.round(poly).astype(np.int32)], colour, cv2.LINE_AA)


def _text(img: np.ndarray, rng: np.random.Generator) -> None:
    h, w = img.shape[:2]
    word = "".join(_TEXT[int(i)] for i in rng.integers(0, len(_TEXT), int(rng.integers(2, 9))))
    ink = tuple(float(v) for v in rng.integers(0, 256, 3))
    cv2.putText(img, word, (int(rng.integers(0, w)), int(rng.integers(0, h))), cv2.FONT_HERSHEY_SIMPLEX,
                float(rng.uniform(0.3, 1.0)), ink, int(rng.integers(1, 3)), cv2.LINE_AA)
