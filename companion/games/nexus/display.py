"""What a phone needs to set up Nexus and pick the card drawn: the example deck and each card's shape.

Read-only plain JSON, so the phone draws from the engine's words rather than its internals. Shapes are in
half-card units with the card lying landscape (rotation 0): the box is 2 x 1, nodes and rod polylines inside it;
the phone turns the drawing to show another rotation.
"""

from __future__ import annotations

from typing import Any, Iterable

from .cards import Card, card_name, example_deck
from .grid import LATTICE
from .state import COLOURS, GameState


def _unit(point) -> list[float]:
    return [round(point[0] / LATTICE, 4), round(point[1] / LATTICE, 4)]


def card_shape(card: Card) -> dict[str, Any]:
    """A card as drawn, landscape: its rods as polylines and its nodes with their power values."""
    rods = [[_unit(card.point(c.a)), *[_unit(b) for b in c.bends], _unit(card.point(c.b))] for c in card.connectors]
    nodes = [{"name": n, "x": _unit(p)[0], "y": _unit(p)[1], "power": card.power(n)} for n, p in card.nodes.items()]
    return {"id": card.id, "name": card.name, "example": card.example, "rods": rods, "nodes": nodes}


def designs(cards: Iterable[Card]) -> list[dict[str, Any]]:
    """Each design once, in the order first met: copies of a card are alike, so players pick "Fork", not one of six
    ids. Its shape is its first copy's (the one a tap sends); ``names`` in both languages, ``left``: copies there."""
    out: dict[str, dict[str, Any]] = {}
    for card in cards:
        if card.name in out:
            out[card.name]["left"] += 1
        else:
            out[card.name] = {**card_shape(card), "names": {"en": card_name(card), "fr": card_name(card, "fr")},
                              "left": 1}
    return list(out.values())


def setup_choices() -> dict[str, Any]:
    """What a setup screen offers: 2-4 players, their counter colours, the example deck (the first card is picked,
    by design), its size."""
    deck = example_deck()
    return {"players": [2, 3, 4], "colours": list(COLOURS), "deck": "example", "cards": designs(deck),
            "deck_size": len(deck), "deck_orders": ["unknown", "top_first"]}


def drawable(state: GameState) -> list[dict[str, Any]]:
    """The cards a player may have drawn, each design once with how many are left: the top one with a known order,
    else every card not yet played."""
    if not state.deck:
        return []
    ids = state.deck[:1] if state.deck_order == "top_first" else state.deck
    return designs(state.cards[i] for i in ids)
