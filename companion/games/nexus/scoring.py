"""Scoring closed Nexuses: who captures one, what it is worth, and in which order several are scored.

Book: « To capture a Nexus, you must have more Power Points than any other player in that Nexus »;
« The point value of a Nexus is equal to the total Power Values of the unoccupied Nodes in that
Nexus. »; « If you close two Nexuses at once, you score your own first, then proceed to the left. »
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from companion.core import Verdict
from companion.words import plural_en, plural_fr

from . import rules
from .graph import Nexus
from .state import OVER, GameState


def node_value(board, nid: str, options: Mapping[str, Any]) -> int:
    """A node's Power Value (variant: every node worth one)."""
    return 1 if options["every_node_worth_one"] else board.power[nid]


def standing(nodes: Iterable[str], board, counters: Mapping[str, str], options) -> dict[str, int]:
    """Power Points per player among the occupied nodes."""
    out: dict[str, int] = {}
    for nid in nodes:
        if nid in counters:
            out[counters[nid]] = out.get(counters[nid], 0) + node_value(board, nid, options)
    return out


def worth(nodes: Iterable[str], board, counters: Mapping[str, str], options) -> int:
    """The total Power Values of the unoccupied nodes."""
    return sum(node_value(board, nid, options) for nid in nodes if nid not in counters)


def leader(power: Mapping[str, int]) -> tuple[str | None, str]:
    """(who captures, why): 'captured', 'tie' or 'empty'."""
    if not power:
        return None, "empty"
    best = max(power.values())
    top = [p for p, v in power.items() if v == best]
    return (top[0], "captured") if len(top) == 1 else (None, "tie")


def tied(power: Mapping[str, int]) -> bool:
    return leader(power)[1] == "tie"


def _describe(power: Mapping[str, int], players: list[str]) -> tuple[str, str]:
    parts = [f"{p} {power[p]}" for p in players if p in power]
    text = ", ".join(parts) if parts else "no counters"
    return text, ", ".join(parts) if parts else "aucun pion"


def _order_line(results: list[tuple]) -> Verdict:
    """The order several captures are scored in: "scored Cy then Ann"; one player capturing them all has no order
    to tell: "Ann captures both" ("Ann capture les deux"), "all 3", "2 of them" beside an uncaptured one."""
    scorers = list(dict.fromkeys(r[2] for r in results if r[2] is not None))
    if len(scorers) > 1:
        en, fr = f"scored {' then '.join(scorers)}", f"marqués {' puis '.join(scorers)}"
    else:
        n, closed = sum(1 for r in results if r[2] is not None), len(results)
        them_en, them_fr = ("both", "les deux") if n == closed == 2 else \
            (f"all {n}", f"les {n}") if n == closed else (f"{n} of them", f"{n} d’entre eux")
        en, fr = f"{scorers[0]} captures {them_en}", f"{scorers[0]} capture {them_fr}"
    return rules.info(rules.SCORE_ORDER, f"Several Nexuses closed at once: {en}",
                      f"Plusieurs Nexus fermés à la fois : {fr}")


def score_closed(state: GameState, closing: list[Nexus], options: Mapping[str, Any]) -> list[Verdict]:
    """Score every Nexus closed by the current card, the current player's first, then leftwards."""
    board, counters = state.board, state.counters
    results = []
    for nexus in closing:
        power = standing(nexus.nodes, board, counters, options)
        who, why = leader(power)
        results.append((nexus, power, who, why, worth(nexus.nodes, board, counters, options)))
    seat = {p: (state.players.index(p) - state.turn) % len(state.players) for p in state.players}
    results.sort(key=lambda r: (r[2] is not None, seat.get(r[2], 0), r[0].id))
    out: list[Verdict] = []
    if sum(1 for r in results if r[2] is not None) > 1:
        out.append(_order_line(results))
    names = state.nexus_names()
    for nexus, power, who, why, points in results:
        text_en, text_fr = _describe(power, state.players)
        size, place, lieu = len(nexus.nodes), names[nexus.id].en, names[nexus.id].fr
        record = {"id": nexus.id, "nodes": list(nexus.nodes), "power": power, "scorer": who, "points": 0,
                  "result": why, "value": points, "turn": state.turn_number, "closed_by": state.player,
                  "cards_down": len(state.placements)}
        if who is None and why == "empty":
            out.append(rules.info(rules.SCORE_EMPTY, f"The Nexus on {place} ({size} nodes) closes empty: no one "
                                  "scores it", f"Le Nexus sur {lieu} ({size} nœuds) se ferme vide : personne ne le "
                                  "marque"))
        elif who is None:
            out.append(rules.info(rules.SCORE_TIE, f"The Nexus on {place} closes with the strongest players tied "
                                  f"({text_en}): no one scores it",
                                  f"Le Nexus sur {lieu} se ferme avec les plus forts à égalité ({text_fr}) : "
                                  f"personne ne le marque", [p for p in power if power[p] == max(power.values())]))
        else:
            record["points"] = points
            state.scores[who] += points
            total = state.scores[who]
            out.append(rules.info(rules.SCORE, f"{who} captures the Nexus on {place} ({text_en}): {points} "
                                  f"{plural_en(points, 'point')} for its unoccupied nodes, {total} in all",
                                  f"{who} capture le Nexus sur {lieu} ({text_fr}) : {points} "
                                  f"{plural_fr(points, 'point')} pour ses nœuds inoccupés, {total} au total", [who]))
            if state.outcome is None and total >= options["target_points"]:
                won = rules.win(rules.WIN, f"{who} wins the game with {total} {plural_en(total, 'point')}",
                                f"{who} gagne la partie avec {total} {plural_fr(total, 'point')}", [who])
                state.outcome = won.to_json()
                out.append(won)
        for nid in nexus.nodes:  # "take all the counters out of it. It will remain empty for the rest of the game."
            counters.pop(nid, None)
        state.closed.append(record)
    if state.outcome is not None:
        state.phase = OVER
    return out
