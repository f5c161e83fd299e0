"""Nexus cards as data: named nodes, named edge ports, and the rods ("connectors") between them.

The book shows its deck only as a picture, so the shipped deck (``data/example_deck.json``) is an
EXAMPLE written for this project (every card marked ``"example": true``); a real deck is typed in
the same format and given inline in the setup event (docs/rules/nexus.md, "Card format").

Card-local coordinates: the card lies landscape (rotation 0), x from 0 (left) to 8 (right), y from
0 (top) to 4 (bottom), so one unit is an eighth of the long edge. Rods leave a card only through
the six *ports*, the middles of the six half-card edge segments, so that two cards on the
half-card grid always meet port to port.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Mapping

from companion.core import Text
from companion.words import plain_name

WIDTH, HEIGHT = 8, 4
PORTS: dict[str, tuple[int, int]] = {
    "L": (0, 2), "R": (8, 2),    # middles of the short edges
    "TL": (2, 0), "TR": (6, 0),  # top long edge, left and right halves
    "BL": (2, 4), "BR": (6, 4),  # bottom long edge
}
ROTATIONS = (0, 90, 180, 270)
#: How a card lies, as players say it: turned clockwise from its printed way (landscape, as the deck shows it).
TURNS = {0: Text("as printed", "à l’endroit"),
         90: Text("turned a quarter to the right", "tournée d’un quart à droite"),
         180: Text("upside down", "à l’envers"),
         270: Text("turned a quarter to the left", "tournée d’un quart à gauche")}
MAX_POWER = 4  # "These Values range between 1 and 4."


def rotate(point: tuple[float, float], rotation: int) -> tuple[float, float]:
    """A card-local point turned ``rotation`` degrees clockwise (y points down), inside its new box."""
    x, y = point
    if rotation == 0:
        return x, y
    if rotation == 90:
        return HEIGHT - y, x
    if rotation == 180:
        return WIDTH - x, HEIGHT - y
    if rotation == 270:
        return y, WIDTH - x
    raise ValueError(f"rotation must be one of {ROTATIONS}, got {rotation!r}")


@dataclass(frozen=True)
class Connector:
    """One printed rod: from one end (a node name or a port name) to the other, with bends for drawing."""

    a: str
    b: str
    bends: tuple[tuple[float, float], ...] = ()


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    nodes: dict[str, tuple[float, float]]
    connectors: tuple[Connector, ...]
    example: bool = False

    def power(self, node: str) -> int:
        """A node's Power Value: the connectors attached to it."""
        return sum((c.a == node) + (c.b == node) for c in self.connectors)

    def point(self, end: str) -> tuple[float, float]:
        return self.nodes[end] if end in self.nodes else PORTS[end]

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Card":
        if not isinstance(data, Mapping):
            raise ValueError("a card must be a JSON object")
        card_id = data.get("id")
        if not isinstance(card_id, str) or not card_id or ":" in card_id:
            raise ValueError(f"a card needs an \"id\" string without ':', got {card_id!r}")
        where = f"card {card_id!r}"
        raw_nodes = data.get("nodes")
        if not isinstance(raw_nodes, Mapping) or not raw_nodes:
            raise ValueError(f"{where}: \"nodes\" must map node names to [x, y]")
        nodes = {}
        for name, xy in raw_nodes.items():
            if not isinstance(name, str) or not name or name in PORTS or ":" in name:
                raise ValueError(f"{where}: node name {name!r} must be a string, not a port name (L R TL TR BL BR)")
            x, y = _point(xy, where)
            if not (0 < x < WIDTH and 0 < y < HEIGHT):
                raise ValueError(f"{where}: node {name!r} at {list(xy)} must lie strictly inside the card "
                                 f"(0 < x < {WIDTH}, 0 < y < {HEIGHT}); rods leave a card only through ports")
            nodes[name] = (x, y)
        raw = data.get("connectors")
        if not isinstance(raw, list) or not raw:
            raise ValueError(f"{where}: \"connectors\" must be a list of [end, (bend [x, y] ...), end]")
        connectors, ports_used = [], set()
        for item in raw:
            if not isinstance(item, list) or len(item) < 2:
                raise ValueError(f"{where}: a connector is [end, ..., end], got {item!r}")
            a, b = item[0], item[-1]
            for end in (a, b):
                if end not in nodes and end not in PORTS:
                    raise ValueError(f"{where}: connector end {end!r} is neither a node nor a port (L R TL TR BL BR)")
                if end in PORTS:
                    if end in ports_used:
                        raise ValueError(f"{where}: port {end} carries two rods; a port carries at most one")
                    ports_used.add(end)
            if a == b:
                raise ValueError(f"{where}: a connector cannot join {a!r} to itself")
            connectors.append(Connector(a, b, tuple(_point(p, where) for p in item[1:-1])))
        card = cls(card_id, str(data.get("name", card_id)), nodes, tuple(connectors), bool(data.get("example", False)))
        for name in nodes:
            if not 1 <= card.power(name) <= MAX_POWER:
                raise ValueError(f"{where}: node {name!r} has {card.power(name)} connectors; "
                                 f"the book says Power Values range between 1 and {MAX_POWER}")
        return card

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "example": self.example,
                "nodes": {n: list(p) for n, p in self.nodes.items()},
                "connectors": [[c.a, *[list(p) for p in c.bends], c.b] for c in self.connectors]}


