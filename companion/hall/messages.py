"""What a table says to the hall: bounded JSON messages, each naming its table and, for entries, its journal id."""

from __future__ import annotations

import time
from typing import Any, Iterable, Mapping

from companion.hidden import public_entry
from companion.journal import Entry, GameRecord

#: the verdicts the hall and a referee on call are told of as they happen
NOTABLE = ("illegal", "breach", "elimination", "fall", "win", "loss")
#: at most this many players and scores in a state message (a summary, not the game)
MAX_PLAYERS = 12


def _verdict(v: Mapping[str, Any]) -> dict[str, Any]:
    return {"kind": v.get("kind"), "message": v.get("message", ""), "message_fr": v.get("message_fr", ""),
            "players": list(v.get("players", []))[:MAX_PLAYERS]}


def _turn(summary: Mapping[str, Any]) -> str | None:
    """Whose turn it is, as the games say it (Nexus: ``player``; Hexors, Nexus Keepers: ``turn``)."""
    for key in ("player", "turn"):
        if isinstance(summary.get(key), str):
            return summary[key]
    return None


def _scores(summary: Mapping[str, Any]) -> dict[str, float] | None:
    scores = summary.get("scores")
    if not isinstance(scores, Mapping):
        return None
    return {str(k): v for k, v in list(scores.items())[:MAX_PLAYERS] if isinstance(v, (int, float))}


def state_message(table: str, name: str, state: Mapping[str, Any], last_verdicts: Iterable[Mapping[str, Any]],
                  recent: Mapping[int, int] | None = None) -> dict[str, Any]:
    """The retained summary of the table: game, players, whose turn, scores, its last notable verdicts; ``recent``:
    the entry counts of its latest games, by which a consumer sees what it lacks."""
    summary = state.get("summary") or {}
    title = state.get("title") or {}
    return {
        "table": table, "name": name, "game_id": state.get("game_id"), "game": state.get("game"),
        "title": {"en": title.get("en", ""), "fr": title.get("fr", "")},
        "players": list(state.get("players") or [])[:MAX_PLAYERS],
        "turn": _turn(summary), "scores": _scores(summary), "outcome": state.get("outcome"),
        "entries": state.get("entries", 0), "last_verdicts": [_verdict(v) for v in last_verdicts],
        "journal_problem": bool(state.get("journal_problem")),
        "recent": {str(g): n for g, n in (recent or {}).items()}, "at": time.time(),
    }


def event_message(table: str, name: str, record: GameRecord, entry: Entry, players: list[str],
                  outcome: Mapping[str, Any] | None) -> dict[str, Any]:
    """One journal entry, its journal id (game id, seq) and what the hall needs to count the game: its players and
    its outcome as known now (a game is won by an entry, and an undo can take the win back)."""
    return {"table": table, "name": name, "id": [record.id, entry.seq], "game": record.game,
            "started_at": record.started_at, "players": list(players), "outcome": outcome,
            "entry": public_entry(record.game, entry.to_json())}  # every table's broker: nothing face down


def verdicts_message(table: str, name: str, game_id: int | None, entry: Mapping[str, Any]) -> dict[str, Any] | None:
    """An entry's notable verdicts (None: nothing the hall is told of as it happens)."""
    notable = [_verdict(v) for v in entry.get("verdicts", []) if v.get("kind") in NOTABLE]
    if not notable:
        return None
    return {"table": table, "name": name, "id": [game_id, entry.get("seq")], "verdicts": notable, "at": time.time()}
