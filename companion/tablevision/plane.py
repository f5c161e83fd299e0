"""The table plane: a homography from camera pixels to table millimetres, from the anchors in sight.

Estimated with ``cv2.findHomography`` (RANSAC) on the anchors' corners. The tracker keeps the last good plane
while anchors are covered by hands (a plane needs at least ``min_anchors`` of them), and estimates it again at
once when the anchors it can see are no longer where the plane says they should be (the camera was bumped).
It fits no plane on another game's mat: that mat's anchors in sight, and none of this one's, drop the plane (the
stickers on it are another game's pieces, whose ids mean other pieces here). A mat printed before each game's had
its own anchors (ids 0-3) is read with the game's ``former_anchors``, and said to be such a mat
(``PlaneStatus.former``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Sequence

import cv2
import numpy as np

from .layout import TableLayout
from .layouts import other_mats
from .markers import SeenMarker


@dataclass(frozen=True)
class TablePlane:
    """``to_table`` maps image pixels to mm; ``to_image`` the other way. ``reprojection_px``: mean distance
    between the anchor corners seen and where the plane puts them, over the anchors it was estimated from."""

    to_table: np.ndarray
    to_image: np.ndarray
    reprojection_px: float
    anchors: tuple[int, ...]
    lens: Any = None  # lens.Lens: the homographies hold between undistorted pixels and mm (None: no correction)

    def table_points(self, pixels: np.ndarray) -> np.ndarray:
        """Picture pixels (as the camera gives them) to table mm."""
        pts = np.asarray(pixels, np.float64).reshape(-1, 2)
        if self.lens is not None:
            pts = self.lens.undistort(pts)
        return cv2.perspectiveTransform(pts.reshape(-1, 1, 2), self.to_table).reshape(-1, 2)

    def image_points(self, mm: np.ndarray) -> np.ndarray:
        """Table mm to picture pixels (as the camera gives them)."""
        pts = np.asarray(mm, np.float64).reshape(-1, 1, 2)
        out = cv2.perspectiveTransform(pts, self.to_image).reshape(-1, 2)
        return self.lens.distort(out) if self.lens is not None else out

    def px_per_mm(self, mm: tuple[float, float]) -> float:
        """How many image pixels one table millimetre spans at ``mm`` (mean of both axes)."""
        x, y = mm
        p = self.image_points(np.array([[x, y], [x + 1, y], [x, y + 1]]))
        return float((np.linalg.norm(p[1] - p[0]) + np.linalg.norm(p[2] - p[0])) / 2)

    def to_json(self) -> dict:
        return {"homography": [[round(float(v), 8) for v in row] for row in self.to_table],
                "reprojection_px": round(self.reprojection_px, 3), "anchors": list(self.anchors)}


def estimate_plane(layout: TableLayout, markers: Sequence[SeenMarker], lens: Any = None) -> TablePlane | None:
    """A plane from every anchor in ``markers``; None with fewer than two anchors (one is too easily a
    misplaced sticker, and four coplanar points leave RANSAC nothing to vote with). ``lens``: the corners are
    undistorted first."""
    seen = [m for m in markers if m.id in layout.anchor_ids]
    if len({m.id for m in seen}) < 2 or len({m.id for m in seen}) != len(seen):
        return None
    anchors = {a.id: a for a in layout.anchors}
    image = np.concatenate([m.corners for m in seen]).astype(np.float64)
    if lens is not None:
        image = lens.undistort(image)
    table = np.array([pt for m in seen for pt in anchors[m.id].corners()], np.float64)
    to_table, inliers = cv2.findHomography(image, table, cv2.RANSAC, 3.0)
    if to_table is None:
        return None
    to_image = np.linalg.inv(to_table)
    back = cv2.perspectiveTransform(table.reshape(-1, 1, 2), to_image).reshape(-1, 2)
    errors = np.linalg.norm(back - image, axis=1)
    used = inliers.ravel().astype(bool) if inliers is not None else np.ones(len(errors), bool)
    return TablePlane(to_table, to_image, float(errors[used].mean()), tuple(sorted(m.id for m in seen)), lens)


@dataclass(frozen=True)
class PlaneStatus:
    """What the tracker knows this frame. ``state``: "estimated" (from the anchors in this frame), "kept"
    (anchors covered, the last plane still holds), "bumped" (the camera moved: estimated again) or "none".
    ``former``: the plane is a mat's printed before each game's had its own anchors (it cannot say which game it is
    for). ``other_mat``: the game whose mat is in sight instead of this one's (no plane then)."""

    plane: TablePlane | None
    state: str
    anchors_seen: tuple[int, ...]
    anchors_missing: tuple[int, ...]
    drift_px: float | None = None
    former: bool = False
    other_mat: str | None = None

    def to_json(self) -> dict:
        return {"state": self.state, "anchors_seen": list(self.anchors_seen),
                "anchors_missing": list(self.anchors_missing),
                "drift_px": None if self.drift_px is None else round(self.drift_px, 2),
                "former_mat": self.former, "other_mat": self.other_mat,
                **(self.plane.to_json() if self.plane else {})}


