"""A worn SD card often turns read-only, or fills up. The service then starts into the game the journal holds, every
phone is told nothing is saved, and each change is refused, instead of a stop at every start under systemd."""

from __future__ import annotations

import sqlite3

import pytest

from companion.bus import EventBus
from companion.journal import Journal, JournalError
from companion.table import Table


def roll(value: int) -> dict:
    return {"type": "roll", "dice": [{"value": value, "color": "white"}]}


@pytest.fixture
def read_only_card(monkeypatch):
    """The card as Linux has it once it turned read-only: the folder cannot be written, and SQLite, which must make
    its -shm file beside a journal in WAL mode to open it for writing, cannot open it ("unable to open database
    file"). (A real read-only mount needs root; the read-only connection opens the real file all the same.)"""
    def refused(self):
        raise sqlite3.OperationalError("unable to open database file")

    def access(path, mode):
        return False

    def turn():
        monkeypatch.setattr(Journal, "_open", refused)
        monkeypatch.setattr("companion.journal_health.os.access", access)

    return turn


def test_a_journal_on_a_read_only_card_is_read_its_game_played_on_and_nothing_said_saved(data_dir, read_only_card):
    """Before, Journal() raised "cannot open the game journal": the service stopped at every start."""
    path = data_dir / "journal.sqlite3"
    table = Table(Journal(path), EventBus())
    for value in (3, 5):
        table.submit(roll(value))
    table.journal.close()
    read_only_card()
    journal = Journal(path, repair=True)
    table = Table(journal, EventBus())
    assert table.state()["entries"] == 2 and [e["event"]["dice"][0]["value"] for e in table.history()] == [3, 5]
    problem = table.state()["journal_problem"]
    assert problem["kind"] == "read_only" and problem["message"]["en"].startswith("The game journal is read-only")
    with pytest.raises(JournalError):
        table.submit(roll(6))
    assert table.state()["entries"] == 2


def test_no_journal_on_a_read_only_card_is_still_an_error_naming_it(data_dir, read_only_card):
    read_only_card()
    with pytest.raises(JournalError, match="cannot open the game journal"):
        Journal(data_dir / "journal.sqlite3", repair=True)


class FullCard:
    """A connection to the journal on a full card: SQLite cannot grow the write-ahead log for any write."""

    def __init__(self, db) -> None:
        self.db = db

    def execute(self, sql: str, *args):
        if sql.lstrip().upper().startswith(("DELETE", "INSERT", "UPDATE")):
            full = sqlite3.OperationalError("database or disk is full")
            full.sqlite_errorname = "SQLITE_FULL"
            raise full
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str):
        return getattr(self.db, name)


def test_a_journal_on_a_full_card_with_day_old_request_keys_still_opens_and_says_the_card_is_full(data_dir,
                                                                                                   monkeypatch):
    """Removing the phones' request keys older than a day is a write: on a full card it raised out of Journal(), and
    the service stopped at every start (seen on a 400 kB tmpfs filled by the journal)."""
    path = data_dir / "journal.sqlite3"
    table = Table(Journal(path), EventBus())
    table.submit(roll(4))
    table.journal.close()
    connect = sqlite3.connect
    monkeypatch.setattr("companion.journal.sqlite3.connect", lambda *args, **kwargs: FullCard(connect(*args,
                                                                                                      **kwargs)))
    table = Table(Journal(path, repair=True), EventBus())
    assert table.state()["entries"] == 1 and table.state()["journal_problem"]["kind"] == "full"
    with pytest.raises(JournalError):
        table.submit(roll(5))
