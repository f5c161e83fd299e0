"""What a game expects of its next camera roll: how many dice, which colours, which faces, where they land.

An engine states it with ``expected_roll()``; the rules-aware reading (``aware.py``) checks a settled camera
roll against it before the engine judges the roll. Every field left at None means "anything".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from companion.core import Observation, Text
from companion.words import colour_word, plural_en, plural_fr

ALL_FACES = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class RollExpectation:
    """The next camera roll as the game expects it.

    ``counts``: how many dice the roll may have (the rules' own count: 6 dice in a Nexus Keepers turn, one
    colour die in a Hexors duel). ``colours``: the die colours this game has, as the camera names them.
    ``faces``: the values a die of this game can show (a special die may lack some). ``zones``: the mat's zones
    (names, or name prefixes ending in "-") where the roll lands; dice placed elsewhere are not part of it.
    """

    counts: tuple[int, ...] | None = None
    colours: tuple[str, ...] | None = None
    faces: tuple[int, ...] = ALL_FACES
    zones: tuple[str, ...] | None = None

    def in_roll(self, observation: Observation) -> list[int]:
        """The indices of the observation's dice that belong to the roll: those in its zones (all of them when
        the zones or the dice's places are unknown)."""
        return self._in_zone(observation.dice, observation.places)

    def unread_in_roll(self, observation: Observation) -> list[int]:
        """The indices of the observation's unread dice (seen, not read) that lie where the roll lands."""
        return self._in_zone(observation.unread, observation.unread_places)

    def short_of(self, observation: Observation) -> int | None:
        """How many dice the roll lacks to reach the nearest count the game expects above it (None: it lacks
        none, or the game says nothing of the count)."""
        have = len(self.in_roll(observation))
        above = [c - have for c in self.counts or () if c > have]
        return min(above) if above and have not in (self.counts or ()) else None

    def over_by(self, observation: Observation) -> int | None:
        """How many dice the roll has beyond the nearest count the game expects below it (None: none beyond, or
        the game says nothing of the count)."""
        have = len(self.in_roll(observation))
        below = [have - c for c in self.counts or () if c < have]
        return min(below) if below and have not in (self.counts or ()) else None

    def _in_zone(self, dice: Sequence[Any], places: Sequence[Mapping[str, Any] | None]) -> list[int]:
        if self.zones is None or not places:
            return list(range(len(dice)))
        return [k for k, place in enumerate(_padded(places, len(dice))) if place is not None and self._in_zones(place)]

    def _in_zones(self, place: Mapping[str, Any]) -> bool:
        zone = str(place.get("zone") or "")
        return any(zone.startswith(z) if z.endswith("-") else zone == z for z in self.zones or ())

    def problems(self, observation: Observation) -> list[Text]:
        """Why the roll does not look like what the game expects, in words for players (empty: it does)."""
        roll = [observation.dice[k] for k in self.in_roll(observation)]
        out = []
        if self.counts is not None and len(roll) not in self.counts:
            n, single = len(roll), self.counts == (1,)
            out.append(Text(f"{n} {plural_en(n, 'die', 'dice')} where {' or '.join(map(str, self.counts))} "
                            f"{'is' if single else 'are'} expected",
                            f"{n} {plural_fr(n, 'dé')} alors que {' ou '.join(map(str, self.counts))} "
                            f"{'est attendu' if single else 'sont attendus'}"))
        out += [Text(f"a {d.value} no die of this game shows", f"un {d.value} qu’aucun dé de ce jeu ne montre")
                for d in roll if d.value not in self.faces]
        if self.colours is not None:
            out += [Text(f"a {d.color} die this game does not have",
                         f"un dé {colour_word(d.color, 'fr')} que ce jeu n’a pas")
                    for d in roll if d.color is not None and d.color not in self.colours]
        return out

    def admits(self, observation: Observation) -> bool:
        return not self.problems(observation)

    def admits_some_values(self, observation: Observation) -> bool:
        """Whether other values of the same dice could fit: the count and the colours are right."""
        return not RollExpectation(self.counts, self.colours, ALL_FACES, self.zones).problems(observation)


def _padded(places: Sequence[Any], n: int) -> list[Any]:
    return list(places[:n]) + [None] * max(0, n - len(places))
