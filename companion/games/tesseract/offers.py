"""What the phone may offer in the Action phase, as the events its buttons send (GameEngine.available_actions puts
each to the referee): ending the phase, taking from each column, calibrating, transferring, studying, deepening and
playing a card. The phone shows a refused one disabled with the referee's reason ("the lab is full")."""

from __future__ import annotations

from typing import Any

from .cube import COLUMNS
from .labs import LEVELS
from .state import ACTION, GameState


def _key(cube: Any) -> str:
    return f"{cube.color}-{cube.value}"


def action_offers(state: GameState | None) -> dict[str, dict[str, Any]]:
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
    return out
