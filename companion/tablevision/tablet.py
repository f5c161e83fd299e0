"""A lit tablet drawn from above for the renders (``things.draw_things``' "tablet"): its app icons are as wide as
a die and stand out of its screen as a die does, so the phone veto tells them from dice by a die's pips
(``screen_veto.Screens``)."""

from __future__ import annotations

import math

import cv2
import numpy as np

TABLET_ACROSS = 0.7  # a tablet's width, a part of its length (its screen: 0.92 x 0.64 of its body)


def draw_tablet(img: np.ndarray, c, r: float, along, across, rng: np.random.Generator, screen_bgr) -> None:
    """A lit tablet ``2 r`` px long on ``img`` (its screen ``screen_bgr``), centred on ``c`` and turned with
    ``along`` and ``across`` (unit vectors): rounded-square app icons a twelfth of its length wide (a die's width
    and more), a gradient and a white glyph on each, on a grid with a few gaps."""
    corners = [c + along * u * r + across * v * r * TABLET_ACROSS for u, v in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    cv2.fillPoly(img, [np.round(corners).astype(np.int32)], (25, 25, 28), cv2.LINE_AA)
    screen = [c + along * u * r * 0.92 + across * v * r * 0.64 for u, v in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    cv2.fillPoly(img, [np.round(screen).astype(np.int32)], screen_bgr, cv2.LINE_AA)
    side = 2 * r * float(rng.uniform(0.08, 0.1))
    pitch = side * float(rng.uniform(1.45, 1.7))
    cols, rows = int(1.7 * r // pitch), int(1.15 * r // pitch)
    n = int(math.ceil(side))
    ramp = np.linspace(1.15, 0.75, n, dtype=np.float32)[:, None, None]  # lighter at the top
    for i in range(cols):
        for j in range(rows):
            if rng.random() < 0.2:
                continue  # a gap in the grid
            icon = np.zeros((n, n, 3), np.float32)
            shape = np.zeros((n, n), np.uint8)
            k = max(1, int(0.22 * n))  # rounded corners
            cv2.rectangle(shape, (k, 0), (n - 1 - k, n - 1), 1, -1)
            cv2.rectangle(shape, (0, k), (n - 1, n - 1 - k), 1, -1)
            for x, y in ((k, k), (n - 1 - k, k), (k, n - 1 - k), (n - 1 - k, n - 1 - k)):
                cv2.circle(shape, (x, y), k, 1, -1)
            icon[:] = np.minimum(rng.integers(50, 220, 3).astype(np.float32) * ramp, 255)
            glyph, m = int(rng.integers(3)), n // 2
            if glyph == 0:
                cv2.circle(icon, (m, m), int(0.22 * n), (245, 245, 245), -1, cv2.LINE_AA)
            elif glyph == 1:
                cv2.rectangle(icon, (int(0.25 * n), int(0.42 * n)), (int(0.75 * n), int(0.58 * n)), (245, 245, 245), -1)
            else:
                cv2.circle(icon, (m, m), int(0.25 * n), (245, 245, 245), max(1, n // 12), cv2.LINE_AA)
            at = c + along * (i - (cols - 1) / 2) * pitch + across * (j - (rows - 1) / 2) * pitch
            turn = np.column_stack([along, across]).astype(np.float32)  # the icon's x along, y across the tablet
            to = np.hstack([turn, (at - turn @ np.array([n / 2, n / 2])).reshape(2, 1)]).astype(np.float32)
            x0, y0 = np.maximum(np.floor(at - side), 0).astype(int)  # drawn on the icon's own patch of the mat
            x1, y1 = np.minimum(np.ceil(at + side), img.shape[1::-1]).astype(int)
            if x1 <= x0 or y1 <= y0:
                continue
            to[:, 2] -= (x0, y0)
            warped = cv2.warpAffine(icon, to, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)
            mask = cv2.warpAffine(shape.astype(np.float32), to, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)[..., None]
            roi = img[y0:y1, x0:x1]
            roi[:] = (roi * (1 - mask) + warped * mask).astype(img.dtype)
