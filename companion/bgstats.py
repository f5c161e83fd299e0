"""A played game as a BG Stats file, so players can keep their records in the app they already use.

BG Stats reads a JSON file of ``games``, ``players``, ``locations`` and ``plays``, each play naming its game,
location and players by integer reference (``gameRefId``, ``locationRefId``, ``playerScores[].playerRefId``).
One game journaled here becomes one play: its date and length (to its last entry), its players in seat order
(the first player starts), and its winners from the referee's outcome — everyone in a cooperative win, no one in a
loss or an abandoned game. Scores are not given: the referee keeps no final score for every game (``noPoints``).
A game started without names is played by those its setup names (Hexors' and Nexus Keepers' sides, Nexus'
players), not only by its winners.
"""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any, Mapping, Sequence

from companion.journal import Entry, GameRecord, setup_players

COOPERATIVE = {"tesseract"}
NAMESPACE = uuid.UUID("6f4b4c8e-8f1e-4d0a-9d2b-2f6d3c0a7e11")  # stable uuids: one game, one uuid, every export


def _uuid(*parts: Any) -> str:
    return str(uuid.uuid5(NAMESPACE, "/".join(str(p) for p in parts)))


def bgstats_play(record: GameRecord, title: str, location: str = "Table Companion", entries: Sequence[Entry] = (),
                 outcome: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The BG Stats file for one game of the journal. ``entries``: its journal entries (the players its setup names,
    and when it was last played); ``outcome``: the game at the table's, decided but not yet ended in the journal."""
    outcome = record.outcome or outcome or {}
    players = list(record.players) or setup_players([e.event for e in entries]) or list(outcome.get("players", []))
    winners = set(outcome.get("players", [])) if outcome.get("kind") == "win" else set()
    cooperative = record.game in COOPERATIVE
    if cooperative and outcome.get("kind") == "win":
        winners = set(players)
    # played until its last entry: the journal ends a game only when the next one starts, maybe hours later
    ended = max((e.at for e in entries), default=record.ended_at or record.started_at)
    return {
        "games": [{"id": 1, "uuid": _uuid("game", record.game), "name": title, "cooperative": cooperative,
                   "highestWins": True, "noPoints": True}],
        "players": [{"id": i, "uuid": _uuid("player", name), "name": name} for i, name in enumerate(players, start=1)],
        "locations": [{"id": 1, "uuid": _uuid("location", location), "name": location}],
        "plays": [{
            "uuid": _uuid("play", record.id, record.started_at),
            "playDate": datetime.fromtimestamp(record.started_at).strftime("%Y-%m-%d %H:%M:%S"),
            "durationMin": max(0, round((ended - record.started_at) / 60)),
            "gameRefId": 1, "locationRefId": 1, "ignored": False, "manualWinner": False, "rounds": 0,
            "playerScores": [{"playerRefId": i, "score": "", "winner": name in winners, "startPlayer": i == 1,
                              "seatOrder": i - 1, "newPlayer": False} for i, name in enumerate(players, start=1)],
        }],
    }
