"""The hall's memory: every table's latest state, and every game the tables played, from the broker's messages.

Kept in SQLite (``hall.sqlite3`` in the hall's data directory) so a hall restarted mid-evening keeps its standings.
Each game's entries are taken in order: one seen before (a table sends again what the broker had not acknowledged)
is dropped by (table id, journal id), one after a gap (entries lost with a restarted broker) waits until the table
has sent the gap again on the hall's request (``lacking``). A game's outcome is the one its newest entry carried
(an undo can take a win back). A message that is not what a table sends is ignored and counted, never a crash.
"""

from __future__ import annotations

import contextlib
import json
import logging
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Iterator

from companion.bgstats import COOPERATIVE
from companion.hall.link import topic_parts

log = logging.getLogger(__name__)

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, display TEXT, hidden INTEGER NOT NULL DEFAULT 0,
    online INTEGER NOT NULL DEFAULT 0, state TEXT, last_verdict TEXT, seen_at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    table_id TEXT NOT NULL, game_id INTEGER NOT NULL, game TEXT NOT NULL, players TEXT NOT NULL,
    started_at REAL NOT NULL, outcome TEXT, entries INTEGER NOT NULL, last_at REAL NOT NULL,
    PRIMARY KEY (table_id, game_id)
);
"""
FINISHED = ("win", "loss")
#: seconds between two tries at writing the file again, while the card refuses it (the evening held in memory)
RETRY_EVERY = 30.0


def now() -> float:
    return time.monotonic()


def game_title(game: str) -> dict[str, str]:
    """A game's name in both languages, from its engine (the key itself for a game this hall does not know)."""
    from companion.referee.registry import available_games

    engine = available_games().get(game)
    return engine.title.to_json() if engine is not None else {"en": game, "fr": game}


def winners(game: str, players: list[str], outcome: dict[str, Any] | None) -> list[str]:
    """Who won a finished game: the outcome's players, everyone in a cooperative win, no one in a loss."""
    if not outcome or outcome.get("kind") != "win":
        return []
    if game in COOPERATIVE:
        return list(players)
    return [p for p in outcome.get("players", []) if isinstance(p, str)]


