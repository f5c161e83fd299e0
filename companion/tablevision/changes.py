"""Searching for markers again only where the picture changed (``MarkerSearch``, used by ``TableReader``).

Why: a full marker search on a 1280x960 frame costs 10-16 ms of one core, yet in play most of a frame is the
last one again (a hand reaches for one piece). The markers of the unchanged part are kept and only boxes around
the changed pixels (``MotionWatch``'s mask) are searched. Each box comes as a pair:
- the *centre box*: the changed pixels widened by a marker's half diagonal, so every marker that touches a change
  has its centre inside; the markers of the last read whose centres lie there are dropped;
- the *search box*: the centre box widened again by a half diagonal and the threshold window, so such a marker
  lies whole in it, with the pixels around it that OpenCV's adaptive threshold looks at. Markers found there
  count only when their centre lies in the centre box.
Boxes whose search boxes overlap are merged, so one marker is never found twice.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from .layout import TableLayout
from .markers import MarkerFinder, SeenMarker
from .motion import MotionWatch
from .plane import TablePlane

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in full-frame pixels, x1 and y1 excluded

SEARCH_PAD_PX = 16  # the finder's widest threshold window (23 px) reaches 11 px; its border rule rejects 3 px


class MarkerSearch:
    """``find(image, plane)`` → this frame's markers: those of the last search where the picture has not changed
    since (the table still for two frames, or dice rolled in the dice zones only), found again where it changed
    on moving frames, and on the first still frame everywhere it changed since the table was last still.
    The whole frame is searched without a motion watch or plane, every ``refresh_frames`` frames, and when the
    boxes to search would cover more than ``changed_fraction`` of it. ``counts``: frames searched each way."""

    def __init__(self, finder: MarkerFinder, layout: TableLayout, motion: MotionWatch | None = None,
                 refresh_frames: int = 24, changed_fraction: float = 0.6) -> None:
        self.finder, self.layout, self.motion = finder, layout, motion
        self.refresh_frames, self.changed_fraction = refresh_frames, changed_fraction
        self.counts = {"whole": 0, "changed": 0, "kept": 0}
        self.markers: list[SeenMarker] | None = None  # the last search's
        self._since_whole = 0
        self._dirty: np.ndarray | None = None  # what changed since the table was last still, at the mask's scale
        self._zone_mask: tuple | None = None  # (plane and mask size, the dice zones at the motion mask's scale)

    def find(self, image: np.ndarray, plane: TablePlane | None) -> list[SeenMarker]:
        self.markers = self._find(image, plane)
        return self.markers

    def _find(self, image: np.ndarray, plane: TablePlane | None) -> list[SeenMarker]:
        motion = self.motion
        grey = _grey(image, motion)
        if motion is None or self.markers is None or plane is None or not motion.compared \
                or motion.mask is None or self._since_whole >= self.refresh_frames:
            return self._whole(grey)
        self._since_whole += 1
        if motion.still_frames >= 2 or (not motion.still_frames and self._only_dice_zones_changed(plane)):
            self.counts["kept"] += 1
            return self.markers
        mask = motion.mask
        self._dirty = mask.copy() if self._dirty is None or self._dirty.shape != mask.shape else self._dirty | mask
        changed = self._dirty if motion.still_frames == 1 else mask
        if motion.still_frames == 1:
            self._dirty = None
        boxes = changed_boxes(changed, motion.scale, image.shape[:2], self._largest_marker_px(plane))
        if sum(box_area(search) for _, search in boxes) > self.changed_fraction * image.shape[0] * image.shape[1]:
            return self._whole(grey)
        self.counts["changed" if boxes else "kept"] += 1
        found = [m for m in self.markers if not any(inside(m.centre, centre) for centre, _ in boxes)]
        for centre, search in boxes:
            found += [m for m in self.finder.find_in(grey, search) if inside(m.centre, centre)]
        return found

    def _whole(self, grey: np.ndarray) -> list[SeenMarker]:
        self.counts["whole"] += 1
        self._since_whole, self._dirty = 0, None
        return self.finder.find(grey)

    def _largest_marker_px(self, plane: TablePlane) -> float:
        """The side in pixels of the layout's largest marker where the mat is nearest the camera, a quarter more for a
        sticker lifted off the mat or a camera moved since the plane was found."""
        w, h = self.layout.size
        side = max(m.side for m in (*self.layout.anchors, *self.layout.pieces))
        return 1.25 * side * max(plane.px_per_mm(corner) for corner in ((0, 0), (w, 0), (0, h), (w, h)))

    def _only_dice_zones_changed(self, plane: TablePlane) -> bool:
        """Whether every pixel that changed since the last frame lies in the mat's dice zones."""
        motion = self.motion
        zones = [z for z in self.layout.zones if z.dice]
        if not zones:
            return False
        key = (id(plane), motion.mask.shape)
        if self._zone_mask is None or self._zone_mask[0] != key:
            mask = np.zeros(motion.mask.shape, np.uint8)
            for zone in zones:
                pts = plane.image_points(np.asarray(zone.polygon, np.float64)) * motion.scale
                cv2.fillPoly(mask, [np.round(pts).astype(np.int32)], 1)
            self._zone_mask = (key, mask.astype(bool))
        return not bool((motion.mask & ~self._zone_mask[1]).any())


