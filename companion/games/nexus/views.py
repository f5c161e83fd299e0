"""What a phone needs to draw and explain the board: cards, rods, nodes, counters, Nexuses, legal moves.

Everything is in board (half-card) units: a landscape card at (x, y) spans x..x+2, y..y+1.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.words import fact, plural_en, plural_fr

from .display import drawable
from .grid import LATTICE, open_spots
from .scoring import leader, standing, worth
from .state import CARD, GameState
from .turns import counter_nodes


def _pt(p) -> list[float]:
    return [round(p[0], 4), round(p[1], 4)]


def board_cards(state: GameState) -> list[dict[str, Any]]:
    """Each card down, drawn, and ``said`` as the verdicts tell it ("Bob's Fork", "the first card")."""
    out = []
    words = state.words()
    for index, placement in enumerate(state.board.placements):
        card = state.cards[placement.card]
        x0, y0 = placement.x, placement.y
        w, h = (2, 1) if placement.landscape else (1, 2)
        rods = [[_pt(placement.board_point(card.point(c.a))), *[_pt(placement.board_point(b)) for b in c.bends],
                 _pt(placement.board_point(card.point(c.b)))] for c in card.connectors]
        out.append({"card": card.id, "name": card.name, "example": card.example, "x": x0, "y": y0,
                    "rotation": placement.rotation, "box": [x0, y0, x0 + w, y0 + h], "rods": rods,
                    "said": words[index].to_json()})
    return out


def nexus_views(state: GameState, options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every Nexus: open ones with their standing and value now, closed ones as they were scored."""
    board, counters = state.board, state.counters
    closed = {r["id"]: r for r in state.closed}
    out = []
    names = state.nexus_names()  # the verdicts' words
    for nexus in sorted(board.nexuses().values(), key=lambda n: n.id):
        place = names[nexus.id].to_json()
        if nexus.id in closed:
            r = closed[nexus.id]
            out.append({"id": nexus.id, "place": place, "closed": True, "nodes": list(nexus.nodes), "power": r["power"],
                        "leader": r["scorer"], "result": r["result"], "value": r["value"], "scorer": r["scorer"],
                        "points": r["points"], "open_ends": 0, "blocked_ends": nexus.blocked_ends})
            continue
        power = standing(nexus.nodes, board, counters, options)
        who, why = leader(power)
        out.append({"id": nexus.id, "place": place, "closed": False, "nodes": list(nexus.nodes), "power": power,
                    "leader": who, "result": why if why != "captured" else "leading",
                    "value": worth(nexus.nodes, board, counters, options),
                    "scorer": None, "points": 0, "open_ends": nexus.open_ends, "blocked_ends": nexus.blocked_ends,
                    "can_close": nexus.blocked_ends == 0 or options["blocked_rod_closes"]})
    return out


def node_views(state: GameState, options: Mapping[str, Any]) -> list[dict[str, Any]]:
    board = state.board
    closed_nodes = state.closed_nodes()
    out = []
    for nid in board.node_card:
        x, y = state.node_point(nid)
        out.append({"id": nid, "x": round(x, 4), "y": round(y, 4), "power": board.power[nid],
                    "value": 1 if options["every_node_worth_one"] else board.power[nid],
                    "counter": state.counters.get(nid), "nexus": board.nexus_of(nid).id,
                    "closed": nid in closed_nodes})
    return out


def summary(state: GameState, options: Mapping[str, Any]) -> dict[str, Any]:
    board = state.board
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
        "units": {"cell": 1, "card": [2, 1], "lattice_per_cell": LATTICE},
        "cards": board_cards(state),
        "nodes": node_views(state, options),
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
