"""What a phone needs to draw and explain the board: cards, counters, Nexuses, legal moves.

Everything is in board (half-card) units: a landscape card at (x, y) spans x..x+2, y..y+1. Every live event carries
the summary to every phone, all evening, within 16 KiB (companion/table/state.py), so it carries what the phone cannot
work out, once, for the cards in sight (down, drawable: the deck lies face down): each design's rods and nodes
(``designs``, drawn at each card's place and turn: the transform ``Placement.board_point`` applies), each card
name in both languages (``names``; ``labels``: each card's) and each card's place; a node's position and power come
from its card's design, its Nexus from the Nexuses' node lists (a node by its index among the nodes down, card after
card, each design's nodes in order, as nx-board.js lists them), and a card's words ("Bob's Fork", as the verdicts
say it: ``places.card_phrases``) from its name, the players and its turn (nx-board.js), so a phone switching
languages says them again without asking. What grows with the board (cards, Nexuses, spots, drawable cards) comes
as short lists, not objects with their keys: the phone turns them into objects once (nx-board.js's ``readable``), and
a live event carries a board of the whole example deck.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from companion.words import fact, plural_en, plural_fr

from . import rules
from .display import card_shape, drawable
from .graph import node_id
from .grid import apart_spots, open_spots
from .places import GENDER_FR, noun_fr
from .scoring import standing, worth
from .state import CARD, COUNTER, GameState
from .turns import card_spots, counter_nodes


def _design(state: GameState, card_id: str) -> tuple[str, list[Any]]:
    """A card's shape as drawn (``[rods, nodes]``, landscape; a node ``[name, x, y, power]``) and a key alike for
    alike shapes, worked out once per card in the engine's cache (``state.memo``, kept across moves)."""
    card = state.cards[card_id]
    known = state.memo.setdefault("designs", {}).get(card_id)
    if known is None or known[0] is not card:
        shape = card_shape(card)
        shape = [shape["rods"], [[n["name"], n["x"], n["y"], n["power"]] for n in shape["nodes"]]]
        known = state.memo["designs"][card_id] = (card, json.dumps(shape), shape)
    return known[1], known[2]


def game_designs(state: GameState) -> tuple[list[list[Any]], dict[str, int]]:
    """Each shape of the game's cards once (a deck of fifty-four cards holds nine), in an order of their own, not
    the deck's (the deck lies face down), and each card's by index: the cards down and the cards drawable refer to
    them. Worked out once per game."""
    known = state.memo.get("design_index")
    if known is None or known[0] is not state.cards:
        shapes = dict(_design(state, card_id) for card_id in state.cards)
        order = {key: i for i, key in enumerate(sorted(shapes))}
        index = {card_id: order[_design(state, card_id)[0]] for card_id in state.cards}
        known = state.memo["design_index"] = (state.cards, [shapes[key] for key in sorted(shapes)], index)
    return known[1], known[2]


def cards_in_sight(state: GameState) -> dict[str, Any]:
    """The cards a phone draws now, down and drawable, with the designs and names they need and no others (the
    deck lies face down): each design and name once, by index, in the game's order of them; each card down
    ``[id, x, y, rotation, design]`` in the order played, each drawable ``[id, design, left]``, each one's name by
    index (``labels``)."""
    designs, design_of = game_designs(state)
    names, name_of = card_names(state)
    drawn = drawable(state) if state.phase == CARD else []
    seen = [p.card for p in state.board.placements] + [d["id"] for d in drawn]
    shape_at = {d: i for i, d in enumerate(sorted({design_of[c] for c in seen}))}
    word_at = {n: i for i, n in enumerate(sorted({name_of[c] for c in seen}))}
    return {"names": [names[n] for n in word_at], "labels": {c: word_at[name_of[c]] for c in seen},
            "designs": [designs[d] for d in shape_at],
            "cards": [[p.card, p.x, p.y, p.rotation, shape_at[design_of[p.card]]] for p in state.board.placements],
            "drawable": [[d["id"], shape_at[design_of[d["id"]]], d["left"]] for d in drawn]}


def card_names(state: GameState) -> tuple[list[dict[str, str]], dict[str, int]]:
    """Each card name of the game once, as the verdicts say it, with what French needs to say a card down ("la
    Fourche de Bob", "l'Embranchement qu'Ann a posé"): ``the_fr`` and ``gender``, in an order of their own, not the
    deck's; and every card's name by index (``labels``: a deck of sixty cards holds nine names). Worked out once per
    game in the engine's cache."""
    known = state.memo.get("names")
    if known is None or known[0] is not state.cards:
        said = {cid: (state.label(cid), state.label(cid, "fr")) for cid in state.cards}
        order = sorted(set(said.values()))
        index = {name: i for i, name in enumerate(order)}
        names = [{"en": en, "fr": fr, "the_fr": noun_fr(fr)[0], "gender": GENDER_FR.get(fr, "f")} for en, fr in order]
        known = state.memo["names"] = (state.cards, names, {cid: index[name] for cid, name in said.items()})
    return known[1], known[2]


