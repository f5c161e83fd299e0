"""What a phone needs to draw and explain the board: cards, counters, Nexuses, legal moves.

Everything is in board (half-card) units: a landscape card at (x, y) spans x..x+2, y..y+1. Every phone reads the
summary again after each change, all evening, so it carries what the phone cannot work out, once: each design's
rods and nodes (``designs``, drawn at each card's place and turn: the transform ``Placement.board_point`` applies),
each card's place and words; a node's position and power come from its card's design, its Nexus from the Nexuses'
node lists.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from companion.words import fact, plural_en, plural_fr

from .display import card_shape, drawable
from .grid import open_spots
from .scoring import standing, worth
from .state import CARD, GameState
from .turns import counter_nodes


def _design(state: GameState, card_id: str) -> tuple[str, dict[str, Any]]:
    """A card's shape as drawn (rods and nodes, landscape) and a key alike for alike shapes, worked out once per
    card in the engine's cache (``state.memo``, kept across moves)."""
    card = state.cards[card_id]
    known = state.memo.setdefault("designs", {}).get(card_id)
    if known is None or known[0] is not card:
        shape = card_shape(card)
        shape = {"rods": shape["rods"], "nodes": shape["nodes"]}
        known = state.memo["designs"][card_id] = (card, json.dumps(shape, sort_keys=True), shape)
    return known[1], known[2]


def board_cards(state: GameState) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Each card down, where it lies, by its ``design`` (an index in the designs returned: each shape once, however
    many copies are down) and ``said`` as the verdicts tell it ("Bob's Fork", "the first card")."""
    cards, designs, seen = [], [], {}
    words = state.words()
    for index, placement in enumerate(state.board.placements):
        key, shape = _design(state, placement.card)
        if key not in seen:
            seen[key] = len(designs)
            designs.append(shape)
        cards.append({"card": placement.card, "x": placement.x, "y": placement.y, "rotation": placement.rotation,
                      "design": seen[key], "said": words[index].to_json()})
    return cards, designs


def nexus_views(state: GameState, options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every Nexus: open ones with their standing and value now, closed ones as they were scored."""
    board, counters = state.board, state.counters
    closed = {r["id"]: r for r in state.closed}
    out = []
    places = state.nexus_places()  # the verdicts' words, by the cards' words: the phone says them (nx-board.js)
    for nexus in sorted(board.nexuses().values(), key=lambda n: n.id):
        place = places[nexus.id]
        if nexus.id in closed:
            r = closed[nexus.id]
            out.append({"id": nexus.id, "place": place, "closed": True, "nodes": list(nexus.nodes), "power": r["power"],
                        "value": r["value"], "scorer": r["scorer"], "points": r["points"]})
            continue
        out.append({"id": nexus.id, "place": place, "closed": False, "nodes": list(nexus.nodes),
                    "power": standing(nexus.nodes, board, counters, options),
                    "value": worth(nexus.nodes, board, counters, options), "scorer": None, "points": 0})
    return out


def summary(state: GameState, options: Mapping[str, Any]) -> dict[str, Any]:
    board = state.board
    cards, designs = board_cards(state)
    return {
        "phase": state.phase,
        "player": state.player if state.outcome is None else None,
        "turn": state.turn_number,
        "players": [{"name": p, "colour": state.colours[p], "score": state.scores[p]} for p in state.players],
        "scores": dict(state.scores),
        "target_points": options["target_points"],
        "deck_left": len(state.deck),
        "top_card": state.deck[0] if state.deck and state.deck_order == "top_first" else None,
        # every card by its name in both languages, as verdicts say it
        "labels": {cid: {"en": state.label(cid), "fr": state.label(cid, "fr")} for cid in state.cards},
        "cards": cards,
        "designs": designs,
        "counters": dict(state.counters),
        "nexuses": nexus_views(state, options),
        "legal_counters": counter_nodes(state, options),
        "card_spots": open_spots(board.occupied, board.landscape_of) if state.phase == CARD and state.deck else [],
        "last_closed": [r["id"] for r in state.closed if r["cards_down"] == len(board.placements)],
        "outcome": state.outcome,
        "drawable": drawable(state) if state.phase == CARD else [],
        "facts": facts(state, options),
    }


def facts(state: GameState, options: Mapping[str, Any]) -> list[dict[str, str]]:
    """The game's details in words (the phone's "Game details"): whose turn, the deck, the points to win."""
    n, goal = len(state.deck), options["target_points"]
    out = [fact(f"Turn {state.turn_number}: {state.player}", f"Tour {state.turn_number} : {state.player}")] \
        if state.outcome is None else []
    return out + [fact(f"{n} {plural_en(n, 'card')} left in the deck", f"{n} {plural_fr(n, 'carte')} dans la pioche"),
                  fact(f"First to {goal} {plural_en(goal, 'point')} wins",
                       f"Le premier à {goal} {plural_fr(goal, 'point')} gagne")]
