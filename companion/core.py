"""The vocabulary every stage shares: die readings, observations and verdicts.

Kept free of I/O and of any game so that vision, referee, journal and web can
exchange plain, JSON-friendly values without importing each other.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Mapping

from companion.words import elide_names_fr

DIE_COLOURS = ("white", "black", "red", "green", "blue", "yellow", "purple", "orange")


class VerdictKind(str, enum.Enum):
    ILLEGAL = "illegal"
    BREACH = "breach"
    ELIMINATION = "elimination"
    FALL = "fall"
    WIN = "win"
    LOSS = "loss"
    WARNING = "warning"
    #: the camera's reading does not fit the rules and the camera is not sure of it: nobody is accused
    UNSURE = "unsure"
    INFO = "info"


@dataclass(frozen=True)
class Text:
    """A message in every language the product speaks."""

    en: str
    fr: str

    def get(self, lang: str) -> str:
        return self.fr if lang == "fr" else self.en

    def to_json(self) -> dict[str, str]:
        return {"en": self.en, "fr": self.fr}

    @classmethod
    def from_json(cls, data: Mapping[str, str]) -> "Text":
        return cls(en=str(data["en"]), fr=str(data["fr"]))


Box = tuple[float, float, float, float]  # x1, y1, x2, y2 in source-image pixels


def centre_inside(box: Box, area: Box) -> bool:
    """Whether ``box``'s centre lies in ``area`` (edges included): the one test of "this die is in there"."""
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return area[0] <= x <= area[2] and area[1] <= y <= area[3]


@dataclass(frozen=True)
class DieReading:
    """One d6 as read from a frame (or typed in by a player).

    ``probabilities``: when the reader gives them, how likely each face 1-6 is (``value`` is the likeliest), so
    the rules-aware reading can look at the second-best value (companion/referee/aware.py); None when typed.
    ``unread``: the camera sees a die here but could not read its face (``value`` is only its likeliest guess):
    it is never refereed, but a roll short of dice with unread ones beside it is "camera unsure", not illegal.
    """

    value: int
    color: str | None = None
    box: Box | None = None
    confidence: float = 1.0
    probabilities: tuple[float, ...] | None = None
    unread: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.value, int) or isinstance(self.value, bool) or not 1 <= self.value <= 6:
            raise ValueError(f"die value must be an integer 1-6, got {self.value!r}")
        if self.color is not None and not isinstance(self.color, str):
            raise ValueError(f"die colour must be a name or null, got {self.color!r}")
        if not 0.0 <= float(self.confidence) <= 1.0:
            raise ValueError(f"die confidence must be within 0-1, got {self.confidence!r}")
        if self.probabilities is not None:
            try:
                probs = tuple(float(p) for p in self.probabilities)
            except (TypeError, ValueError):
                probs = ()
            if len(probs) != 6 or not all(0.0 <= p <= 1.0 for p in probs):
                raise ValueError("die probabilities must be six numbers within 0-1 (faces 1 to 6)")
            object.__setattr__(self, "probabilities", probs)

    def probability(self, value: int) -> float:
        """How likely the reader found face ``value``: its probability, else the reading's confidence for its own
        value and nothing for the others (a typed die, or a reader that gives no probabilities)."""
        if self.probabilities is not None:
            return self.probabilities[value - 1]
        return float(self.confidence) if value == self.value else 0.0

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"value": self.value, "color": self.color}
        if self.box is not None:
            out["box"] = [round(float(v), 1) for v in self.box]
        out["confidence"] = round(float(self.confidence), 4)
        if self.probabilities is not None:
            out["probabilities"] = [round(p, 4) for p in self.probabilities]
        if self.unread:
            out["unread"] = True
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "DieReading":
        if not isinstance(data, Mapping):
            raise ValueError("a die must be an object like {\"value\": 4, \"color\": \"red\"}")
        if "value" not in data:
            raise ValueError("a die needs a \"value\" from 1 to 6")
        box = data.get("box")
        if box is not None:
            if not isinstance(box, (list, tuple)) or len(box) != 4:
                raise ValueError("a die's \"box\" must be [x1, y1, x2, y2]")
            box = tuple(float(v) for v in box)
        color = data.get("color")
        probabilities = data.get("probabilities")
        if probabilities is not None and not isinstance(probabilities, (list, tuple)):
            raise ValueError("a die's \"probabilities\" must list six numbers (faces 1 to 6)")
        return cls(
            value=data["value"],
            color=color.lower() if isinstance(color, str) else color,
            box=box,
            confidence=float(data.get("confidence", 1.0)),
            probabilities=tuple(probabilities) if probabilities is not None else None,
        )


@dataclass(frozen=True)
class Observation:
    """What the table looked like once it was still: a settled roll and/or piece positions.

    ``pieces`` maps a piece's name (in the game's table layout) to where the camera sees it: its grid cell, zone,
    facing, status ("seen", "occluded" or "gone") and whether its cell is uncertain.
    ``places`` gives, die by die, the zone (and cell) the die lies in, when the table plane is known.
    ``source`` says who saw it: "camera", "phone" or "script".
    ``unread``: dice the camera saw lying in the roll but could not read (``DieReading.unread``), with their places
    in ``unread_places``; the referee never plays them.
    ``reread``: not a roll: the last roll's dice, untouched where they lay, read with other faces
    (``SettledRoll.reread``); the players are told, nothing is played.
    """

    dice: tuple[DieReading, ...] = ()
    pieces: Mapping[str, Any] = field(default_factory=dict)
    source: str = "camera"
    at: float = 0.0
    places: tuple[Mapping[str, Any] | None, ...] = ()
    unread: tuple[DieReading, ...] = ()
    unread_places: tuple[Mapping[str, Any] | None, ...] = ()
    reread: bool = False

    def __post_init__(self) -> None:
        if any(d.unread for d in self.dice):
            raise ValueError("an observation's dice are read ones; a die the camera could not read goes in unread")

    def to_json(self) -> dict[str, Any]:
        return {
            "dice": [d.to_json() for d in self.dice],
            "unread": [d.to_json() for d in self.unread],
            "pieces": dict(self.pieces),
            "places": [dict(p) if p is not None else None for p in self.places],
            "source": self.source,
            "at": self.at,
            **({"reread": True} if self.reread else {}),
        }


@dataclass(frozen=True)
class Verdict:
    """The referee's word on an event: what happened, which rule, who is concerned."""

    kind: VerdictKind
    rule: str
    message: Text
    players: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", VerdictKind(self.kind))
        object.__setattr__(self, "players", tuple(str(p) for p in self.players))
        # « le tour de Ada » reads « le tour d'Ada »: the players it names are known here, whatever game wrote it
        object.__setattr__(self, "message", Text(self.message.en, elide_names_fr(self.message.fr, self.players)))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "rule": self.rule,
            "message": self.message.en,
            "message_fr": self.message.fr,
            "players": list(self.players),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Verdict":
        return cls(
            kind=VerdictKind(data["kind"]),
            rule=data["rule"],
            message=Text(en=data["message"], fr=data.get("message_fr", data["message"])),
            players=tuple(data.get("players", ())),
        )


def verdict(kind: str | VerdictKind, rule: str, en: str, fr: str, players=()) -> Verdict:
    """Shorthand used by the rules engines."""
    return Verdict(VerdictKind(kind), rule, Text(en, fr), tuple(players))
