"""Finding printed markers in a frame with OpenCV's ``ArucoDetector``: ids, corners, size and turn.

One job: pixels in, ``SeenMarker`` values out. Four changes from OpenCV's default ``DetectorParameters``:
- corners are refined to sub-pixel precision (the table plane and every position in millimetres are only as good
  as these corners);
- the frame is thresholded at two window sizes (3 and 23 px) instead of three (3, 13 and 23), which takes about a
  third off the time;
- each candidate is unwarped at 8 px a cell instead of 4 before its bits are read. OpenCV leaves out
  ``int(0.13 * cell px)`` of each cell's edge: nothing at 4 px, so a small marker's bits were read over blurred
  cell edges and a corner off by one pixel lost it (two markers of about 14 px on the half-size photos). At 8 px the
  cell's outer pixel is left out; the bits read cost little next to the thresholding;
- contours shorter than 0.05 of the picture's longer side (0.03 by default) are not looked at: a 16 px marker in a
  1280 px frame, where the mounting guide's smallest sticker is about 25 px (21 px at 1.5 x its height, tilted
  20 degrees; 0.06 lost one there). Most contours are sensor-noise specks and the mat's print: this takes about
  3–7 % off a new frame and keeps every marker of the real photos, full and half size.
On the real marker photos this finds as many markers or more than OpenCV's defaults, at full and half size, in less
time (``benchmarks/table.py`` prints both detectors side by side).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .dictionary import DEFAULT_DICTIONARY, marker_dictionary


MIN_PERIMETER_RATE = 0.05  # a marker's perimeter against the picture's longer side: 16 px a side at 1280 px


@dataclass(frozen=True)
class SeenMarker:
    """One marker in a frame. ``corners`` are (4, 2) pixels in OpenCV's order: the printed marker's top-left,
    top-right, bottom-right and bottom-left, whatever its turn on the table."""

    id: int
    corners: np.ndarray

    @property
    def centre(self) -> tuple[float, float]:
        c = self.corners.mean(axis=0)
        return float(c[0]), float(c[1])

    @property
    def side_px(self) -> float:
        """Mean length of the four sides, in pixels."""
        return float(np.mean(np.linalg.norm(self.corners - np.roll(self.corners, -1, axis=0), axis=1)))

    @property
    def angle_deg(self) -> float:
        """Turn of the marker's top edge in the image, degrees clockwise from the image's x axis."""
        dx, dy = self.corners[1] - self.corners[0]
        return math.degrees(math.atan2(dy, dx)) % 360.0

    def to_json(self) -> dict:
        return {"id": self.id, "corners": [[round(float(x), 2), round(float(y), 2)] for x, y in self.corners]}


def detector_parameters(refine_corners: bool = True) -> cv2.aruco.DetectorParameters:
    params = cv2.aruco.DetectorParameters()
    params.adaptiveThreshWinSizeStep = 20
    params.perspectiveRemovePixelPerCell = 8
    params.minMarkerPerimeterRate = MIN_PERIMETER_RATE
    if refine_corners:
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return params


class MarkerFinder:
    """``find(image)`` → every marker of the dictionary in the frame (BGR or grey)."""

    def __init__(self, dictionary: str | cv2.aruco.Dictionary = DEFAULT_DICTIONARY,
                 parameters: cv2.aruco.DetectorParameters | None = None) -> None:
        self.dictionary = marker_dictionary(dictionary) if isinstance(dictionary, str) else dictionary
        self.name = dictionary if isinstance(dictionary, str) else "custom"
        self.parameters = parameters or detector_parameters()
        self.detector = cv2.aruco.ArucoDetector(self.dictionary, self.parameters)

    def find(self, image: np.ndarray) -> list[SeenMarker]:
        if image is None or image.size == 0:
            raise ValueError("an empty image has no markers")
        grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
        return _seen(*self.detector.detectMarkers(grey)[:2])

    def find_in(self, grey: np.ndarray, box: tuple[int, int, int, int]) -> list[SeenMarker]:
        """The markers in ``box`` (x0, y0, x1, y1) of a grey frame, in the frame's pixels. OpenCV sizes its
        perimeter limits by the picture's longer side, so the crop gets limits scaled back to the whole frame's:
        a marker lying whole in the box, away from its edges, is found as a search of the whole frame finds it."""
        x0, y0, x1, y1 = box
        crop = grey[y0:y1, x0:x1]
        if crop.size == 0:
            return []
        ratio = max(grey.shape[:2]) / max(crop.shape[:2])
        params = self.detector.getDetectorParameters()  # a copy
        params.minMarkerPerimeterRate *= ratio
        params.maxMarkerPerimeterRate *= ratio
        corners, ids = cv2.aruco.ArucoDetector(self.dictionary, params).detectMarkers(crop)[:2]
        return [SeenMarker(m.id, m.corners + (x0, y0)) for m in _seen(corners, ids)]


def _seen(corners, ids) -> list[SeenMarker]:
    if ids is None:
        return []
    return [SeenMarker(int(i), np.asarray(c, np.float64).reshape(4, 2)) for c, i in zip(corners, ids.ravel())]