class PlaneTracker:
    """Keeps the table plane across frames: hands over anchors do not lose it, a bumped camera renews it."""

    def __init__(self, layout: TableLayout, bump_px: float = 4.0, lens: Any = None) -> None:
        self.layout = layout
        self.bump_px = bump_px
        self.lens = lens
        self.plane: TablePlane | None = None
        self.printed = layout  # the mat the plane was fitted on: ``layout``, or it with its former anchors
        self.other_mats = other_mats(layout)  # another game's anchor id -> that game

    def drift(self, markers: Sequence[SeenMarker]) -> float | None:
        """Mean distance in pixels between the anchors seen and where the current plane expects them."""
        if self.plane is None:
            return None
        anchors = {a.id: a for a in self.printed.anchors}
        seen = [m for m in markers if m.id in anchors]
        if not seen:
            return None
        expected = self.plane.image_points(np.array([p for m in seen for p in anchors[m.id].corners()]))
        found = np.concatenate([m.corners for m in seen])
        return float(np.linalg.norm(expected - found, axis=1).mean())

    def update(self, markers: Sequence[SeenMarker]) -> PlaneStatus:
        seen = {m.id for m in markers}
        printed = self.layout.as_printed(seen)
        ids = tuple(sorted(seen & printed.anchor_ids))
        others = Counter(self.other_mats[i] for i in seen if i in self.other_mats)
        if not ids and others:  # another game's mat, and not this one's: nothing on it is this game's
            self.plane, self.printed = None, self.layout
            return PlaneStatus(None, "none", (), tuple(sorted(self.layout.anchor_ids)),
                               other_mat=others.most_common(1)[0][0])
        if ids and printed.anchor_ids != self.printed.anchor_ids:
            self.plane, self.printed = None, printed  # the mat's other print: its plane starts afresh
        elif not ids and self.plane is None:
            self.printed = self.layout  # nothing to go on: the game's own anchors are asked for
        former = self.printed.anchor_ids != self.layout.anchor_ids
        missing = tuple(sorted(self.printed.anchor_ids - set(ids)))
        drift = self.drift(markers)
        fresh = estimate_plane(self.printed, markers, self.lens)
        bumped = drift is not None and drift > self.bump_px
        if fresh is not None:
            keep_old = (self.plane is not None and not bumped and len(fresh.anchors) < len(self.plane.anchors))
            if not keep_old:
                state = "bumped" if bumped else "estimated"
                self.plane = fresh
                return PlaneStatus(fresh, state, ids, missing, drift, former)
            return PlaneStatus(self.plane, "kept", ids, missing, drift, former)
        if bumped:  # too few anchors to estimate again, and those in sight say the old plane is wrong
            self.plane = None
            return PlaneStatus(None, "none", ids, missing, drift)
        kept = self.plane is not None
        return PlaneStatus(self.plane, "kept" if kept else "none", ids, missing, drift, former and kept)
