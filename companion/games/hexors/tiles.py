"""Character and monster tiles as data: six faces, each a strike value and its colour.

« Chaque face d'un carreau personnage ou d'un carreau monstre comporte un nombre
et une couleur spécifique, qui représentent la VALEUR DE FRAPPE. »

Faces are listed from the hole's face (face 0, the top of the tile) clockwise as
seen from above. A monster has an element colour; a character has the attack
bonus printed on its back. The tiles in ``data/example_tiles.json`` are EXAMPLES
written for this project (``"example": true``); real tiles are typed in the same
format and given inline in the setup event.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping, Sequence

CHARACTER, MONSTER = "character", "monster"


@dataclass(frozen=True)
class Face:
    value: int
    colour: str


@dataclass(frozen=True)
class TileDef:
    id: str
    kind: str
    name: str
    faces: tuple[Face, ...]
    # monsters: « Chaque carreau monstre a une couleur de fond différente, c'est son ÉLÉMENT »
    element: str | None = None
    attack_bonus: int = 0           # characters: « le chiffre indiqué sur l'envers du carreau »
    example: bool = False
    name_fr: str = ""               # the name on the French page (docs/rules/hexors.md); "" : the same as ``name``

    def named(self, lang: str = "en") -> str:
        """The tile's name in ``lang`` (a tile typed with one name keeps it in both languages)."""
        return self.name_fr or self.name if lang == "fr" else self.name

    def value_for(self, colour: str) -> int:
        """« faire correspondre la couleur obtenue sur le dé avec le chiffre de la même couleur »"""
        for face in self.faces:
            if face.colour == colour:
                return face.value
        raise ValueError(f"tile {self.id} has no {colour} face")

    @property
    def highest(self) -> int:
        return max(f.value for f in self.faces)

    @classmethod
    def from_json(cls, data: Mapping[str, Any], colours: Sequence[str]) -> "TileDef":
        if not isinstance(data, Mapping):
            raise ValueError("a tile must be an object (or the id of an example tile)")
        tile_id, kind = str(data["id"]), data["kind"]
        if kind not in (CHARACTER, MONSTER):
            raise ValueError(f"tile {tile_id}: kind must be 'character' or 'monster', got {kind!r}")
        faces_in = data["faces"]
        if not isinstance(faces_in, list) or len(faces_in) != 6:
            raise ValueError(f"tile {tile_id}: 'faces' must list six faces, hole's face first, clockwise")
        faces = []
        for f in faces_in:
            value, colour = f["value"], str(f["colour"]).lower()
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 99:
                raise ValueError(f"tile {tile_id}: a strike value is a whole number 0-99, got {value!r}")
            if colour not in colours:
                raise ValueError(f"tile {tile_id}: colour {colour!r} is not a die colour ({', '.join(colours)})")
            faces.append(Face(value, colour))
        if len({f.colour for f in faces}) != 6:
            raise ValueError(f"tile {tile_id}: the six faces must carry the six die colours once each")
        element = data.get("element")
        if kind == MONSTER:
            element = str(element or "").lower()
            if element not in colours:
                raise ValueError(f"monster {tile_id}: 'element' must be a die colour ({', '.join(colours)})")
        else:
            element = None
        bonus = data.get("attack_bonus", 0)
        if not isinstance(bonus, int) or isinstance(bonus, bool) or not 0 <= bonus <= 99:
            raise ValueError(f"tile {tile_id}: 'attack_bonus' must be a whole number 0-99")
        name_fr = data.get("name_fr", "")
        if not isinstance(name_fr, str):
            raise ValueError(f"tile {tile_id}: 'name_fr' must be text")
        return cls(tile_id, kind, str(data.get("name", tile_id)), tuple(faces), element, bonus,
                   bool(data.get("example", False)), name_fr)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "name": self.name, "name_fr": self.named("fr"),
                               "example": self.example,
                               "faces": [{"value": f.value, "colour": f.colour} for f in self.faces]}
        if self.kind == MONSTER:
            out["element"] = self.element
        else:
            out["attack_bonus"] = self.attack_bonus
        return out


@lru_cache(maxsize=1)
def _example_data() -> tuple[dict[str, Any], ...]:
    text = resources.files(__package__).joinpath("data/example_tiles.json").read_text(encoding="utf-8")
    return tuple(json.loads(text)["tiles"])


def example_tiles(colours: Sequence[str]) -> dict[str, TileDef]:
    """The example tiles shipped with the companion, by id (they use the default six colours)."""
    return {t["id"]: TileDef.from_json(t, colours) for t in _example_data()}


def resolve_tile(value: Any, colours: Sequence[str]) -> TileDef:
    """A tile given by example id or inline as an object."""
    if isinstance(value, str):
        tiles = example_tiles(colours)
        if value not in tiles:
            raise ValueError(f"unknown tile {value!r} (examples: {', '.join(sorted(tiles))})")
        return tiles[value]
    return TileDef.from_json(value, colours)