def node_indices(state: GameState) -> dict[str, int]:
    """Each node down by its index among them: card after card as played, each design's nodes in their order (a
    Nexus lists its nodes so: 17 where "ex-bridge-1:a" was)."""
    out: dict[str, int] = {}
    for placement in state.board.placements:
        for node in _design(state, placement.card)[1][1]:
            out[node_id(placement.card, node[0])] = len(out)
    return out


def _place(place: Mapping[str, Any]) -> list[Any]:
    """A Nexus's place (``GameState.nexus_places``) as ``[cards, more, side, count]``, trailing ones left out when
    none (``more``: 0)."""
    out = [place["cards"], place.get("more", 0), place.get("side"), place.get("count")]
    while out[-1] is None:
        out.pop()
    return out[:1] if out[1:] == [0] else out


def nexus_views(state: GameState, options: Mapping[str, Any], index: Mapping[str, int]) -> list[list[Any]]:
    """Every Nexus, by id: ``[nodes, place, value, power]`` while open (its standing and value now, no scorer yet),
    ``[nodes, place, value, power, scorer, points]`` once closed, as it was scored. ``nodes`` by their index
    (``index``: ``node_indices``), in id order: the first is the node the Nexus is named by (its id,
    "ex-bridge-1:a"); ``place``: ``_place``."""
    board, counters = state.board, state.counters
    closed = {r["id"]: r for r in state.closed}
    out = []
    places = state.nexus_places()  # the verdicts' words, by the cards' words: the phone says them (nx-board.js)
    for nexus in sorted(board.nexuses().values(), key=lambda n: n.id):
        nodes, place = [index[n] for n in nexus.nodes], _place(places[nexus.id])
        if nexus.id in closed:
            r = closed[nexus.id]
            out.append([nodes, place, r["value"], r["power"], r["scorer"], r["points"]])
        else:
            out.append([nodes, place, worth(nexus.nodes, board, counters, options),
                        standing(nexus.nodes, board, counters, options)])
    return out


def tie_spots(state: GameState, options: Mapping[str, Any], drawn: list[list[Any]]) -> dict[str, list[list[int]]]:
    """Variant « make it illegal to create a tie by any means »: for each card the player may have drawn
    (``drawn``: the summary's ``drawable``, one card per design), the spots touching the board, ``[x, y, rotation]``,
    where the referee would refuse it for a tie (``turns.card_spots`` leaves them out); cards with none are left out.
    The card is known only once the player says it, so the phone marks them for the card picked. Worked out once per
    board and counters in the engine's cache (a summary is read again on every live event)."""
    if not options["ties_illegal"] or not drawn:
        return {}
    board, key = state.board, (tuple(sorted(state.counters.items())), tuple(d[0] for d in drawn))
    known = state.memo.get("tie_spots")
    if known is not None and known[0] is board and known[1] == key:
        return known[2]
    out = {}
    for card_id, *_ in drawn:
        allowed = {(p.x, p.y, p.rotation) for p in card_spots(state, card_id, options)}
        refused = [[s["x"], s["y"], r] for s in open_spots(board.occupied, board.landscape_of)
                   for r in s["rotations"] if (s["x"], s["y"], r) not in allowed]
        if refused:
            out[card_id] = refused
    state.memo["tie_spots"] = (board, key, out)
    return out


def variant_spots(state: GameState, options: Mapping[str, Any], spots: list[dict],
                  drawn: list[list[Any]]) -> dict[str, Any]:
    """The spots only a variant has, sent only under it (every live event carries the summary; without the variant
    an empty list would ride on each): ``apart_spots``, variant « anywhere on the table », the ring of spots one
    half-card off the board where the phone offers to lay the card apart (the camera and typed events take any spot
    on the grid); ``tie_spots``, variant ties_illegal, the spots that would tie a Nexus, card by card drawable (the
    phone marks them). Both empty outside the card phase."""
    out: dict[str, Any] = {}
    if options["cards_anywhere"]:
        out["apart_spots"] = [[s["x"], s["y"], s["rotations"][0]] for s in apart_spots(state.board.occupied)] \
            if spots else []
    if options["ties_illegal"]:
        out["tie_spots"] = tie_spots(state, options, drawn) if spots else {}
    return out


