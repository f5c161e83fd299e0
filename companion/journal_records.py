"""What the game journal holds, as the rest of the service reads it: games, entries, checkpoints and the phones'
request keys (companion/journal.py writes and reads them)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping, Sequence


@dataclass(frozen=True)
class RequestKey:
    """A phone's change named by its idempotency key (scoped to its session) and the request's fingerprint: the
    journal keeps it with what it made, so a retry after a restart is answered, not applied again."""

    key: str
    fingerprint: str


@dataclass(frozen=True)
class RequestRecord:
    fingerprint: str
    game_id: int
    seq: int | None  # the entry it made; None for a game change (new game, resume)


@dataclass(frozen=True)
class Checkpoint:
    """A running game's state after its entries before ``seq``; ``version`` says which formats ``data`` holds
    (companion/checkpoint.py)."""

    seq: int
    version: str
    data: bytes


@dataclass(frozen=True)
class GameRecord:
    id: int
    game: str
    options: dict[str, Any]
    players: list[str]
    started_at: float
    ended_at: float | None
    outcome: dict[str, Any] | None

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "started_at": self.started_at,
            "ended_at": self.ended_at,
            "outcome": self.outcome,
        }


@dataclass(frozen=True)
class Entry:
    seq: int
    event: dict[str, Any]
    verdicts: list[dict[str, Any]]
    source: str
    at: float

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "event": self.event, "verdicts": self.verdicts, "source": self.source, "at": self.at}


def entry_of(row: tuple) -> Entry:
    seq, event, verdicts, source, at = row
    return Entry(seq, json.loads(event), json.loads(verdicts), source, at)


def record_of(row: tuple) -> GameRecord:
    gid, game, options, players, started, ended, outcome = row
    return GameRecord(gid, game, json.loads(options), json.loads(players), started, ended,
                      json.loads(outcome) if outcome else None)


def setup_players(events: Sequence[Mapping[str, Any]]) -> list[str]:
    """The players the last setup event of ``events`` names, in seat order: names, or objects with an ``id``."""
    setup = next((e for e in reversed(events) if e.get("type") == "setup"), {})
    named = setup.get("players") if isinstance(setup.get("players"), list) else []
    names = [p.get("id") if isinstance(p, Mapping) else p for p in named]
    return [n for n in names if isinstance(n, str) and n]
