"""Scientists' labs (a few cube slots each) and the research-card decks and hands.

Research cards are tracked by level only: their individual texts are not in
the rule book, so a card's effect is described by the effects sent with it.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from .cube import Cube

DECK_SIZES = {2: 16, 3: 14, 4: 11}
LEVELS = (2, 3, 4)


class Labs:
    """Each scientist's lab: an unordered bag of cubes (« peuvent être réorganisés librement »)."""

    def __init__(self, names: Sequence[str], slots: int, cubes: Mapping[str, Iterable[Cube]] | None = None) -> None:
        self.names = list(names)
        self.slots = slots
        self.cubes: dict[str, list[Cube]] = {n: sorted((cubes or {}).get(n, ())) for n in self.names}

    def check(self, name: Any) -> str:
        if name not in self.cubes:
            raise ValueError(f"unknown scientist {name!r} (scientists: {', '.join(self.names)})")
        return name

    def has_room(self, name: str) -> bool:
        return len(self.cubes[name]) < self.slots

    def has(self, name: str, cube: Cube) -> bool:
        return cube in self.cubes[name]

    def add(self, name: str, cube: Cube) -> None:
        self.cubes[name].append(cube)
        self.cubes[name].sort()

    def remove(self, name: str, cube: Cube) -> None:
        self.cubes[name].remove(cube)

    def replace(self, name: str, old: Cube, new: Cube) -> None:
        self.remove(name, old)
        self.add(name, new)

    def all_cubes(self) -> list[tuple[str, Cube]]:
        return [(n, c) for n in self.names for c in self.cubes[n]]

    def to_json(self) -> dict[str, list[dict[str, Any]]]:
        return {n: [c.to_json() for c in self.cubes[n]] for n in self.names}

    @classmethod
    def from_json(cls, names: Sequence[str], slots: int, data: Mapping[str, Any]) -> "Labs":
        return cls(names, slots, {n: [Cube.from_json(c) for c in data[n]] for n in names})


class Research:
    """Cards left in each level's deck and cards in each scientist's hand, by level."""

    def __init__(self, names: Sequence[str], decks: Mapping[int, int] | None = None,
                 hands: Mapping[str, Mapping[int, int]] | None = None) -> None:
        self.decks = {lvl: int((decks or DECK_SIZES)[lvl]) for lvl in LEVELS}
        self.hands = {n: {lvl: int((hands or {}).get(n, {}).get(lvl, 0)) for lvl in LEVELS} for n in names}

    def draw(self, name: str, level: int) -> bool:
        """Draw one card; False when that deck is exhausted (« il n'est juste plus possible d'obtenir de cartes »)."""
        if self.decks[level] <= 0:
            return False
        self.decks[level] -= 1
        self.hands[name][level] += 1
        return True

    def holds(self, name: str, level: int) -> bool:
        return self.hands[name].get(level, 0) > 0

    def discard(self, name: str, level: int) -> None:
        if not self.holds(name, level):
            raise ValueError(f"{name} holds no level {level} research card")
        self.hands[name][level] -= 1

    def to_json(self) -> dict[str, Any]:
        return {"decks": {str(k): v for k, v in self.decks.items()},
                "hands": {n: {str(k): v for k, v in h.items()} for n, h in self.hands.items()}}

    @classmethod
    def from_json(cls, names: Sequence[str], data: Mapping[str, Any]) -> "Research":
        decks = {int(k): v for k, v in data["decks"].items()}
        hands = {n: {int(k): v for k, v in h.items()} for n, h in data["hands"].items()}
        return cls(names, decks, hands)
