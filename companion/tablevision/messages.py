"""The typed messages table vision passes on: what one frame shows, and a board once it has settled."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core import DieReading

from .cells import Place
from .markers import SeenMarker
from .plane import PlaneStatus


@dataclass(frozen=True)
class PieceSighting:
    """One tile or piece seen in one frame: where (mm, place) and which way its marker faces."""

    id: int
    name: str
    kind: str
    mm: tuple[float, float]
    place: Place
    facing_deg: float
    facing: str | None
    facing_uncertain: bool
    pixel: tuple[float, float]

    @property
    def uncertain(self) -> bool:
        return self.place.uncertain

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "kind": self.kind, "mm": [round(v, 1) for v in self.mm],
                **self.place.to_json(), "facing": self.facing, "facing_deg": round(self.facing_deg, 1),
                "facing_uncertain": self.facing_uncertain}


@dataclass(frozen=True)
class PlacedDie:
    """A die reading with where it lies on the table (None without a plane)."""

    reading: DieReading
    mm: tuple[float, float] | None
    place: Place | None

    def to_json(self) -> dict[str, Any]:
        out = self.reading.to_json()
        if self.mm is not None and self.place is not None:
            out["mm"] = [round(v, 1) for v in self.mm]
            out.update(self.place.to_json())
        return out


@dataclass(frozen=True)
class TableView:
    """Everything table vision saw on one frame. ``dice`` are the dice the game reads (those in its dice
    zones when the plane is known; all of them when it is not). ``problems`` are sentences for players."""

    index: int
    timestamp: float
    markers: tuple[SeenMarker, ...]
    plane: PlaneStatus
    pieces: tuple[PieceSighting, ...]
    dice: tuple[PlacedDie, ...] = ()
    dice_ignored: int = 0
    duplicates: tuple[int, ...] = ()
    unknown: tuple[int, ...] = ()
    moving: bool = False
    problems: tuple[str, ...] = field(default_factory=tuple)
    spots: tuple[dict, ...] = ()  # coloured counters on the mat (layouts with spots)
    needs_plane: tuple[str, ...] = ()  # what the mat's plane places (TableLayout.needs_plane): missing without it
    not_dice: int = 0  # readings that were the mat's print or not die-sized (veto.py), left out of ``dice``
    lens: dict | None = None  # what the lens watch tells the players (lens_watch.LensNote), if anything

    def to_json(self) -> dict[str, Any]:
        plane = self.plane.plane
        return {
            "frame": self.index, "timestamp": self.timestamp,
            "markers": [m.to_json() for m in self.markers],
            "plane": (None if plane is None else
                      {"homography": plane.to_json()["homography"],
                       "reprojection_px": round(plane.reprojection_px, 3)}),
            "plane_state": {k: v for k, v in self.plane.to_json().items() if k != "homography"},
            "pieces": [p.to_json() for p in self.pieces],
            "dice": [d.to_json() for d in self.dice],
            "dice_ignored": self.dice_ignored, "not_dice": self.not_dice,
            "duplicates": list(self.duplicates), "unknown": list(self.unknown), "moving": self.moving,
            "spots": list(self.spots), "needs_plane": list(self.needs_plane),
            "problems": list(self.problems), "lens": self.lens,
        }


@dataclass(frozen=True)
class SettledBoard:
    """The pieces once still: name -> its place, facing and status ("seen", "occluded" or "gone")."""

    pieces: dict[str, dict[str, Any]]
    timestamp: float
    index: int

    def to_json(self) -> dict[str, Any]:
        return {"pieces": self.pieces, "timestamp": self.timestamp, "index": self.index}
