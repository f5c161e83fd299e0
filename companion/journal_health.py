"""Why the game journal cannot be written, in the players' words ("the SD card is full: nothing since 21:04 is saved").

Why: with the journal failing, every change is answered 503 and nothing is kept; the players must be told once,
plainly, and the service log must say the cause once per kind of failure, not once per request. A card that refuses
the journal at the start (a worn card turns read-only, or full) is such a failure too: the journal is opened to be
read (``open_read_only``) or held in memory (``held_in_memory``, copied onto the card later: ``copy_journal``), and
the failure is said from the first answer instead of a stop at every start.
"""

from __future__ import annotations

import errno
import logging
import os
import sqlite3
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.core import Text

log = logging.getLogger(__name__)

#: SQLite's error names (``sqlite_errorname``) by the kind of failure players are told about
KINDS = (("full", ("SQLITE_FULL",)), ("io", ("SQLITE_IOERR",)), ("read_only", ("SQLITE_READONLY", "SQLITE_PERM")),
         ("busy", ("SQLITE_BUSY", "SQLITE_LOCKED")), ("cannot_open", ("SQLITE_CANTOPEN",)))

WHAT = {
    "full": Text("the SD card is full", "la carte SD est pleine"),
    "io": Text("the SD card cannot be written (input/output error)",
               "la carte SD ne peut pas être écrite (erreur d’entrée/sortie)"),
    "read_only": Text("the game journal is read-only", "le journal des parties est en lecture seule"),
    "busy": Text("another program holds the game journal", "un autre programme bloque le journal des parties"),
    "cannot_open": Text("the game journal's folder cannot be written",
                        "le dossier du journal des parties ne peut pas être écrit"),
}


@dataclass(frozen=True)
class WriteFailure:
    """The journal's last write failed: of what kind, SQLite's words, and since when nothing is saved."""

    kind: str
    cause: str
    since: float
    held: bool = False  # no journal could be made: the game is played in memory (held_in_memory)

    def message(self) -> Text:
        what = WHAT.get(self.kind) or Text(f"the game journal cannot be written ({self.cause})",
                                           f"le journal des parties ne peut pas être écrit ({self.cause})")
        at = time.strftime("%H:%M", time.localtime(self.since))
        held = Text(" The game goes on in memory and is saved once the card takes writes; a restart before that "
                    "loses it.", " La partie continue en mémoire et sera enregistrée dès que la carte acceptera "
                    "l’écriture ; un redémarrage avant cela la perd.") if self.held else Text("", "")
        return Text(f"{what.en[0].upper()}{what.en[1:]}: nothing since {at} is saved.{held.en}",
                    f"{what.fr[0].upper()}{what.fr[1:]} : rien n’est enregistré depuis {at}.{held.fr}")

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "cause": self.cause, "since": self.since, "held": self.held,
                "message": self.message().to_json()}


#: the same kinds when the card's refusal comes as an OSError (a failing card, a file system turned read-only)
ERRNO_KINDS = {errno.ENOSPC: "full", errno.EDQUOT: "full", errno.EIO: "io", errno.EROFS: "read_only",
               errno.EACCES: "read_only", errno.EPERM: "read_only"}


def failure_of(exc: sqlite3.Error | OSError, since: float) -> WriteFailure:
    if isinstance(exc, OSError):
        return WriteFailure(ERRNO_KINDS.get(exc.errno, "other"), str(exc), since)
    name = getattr(exc, "sqlite_errorname", "") or ""
    kind = next((kind for kind, prefixes in KINDS if name.startswith(prefixes)), "other")
    return WriteFailure(kind, str(exc), since)


def on_read_only_card(path: Path) -> bool:
    """The journal is there but its folder cannot be written: a worn SD card turned read-only."""
    return path.is_file() and not os.access(path.parent, os.W_OK)


def open_read_only(path: Path, exc: Exception) -> tuple[sqlite3.Connection, WriteFailure]:
    """The journal on a card turned read-only, opened to be read, and the failure every phone is told from the first
    answer: the service starts into its game (not a stop at every start) and every write is refused. With the
    write-ahead log beside it, SQLite reads it with the log; without one (closed cleanly) it is read as it lies,
    which nothing can change. JournalError when even that fails, or when the log lies there unread (its -shm file
    gone, which a read-only card cannot make again): read without it, the journal would show an older game as
    the present one, the evening's last entries silently missing."""
    from companion.journal import JournalError

    wal = path.with_name(path.name + "-wal")
    unread_log = wal.is_file() and wal.stat().st_size > 0
    for query in ("mode=ro",) if unread_log else ("mode=ro", "mode=ro&immutable=1"):
        try:
            db = sqlite3.connect(f"{path.as_uri()}?{query}", uri=True, check_same_thread=False, isolation_level=None)
        except sqlite3.Error:
            continue
        try:
            db.execute("SELECT count(*) FROM games").fetchone()
        except sqlite3.Error:
            db.close()
            continue
        log.error("the game journal %s is on a card that cannot be written (%s): its games are read, nothing is "
                  "saved until the card is mended", path, exc)
        return db, WriteFailure("read_only", str(exc), time.time())
    unread = f"; its last entries lie in {wal.name}, which cannot be read on it" if unread_log else ""
    raise JournalError(f"cannot open the game journal {path}: {exc} (its card cannot be written{unread})") from exc


def held_in_memory(path: Path, exc: Exception, schema: str) -> tuple[sqlite3.Connection, WriteFailure]:
    """No journal yet and a card that cannot make one (read-only, full, failing): the game is played in a journal
    held in memory, every phone told nothing is saved, and it goes onto the card once the card takes writes
    (Journal._reopen), instead of a stop at every start."""
    db = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
    db.executescript(schema)
    failure = failure_of(exc, time.time()) if isinstance(exc, (OSError, sqlite3.Error)) else None
    log.error("the game journal %s cannot be made on the card (%s): the game is held in memory until the card takes "
              "writes", path, exc)
    return db, WriteFailure(failure.kind if failure else "other", str(exc), time.time(), held=True)


def copy_journal(source: sqlite3.Connection, into: sqlite3.Connection, tables: tuple[str, ...]) -> None:
    """Every row of ``tables`` from the journal held in memory into the one just made on the card, in one
    transaction: all of it lands or none."""
    into.execute("BEGIN IMMEDIATE")
    try:
        for table in tables:
            cursor = source.execute(f"SELECT * FROM {table}")
            marks = ", ".join("?" * len(cursor.description))
            into.executemany(f"INSERT INTO {table} VALUES ({marks})", cursor.fetchall())
        into.execute("COMMIT")
    except BaseException:
        if into.in_transaction:
            into.execute("ROLLBACK")
        raise
