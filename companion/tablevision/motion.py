"""A cheap "is anything moving?" check: the difference between this frame and the last, on a small grey copy.

Used to tell a hand over the table (markers vanish under something moving) from a piece taken away, to hold
board reports until the table is still, and (by the pipeline) to skip dice reading on tumbling frames.
"""

from __future__ import annotations

import cv2
import numpy as np


class MotionWatch:
    """``update(image)`` → a boolean mask (at ``scale`` of the frame) of the pixels that changed."""

    def __init__(self, scale: float = 0.25, threshold: int = 18, moving_fraction: float = 0.002) -> None:
        self.scale, self.threshold, self.moving_fraction = scale, threshold, moving_fraction
        self._previous: np.ndarray | None = None
        self.mask: np.ndarray | None = None
        self.still_frames = 0  # frames in a row in which not one pixel changed (the picture cannot read otherwise)
        self.compared = False  # whether the last mask compared two pictures of one size
        self.grey: np.ndarray | None = None  # the last frame in grey at full size: the marker search reads it too

    def update(self, image: np.ndarray) -> np.ndarray:
        grey = self.grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
        small = cv2.resize(grey, None, fx=self.scale, fy=self.scale, interpolation=cv2.INTER_AREA)
        small = cv2.GaussianBlur(small, (5, 5), 0)
        self.compared = self._previous is not None and self._previous.shape == small.shape
        if not self.compared:
            mask, changed = np.zeros(small.shape, bool), True  # nothing to compare with: a new picture
        else:
            mask = cv2.absdiff(small, self._previous) > self.threshold
            changed = bool(mask.any())
        self._previous = small
        self.mask = mask
        self.still_frames = 0 if changed else self.still_frames + 1
        return mask

    @property
    def moving(self) -> bool:
        return self.mask is not None and float(self.mask.mean()) > self.moving_fraction

    def moved_near(self, pixel: tuple[float, float], radius_px: float) -> bool:
        """Whether anything changed within ``radius_px`` of ``pixel`` (full-frame pixels) this frame."""
        if self.mask is None:
            return False
        h, w = self.mask.shape
        x, y, r = pixel[0] * self.scale, pixel[1] * self.scale, max(1.0, radius_px * self.scale)
        x0, x1 = int(max(0, x - r)), int(min(w, x + r + 1))
        y0, y1 = int(max(0, y - r)), int(min(h, y + r + 1))
        return x0 < x1 and y0 < y1 and bool(self.mask[y0:y1, x0:x1].any())
