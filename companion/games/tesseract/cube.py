"""The Tesseract itself: 16 columns of stacked dice on a base, at most 4 levels high.

Columns are named like chess squares, ``a1`` to ``d4`` (letter = x, digit = y);
``a1``, ``a4``, ``d1`` and ``d4`` are the corners. A column is a stack, bottom
first: only the top cube of a column can have its top face visible, so only
top cubes can ever be removable.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable, Mapping, Sequence

from companion.words import colour_word

SIZE = 4
MAX_LEVELS = 4
FILES = "abcd"
COLUMNS: tuple[str, ...] = tuple(f"{f}{r}" for f in FILES for r in range(1, SIZE + 1))
CORNERS: tuple[str, ...] = ("a1", "a4", "d1", "d4")
VALUES = range(1, 7)
CUBES_PER_COLOUR = 16  # the box: 64 dice, 16 of each of four colours


@dataclass(frozen=True, order=True)
class Cube:
    """One die: identical cubes (same colour and value) are interchangeable in every rule."""

    color: str
    value: int

    def __post_init__(self) -> None:
        if not isinstance(self.color, str) or not self.color:
            raise ValueError(f"a cube needs a colour name, got {self.color!r}")
        if not isinstance(self.value, int) or isinstance(self.value, bool) or not 1 <= self.value <= 6:
            raise ValueError(f"a cube's value must be an integer 1-6, got {self.value!r}")

    def with_value(self, value: int) -> "Cube":
        return Cube(self.color, value)

    def to_json(self) -> dict[str, Any]:
        return {"color": self.color, "value": self.value}

    @classmethod
    def from_json(cls, data: Any) -> "Cube":
        if type(data) is dict and type(data.get("color")) is str and type(data.get("value")) is int and cls is Cube:
            return _cube(data["color"], data["value"])  # the JSON form, read again at every put-back of the state
        if not isinstance(data, Mapping) or "color" not in data or "value" not in data:
            raise ValueError('a cube must be an object like {"color": "red", "value": 4}')
        color = data["color"]
        return cls(color.lower() if isinstance(color, str) else color, data["value"])

    def describe(self, lang: str = "en") -> str:
        """The cube as verdicts say it: "red 4", « rouge 4 »."""
        return f"{colour_word(self.color, lang)} {self.value}"


@lru_cache(maxsize=256)
def _cube(color: str, value: int) -> Cube:
    """One cube a colour and value, shared: a cube never changes (frozen), and the offers loop puts the 64-cube
    state back once per button tried (GameEngine.available_actions), each time reading every cube from JSON."""
    return Cube(color.lower(), value)


def check_column(name: Any) -> str:
    if name not in COLUMNS:
        raise ValueError(f"unknown Tesseract column {name!r} (columns are a1 to d4)")
    return name


def _neighbours(name: str) -> list[str | None]:
    """The four side neighbours of a column; None where the side faces the outside."""
    x, y = FILES.index(name[0]), int(name[1]) - 1
    out: list[str | None] = []
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        nx, ny = x + dx, y + dy
        out.append(f"{FILES[nx]}{ny + 1}" if 0 <= nx < SIZE and 0 <= ny < SIZE else None)
    return out


class Tesseract:
    """The stacked dice. Pure data plus the removability geometry."""

    def __init__(self, columns: Mapping[str, Sequence[Cube]] | None = None) -> None:
        self.columns: dict[str, list[Cube]] = {name: [] for name in COLUMNS}
        for name, stack in (columns or {}).items():
            self.columns[check_column(name)] = list(stack)

    # -- construction ----------------------------------------------------------
    @classmethod
    def from_cubes(cls, cubes: Sequence[Cube]) -> "Tesseract":
        """64 cubes listed level by level (bottom level first), each level in column order a1, a2 ... d4."""
        if len(cubes) != SIZE * SIZE * MAX_LEVELS:
            raise ValueError(f"the Tesseract needs exactly 64 cubes, got {len(cubes)}")
        tess = cls()
        for i, cube in enumerate(cubes):
            tess.columns[COLUMNS[i % 16]].append(cube)
        return tess

    @staticmethod
    def random_cubes(rng: random.Random, colours: Sequence[str]) -> list[Cube]:
        """16 dice of each colour, shuffled into place and rolled, as the setup sleeve does."""
        dice = [c for c in colours for _ in range(CUBES_PER_COLOUR)]
        rng.shuffle(dice)
        return [Cube(c, rng.randint(1, 6)) for c in dice]

    # -- reading ---------------------------------------------------------------------
    def height(self, name: str) -> int:
        return len(self.columns[name])

    def top(self, name: str) -> Cube | None:
        stack = self.columns[check_column(name)]
        return stack[-1] if stack else None

    def count(self) -> int:
        return sum(len(s) for s in self.columns.values())

    def is_empty(self) -> bool:
        return self.count() == 0

    def visible_faces(self, name: str) -> int:
        """Visible faces of a column's top cube: its top plus each side not against a cube at its level."""
        stack = self.columns[check_column(name)]
        if not stack:
            return 0
        level = len(stack) - 1
        sides = sum(1 for n in _neighbours(name) if n is None or self.height(n) <= level)
        return 1 + sides

    def is_removable(self, name: str) -> bool:
        """« Un cube est considéré comme amovible si au moins trois de ses faces sont visibles (y compris sa face
        supérieure). »"""
        return self.visible_faces(name) >= 3

    def removable(self) -> list[str]:
        return [name for name in COLUMNS if self.columns[name] and self.is_removable(name)]

    def lowest_removable(self) -> list[str]:
        """Columns holding the lowest removable cube: lowest level first, then lowest value; ties are the players'
        choice."""
        candidates = self.removable()
        if not candidates:
            return []
        key = {n: (self.height(n), self.columns[n][-1].value) for n in candidates}
        best = min(key.values())
        return [n for n in candidates if key[n] == best]

    # -- changing --------------------------------------------------------------------
    def remove(self, name: str) -> tuple[Cube, bool]:
        """Take the top cube of a column; returns it and whether the column is now empty (its symbol revealed)."""
        stack = self.columns[check_column(name)]
        if not stack:
            raise ValueError(f"column {name} is empty")
        cube = stack.pop()
        return cube, not stack

    def place(self, name: str, cube: Cube) -> None:
        stack = self.columns[check_column(name)]
        if len(stack) >= MAX_LEVELS:
            raise ValueError(f"column {name} already has {MAX_LEVELS} levels")
        stack.append(cube)

    def to_json(self) -> dict[str, list[dict[str, Any]]]:
        return {name: [c.to_json() for c in stack] for name, stack in self.columns.items()}

    @classmethod
    def from_json(cls, data: Mapping[str, Iterable[Any]]) -> "Tesseract":
        return cls({name: [Cube.from_json(c) for c in stack] for name, stack in data.items()})


def tower_changes(before: Tesseract, after: Tesseract) -> list[dict[str, Any]]:
    """What one event did to the tower, column by column: each cube gone from a column's top ("removed"), then each
    put on it ("placed"), the top first: [{"column", "cube", "how"}]; a phone rings those columns."""
    out = []
    for name in COLUMNS:
        old, new = before.columns[name], after.columns[name]
        kept = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
        out += [{"column": name, "cube": c.to_json(), "how": "removed"} for c in reversed(old[kept:])]
        out += [{"column": name, "cube": c.to_json(), "how": "placed"} for c in reversed(new[kept:])]
    return out
