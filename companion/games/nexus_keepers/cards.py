"""Keeper cards as data: which face values allow which action, power dice, terrains, skills.

The shipped cards in ``data/example_cards.json`` are EXAMPLES written for this
project (marked ``"example": true``); real cards are typed in the same format and
passed inline in the setup event.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

ACTIONS = ("move", "jump", "push")


@dataclass(frozen=True)
class Skill:
    id: str
    name: dict[str, str]
    text: dict[str, str]
    trigger: tuple[int, ...] | None  # dice that must all be in the final roll; None: always-on skill

    def triggered_by(self, values: list[int]) -> bool:
        if not self.trigger:
            return False
        have = Counter(values)
        return all(have[v] >= n for v, n in Counter(self.trigger).items())


@dataclass(frozen=True)
class KeeperCard:
    id: str
    name: dict[str, str]
    faces: dict[int, tuple[str, ...]]  # face value (2-6) -> actions a group of it allows
    power_dice: int
    favoured: str | None
    unfavoured: str | None
    skills: tuple[Skill, ...] = ()
    example: bool = False

    def actions_for(self, value: int) -> tuple[str, ...]:
        return self.faces.get(value, ())

    @property
    def faces_key(self) -> tuple[tuple[int, tuple[str, ...]], ...]:
        """The faces as a hashable value, for memoised dice arithmetic."""
        return tuple(sorted(self.faces.items()))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "KeeperCard":
        if not isinstance(data, Mapping):
            raise ValueError("a keeper card must be an object")
        faces: dict[int, tuple[str, ...]] = {}
        for key, actions in dict(data["faces"]).items():
            value = int(key)
            if value == 1:
                raise ValueError("a 1 never allows an action "
                                 "(the rule book: 'les résultats de 1 ne correspondent jamais à une action')")
            if not 2 <= value <= 6:
                raise ValueError(f"card face values are 2 to 6, got {key!r}")
            if not isinstance(actions, list) or not set(actions) <= set(ACTIONS):
                raise ValueError(f"card face {key} must list actions among {', '.join(ACTIONS)}")
            faces[value] = tuple(a for a in ACTIONS if a in actions)
        power = data.get("power_dice", 0)
        if not isinstance(power, int) or isinstance(power, bool) or power < 0:
            raise ValueError("power_dice must be a whole number >= 0")
        skills = []
        listed = data.get("skills", [])
        if not isinstance(listed, list) or not all(isinstance(s, Mapping) for s in listed):
            raise ValueError('"skills" must list objects like {"id": "...", "trigger": [6, 6]}')
        for s in listed:
            trigger = s.get("trigger")
            if trigger is not None and (not isinstance(trigger, list)
                                        or not all(isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 6
                                                    for v in trigger)):
                raise ValueError("a skill trigger is a list of die values 1-6")
            skills.append(Skill(str(s["id"]), _text(s.get("name", s["id"])), _text(s.get("text", "")),
                                tuple(trigger) if trigger else None))
        return cls(str(data["id"]), _text(data.get("name", data["id"])), faces, power,
                   data.get("favoured"), data.get("unfavoured"), tuple(skills), bool(data.get("example", False)))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": dict(self.name), "example": self.example,
                "faces": {str(v): list(a) for v, a in sorted(self.faces.items())},
                "power_dice": self.power_dice, "favoured": self.favoured, "unfavoured": self.unfavoured,
                "skills": [{"id": s.id, "name": dict(s.name), "text": dict(s.text),
                            "trigger": list(s.trigger) if s.trigger else None} for s in self.skills]}


def _text(value: Any) -> dict[str, str]:
    if isinstance(value, Mapping):
        en = str(value.get("en", value.get("fr", "")))
        return {"en": en, "fr": str(value.get("fr", en))}
    return {"en": str(value), "fr": str(value)}


@lru_cache(maxsize=1)
def _example_data() -> tuple[dict[str, Any], ...]:
    text = resources.files(__package__).joinpath("data/example_cards.json").read_text(encoding="utf-8")
    return tuple(json.loads(text)["cards"])


def example_cards() -> dict[str, KeeperCard]:
    """The example cards shipped with the companion, by id."""
    return {c["id"]: KeeperCard.from_json(c) for c in _example_data()}


def resolve_card(value: Any) -> KeeperCard:
    """A card given by example id or inline as an object."""
    if isinstance(value, str):
        cards = example_cards()
        if value not in cards:
            raise ValueError(f"unknown keeper card {value!r} (examples: {', '.join(sorted(cards))})")
        return cards[value]
    return KeeperCard.from_json(value)
