"""What the phone may offer, as the events its buttons send (GameEngine.available_actions puts each to the referee):
in the Action phase, ending the phase, taking from each column, calibrating, transferring, studying, deepening and
playing a card; in the Threat phase before the prime, a research card whose text allows it (choice K2); in both, each
scientist's permanent capacity (choice K1: only the current one's is taken). The phone shows a refused one disabled
with the referee's reason ("the lab is full")."""

from __future__ import annotations

from typing import Any

from .cube import COLUMNS
from .labs import LEVELS
from .state import ACTION, THREAT, GameState


def _key(cube: Any) -> str:
    return f"{cube.color}-{cube.value}"


def capacity_offers(state: GameState) -> dict[str, dict[str, Any]]:
    """Each scientist's permanent capacity, named: the others' are refused with the reason (not their turn)."""
    return {f"capacity:{name}": {"type": "play_card", "source": "scientist", "scientist": name}
            for name in state.labs.names}


def threat_offers(state: GameState) -> dict[str, dict[str, Any]]:
    """Before the prime: the capacities, and a research card of each level in hand, sent as one whose text allows
    the Threat phase (the players read the card; the engine cannot)."""
    if state.phase != THREAT or state.primed_this_phase or state.pending or state.outcome is not None:
        return {}
    hand = state.research.hands[state.scientist]
    cards = {f"play:research:{level}:threat": {"type": "play_card", "source": "research", "level": level,
                                               "threat_phase": True} for level in LEVELS if hand[level]}
    return {**capacity_offers(state), **cards}


def action_offers(state: GameState | None) -> dict[str, dict[str, Any]]:
    if state is not None and state.phase == THREAT:
        return threat_offers(state)
    if state is None or state.phase != ACTION or state.pending:
        return {}
    me = state.scientist
    out: dict[str, dict[str, Any]] = {"end_actions": {"type": "end_actions"}, "deepen": {"type": "deepen"}}
    for column in COLUMNS:
        if state.tesseract.height(column):
            out[f"take:{column}"] = {"type": "take", "column": column}
    for where, cubes in (("lab", state.labs.cubes[me]), ("priming", state.zone.cubes)):
        for cube in dict.fromkeys(cubes):  # identical cubes are one choice
            for delta in (1, -1):
                event = {"type": "calibrate", "cube": cube.to_json(), "delta": delta}
                out[f"calibrate:{where}:{_key(cube)}:{delta:+d}"] = {**event, "zone": "priming"} if where == "priming" \
                    else event
    for other in state.labs.names:
        if other == me:
            continue
        for cube in dict.fromkeys(state.labs.cubes[me]):
            out[f"give:{other}:{_key(cube)}"] = {"type": "transfer", "from": me, "to": other, "cube": cube.to_json()}
        for cube in dict.fromkeys(state.labs.cubes[other]):
            out[f"take_from:{other}:{_key(cube)}"] = {"type": "transfer", "from": other, "to": me,
                                                      "cube": cube.to_json()}
    hand = state.research.hands[me]
    for level in LEVELS:
        if hand[level]:
            if level < max(LEVELS):
                out[f"study:{level}"] = {"type": "study", "level": level}
            out[f"play:research:{level}"] = {"type": "play_card", "source": "research", "level": level}
    for value in sorted(state.board.unlocked - state.board.played):
        out[f"play:confinement:{value}"] = {"type": "play_card", "source": "confinement", "value": value}
    return {**out, **capacity_offers(state)}
