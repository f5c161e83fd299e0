"""The game journal: every accepted event, in SQLite, written before it is acknowledged.

WAL with synchronous=FULL means an event the service has acknowledged survives
a power cut. A game is rebuilt by replaying its entries through the engine
(engines are deterministic), so the journal is the single source of truth.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

from companion.journal_repair import Salvage, health, is_damage, salvage, set_aside

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    players TEXT NOT NULL,
    started_at REAL NOT NULL,
    ended_at REAL,
    outcome TEXT
);
CREATE TABLE IF NOT EXISTS entries (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    verdicts TEXT NOT NULL,
    source TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, seq)
);
"""


class JournalError(RuntimeError):
    """The journal file cannot be opened or written."""


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


def _make_private(path: Path) -> None:
    """Only the service's user may read the games: create the file 0600 before SQLite opens it (SQLite
    gives its -wal and -shm files the database's mode), and tighten a journal an older version left 0644."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass
    for name in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        try:
            if name.stat().st_mode & 0o077:
                os.chmod(name, 0o600)
        except FileNotFoundError:
            continue
        except PermissionError:
            continue  # another user's journal, opened read-only by `companion games`: not ours to change


class Journal:
    """``repair``: a journal SQLite finds damaged is set aside and what can be read of it goes into a new one
    (companion/journal_repair.py; ``salvage`` says what happened). Only the service repairs: a command reading the
    journal beside it must not move its files."""

    def __init__(self, path: str | Path, repair: bool = False) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self.salvage: Salvage | None = None
        try:
            self._db = self._open()
            problem = health(self._db) if repair else ""
        except (OSError, sqlite3.Error) as exc:
            if not (repair and isinstance(exc, sqlite3.Error) and is_damage(exc)):  # a locked file is not moved
                raise JournalError(f"cannot open the game journal {self.path}: {exc}") from exc
            problem = str(exc)  # not a database at all, or damaged where opening reads
        if problem:
            self._start_over(problem)

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        _make_private(self.path)
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=FULL")
            db.executescript(SCHEMA)
        except sqlite3.Error:
            db.close()
            raise
        return db

    def _start_over(self, problem: str) -> None:
        """Set the damaged journal aside and open a new one holding what could be read of it."""
        if getattr(self, "_db", None) is not None:
            self._db.close()
        try:
            kept = set_aside(self.path)
            self._db = self._open()
        except (OSError, sqlite3.Error) as exc:
            raise JournalError(f"the game journal {self.path} is damaged ({problem}) and could not be replaced: "
                               f"{exc}") from exc
        self.salvage = salvage(kept, self._db, problem)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def _write(self, sql: str, params: tuple) -> sqlite3.Cursor:
        with self._lock:
            try:
                with self._db:  # one transaction, committed (and fsynced) on exit
                    self._db.execute("BEGIN IMMEDIATE")
                    return self._db.execute(sql, params)
            except sqlite3.Error as exc:
                raise JournalError(f"cannot write to the game journal {self.path}: {exc}") from exc

    def start_game(self, game: str, options: dict[str, Any], players: list[str]) -> int:
        cur = self._write(
            "INSERT INTO games (game, options, players, started_at) VALUES (?, ?, ?, ?)",
            (game, json.dumps(options), json.dumps(players), time.time()),
        )
        return int(cur.lastrowid)

    def append(self, game_id: int, seq: int, event: dict[str, Any], verdicts: list[dict[str, Any]], source: str) -> None:
        self._write(
            "INSERT INTO entries (game_id, seq, event, verdicts, source, at) VALUES (?, ?, ?, ?, ?, ?)",
            (game_id, seq, json.dumps(event), json.dumps(verdicts), source, time.time()),
        )

    def end_game(self, game_id: int, outcome: dict[str, Any] | None) -> None:
        self._write(
            "UPDATE games SET ended_at = ?, outcome = ? WHERE id = ? AND ended_at IS NULL",
            (time.time(), json.dumps(outcome) if outcome is not None else None, game_id),
        )

    def reopen(self, game_id: int) -> None:
        """Make an ended game unfinished again (a game set aside for another is resumed)."""
        self._write("UPDATE games SET ended_at = NULL, outcome = NULL WHERE id = ?", (game_id,))

    def entry_counts(self) -> dict[int, int]:
        return dict(self._read("SELECT game_id, COUNT(*) FROM entries GROUP BY game_id"))

    def _read(self, sql: str, params: tuple = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._db.execute(sql, params).fetchall()
            except sqlite3.Error as exc:
                raise JournalError(f"cannot read the game journal {self.path}: {exc}") from exc

    def games(self) -> list[GameRecord]:
        rows = self._read("SELECT id, game, options, players, started_at, ended_at, outcome FROM games ORDER BY id")
        return [_record(row) for row in rows]

    def game(self, game_id: int) -> GameRecord | None:
        rows = self._read(
            "SELECT id, game, options, players, started_at, ended_at, outcome FROM games WHERE id = ?", (game_id,)
        )
        return _record(rows[0]) if rows else None

    def unfinished(self) -> GameRecord | None:
        rows = self._read(
            "SELECT id, game, options, players, started_at, ended_at, outcome FROM games "
            "WHERE ended_at IS NULL ORDER BY id DESC LIMIT 1"
        )
        return _record(rows[0]) if rows else None

    def entries(self, game_id: int) -> list[Entry]:
        rows = self._read("SELECT seq, event, verdicts, source, at FROM entries WHERE game_id = ? ORDER BY seq", (game_id,))
        return [Entry(seq, json.loads(ev), json.loads(vs), src, at) for seq, ev, vs, src, at in rows]

    def export(self, game_id: int) -> dict[str, Any] | None:
        record = self.game(game_id)
        if record is None:
            return None
        return {**record.to_json(), "entries": [e.to_json() for e in self.entries(game_id)]}


def _record(row: tuple) -> GameRecord:
    gid, game, options, players, started, ended, outcome = row
    return GameRecord(gid, game, json.loads(options), json.loads(players), started, ended,
                      json.loads(outcome) if outcome else None)


def setup_players(events: Sequence[Mapping[str, Any]]) -> list[str]:
    """The players the last setup event of ``events`` names, in seat order: names, or objects with an ``id``."""
    setup = next((e for e in reversed(events) if e.get("type") == "setup"), {})
    named = setup.get("players") if isinstance(setup.get("players"), list) else []
    names = [p.get("id") if isinstance(p, Mapping) else p for p in named]
    return [n for n in names if isinstance(n, str) and n]
