"""The games of the journal as the table sees them: how the one at the table ends, which can be resumed."""

from __future__ import annotations

import json
from typing import Any

from companion.journal import GameRecord, Journal, setup_players
from companion.referee import EventError, GameEngine

#: the outcome of a game set aside unfinished (another one started): the only kind that can be resumed
ABANDONED = "abandoned"


def ending(record: GameRecord, engine: GameEngine) -> tuple[int, dict[str, Any]]:
    """The game at the table and how it ended (abandoned unless it was won or lost), for the journal."""
    outcome = engine.outcome
    return record.id, outcome.to_json() if outcome else {"kind": ABANDONED}


def resumable(journal: Journal, game_id: int, current: int) -> GameRecord:
    """Game ``game_id``, when it can be taken up again instead of game ``current``; else EventError says why."""
    target = journal.game(game_id)
    if target is None:
        raise EventError(f"there is no game {game_id}")
    if target.id == current:
        raise EventError(f"game {game_id} is the one being played")
    if (target.outcome or {}).get("kind") != ABANDONED:
        raise EventError(f"game {game_id} was played to its end; only a game set aside can be resumed")
    return target


#: how far back past_games looks for its ``limit`` games, in games, past the unplayed ones it leaves out
LOOK_BACK = 4


def same_start(record: GameRecord) -> tuple:
    """What a game started as: resuming one set aside unplayed gives no more than a newer game started alike."""
    return record.game, json.dumps(record.options, sort_keys=True), tuple(record.players)


def past_games(journal: Journal, current: int, limit: int) -> list[dict[str, Any]]:
    """The latest games, newest first, with their entry counts and whether they can be resumed; a game started
    without names lists those its setup names (which game to resume is told by who played it). A game set aside
    before anything was played is left out when a newer one was started alike (same game, options and players):
    started again and again over an evening, it is listed once, not once a start."""
    counts = journal.entry_counts()
    out: list[dict[str, Any]] = []
    newer: set[tuple] = set()
    for record in journal.latest_games(limit * LOOK_BACK):
        if len(out) == limit:
            break
        start = same_start(record)
        unplayed = not counts.get(record.id) and record.id != current
        if unplayed and start in newer and (record.outcome or {}).get("kind") == ABANDONED:
            continue
        newer.add(start)
        players = record.players
        if not players and counts.get(record.id):
            players = setup_players(journal.setup_events(record.id))
        out.append({**record.to_json(), "players": players, "entries": counts.get(record.id, 0),
                    "current": record.id == current,
                    "resumable": record.id != current and (record.outcome or {}).get("kind") == ABANDONED})
    return out
