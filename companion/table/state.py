"""The game as phones are shown it: whole on ``/api/state``, and as live events carry it, which is bounded so no
event to every phone, nor the bus's buffer, grows with a big board."""

from __future__ import annotations

import json
from typing import Any

from companion.journal import GameRecord
from companion.journal_health import WriteFailure
from companion.table.camera import camera_names
from companion.table_memory import TableMemory

#: entries in force the state lists (the newest ones): a phone undoes the last and names the few before it
STATE_ACCEPTED = 16
#: the largest state a live event carries whole, in characters of its JSON as sent; above it the heavy parts are
#: left out
EVENT_STATE_MAX = 16 * 1024
HEAVY_STATE = ("summary", "camera_board", "camera_names")


def game_state(record: GameRecord, memory: TableMemory, players: list[str], camera_board: dict[str, Any] | None,
               failure: WriteFailure | None, snapshot: bool = True) -> dict[str, Any]:
    """The game as phones show it. ``entries`` is its version (it only grows, an undo is an entry too);
    ``accepted`` holds only the newest entries in force, ``in_force`` counts them all, ``moves`` those past the
    setup, ``rolls`` the rolls among them (as the Stats tab counts them) and ``started_at`` says when the game
    began: what a phone tells before a new game sets this one aside. ``snapshot``: with the engine's snapshot,
    which no phone draws from (the CLI, tests and whoever asks /api/state for it read it)."""
    engine = memory.engine
    outcome = engine.outcome
    state = {
        "game_id": record.id,
        "game": record.game,
        "title": engine.title.to_json(),
        "players": players,
        "options": engine.options,
        "summary": engine.summary(),
        # whose move the game waits for (``GameEngine.to_act``, in the summary's words): the simulated table's phone
        # says a simulated player is playing on it, each game's summary naming the player its own way
        "to_act": engine.to_act(),
        "can_undo": bool(memory.in_force),
        "accepted": memory.in_force[-STATE_ACCEPTED:].tolist(),
        "in_force": len(memory.in_force),
        "moves": len(memory.in_force) - len(memory.setups),
        "rolls": memory.statistics["rolls"],
        "started_at": record.started_at,
        "outcome": outcome.to_json() if outcome else None,
        "entries": memory.next_seq,
        "camera_board": camera_board,
        "camera_names": camera_names(engine, camera_board),
        "journal_problem": failure.to_json() if failure else None,
    }
    if snapshot:
        state["snapshot"] = engine.snapshot()
    return state


def event_state(state: dict[str, Any]) -> dict[str, Any]:
    """The state as live events carry it, never with the engine's snapshot (no phone draws from it): whole while
    its JSON as the bus sends it is small (every example game's, a Nexus board of the whole example deck), else
    without its summary and the camera's board and names (``HEAVY_STATE``; ``partial``: phones read ``/api/state``),
    so no live event to every phone, nor the bus's buffer, grows with a big board (a Nexus deck far bigger)."""
    state = {k: v for k, v in state.items() if k != "snapshot"}
    if len(json.dumps(state, separators=(",", ":"), ensure_ascii=False, default=str)) <= EVENT_STATE_MAX:
        return state
    return {**{k: v for k, v in state.items() if k not in HEAVY_STATE}, "partial": True}