def summary(state: GameState, options: Mapping[str, Any]) -> dict[str, Any]:
    """The board as phones draw it; cards, Nexuses, spots and drawable cards as short lists (``cards_in_sight``,
    ``nexus_views``, ``[x, y, turn]``: turn 0 a card lying there, as printed or upside down, 90 one standing, turned
    either way), nodes by index (``node_indices``)."""
    board = state.board
    sight = cards_in_sight(state)
    spots = open_spots(board.occupied, board.landscape_of) if state.phase == CARD and state.deck else []
    index = node_indices(state)
    return {
        "phase": state.phase,
        "player": state.player if state.outcome is None else None,
        "turn": state.turn_number,
        "players": [{"name": p, "colour": state.colours[p], "score": state.scores[p]} for p in state.players],
        "scores": dict(state.scores),
        "target_points": options["target_points"],
        "deck_left": len(state.deck),
        # the face-down next card only while it is the card to play: every phone on the Wi-Fi reads the summary
        "top_card": state.deck[0] if state.phase == CARD and state.deck and state.deck_order == "top_first" else None,
        "names": sight["names"],  # each name of the cards in sight once, in both languages, as verdicts say it
        "labels": sight["labels"],  # each card in sight's name, by index in ``names``
        "designs": sight["designs"],  # each shape of the cards in sight once
        "cards": sight["cards"],
        "counters": dict(state.counters),
        "nexuses": nexus_views(state, options, index),
        "legal_counters": [index[n] for n in counter_nodes(state, options)],  # by index, as a Nexus's nodes
        "card_spots": [[s["x"], s["y"], s["rotations"][0]] for s in spots],  # 0: lying (0, 180), 90: standing
        **variant_spots(state, options, spots, sight["drawable"]),
        "last_closed": [r["id"] for r in state.closed if r["cards_down"] == len(board.placements)],
        "outcome": state.outcome,
        "drawable": sight["drawable"],
        "facts": facts(state, options),
        **refusal_rules(state, options, spots),
    }


def refusal_rules(state: GameState, options: Mapping[str, Any], spots: list[dict]) -> dict[str, Any]:
    """``refusal_rules``: rule id -> the book as the engine's verdict quotes it ({en, fr}), for the refusals the
    phone words itself without asking the referee (a node taken or in a closed Nexus; a tie, variant no ties), sent
    only while it can say them: a refusal gives its rule as the engine's would, from this one copy."""
    ids = []
    if state.phase == COUNTER:
        ids = [rules.COUNTER_OCCUPIED, rules.COUNTER_CLOSED]
    if options["ties_illegal"] and (state.phase == COUNTER or spots):
        ids.append(rules.NO_TIES)
    return {"refusal_rules": {rule: rules.book_said(rule) for rule in ids}} if ids else {}


def readable(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The summary with its short lists as the objects the phone turns them into (nx-board.js's ``readable``), for
    readers of a summary (tests, tools): designs, cards, Nexuses (named by their first node), card spots, legal
    counters (node ids) and drawable cards; the variants' spots, sent only under them, empty without."""
    designs = [{"rods": rods, "nodes": [{"name": n, "x": x, "y": y, "power": p} for n, x, y, p in nodes]}
               for rods, nodes in summary["designs"]]
    cards = [dict(zip(("card", "x", "y", "rotation", "design"), c)) for c in summary["cards"]]
    ids = [f"{c['card']}:{n['name']}" for c in cards for n in designs[c["design"]]["nodes"]]
    nexuses = []
    for n in summary["nexuses"]:
        nodes, place = n[0], dict(zip(("cards", "more", "side", "count"), n[1]))
        view = {"id": ids[nodes[0]], "nodes": nodes, "place": {k: v for k, v in place.items() if v},
                "value": n[2], "power": n[3], "closed": len(n) > 4}
        nexuses.append({**view, "scorer": n[4], "points": n[5]} if view["closed"] else view)
    names, labels = summary["names"], summary["labels"]
    return {**summary, "designs": designs, "cards": cards, "nexuses": nexuses,
            "card_spots": [{"x": x, "y": y, "rotations": [r, r + 180]} for x, y, r in summary["card_spots"]],
            "apart_spots": [{"x": x, "y": y, "rotations": [r, r + 180]} for x, y, r in summary.get("apart_spots", [])],
            "tie_spots": summary.get("tie_spots", {}),
            "legal_counters": [ids[i] for i in summary["legal_counters"]],
            "drawable": [{"id": i, "left": left, **designs[d], "names": names[labels[i]]}
                         for i, d, left in summary["drawable"]]}


def facts(state: GameState, options: Mapping[str, Any]) -> list[dict[str, str]]:
    """The game's details in words (the phone's "Game details"): whose turn, the deck, the points to win."""
    n, goal = len(state.deck), options["target_points"]
    out = [fact(f"Turn {state.turn_number}: {state.player}", f"Tour {state.turn_number} : {state.player}")] \
        if state.outcome is None else []
    return out + [fact(f"{n} {plural_en(n, 'card')} left in the deck", f"{n} {plural_fr(n, 'carte')} dans la pioche"),
                  fact(f"First to {goal} {plural_en(goal, 'point')} wins",
                       f"Le premier à {goal} {plural_fr(goal, 'point')} gagne")]
