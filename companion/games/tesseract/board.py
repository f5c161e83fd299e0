"""The confinement board (4 colours x 6 values) and the priming zone with its breach count."""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from .cube import VALUES, Cube

BREACH_ONE = 3
BREACH_TWO = 6


class ConfinementBoard:
    """One slot per colour x value; a value's column of 4 reveals (2) then unlocks (4) its card."""

    def __init__(self, colours: Sequence[str], filled: Iterable[Cube] = (),
                 revealed: Iterable[int] = (), unlocked: Iterable[int] = (), played: Iterable[int] = (),
                 rows_done: Iterable[str] = ()) -> None:
        self.colours = list(colours)
        self.filled: set[Cube] = set(filled)
        self.revealed: set[int] = set(revealed)
        self.unlocked: set[int] = set(unlocked)
        self.played: set[int] = set(played)
        self.rows_done: set[str] = set(rows_done)

    @property
    def size(self) -> int:
        return len(self.colours) * 6

    def is_free(self, cube: Cube) -> bool:
        return cube not in self.filled

    def is_full(self) -> bool:
        return len(self.filled) >= self.size

    def place(self, cube: Cube) -> list[tuple[str, Any]]:
        """Fill a slot; returns the bonuses it earns: ("reveal", value), ("unlock", value), ("row", colour)."""
        if cube.color not in self.colours:
            raise ValueError(f"{cube.color} is not one of this game's colours ({', '.join(self.colours)})")
        if cube in self.filled:
            raise ValueError(f"the {cube.describe()} slot is already filled")
        self.filled.add(cube)
        bonuses: list[tuple[str, Any]] = []
        in_column = sum(1 for c in self.filled if c.value == cube.value)
        if in_column >= 2 and cube.value not in self.revealed:
            self.revealed.add(cube.value)
            bonuses.append(("reveal", cube.value))
        if in_column >= len(self.colours) and cube.value not in self.unlocked:
            self.unlocked.add(cube.value)
            bonuses.append(("unlock", cube.value))
        in_row = sum(1 for c in self.filled if c.color == cube.color)
        if in_row >= 6 and cube.color not in self.rows_done:
            self.rows_done.add(cube.color)
            bonuses.append(("row", cube.color))
        return bonuses

    def fill_grid(self) -> dict[str, list[int]]:
        return {colour: [v for v in VALUES if Cube(colour, v) in self.filled] for colour in self.colours}

    def to_json(self) -> dict[str, Any]:
        return {"filled": [c.to_json() for c in sorted(self.filled)], "revealed": sorted(self.revealed),
                "unlocked": sorted(self.unlocked), "played": sorted(self.played),
                "rows_done": sorted(self.rows_done)}

    @classmethod
    def from_json(cls, colours: Sequence[str], data: Mapping[str, Any]) -> "ConfinementBoard":
        return cls(colours, [Cube.from_json(c) for c in data["filled"]], data["revealed"], data["unlocked"],
                   data["played"], data["rows_done"])


def breaches_for(count: int) -> int:
    """« si la zone d'amorçage contient 3 cubes ou plus de même valeur, avancez le jeton Brèche de 1 case.
    Si elle contient 6 cubes ou plus de même valeur, avancez le jeton Brèche de 2 cases. »"""
    if count >= BREACH_TWO:
        return 2
    if count >= BREACH_ONE:
        return 1
    return 0


class PrimingZone:
    """The primed cubes, in the order they arrived (the last one matters to Shock wave)."""

    def __init__(self, cubes: Iterable[Cube] = ()) -> None:
        self.cubes: list[Cube] = list(cubes)

    def add(self, cube: Cube) -> None:
        self.cubes.append(cube)

    def has(self, cube: Cube) -> bool:
        return cube in self.cubes

    def remove(self, cube: Cube) -> None:
        """Remove one identical cube (the most recently primed one of that colour and value)."""
        for i in range(len(self.cubes) - 1, -1, -1):
            if self.cubes[i] == cube:
                del self.cubes[i]
                return
        raise ValueError(f"no primed {cube.describe()}")

    def replace(self, old: Cube, new: Cube) -> None:
        for i in range(len(self.cubes) - 1, -1, -1):
            if self.cubes[i] == old:
                self.cubes[i] = new
                return
        raise ValueError(f"no primed {old.describe()}")

    def by_value(self) -> Counter:
        return Counter(c.value for c in self.cubes)

    def breaches(self, values: Iterable[int] | None = None) -> list[tuple[int, int, int]]:
        """(value, cubes of that value, breaches) for each value at or over the threshold, optionally only some
        values."""
        counts = self.by_value()
        wanted = sorted(set(values)) if values is not None else sorted(counts)
        out = []
        for value in wanted:
            n = breaches_for(counts.get(value, 0))
            if n:
                out.append((value, counts[value], n))
        return out

    def to_json(self) -> list[dict[str, Any]]:
        return [c.to_json() for c in self.cubes]

    @classmethod
    def from_json(cls, data: Iterable[Any]) -> "PrimingZone":
        return cls(Cube.from_json(c) for c in data)
