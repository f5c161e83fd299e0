"""A damaged game journal, set aside and salvaged, so the service starts into the games it can still read.

Why: an SD card's file can be damaged (a power cut as a block is written, a worn card). SQLite then refuses the
whole file ("database disk image is malformed") and a service that opened it would stop at every start under
systemd. The damaged files are renamed, never changed (a person can still rescue more from them), a copy of them
is read row by row, and every game whose rows can be read goes into a new journal with its entries up to the first
one that cannot: a game rebuilt from its entries' prefix is the game as it stood then (journal.py).
"""

from __future__ import annotations

import contextlib
import json
import logging
import shutil
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

from companion import damaged
from companion.card_faults import FAULTS, fault_of
from companion.words import plural_en, plural_fr

log = logging.getLogger(__name__)
SUFFIXES = ("", "-wal", "-shm")  # the database and the write-ahead log SQLite keeps beside it

GAME_COLUMNS = "id, game, options, players, started_at, ended_at, outcome"
ENTRY_COLUMNS = "game_id, seq, event, verdicts, source, at"


@dataclass(frozen=True)
class Salvage:
    """What was set aside and what came back."""

    kept_as: Path
    problem: str
    games: int
    entries: int
    games_cut: int  # games whose later entries could not be read
    refused: str = ""  # why nothing could be read back (the card refused the copy or the new journal), else ""
    refused_fault: str = "other"  # then the card's fault (card_faults.FAULTS): only a full card wants space freed

    def describe(self) -> tuple[str, str]:
        """What the players are told, in English and French."""
        if self.refused:
            said = FAULTS.get(self.refused_fault, FAULTS["other"])[0]
            mend = (("Free some space on the companion's card: the file",
                     "Libérez de la place sur la carte du compagnon : le fichier") if self.refused_fault == "full" else
                    ("`companion doctor` checks the card; the file",
                     "`companion doctor` vérifie la carte ; le fichier"))
            return (f"The game journal was damaged ({self.problem}). It is kept as {self.kept_as.name}; nothing could "
                    f"be read back from it: {self.refused} ({said.en}). {mend[0]} can still be rescued.",
                    f"Le journal des parties était endommagé ({self.problem}). Il est conservé sous le nom "
                    f"{self.kept_as.name} ; rien n’a pu en être relu : {self.refused} ({said.fr}). {mend[1]} peut "
                    "encore être récupéré.")
        games, entries, cut = self.games, self.entries, self.games_cut
        one = games == 1
        lost = ("" if not cut else " (it lost its last moves)" if one else " (one of them lost its last moves)"
                if cut == 1 else f" ({cut} of them lost their last moves)")
        lost_fr = ("" if not cut else " (elle a perdu ses derniers coups)" if one else
                   " (l’une d’elles a perdu ses derniers coups)" if cut == 1 else
                   f" ({cut} d’entre elles ont perdu leurs derniers coups)")
        return (f"The game journal was damaged ({self.problem}). It is kept as {self.kept_as.name}; {games} "
                f"{plural_en(games, 'game')}{lost} and {entries} {plural_en(entries, 'entry', 'entries')} were "
                "read back from it.",
                f"Le journal des parties était endommagé ({self.problem}). Il est conservé sous le nom "
                f"{self.kept_as.name} ; {games} {plural_fr(games, 'partie')}{lost_fr} et {entries} "
                f"{plural_fr(entries, 'entrée')} en ont été relues.")


def is_damage(exc: sqlite3.Error) -> bool:
    """Whether SQLite says the file itself is damaged (not locked, unreadable or on a failing disk: those are not
    repaired by moving the file)."""
    return getattr(exc, "sqlite_errorname", "").startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB"))


def health(db: sqlite3.Connection) -> str:
    """'' when SQLite finds the file sound, else what it found wrong. Other errors (a locked file) are raised."""
    try:
        rows = db.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as exc:
        if not is_damage(exc):
            raise
        return str(exc)
    found = [str(r[0]) for r in rows]
    return "" if found == ["ok"] else "; ".join(found[:3])


