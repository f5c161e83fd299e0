"""The game journal: every accepted event, in SQLite, written before it is acknowledged.

WAL with synchronous=FULL means an event the service has acknowledged survives
a power cut. A game is rebuilt by replaying its entries through the engine
(engines are deterministic), so the journal is the single source of truth; a
checkpoint of a running game's state, written with an entry every so often, only
shortens that replay. Each change is one transaction: a game change (the old
game ended, the new one started) and the key of the request that made an entry
land together or not at all. A failed write is logged once per kind of failure
and said in words (``WriteFailure``) until writes work again. A journal the card refuses at the start is read as
it lies (a card turned read-only) or, with none made yet, held in memory, and opened for writing again at a change.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable, TypeVar

from companion.journal_health import (WriteFailure, copy_journal, failure_of, held_in_memory, on_read_only_card,
                                      open_read_only)
from companion.journal_records import (Checkpoint, Entry, GameRecord, RequestKey, RequestRecord, entry_of, record_of,
                                       setup_players)
from companion.journal_repair import Salvage, health, is_damage, salvage, set_aside

__all__ = ["Checkpoint", "Entry", "GameRecord", "Journal", "JournalError", "RequestKey", "RequestRecord",
           "setup_players"]
log = logging.getLogger(__name__)
T = TypeVar("T")
#: how long a request's idempotency key is kept (a phone retries within minutes; a day covers a night's outage)
KEEP_REQUESTS = 24 * 3600.0
#: a journal the card refused at the start is opened for writing again at a change, at most this often (seconds)
REOPEN_EVERY = 30.0
TABLES = ("games", "entries", "checkpoints", "requests")

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
CREATE TABLE IF NOT EXISTS checkpoints (
    game_id INTEGER PRIMARY KEY REFERENCES games(id),
    seq INTEGER NOT NULL,
    version TEXT NOT NULL,
    data BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS requests (
    key TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER,
    at REAL NOT NULL
);
"""