class HallBoard:
    def __init__(self, path: Path, refused: Exception | None = None) -> None:
        """``refused``: why the card refuses ``path`` (a card turned read-only): the evening is then held in memory,
        from what the file holds (``held_in_memory``), and written to the file again once the card takes it (tried
        every ``RETRY_EVERY`` seconds, and at a change when that long has passed since the last try: the evening's
        last game, won when the tables then go quiet, is not left in memory); lost if the hall stops before."""
        self.path = path
        self.card_refusal = refused  # None: the evening is kept in the file
        self.writing_again_at: float | None = None  # time.time() when a card that refused the file took it again
        self._tried_at = now()  # the last try at the file, while the card refuses it
        self._db = held_in_memory(path) if refused is not None else _file(path)
        self._lock = threading.Lock()
        self._changed = threading.Condition(self._lock)
        self._stopping = False  # end_waits: the server stops, its long polls are answered at once
        self.version = 1
        self.ignored = 0  # messages that were not what a table sends
        self.duplicates = 0  # entries seen twice (dropped)
        self.early = 0  # entries after a gap (dropped; the table is asked for the gap)
        self.refused = 0  # messages the card refused to keep (the table is asked for them again)
        self.lacking: dict[str, set[int]] = {}  # table -> games with a gap the hall has seen
        self.changed_at = time.time()
        self._closed = False
        self._timer: threading.Timer | None = None  # the next try at the file while the card refuses it
        if refused is not None:
            self._try_later(RETRY_EVERY)

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._timer is not None:
                self._timer.cancel()
            self._db.close()

    # -- messages from the broker ----------------------------------------------------------
    def handle(self, topic: str, payload: bytes) -> None:
        parts = topic_parts(topic)
        try:
            message = json.loads(payload) if parts is not None else None
            if not isinstance(message, dict) or message.get("table") != parts[0]:
                raise ValueError("not a table's message")
            with self._lock, self._transaction():  # one transaction per message
                changed = getattr(self, "_" + parts[1])(parts[0], message)
                if changed:
                    self.version += 1
                    self.changed_at = time.time()
                    self._changed.notify_all()
            if changed and self.card_refusal is not None:
                self._write_again()
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
            self.ignored += 1
            log.debug("hall: ignored a message on %s: %s", topic, exc)
        except sqlite3.Error as exc:  # a full or failing card: the message is asked for again once it can be kept
            self.refused += 1
            if self.refused == 1 or self.refused % 100 == 0:
                log.error("hall: cannot keep a message on %s in %s (%s, %d refused); the tables are asked for "
                          "what is missing", topic, self.path, exc, self.refused)
            if parts is not None and parts[1] == "events":
                with self._lock, contextlib.suppress(KeyError, TypeError, ValueError, IndexError):
                    self.lacking.setdefault(parts[0], set()).add(int(message["id"][0]))

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN")
        try:
            yield
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:  # a COMMIT refused too: nothing of the message stays
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
            raise

    def _table(self, table: str, message: dict[str, Any], **columns: Any) -> None:
        name = str(message["name"])[:80] if message.get("name") else None
        self._db.execute("INSERT INTO tables (id, name, seen_at) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET "
                         "name = COALESCE(?, name), seen_at = excluded.seen_at",
                         (table, name or table, time.time(), name))
        for column, value in columns.items():
            self._db.execute(f"UPDATE tables SET {column} = ? WHERE id = ?", (value, table))

    def _state(self, table: str, message: dict[str, Any]) -> bool:
        self._table(table, message, state=json.dumps(message))
        return True

    def _status(self, table: str, message: dict[str, Any]) -> bool:
        self._table(table, message, online=int(bool(message["online"])))
        return True

    def _verdicts(self, table: str, message: dict[str, Any]) -> bool:
        verdicts = message["verdicts"]
        if not isinstance(verdicts, list) or not verdicts:
            raise ValueError("no verdicts")
        self._table(table, message, last_verdict=json.dumps({**verdicts[-1], "at": message.get("at")}))
        return True

    def _events(self, table: str, message: dict[str, Any]) -> bool:
        game_id, seq = (int(n) for n in message["id"])
        players = [str(p) for p in message.get("players") or []]
        outcome = message.get("outcome")
        if outcome is not None and not isinstance(outcome, dict):
            raise ValueError("a bad outcome")
        if not players and outcome:  # a game that names no one (Tesseract counts its players): its outcome's
            players = [str(p) for p in outcome.get("players", [])]
        self._table(table, message)
        row = self._db.execute("SELECT entries FROM games WHERE table_id = ? AND game_id = ?",
                               (table, game_id)).fetchone()
        expected = row[0] if row is not None else 0
        if seq < expected:
            self.duplicates += 1
            return False
        if seq > expected:
            self.early += 1
            self.lacking.setdefault(table, set()).add(game_id)
            return False
        at = float(message["entry"].get("at") or time.time())
        if row is None:
            self._db.execute("INSERT INTO games (table_id, game_id, game, players, started_at, outcome, entries, "
                             "last_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?)",
                             (table, game_id, str(message["game"]), json.dumps(players),
                              float(message.get("started_at") or time.time()), json.dumps(outcome), at))
        else:
            self._db.execute("UPDATE games SET entries = entries + 1, players = ?, outcome = ?, last_at = ? "
                             "WHERE table_id = ? AND game_id = ?", (json.dumps(players), json.dumps(outcome), at,
                                                                   table, game_id))
        return True

    # -- what the hall lacks ----------------------------------------------------------------------
    def wanted(self, table: str, state: dict[str, Any] | None = None) -> dict[str, Any]:
        """The replay request that brings the hall up to date with ``table``: per game it knows of (from its entries,
        a gap, the table's state), the first seq it lacks; and the last game it has entries of, after which the
        table sends every game whole."""
        with self._lock:
            have = dict(self._db.execute("SELECT game_id, entries FROM games WHERE table_id = ?", (table,)).fetchall())
            lacking = self.lacking.pop(table, set())
        games = {game_id: have.get(game_id, 0) for game_id in (*have, *lacking, *_recent(state))}
        request: dict[str, Any] = {"games": {str(g): n for g, n in games.items()}}
        if have:
            request["after"] = max(have)
        return request

    def behind(self, table: str, state: dict[str, Any]) -> bool:
        """Whether the table's state tells of entries the hall lacks (missed while the broker restarted), or the
        hall saw a gap in a game of it."""
        recent = _recent(state)
        with self._lock:
            if self.lacking.get(table):
                return True
            have = dict(self._db.execute("SELECT game_id, entries FROM games WHERE table_id = ?", (table,)).fetchall())
        return any(have.get(game_id, 0) < entries for game_id, entries in recent.items())

    def table_ids(self) -> list[str]:
        with self._lock:
            return [tid for (tid,) in self._db.execute("SELECT id FROM tables")]

    # -- the organiser ------------------------------------------------------------------------
    def rename(self, table: str, name: str | None) -> bool:
        """Show ``table`` under ``name`` in the hall (None or empty: the name the table gives itself)."""
        return self._organise(table, "display", (name or "").strip()[:80] or None)

    def hide(self, table: str, hidden: bool) -> bool:
        """Hide a table from the hall and its standings (a practice table), or show it again."""
        return self._organise(table, "hidden", int(bool(hidden)))

    def _organise(self, table: str, column: str, value: Any) -> bool:
        with self._lock:
            done = self._db.execute(f"UPDATE tables SET {column} = ? WHERE id = ?", (value, table)).rowcount > 0
            if done:
                self.version += 1
                self._changed.notify_all()
        if done and self.card_refusal is not None:
            self._write_again()
        return done

    def _try_later(self, delay: float) -> None:
        """The next try at the file in ``delay`` seconds, on a timer: with no news from the tables (the evening
        over, the card mended after its last game), a change would never come to try it."""
        timer = threading.Timer(delay, self._try_when_due)
        timer.daemon = True
        timer.name = "hall-file-retry"
        with self._lock:
            if self._closed or self.card_refusal is None:
                return
            self._timer = timer
        timer.start()

    def _try_when_due(self) -> None:
        self._write_again()
        with self._lock:
            due_in = RETRY_EVERY - (now() - self._tried_at)  # a change may have tried it meanwhile
        self._try_later(min(max(due_in, 0.01), RETRY_EVERY))

    def _write_again(self) -> None:
        """The evening held in memory written to the file, and kept there from now on, if the card takes it again
        (mended, space freed): tried at most every ``RETRY_EVERY`` seconds; said in the log and on the page."""
        with self._lock:
            if self.card_refusal is None or self._closed or now() - self._tried_at < RETRY_EVERY:
                return
            self._tried_at = now()
            try:
                kept = _file(self.path, self._db)
            except (OSError, sqlite3.Error) as exc:  # still refused: the start said the card's fault
                log.debug("hall: the card still refuses %s (%s)", self.path, exc)
                return
            self._db.close()
            self._db, self.card_refusal, self.writing_again_at = kept, None, time.time()
            self.version += 1  # the pages say it
            self._changed.notify_all()
        log.warning("hall: the card takes %s again: writing again (the evening held in memory is written to it)",
                    self.path)

    # -- reading ------------------------------------------------------------------------------
    def wait(self, after: int, timeout: float) -> int:
        """Block until the board is newer than version ``after`` or ``timeout`` passes (at once after
        ``end_waits``); the version now."""
        with self._lock:
            self._changed.wait_for(lambda: self.version > after or self._stopping, timeout=timeout)
            return self.version

    def end_waits(self) -> None:
        """Answer every long poll now and each later one at once: the server that serves them is stopping, and its
        worker threads end only once they have answered."""
        with self._lock:
            self._stopping = True
            self._changed.notify_all()

    def tables(self, hidden: bool = False) -> list[dict[str, Any]]:
        """Every table (the hidden ones too when ``hidden``), by name: its latest state, whether it is online, its
        last notable verdict, and how many entries the hall has of it."""
        with self._lock:
            rows = self._db.execute("SELECT id, name, display, hidden, online, state, last_verdict, seen_at FROM tables"
                                    ).fetchall()
            counts = dict(self._db.execute("SELECT table_id, SUM(entries) FROM games GROUP BY table_id").fetchall())
        out = []
        for tid, name, display, is_hidden, online, state, verdict, seen in rows:
            if is_hidden and not hidden:
                continue
            entries = counts.get(tid, 0)
            out.append({"id": tid, "name": display or name, "published_name": name, "hidden": bool(is_hidden),
                        "online": bool(online), "state": json.loads(state) if state else None,
                        "last_verdict": json.loads(verdict) if verdict else None, "seen_at": seen,
                        "entries": entries})
        return sorted(out, key=lambda t: _natural(t["name"]))

    def games(self, hidden: bool = False) -> Iterator[dict[str, Any]]:
        """Every finished game (won or lost), oldest first, with its table's name and its winners."""
        with self._lock:
            rows = self._db.execute(
                "SELECT g.table_id, COALESCE(t.display, t.name), t.hidden, g.game_id, g.game, g.players, g.started_at,"
                " g.outcome, g.last_at, g.entries FROM games g JOIN tables t ON t.id = g.table_id "
                "ORDER BY g.started_at").fetchall()
        for tid, name, is_hidden, game_id, game, players, started, outcome, last_at, entries in rows:
            outcome = json.loads(outcome) if outcome else None
            if (is_hidden and not hidden) or not outcome or outcome.get("kind") not in FINISHED:
                continue
            players = json.loads(players)
            yield {"table": tid, "table_name": name, "game_id": game_id, "game": game, "players": players,
                   "started_at": started, "ended_at": last_at, "outcome": outcome,
                   "winners": winners(game, players, outcome), "entries": entries}

    def standings(self, hidden: bool = False) -> list[dict[str, Any]]:
        """Per game: games played, and per player wins and games played (most wins first)."""
        per_game: dict[str, dict[str, Any]] = {}
        for played in self.games(hidden):
            entry = per_game.setdefault(played["game"], {"game": played["game"], "title": game_title(played["game"]),
                                                         "played": 0, "players": {}})
            entry["played"] += 1
            for player in played["players"]:
                row = entry["players"].setdefault(player, {"name": player, "wins": 0, "played": 0})
                row["played"] += 1
                row["wins"] += player in played["winners"]
        out = []
        for entry in sorted(per_game.values(), key=lambda e: e["title"]["en"]):
            ranked = sorted(entry["players"].values(), key=lambda r: (-r["wins"], r["played"], r["name"]))
            out.append({**entry, "players": ranked})
        return out


