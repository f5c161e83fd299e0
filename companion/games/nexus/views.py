"""What a phone needs to draw and explain the board: cards, counters, Nexuses, legal moves.

Everything is in board (half-card) units: a landscape card at (x, y) spans x..x+2, y..y+1. Every phone reads the
summary again after each change, all evening, so it carries what the phone cannot work out, once: each design's
rods and nodes (``designs``, drawn at each card's place and turn: the transform ``Placement.board_point`` applies),
each card name in both languages (``names``; ``labels``: each card's, by index) and each card's place; a node's
position and power come from its card's design, its Nexus from the Nexuses' node lists (a node by its index among
the nodes down, card after card, each design's nodes in order, as nx-board.js lists them), and a card's words ("Bob's
Fork", as the verdicts say it: ``places.card_phrases``) from its name, the players and its turn (nx-board.js), so a
phone switching languages says them again without asking.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from companion.words import fact, plural_en, plural_fr

from .display import card_shape, drawable
from .graph import node_id
from .grid import open_spots
from .places import GENDER_FR, noun_fr
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
    many copies are down)."""
    cards, designs, seen = [], [], {}
    for placement in state.board.placements:
        key, shape = _design(state, placement.card)
        if key not in seen:
            seen[key] = len(designs)
            designs.append(shape)
        cards.append({"card": placement.card, "x": placement.x, "y": placement.y, "rotation": placement.rotation,
                      "design": seen[key]})
    return cards, designs


def card_names(state: GameState) -> tuple[list[dict[str, str]], dict[str, int]]:
    """Each card name of the game once, as the verdicts say it, with what French needs to say a card down ("la
    Fourche de Bob", "l'Embranchement qu'Ann a posé"): ``the_fr`` and ``gender``; and every card's name by index
    (``labels``: a deck of sixty cards holds nine names). Worked out once per game in the engine's cache."""
    known = state.memo.get("names")
    if known is None or known[0] is not state.cards:
        names, index, labels = [], {}, {}
        for cid in state.cards:
            name = (state.label(cid), state.label(cid, "fr"))
            if name not in index:
                index[name] = len(names)
                names.append({"en": name[0], "fr": name[1], "the_fr": noun_fr(name[1])[0],
                              "gender": GENDER_FR.get(name[1], "f")})
            labels[cid] = index[name]
        known = state.memo["names"] = (state.cards, names, labels)
    return known[1], known[2]


def node_indices(state: GameState) -> dict[str, int]:
    """Each node down by its index among them: card after card as played, each design's nodes in their order (a
    Nexus lists its nodes so: 17 where "ex-bridge-1:a" was)."""
    out: dict[str, int] = {}
    for placement in state.board.placements:
        for node in _design(state, placement.card)[1]["nodes"]:
            out[node_id(placement.card, node["name"])] = len(out)
    return out


def nexus_views(state: GameState, options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every Nexus: open ones with their standing and value now (no scorer nor points yet: none sent), closed ones
    as they were scored; ``nodes`` by their index (``node_indices``)."""
    board, counters = state.board, state.counters
    closed = {r["id"]: r for r in state.closed}
    index = node_indices(state)
    out = []
    places = state.nexus_places()  # the verdicts' words, by the cards' words: the phone says them (nx-board.js)
    for nexus in sorted(board.nexuses().values(), key=lambda n: n.id):
        place = places[nexus.id]
        if nexus.id in closed:
            r = closed[nexus.id]
            out.append({"id": nexus.id, "place": place, "closed": True, "nodes": [index[n] for n in nexus.nodes],
                        "power": r["power"], "value": r["value"], "scorer": r["scorer"], "points": r["points"]})
            continue
        out.append({"id": nexus.id, "place": place, "closed": False, "nodes": [index[n] for n in nexus.nodes],
                    "power": standing(nexus.nodes, board, counters, options),
                    "value": worth(nexus.nodes, board, counters, options)})
    return out


def summary(state: GameState, options: Mapping[str, Any]) -> dict[str, Any]:
    board = state.board
    cards, designs = board_cards(state)
    names, labels = card_names(state)
    return {
        "phase": state.phase,
        "player": state.player if state.outcome is None else None,
        "turn": state.turn_number,
        "players": [{"name": p, "colour": state.colours[p], "score": state.scores[p]} for p in state.players],
        "scores": dict(state.scores),
        "target_points": options["target_points"],
        "deck_left": len(state.deck),
        "top_card": state.deck[0] if state.deck and state.deck_order == "top_first" else None,
        "names": names,  # every card name once, in both languages, as verdicts say it
        "labels": labels,  # each card's name, by index in ``names``
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
