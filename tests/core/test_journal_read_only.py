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
    """A journal on a read-only card opens (the service starts): its game is read, the problem is said, and a move
    is refused with a JournalError rather than claimed saved."""
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


def mend(monkeypatch) -> None:
    """The card takes writes again (a card swapped back, space freed): Journal._open works as it does, and the
    30 s before the journal tries again have passed."""
    monkeypatch.setattr(Journal, "_open", OPEN)
    monkeypatch.setattr("companion.journal.time.monotonic", lambda: 10.0 ** 9)


OPEN = Journal._open


def test_no_journal_on_a_card_that_cannot_make_one_plays_in_memory_and_saves_it_once_the_card_takes_writes(
        data_dir, read_only_card, monkeypatch):
    """A worn card with no journal yet and no way to make one still starts the service: the game is held in memory,
    every phone told so, and it lands on the card once it can."""
    path = data_dir / "journal.sqlite3"
    read_only_card()
    table = Table(Journal(path, repair=True), EventBus())
    table.submit(roll(2))
    problem = table.state()["journal_problem"]
    assert problem["held"] and "nothing since" in problem["message"]["en"]
    assert "in memory" in problem["message"]["en"] and "en mémoire" in problem["message"]["fr"]
    assert not path.exists()
    mend(monkeypatch)
    table.submit(roll(6))
    assert table.state()["journal_problem"] is None
    table.journal.close()
    table = Table(Journal(path, repair=True), EventBus())
    assert [e["event"]["dice"][0]["value"] for e in table.history()] == [2, 6]


def test_a_journal_opened_read_only_is_written_again_once_the_card_is_mended_tried_at_most_every_30_s(
        data_dir, read_only_card, monkeypatch):
    """A journal opened read-only tries the card again at most every 30 s and, once the card takes writes, saves
    again without a restart and tells the phones."""
    path = data_dir / "journal.sqlite3"
    table = Table(Journal(path), EventBus())
    table.submit(roll(3))
    table.journal.close()
    read_only_card()
    tries = []
    refused = Journal._open
    monkeypatch.setattr(Journal, "_open", lambda self: tries.append(1) or refused(self))
    told = []
    table = Table(Journal(path, repair=True), EventBus())
    table.bus.listen(told.append)
    for _ in range(3):
        with pytest.raises(JournalError):
            table.submit(roll(4))
    assert len(tries) == 2  # at the start, then at the first change; not again within 30 s
    mend(monkeypatch)
    table.submit(roll(5))
    assert table.state()["journal_problem"] is None and table.state()["entries"] == 2
    assert any(event.data.get("message") == "The game journal is saved again." for event in told
               if event.topic == "notice")
    table.journal.close()
    assert [e["event"]["dice"][0]["value"] for e in Table(Journal(path), EventBus()).history()] == [3, 5]


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


def test_a_read_only_journal_whose_write_ahead_log_cannot_be_read_is_not_shown_without_it(data_dir, read_only_card,
                                                                                          monkeypatch):
    """A power cut leaves the last entries in journal.sqlite3-wal; on a card turned read-only with the -shm file
    gone, SQLite cannot read that log ("unable to open database file", seen on a tmpfs remounted read-only). Reading
    the journal without it (immutable) would show an older game as the present one, the entries in the log silently
    missing: it is said instead, and nothing is shown as the journal that is not it."""
    path = data_dir / "journal.sqlite3"
    table = Table(Journal(path), EventBus())
    table.submit(roll(3))
    table.journal._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the first roll in the journal's file itself
    table.submit(roll(5))
    cut = data_dir / "cut"
    cut.mkdir()
    for name in ("journal.sqlite3", "journal.sqlite3-wal"):  # as a power cut leaves them: the log not checkpointed
        (cut / name).write_bytes((data_dir / name).read_bytes())
    table.journal.close()
    assert (cut / "journal.sqlite3-wal").stat().st_size > 0
    read_only_card()
    connect = sqlite3.connect

    def card_without_shm(database, *args, **kwargs):
        if "immutable" not in str(database):
            raise sqlite3.OperationalError("unable to open database file")
        return connect(database, *args, **kwargs)

    monkeypatch.setattr("companion.journal_health.sqlite3.connect", card_without_shm)
    with pytest.raises(JournalError, match="journal.sqlite3-wal"):
        Journal(cut / "journal.sqlite3", repair=True)