def _point(xy: Any, where: str) -> tuple[float, float]:
    if (not isinstance(xy, (list, tuple)) or len(xy) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in xy)):
        raise ValueError(f"{where}: a point is [x, y] numbers, got {xy!r}")
    return xy[0], xy[1]


@lru_cache(maxsize=1)
def _example_data() -> tuple[dict[str, Any], ...]:
    text = resources.files(__package__).joinpath("data/example_deck.json").read_text(encoding="utf-8")
    return tuple(json.loads(text)["cards"])


#: The example cards' names on a French phone (a card typed in by players keeps its own name in both languages).
NAMES_FR = {"Double cross": "Double croix", "Split": "Embranchement", "Six caps": "Six embouts", "Bridge": "Pont",
            "Fork": "Fourche", "Hooks": "Crochets", "Chain": "Chaîne", "Loop": "Boucle", "Long rod": "Longue tige"}


def card_name(card: Card, lang: str = "en") -> str:
    """What players call a card: its printed name less any note in brackets, in French where it has a French name."""
    return _said_name(card.name, lang) or card.id


@lru_cache(maxsize=512)
def _said_name(printed: str, lang: str) -> str:
    """``card_name`` by the printed name (every verdict names each card down: worked out once per design)."""
    name = plain_name(printed)
    return NAMES_FR.get(name, name) if lang == "fr" else name


def example_deck() -> list[Card]:
    """The example deck shipped with the companion (not the published deck), in its listed order."""
    return [Card.from_json(c) for c in _example_data()]


def resolve_deck(value: Any) -> list[Card]:
    """A deck from ``"example"``, or a list of example card ids and/or inline card objects."""
    if value is None or value == "example":
        return example_deck()
    if not isinstance(value, list) or not value:
        raise ValueError('"deck" must be "example" or a non-empty list of card ids / card objects')
    examples = {c.id: c for c in example_deck()}
    cards = []
    for item in value:
        if isinstance(item, str):
            if item not in examples:
                raise ValueError(f"unknown card {item!r} (type it inline, or use an example id such as "
                                 f"{next(iter(examples))!r})")
            cards.append(examples[item])
        else:
            cards.append(Card.from_json(item))
    ids = [c.id for c in cards]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    if dupes:
        raise ValueError(f"card ids must be unique in a deck; repeated: {', '.join(dupes)}")
    return cards
