"""Turn pictures the right way up for a camera mounted rotated or mirrored (camera.rotate / camera.flip).

Done on the frame with OpenCV rather than in the camera, so it works the same
for a Pi camera, a USB camera, a recording and a folder of pictures.
"""

from __future__ import annotations

import cv2
import numpy as np

from companion.capture.base import Frame, FrameSource, WrappedSource

ROTATIONS = {90: cv2.ROTATE_90_CLOCKWISE, 180: cv2.ROTATE_180, 270: cv2.ROTATE_90_COUNTERCLOCKWISE}
FLIPS = {"horizontal": 1, "vertical": 0, "both": -1}


class OrientedSource(WrappedSource):
    """``inner``'s frames flipped (mirror first), then rotated clockwise by ``rotate`` degrees."""

    def __init__(self, inner: FrameSource, rotate: int = 0, flip: str = "none") -> None:
        if rotate not in (0, *ROTATIONS):
            raise ValueError(f"rotate must be 0, 90, 180 or 270, got {rotate!r}")
        if flip != "none" and flip not in FLIPS:
            raise ValueError(f"flip must be none, horizontal, vertical or both, got {flip!r}")
        self.inner, self.rotate, self.flip = inner, rotate, flip

    def open(self) -> None:
        self.inner.open()

    def read(self) -> Frame | None:
        frame = self.inner.read()
        if frame is None:
            return None
        image = frame.image
        if self.flip != "none":
            image = cv2.flip(image, FLIPS[self.flip])
        if self.rotate:
            image = cv2.rotate(image, ROTATIONS[self.rotate])
        return Frame(image=np.ascontiguousarray(image), timestamp=frame.timestamp, index=frame.index)

    def close(self) -> None:
        self.inner.close()
