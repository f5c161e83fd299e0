"""How a camera frame is shrunk for the detector: its own shape, a fixed number of pixels.

A square input wastes a non-square frame's compute on padding: a 4:3 picture letterboxed into
416 x 416 leaves a quarter of the input grey, a 16:9 one 44%. A detector that takes any height and
width (it is fully convolutional) instead gets the frame at its own aspect ratio, scaled so the
input holds about as many pixels as the square did: the same compute, and every die bigger.
"""

from __future__ import annotations

import math

import cv2
import numpy as np


def fitted_shape(height: int, width: int, pixels: int, multiple: int) -> tuple[float, int, int]:
    """(scale, input height, input width) for a ``height`` x ``width`` frame.

    The input's sides are multiples of ``multiple`` (the network's coarsest stride, so its maps line
    up again on the way back down), its area is at most ``pixels``, and the frame, scaled by the
    largest scale that allows it, fills it from the top-left corner; the rest is padding.
    A square frame and ``pixels`` = n² give the old n x n letterbox exactly.
    """
    if min(height, width, pixels, multiple) <= 0:
        raise ValueError("frame size, pixel budget and multiple must be positive")
    best = None
    limit = math.sqrt(pixels / (height * width))
    # the best scale makes one side exactly a whole number of multiples: try each such scale, biggest first
    steps = {k * multiple / side for side in (height, width) for k in range(1, int(limit * side / multiple) + 2)}
    for scale in sorted((s for s in steps if s <= limit * (1 + 1e-9)), reverse=True):
        rows, cols = _padded(height, scale, multiple), _padded(width, scale, multiple)
        if rows * cols <= pixels:
            best = (scale, rows, cols)
            break
    if best is None:  # a frame too thin for the budget: one multiple on its short side
        scale = multiple / min(height, width)
        best = (scale, _padded(height, scale, multiple), _padded(width, scale, multiple))
    return best


def _padded(side: int, scale: float, multiple: int) -> int:
    return -(-max(1, round(side * scale)) // multiple) * multiple


def scaled(image: np.ndarray, width: int, height: int) -> np.ndarray:
    """``image`` resized to ``width`` x ``height`` for the detector: halved by ``cv2.pyrDown`` (a blur, then every
    other pixel) while it is still twice that size or more, then bilinear. Bilinear is how training scales its photos
    (models/training/data.py: warpAffine, INTER_LINEAR) and costs a fraction of INTER_AREA's time at a ratio that
    is not a whole number (about 0.3 ms against 2.4 for a 640 x 640 photo to 416 x 416, one thread); the halvings
    keep it from skipping pixels when a big frame is shrunk a lot (a 1280 x 720 frame to 544 x 304)."""
    while image.shape[1] >= 2 * width and image.shape[0] >= 2 * height:
        image = cv2.pyrDown(image)
    return cv2.resize(image, (width, height), interpolation=cv2.INTER_LINEAR)
