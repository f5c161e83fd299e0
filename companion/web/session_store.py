"""Which signed-in phones are still signed in: a small SQLite table in the data directory.

A session cookie is signed, so the phone cannot forge one, but a signature alone cannot be taken back: a cookie
copied before a logout would still be valid for its whole lifetime. So each sign-in gets a random id, kept here
(hashed) until it ends: logout ends one, "sign out every phone" and a PIN change end them all, and a cookie whose
id is not here is signed out. The file survives restarts, so a revoked cookie stays revoked.
"""

from __future__ import annotations

import hashlib
import logging
import os
import secrets
import sqlite3
import threading
import time
from pathlib import Path
from typing import Callable

from companion import damaged

log = logging.getLogger(__name__)

SESSIONS_FILE = "sessions.sqlite3"
#: the most sign-ins kept; past it the oldest ends (a phone signs in again)
MAX_SESSIONS = 1000


class SessionStoreError(RuntimeError):
    """The sign-ins could not be read or written (disk full, damaged file)."""


def _digest(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


class SessionStore:
    """Live sign-ins by id; each lasts ``lifetime`` seconds at most (the cookie's own lifetime)."""

    def __init__(self, data_dir: Path, lifetime: float, clock=time.time) -> None:
        self.path = data_dir / SESSIONS_FILE
        self.lifetime = lifetime
        self._clock = clock
        self._lock = threading.Lock()
        self.set_aside: Path | None = None
        self.refused: Exception | None = None  # why the file could not be opened: sign-ins last until a restart
        self._held: dict[str, float] = {}  # sign-ins the card refused, by digest: kept in memory until a restart
        self.on_held: Callable[[sqlite3.Error], None] | None = None  # told at the first sign-in the card refuses
        try:
            self._db = self._connect(self.path)
        except sqlite3.OperationalError as exc:
            # Cannot be opened now (read-only or full card, permissions): the phones are still served, and
            # sign-ins end as asked, but only until a restart.
            log.error("%s cannot be opened (%s): sign-ins are kept in memory until the service restarts",
                      self.path, exc)
            self._db = self._connect(":memory:")
            self.refused = exc
        except sqlite3.DatabaseError as exc:
            # Damaged: kept for a person to look at; every phone signs in again, none stays signed in by mistake.
            try:
                self.set_aside = damaged.set_aside(self.path, ("-journal",))
                log.warning("%s was damaged (%s): kept as %s; every phone must enter the PIN again", self.path,
                            exc, self.set_aside.name)
                self._db = self._connect(self.path)
            except (OSError, sqlite3.Error) as refused:  # a worn card: nobody signed in, sign-ins held in memory
                log.error("%s was damaged (%s) and the card refuses a new one (%s): every phone must enter the PIN "
                          "again; sign-ins are kept in memory until the service restarts", self.path, exc, refused)
                self._db = self._connect(":memory:")
                self.refused = refused

    @staticmethod
    def _connect(path: Path | str) -> sqlite3.Connection:
        if isinstance(path, Path) and not path.exists():
            # made private before SQLite writes to it (its journal takes its mode)
            try:  # a card that refuses the folder or the file: kept in memory (__init__)
                path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
            except OSError as exc:
                raise sqlite3.OperationalError(str(exc)) from exc
        db = sqlite3.connect(path, check_same_thread=False, timeout=5)
        try:
            db.execute("PRAGMA synchronous=FULL")
            db.execute("CREATE TABLE IF NOT EXISTS sessions (digest TEXT PRIMARY KEY, created REAL NOT NULL)")
            db.execute("SELECT count(*) FROM sessions").fetchone()
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def start(self) -> str:
        """A new sign-in: its id, to keep in the phone's signed cookie. A card that refuses it (read-only, full,
        failing) holds it in memory: the phone is signed in until a restart, then enters the PIN again, never more."""
        session_id = secrets.token_urlsafe(24)
        now = self._clock()
        try:
            with self._lock, self._db:
                self._db.execute("DELETE FROM sessions WHERE created <= ?", (now - self.lifetime,))
                self._db.execute("INSERT INTO sessions (digest, created) VALUES (?, ?)", (_digest(session_id), now))
                self._db.execute("DELETE FROM sessions WHERE digest NOT IN "
                                 "(SELECT digest FROM sessions ORDER BY created DESC LIMIT ?)", (MAX_SESSIONS,))
        except sqlite3.Error as exc:
            with self._lock:
                first = not self._held
                self._held = {d: t for d, t in self._held.items() if t > now - self.lifetime}
                if len(self._held) >= MAX_SESSIONS:
                    self._held.pop(min(self._held, key=self._held.__getitem__))
                self._held[_digest(session_id)] = now
            if first:
                log.error("could not record a sign-in in %s (%s): sign-ins are held in memory until a restart",
                          self.path, exc)
                if self.on_held is not None:
                    self.on_held(exc)
        return session_id

    def active(self, session_id: object) -> bool:
        """Whether this sign-in has not ended; a store that cannot be read signs nobody in (but those it holds)."""
        if not isinstance(session_id, str) or not session_id:
            return False
        digest = _digest(session_id)
        with self._lock:
            held = self._held.get(digest)
        if held is not None:
            return held > self._clock() - self.lifetime
        try:
            with self._lock:
                row = self._db.execute("SELECT created FROM sessions WHERE digest = ?", (digest,)).fetchone()
        except sqlite3.Error as exc:
            log.error("could not read the sign-ins in %s: %s", self.path, exc)
            return False
        return row is not None and row[0] > self._clock() - self.lifetime

    def end(self, session_id: object) -> None:
        if not isinstance(session_id, str) or not session_id:
            return
        with self._lock:
            if self._held.pop(_digest(session_id), None) is not None:
                return  # held in memory only: nothing on the card to end
        self._change("DELETE FROM sessions WHERE digest = ?", (_digest(session_id),))

    def end_all(self) -> int:
        """End every sign-in; how many there were. Those held in memory end even when the card refuses the rest."""
        with self._lock:
            held, self._held = len(self._held), {}
        return held + self._change("DELETE FROM sessions", ())

    def count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM sessions").fetchone()[0])

    def _change(self, sql: str, args: tuple) -> int:
        try:
            with self._lock, self._db:
                return self._db.execute(sql, args).rowcount
        except sqlite3.Error as exc:
            log.error("could not end sign-ins in %s: %s", self.path, exc)
            raise SessionStoreError(f"the sign-out could not be saved ({exc})") from exc

    def close(self) -> None:
        with self._lock:
            self._db.close()