def set_aside(path: Path) -> Path:
    """Rename the journal and its -wal/-shm files to journal.damaged-<time>.sqlite3*; the new name."""
    return damaged.set_aside(path, SUFFIXES)


def salvage(kept: Path, into: sqlite3.Connection, problem: str) -> Salvage:
    """Copy the readable games and entries of the set-aside journal ``kept`` into the new journal ``into``. A card
    that refuses the copy read or the games written back (a worn card is often a full one) leaves the new journal
    empty and says why: the service starts all the same, and the kept file can be rescued later."""
    try:
        return _salvage(kept, into, problem)
    except (OSError, sqlite3.Error) as exc:
        log.error("the damaged game journal %s could not be read back: %s", kept, exc)
        return Salvage(kept, problem, 0, 0, 0, refused=str(exc) or type(exc).__name__, refused_fault=fault_of(exc))


def _salvage(kept: Path, into: sqlite3.Connection, problem: str) -> Salvage:
    with tempfile.TemporaryDirectory() as scratch:  # SQLite may write to the files it opens: read a copy
        copy = Path(scratch) / kept.name
        for suffix in SUFFIXES:
            source = kept.with_name(kept.name + suffix)
            if source.exists():
                shutil.copyfile(source, copy.with_name(copy.name + suffix))
        try:
            old = sqlite3.connect(copy)
        except sqlite3.Error:
            return Salvage(kept, problem, 0, 0, 0)
        try:
            games, _ = _rows(old, f"SELECT {GAME_COLUMNS} FROM games ORDER BY id")
            games = [g for g in games if _sound_game(g)]
            entries, cut = 0, 0
            into.execute("BEGIN")  # one transaction: the new journal is fsynced once, not once a row
            for game in games:
                rows, whole = _rows(old, f"SELECT {ENTRY_COLUMNS} FROM entries WHERE game_id = ? ORDER BY seq",
                                    (game[0],))
                kept_rows = _unbroken(rows)
                cut += not whole or len(kept_rows) < len(rows)
                into.execute(f"INSERT INTO games ({GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)", game)
                into.executemany(f"INSERT INTO entries ({ENTRY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)", kept_rows)
                entries += len(kept_rows)
            into.execute("COMMIT")
        except BaseException:
            if into.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    into.execute("ROLLBACK")
            raise
        finally:
            old.close()
    return Salvage(kept, problem, len(games), entries, cut)


def _rows(db: sqlite3.Connection, sql: str, params: tuple = ()) -> tuple[list[tuple], bool]:
    """The rows a query gives before the damage stops it, and whether it gave them all."""
    out: list[tuple] = []
    try:
        for row in db.execute(sql, params):
            out.append(row)
    except sqlite3.DatabaseError:
        return out, False
    return out, True


def _unbroken(rows: list[tuple]) -> list[tuple]:
    """A game's entries from seq 0 up to the first one missing or garbled: a replay needs every entry before the
    last."""
    out = []
    for expected, row in enumerate(rows):
        game_id, seq, event, verdicts, source, at = row
        if seq != expected or not (_readable(event, verdicts) and isinstance(source, str) and _number(at)):
            break
        out.append(row)
    return out


def _sound_game(row: tuple) -> bool:
    """A games row as the journal writes it (damage can leave garbage where text or numbers were)."""
    gid, game, options, players, started, ended, outcome = row
    return (isinstance(gid, int) and isinstance(game, str) and _readable(options, players) and _number(started)
            and (ended is None or _number(ended)) and (outcome is None or _readable(outcome)))


def _readable(*texts: object) -> bool:
    """Whether each column holds JSON text."""
    try:
        return all(isinstance(text, str) and json.loads(text) is not None for text in texts)
    except ValueError:
        return False


def _number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