def _grey(image: np.ndarray, motion: MotionWatch | None) -> np.ndarray:
    """The frame in grey: the motion watch's copy when it has just seen this frame (as its mask says what changed
    in it), else converted here; converting a 1280x960 frame twice cost about 0.5 ms."""
    if motion is not None and motion.grey is not None and motion.grey.shape == image.shape[:2]:
        return motion.grey
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image


def changed_boxes(mask: np.ndarray, scale: float, shape: tuple[int, int],
                  marker_side_px: float) -> list[tuple[Box, Box]]:
    """(centre box, search box) pairs for the pixels of ``mask`` (a boolean picture at ``scale`` of a frame of
    ``shape``), for markers of at most ``marker_side_px`` a side."""
    if not mask.any():
        return []
    half_diagonal = marker_side_px * math.sqrt(0.5) + 2
    grow = int(math.ceil(half_diagonal * scale)) + 1  # in mask pixels, so that nearby changes become one box
    blobs = cv2.dilate(mask.astype(np.uint8), np.ones((2 * grow + 1, 2 * grow + 1), np.uint8))
    count, _, stats, _ = cv2.connectedComponentsWithStats(blobs, connectivity=8)
    height, width = shape
    reach = half_diagonal + SEARCH_PAD_PX
    pairs = []
    for x, y, w, h, _area in stats[1:count]:  # the dilated blob already holds the first half diagonal
        centre = [x / scale, y / scale, (x + w) / scale, (y + h) / scale]
        pairs.append((centre, [centre[0] - reach, centre[1] - reach, centre[2] + reach, centre[3] + reach]))
    merged = True
    while merged:  # join pairs whose search boxes overlap: bounding boxes of both, centre and search alike
        merged = False
        for i in range(len(pairs)):
            for j in range(i + 1, len(pairs)):
                a, b = pairs[i][1], pairs[j][1]
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    pairs[i] = (_union(pairs[i][0], pairs[j][0]), _union(a, b))
                    del pairs[j]
                    merged = True
                    break
            if merged:
                break
    return [(_clip(c, width, height), _clip(s, width, height)) for c, s in pairs]


def inside(point: tuple[float, float], box: Box) -> bool:
    return box[0] <= point[0] < box[2] and box[1] <= point[1] < box[3]


def box_area(box: Box) -> int:
    return max(0, box[2] - box[0]) * max(0, box[3] - box[1])


def _union(a, b):
    return [min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])]


def _clip(box, width: int, height: int) -> Box:
    return (max(0, int(math.floor(box[0]))), max(0, int(math.floor(box[1]))),
            min(width, int(math.ceil(box[2]))), min(height, int(math.ceil(box[3]))))
