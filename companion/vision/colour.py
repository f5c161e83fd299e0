"""Die colour from the body pixels of its box: Otsu splits pips from body, HSV names the body.

Why classical: colour is a property of pixels, not of a face pattern; a fixed HSV rule is
explainable, needs no training data of each colour, and says None when it is unsure.
"""

from __future__ import annotations

import cv2
import numpy as np

# OpenCV hue runs 0..179. Upper bounds of each chromatic band, in order.
HUE_BANDS = (
    (7, "red"),
    (20, "orange"),
    (36, "yellow"),
    (88, "green"),
    (130, "blue"),
    (165, "purple"),
    (180, "red"),
)
MIN_SATURATION = 70      # below: white, black or grey
WHITE_MIN_VALUE = 120    # an unsaturated body at least this bright is white
BLACK_MAX_VALUE = 60     # a body at most this bright is black whatever its hue
GREY_BLACK_MAX_VALUE = 95  # an unsaturated body at most this bright is black


def colour_from_hsv(h: float, s: float, v: float) -> str | None:
    """Name of a die body's median HSV (OpenCV ranges), None for greys and muddy in-betweens."""
    if v <= BLACK_MAX_VALUE and s < 160:
        return "black"
    if s < MIN_SATURATION:
        if v <= GREY_BLACK_MAX_VALUE:
            return "black"
        if v >= WHITE_MIN_VALUE and s < 50:
            return "white"
        return None
    for upper, name in HUE_BANDS:
        if h < upper:
            return name
    return None


def body_pixels(crop_bgr: np.ndarray) -> np.ndarray:
    """The die body's pixels (N x 3 BGR): the majority side of an Otsu split of the grey crop."""
    grey = cv2.cvtColor(crop_bgr, cv2.COLOR_BGR2GRAY)
    _, mask = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    bright = mask > 0
    body = bright if bright.mean() >= 0.5 else ~bright
    return crop_bgr[body]


def die_colour(image_bgr: np.ndarray, box, shrink: float = 0.7) -> str | None:
    """Colour name of the die in ``box`` (x1, y1, x2, y2), looking at its central part only."""
    x1, y1, x2, y2 = (float(v) for v in box)
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    hw, hh = (x2 - x1) * shrink / 2, (y2 - y1) * shrink / 2
    h_img, w_img = image_bgr.shape[:2]
    xa, xb = int(max(0, round(cx - hw))), int(min(w_img, round(cx + hw)))
    ya, yb = int(max(0, round(cy - hh))), int(min(h_img, round(cy + hh)))
    if xb - xa < 3 or yb - ya < 3:
        return None
    pixels = body_pixels(image_bgr[ya:yb, xa:xb])
    if len(pixels) < 4:
        return None
    hsv = cv2.cvtColor(pixels.reshape(-1, 1, 3), cv2.COLOR_BGR2HSV).reshape(-1, 3).astype(np.float64)
    s, v = np.median(hsv[:, 1]), np.median(hsv[:, 2])
    # hue is circular (red wraps at 180): average it as an angle, weighted by saturation
    angle = hsv[:, 0] * (2 * np.pi / 180)
    weight = hsv[:, 1] + 1e-6
    h = (np.degrees(np.arctan2((np.sin(angle) * weight).sum(), (np.cos(angle) * weight).sum())) % 360) / 2
    return colour_from_hsv(h, s, v)
