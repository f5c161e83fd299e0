"""How a game declares its options and what a value must be: a type (the default's), and a Range or OneOf.

Apart from the engine because the phone's new-game form reads the same declarations (``OptionSpec.to_json``) that
the engine checks a game's options against.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, NamedTuple, Union


@dataclass(frozen=True)
class Range:
    """A number option's bounds, both included; None leaves that side open."""

    low: float | None = None
    high: float | None = None

    def problem(self, value: Any) -> str | None:
        """Why ``value`` is out of range, or None when it is in range."""
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if number and (self.low is None or value >= self.low) and (self.high is None or value <= self.high):
            return None
        if self.low is not None and self.high is not None:
            return f"{self.low} to {self.high}"
        return f"at least {self.low}" if self.low is not None else f"at most {self.high}"

    def to_json(self) -> dict[str, Any]:
        return {"range": {"min": self.low, "max": self.high}}


class OneOf:
    """An option that takes one of a few listed values (a phone draws them as a picker)."""

    def __init__(self, *choices: Any) -> None:
        self.choices = tuple(choices)

    def problem(self, value: Any) -> str | None:
        if any(value == c and type(value) is type(c) for c in self.choices):
            return None
        return "one of " + ", ".join(json.dumps(c) for c in self.choices)

    def to_json(self) -> dict[str, Any]:
        return {"choices": list(self.choices)}

    def __repr__(self) -> str:
        return f"OneOf{self.choices!r}"


Limit = Union[Range, OneOf]

# Options of the dice rather than of the rules: every game that rolls pip dice declares them (``dice_options``).
DICE_OPTIONS = {
    "emblem_face": (0, "dice with a maker's emblem (a logo, a star) on one face instead of pips: the value that "
                       "face stands for, 6 or 1; 0: the table's setting", OneOf(0, 6, 1)),
}


class OptionSpec(NamedTuple):
    """One option as an engine declares it: ``(default, doc)`` or ``(default, doc, Range(...)/OneOf(...))``."""

    default: Any
    doc: str
    limit: Limit | None = None

    def to_json(self) -> dict[str, Any]:
        return {"default": self.default, "doc": self.doc, **(self.limit.to_json() if self.limit else {})}

    def refusal(self, value: Any) -> str | None:
        """Why ``value`` cannot be this option ("must be int, got 'x'"), or None when it can."""
        if self.default is not None and not _same_kind(value, self.default):
            return f"must be {type(self.default).__name__}, got {_shown(value)}"
        problem = self.limit.problem(value) if self.limit is not None and value is not None else None
        return f"must be {problem}, got {_shown(value)}" if problem else None


def _shown(value: Any) -> str:
    """A value short enough for an error message."""
    try:
        text = json.dumps(value) if isinstance(value, (str, list, dict)) else repr(value)
    except (ValueError, TypeError):  # e.g. an integer too long to print
        text = "a value too long to show"
    return text if len(text) <= 40 else text[:37] + "..."


def _same_kind(value: Any, default: Any) -> bool:
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, int):
        return isinstance(value, int) and not isinstance(value, bool)
    if isinstance(default, float):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(default, (list, tuple)):
        return isinstance(value, (list, tuple))
    return isinstance(value, type(default))
