"""Board settling: piece positions are reported once they have been the same for ``stable_frames`` still frames.

A marker that vanishes is *occluded* while something moves over where it was (a hand passing over the table);
it is *occluded* too while a piece of another kind is seen standing on it (a keeper on its tile; a tile seen where
another tile was means that one was taken away), and it is *gone* once the table around it has been still for
``gone_frames`` frames without it (the hand has left and the piece did not come back). An occluded piece keeps
its last settled place; nothing is ever guessed. A hand held perfectly still over a marker for that long reads as
the piece gone; it is reported back once seen again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .messages import PieceSighting, SettledBoard, TableView
from .motion import MotionWatch

SEEN, OCCLUDED, GONE = "seen", "occluded", "gone"


@dataclass
class _Track:
    sighting: PieceSighting
    missing_still: int = 0
    status: str = SEEN


class BoardSettler:
    def __init__(self, stable_frames: int = 4, gone_frames: int | None = None) -> None:
        self.stable_frames = stable_frames
        self.gone_frames = gone_frames if gone_frames is not None else 2 * stable_frames
        self._tracks: dict[int, _Track] = {}
        self._candidate: dict[str, Any] | None = None
        self._recent_spots: list[list[dict]] = []  # the spots of the last ``stable_frames`` still frames
        self._reported_spots: list[dict] = []
        self._count = 0
        self.reported: dict[str, Any] | None = None

    def update(self, view: TableView, motion: MotionWatch | None = None) -> SettledBoard | None:
        """Track this frame's pieces; a ``SettledBoard`` when the board has settled into something new."""
        if view.plane.plane is None:
            self._count, self._recent_spots = 0, []
            return None
        seen_ids = {p.id for p in view.pieces}
        for p in view.pieces:
            self._tracks[p.id] = _Track(p)
        for pid, track in self._tracks.items():
            if pid in seen_ids or track.status == GONE:
                continue
            radius = max(30.0, 2.0 * _side_px(track.sighting, view))
            covered = motion is not None and motion.moved_near(track.sighting.pixel, radius)
            if covered or view.moving or _under_a_piece(track.sighting, view.pieces):
                track.status, track.missing_still = OCCLUDED, 0
                continue
            track.missing_still += 1
            track.status = GONE if track.missing_still >= self.gone_frames else OCCLUDED
        if view.moving:  # nothing is reported while something moves over the table
            self._count, self._recent_spots = 0, []
            return None
        board = self._board()
        self._recent_spots = (self._recent_spots + [list(view.spots)])[-self.stable_frames:]
        # a counter is one seen on each of the settling frames: a spot that comes and goes (a finger, a glint) is not
        spots = [s for s in view.spots if len(self._recent_spots) == self.stable_frames
                 and all(_near_spot(s, frame) for frame in self._recent_spots)]
        if board == self._candidate:
            self._count += 1
        else:
            self._candidate, self._count = board, 1
        if self._count >= self.stable_frames and (board != self.reported
                                                  or not _same_spots(spots, self._reported_spots)):
            self.reported, self._reported_spots = board, spots
            pieces = {name: dict(entry) for name, entry in board.items()}
            for t in self._tracks.values():  # millimetres jitter from frame to frame: reported, never compared
                if t.status != GONE:
                    pieces[t.sighting.name]["mm"] = [round(v, 1) for v in t.sighting.mm]
            for i, spot in enumerate(spots, start=1):  # counters found by their colour (layouts with spots)
                pieces[f"spot-{i}"] = {"kind": "spot", "colour": spot["colour"], "mm": list(spot["mm"]),
                                       "status": "seen"}
            return SettledBoard(pieces, view.timestamp, view.index)
        return None

    def _board(self) -> dict[str, Any]:
        """Each piece's place, facing and status (what settling compares; an occluded piece keeps its last)."""
        out = {}
        for pid, t in sorted(self._tracks.items()):
            s = t.sighting
            out[s.name] = {"id": pid, "kind": s.kind, "status": t.status,
                           **({"cell": list(s.place.cell) if s.place.cell else None, "grid": s.place.grid,
                               "zone": s.place.zone, "uncertain": s.uncertain, "facing": s.facing,
                               "facing_uncertain": s.facing_uncertain}
                              if t.status != GONE else {})}
        return out


def _near_spot(spot: dict, others: list[dict], mm: float = 4.0) -> bool:
    """Whether one of ``others`` is ``spot``'s colour within ``mm`` of it."""
    return any(o["colour"] == spot["colour"] and math.dist(o["mm"], spot["mm"]) <= mm for o in others)


def _same_spots(a: list[dict], b: list[dict], mm: float = 4.0) -> bool:
    """The same coloured spots, each within ``mm`` of where it was (sensor noise moves a blob's centre a little)."""
    if len(a) != len(b):
        return False
    left = list(b)
    for spot in a:
        match = next((o for o in left if o["colour"] == spot["colour"] and math.dist(o["mm"], spot["mm"]) <= mm), None)
        if match is None:
            return False
        left.remove(match)
    return True


def _under_a_piece(hidden: PieceSighting, pieces) -> bool:
    """A piece of another kind seen standing where ``hidden`` was (a keeper on its tile) covers it: occluded, not
    gone. Pieces of one kind lie side by side (tiles, cards), so one of them there means ``hidden`` was taken away."""
    return any(p.kind != hidden.kind and math.dist(p.mm, hidden.mm) < 20.0 for p in pieces)


def _side_px(sighting: PieceSighting, view: TableView) -> float:
    marker = next((m for m in view.markers if m.id == sighting.id), None)
    return marker.side_px if marker is not None else 20.0