class JournalError(RuntimeError):
    """The journal file cannot be opened or written."""


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
        self.failure: WriteFailure | None = None  # the last write failed (and why); None once writes work
        self.on_failure: Callable[[WriteFailure | None], None] | None = None  # told when ``failure`` changes
        self.written_again_at: float | None = None  # time.time() when a write worked again after failing
        self._fallback = ""  # "read_only" or "memory": the card refused the journal at the start (see _reopen)
        self._retry_at = 0.0
        try:
            self._db = self._open()
            problem = health(self._db) if repair else ""
        except (OSError, sqlite3.Error) as exc:
            if on_read_only_card(self.path):  # a worn card's usual end: its games are read, nothing is saved
                (self._db, self.failure), problem, self._fallback = open_read_only(self.path, exc), "", "read_only"
            elif repair and _holds_nothing(self.path):  # no journal yet and the card cannot make one: in memory
                (self._db, self.failure), problem = held_in_memory(self.path, exc, SCHEMA), ""
                self._fallback = "memory"
            elif not (repair and isinstance(exc, sqlite3.Error) and is_damage(exc)):  # a locked file is not moved
                raise JournalError(f"cannot open the game journal {self.path}: {exc}") from exc
            else:
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
            try:
                db.executescript(SCHEMA)  # a journal an older version wrote gains the tables it lacks
                db.execute("DELETE FROM requests WHERE at < ?", (time.time() - KEEP_REQUESTS,))
            except sqlite3.OperationalError as exc:
                # another user's journal (`companion games`), or a full card: its games are read, the phones told
                name = getattr(exc, "sqlite_errorname", "")
                if not name.startswith(("SQLITE_READONLY", "SQLITE_FULL")) or not _has_games(db):
                    raise
                self.failure = failure_of(exc, time.time())
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

    def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` in one transaction, committed (and fsynced) before returning; nothing of it stays if any
        part fails. A failure is logged when it is a new kind, and said until a write works again."""
        with self._lock:
            if self._fallback and time.monotonic() >= self._retry_at:
                self._reopen()
            try:
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    result = work(self._db)
                    self._db.execute("COMMIT")
                except BaseException:
                    if self._db.in_transaction:
                        with contextlib.suppress(sqlite3.Error, OSError):
                            self._db.execute("ROLLBACK")
                    raise
            except (sqlite3.Error, OSError) as exc:  # an OSError: the card refused a file (full, read-only, failing)
                changed = self._failed(exc)
                error: JournalError | None = JournalError(f"cannot write to the game journal {self.path}: {exc}")
                cause = exc
            else:
                changed, error, cause = self._succeeded(), None, None
        if changed and self.on_failure is not None:
            self.on_failure(self.failure)
        if error is not None:
            raise error from cause
        return result

    def _reopen(self) -> None:
        """The card refused the journal at the start (read-only, full, no journal could be made): at a change, try
        once more to open it for writing (a card mended, space freed), at most every REOPEN_EVERY seconds. A game
        held in memory is copied onto the card first; the change's commit then says the journal is saved again."""
        self._retry_at = time.monotonic() + REOPEN_EVERY
        try:
            db = self._open()
        except (OSError, sqlite3.Error) as exc:
            log.debug("the game journal %s still cannot be opened for writing: %s", self.path, exc)
            return
        if self._fallback == "memory":
            try:
                copy_journal(self._db, db, TABLES)
            except (OSError, sqlite3.Error) as exc:
                log.warning("the game held in memory could not be copied into %s: %s", self.path, exc)
                db.close()
                return
        log.warning("the game journal %s can be opened for writing again", self.path)
        self._db.close()
        self._db, self._fallback = db, ""

    def _failed(self, exc: sqlite3.Error | OSError) -> bool:
        failure = failure_of(exc, since=self.failure.since if self.failure else time.time())
        if self.failure is not None and self.failure.kind == failure.kind:
            return False
        log.error("cannot write to the game journal %s (%s): %s; nothing is saved until it can", self.path,
                  failure.kind, exc)
        self.failure = failure
        return True

    def _succeeded(self) -> bool:
        if self.failure is None or self._fallback == "memory":  # held in memory: still nothing on the card
            return False
        log.warning("the game journal %s can be written again (it could not since %s)", self.path,
                    time.strftime("%H:%M:%S", time.localtime(self.failure.since)))
        self.failure, self.written_again_at = None, time.time()
        return True

    def start_game(self, game: str, options: dict[str, Any], players: list[str],
                   ending: tuple[int, dict[str, Any] | None] | None = None, request: RequestKey | None = None,
                   started_at: float | None = None) -> int:
        """Start a game; ``ending``: the game it replaces and its outcome, ended in the same transaction;
        ``started_at``: when (now if not given), so that a caller who cannot read the record back knows it."""
        started_at = time.time() if started_at is None else started_at

        def work(db: sqlite3.Connection) -> int:
            if ending is not None:
                _end(db, *ending)
            game_id = int(db.execute("INSERT INTO games (game, options, players, started_at) VALUES (?, ?, ?, ?)",
                                     (game, json.dumps(options), json.dumps(players), started_at)).lastrowid)
            _remember(db, request, game_id, None)
            return game_id

        return self._write(work)

    def append(self, game_id: int, seq: int, event: dict[str, Any], verdicts: list[dict[str, Any]], source: str,
               request: RequestKey | None = None, checkpoint: Checkpoint | None = None) -> None:
        """One entry, with the request that made it and the game's checkpoint after it, in one transaction."""

        def work(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO entries (game_id, seq, event, verdicts, source, at) VALUES (?, ?, ?, ?, ?, ?)",
                       (game_id, seq, json.dumps(event), json.dumps(verdicts), source, time.time()))
            _remember(db, request, game_id, seq)
            if checkpoint is not None:
                db.execute("INSERT OR REPLACE INTO checkpoints (game_id, seq, version, data) VALUES (?, ?, ?, ?)",
                           (game_id, checkpoint.seq, checkpoint.version, checkpoint.data))

        self._write(work)

    def end_game(self, game_id: int, outcome: dict[str, Any] | None) -> None:
        self._write(lambda db: _end(db, game_id, outcome))

    def switch_game(self, ending: tuple[int, dict[str, Any] | None], reopen: int,
                    request: RequestKey | None = None) -> None:
        """End the game at the table and make an ended one unfinished again (a game set aside is resumed), in one
        transaction."""

        def work(db: sqlite3.Connection) -> None:
            _end(db, *ending)
            db.execute("UPDATE games SET ended_at = NULL, outcome = NULL WHERE id = ?", (reopen,))
            _remember(db, request, reopen, None)

        self._write(work)

    def request(self, key: str) -> RequestRecord | None:
        """What the request with this (session-scoped) idempotency key made, when it was journaled."""
        rows = self._read("SELECT fingerprint, game_id, seq FROM requests WHERE key = ?", (key,))
        return RequestRecord(*rows[0]) if rows else None

    def checkpoint(self, game_id: int) -> Checkpoint | None:
        rows = self._read("SELECT seq, version, data FROM checkpoints WHERE game_id = ?", (game_id,))
        return Checkpoint(rows[0][0], rows[0][1], bytes(rows[0][2])) if rows else None

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
        return [record_of(row) for row in rows]

    def latest_games(self, limit: int) -> list[GameRecord]:
        """The ``limit`` latest games, newest first."""
        rows = self._read("SELECT id, game, options, players, started_at, ended_at, outcome FROM games "
                          "ORDER BY id DESC LIMIT ?", (limit,))
        return [record_of(row) for row in rows]

    def setup_events(self, game_id: int) -> list[dict[str, Any]]:
        """A game's setup events, in order (who played a game started without names), without reading the rest."""
        rows = self._read("SELECT event FROM entries WHERE game_id = ? AND event LIKE '%setup%' ORDER BY seq",
                          (game_id,))
        return [event for event in (json.loads(row[0]) for row in rows) if event.get("type") == "setup"]

    def game(self, game_id: int) -> GameRecord | None:
        rows = self._read(
            "SELECT id, game, options, players, started_at, ended_at, outcome FROM games WHERE id = ?", (game_id,)
        )
        return record_of(rows[0]) if rows else None

    def unfinished(self) -> GameRecord | None:
        rows = self._read(
            "SELECT id, game, options, players, started_at, ended_at, outcome FROM games "
            "WHERE ended_at IS NULL ORDER BY id DESC LIMIT 1"
        )
        return record_of(rows[0]) if rows else None

    def entries(self, game_id: int, since: int = 0) -> list[Entry]:
        """A game's entries in order, from seq ``since`` on."""
        rows = self._read("SELECT seq, event, verdicts, source, at FROM entries WHERE game_id = ? AND seq >= ? "
                          "ORDER BY seq", (game_id, since))
        return [entry_of(row) for row in rows]

    def entry(self, game_id: int, seq: int) -> Entry | None:
        rows = self._read("SELECT seq, event, verdicts, source, at FROM entries WHERE game_id = ? AND seq = ?",
                          (game_id, seq))
        return entry_of(rows[0]) if rows else None

    def page(self, game_id: int, before: int | None, limit: int) -> tuple[list[Entry], bool]:
        """Up to ``limit`` entries before seq ``before`` (None: the newest), in order, and whether older ones
        remain."""
        rows = self._read("SELECT seq, event, verdicts, source, at FROM entries WHERE game_id = ? AND seq < ? "
                          "ORDER BY seq DESC LIMIT ?", (game_id, 2 ** 62 if before is None else before, limit + 1))
        return [entry_of(row) for row in reversed(rows[:limit])], len(rows) > limit

    def export(self, game_id: int) -> dict[str, Any] | None:
        record = self.game(game_id)
        if record is None:
            return None
        return {**record.to_json(), "entries": [e.to_json() for e in self.entries(game_id)]}


def _holds_nothing(path: Path) -> bool:
    """No journal yet: no file, or the empty one _make_private made before the card refused the rest."""
    try:
        return path.stat().st_size == 0
    except FileNotFoundError:
        return True
    except OSError:
        return False


def _has_games(db: sqlite3.Connection) -> bool:
    names = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return {"games", "entries"} <= names


def _end(db: sqlite3.Connection, game_id: int, outcome: dict[str, Any] | None) -> None:
    db.execute("UPDATE games SET ended_at = ?, outcome = ? WHERE id = ? AND ended_at IS NULL",
               (time.time(), json.dumps(outcome) if outcome is not None else None, game_id))


def _remember(db: sqlite3.Connection, request: RequestKey | None, game_id: int, seq: int | None) -> None:
    if request is not None:
        db.execute("INSERT INTO requests (key, fingerprint, game_id, seq, at) VALUES (?, ?, ?, ?, ?)",
                   (request.key, request.fingerprint, game_id, seq, time.time()))