def _file(path: Path, evening: sqlite3.Connection | None = None) -> sqlite3.Connection:
    """The hall's file opened for writing, with ``evening`` (the evening held in memory) written over it; a card
    that refuses it raises, the file closed (the caller says why)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    try:
        if evening is not None:
            evening.backup(db)
        db.execute("PRAGMA journal_mode=WAL")
        # a power cut may lose the last messages, not the file; the tables send them again when asked
        db.execute("PRAGMA synchronous=NORMAL")
        db.executescript(SCHEMA)
    except sqlite3.Error:  # a card that refuses the file (read-only, failing)
        db.close()
        raise
    return db


def held_in_memory(path: Path) -> sqlite3.Connection:
    """A hall file the card refuses to write, copied into memory: the evening's tables, games and the organiser's
    names go on. Read with its write-ahead log where SQLite can, else as the file lies; entries the copy lacks (or
    a file that cannot be read at all) are asked of the tables again, as after a broker restart (``behind``)."""
    db = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
    for query in ("mode=ro", "mode=ro&immutable=1") if path.is_file() else ():
        try:
            with contextlib.closing(sqlite3.connect(f"{path.as_uri()}?{query}", uri=True)) as kept:
                kept.backup(db)
            break
        except sqlite3.Error as exc:
            log.warning("hall: cannot read %s (%s, %s)", path, query, exc)
    db.executescript(SCHEMA)
    return db


def _recent(state: dict[str, Any] | None) -> dict[int, int]:
    """The entry counts of the table's latest games, as its state tells them."""
    counts: dict[int, int] = {}
    for game_id, entries in dict((state or {}).get("recent") or {}).items():
        try:
            counts[int(game_id)] = int(entries)
        except (TypeError, ValueError):
            continue
    return counts


def _natural(name: str) -> list[Any]:
    """'Table 2' before 'Table 10'."""
    import re

    return [int(part) if part.isdigit() else part.lower() for part in re.split(r"(\d+)", name)]
