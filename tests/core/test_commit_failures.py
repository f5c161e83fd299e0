"""Whatever fails while a move is recorded, the table's memory and its journal hold the same game: the move is either
journaled and acknowledged, or refused with the error and forgotten; a checkpoint that cannot be made or written
costs a longer replay at the next restart, never the move (the journal replays it)."""

from __future__ import annotations

import pickle
import sqlite3

import pytest

from companion import checkpoint, table_memory
from companion.bus import EventBus
from companion.journal import Journal
from companion.table import Table


@pytest.fixture(autouse=True)
def often(monkeypatch):
    monkeypatch.setattr(checkpoint, "EVERY", 3)  # a checkpoint due every 3 entries


def roll(*values: int) -> dict:
    return {"type": "roll", "dice": [{"value": v, "color": "white"} for v in values]}


def open_table(data_dir) -> Table:
    return Table(Journal(data_dir / "journal.sqlite3"), EventBus())


def game(table: Table) -> tuple:
    """What players see of the game, less when each entry was written and the journal's health."""
    state = {k: v for k, v in table.state().items() if k != "journal_problem"}
    return state, table.statistics(), [{k: v for k, v in e.items() if k != "at"} for e in table.history()]


def restarted_is_the_same(table: Table, data_dir) -> Table:
    seen = game(table)
    table.journal.close()
    again = open_table(data_dir)
    assert game(again) == seen
    return again


def checkpoints(data_dir) -> list[int]:
    with sqlite3.connect(data_dir / "journal.sqlite3") as db:
        return [seq for (seq,) in db.execute("SELECT seq FROM checkpoints")]


def test_a_checkpoint_that_cannot_be_pickled_loses_no_move_and_is_tried_again_later(data_dir, monkeypatch):
    """A checkpoint that cannot be pickled is skipped: each move is still journaled (a restart finds all five), and
    the next checkpoint is taken once pickling works again."""
    table = open_table(data_dir)
    real_dump = checkpoint.dump

    def unpicklable(memory):
        raise pickle.PicklingError("Can't pickle <function <lambda>>: attribute lookup failed")

    monkeypatch.setattr(checkpoint, "dump", unpicklable)
    for value in range(1, 6):
        assert table.submit(roll(value))  # entry 2 had a checkpoint due
    assert checkpoints(data_dir) == [] and table.state()["entries"] == 5
    monkeypatch.setattr(checkpoint, "dump", real_dump)
    for value in (6, 6):
        table.submit(roll(value))
    assert checkpoints(data_dir) == [6]  # three entries after the one that failed
    restarted_is_the_same(table, data_dir)


def test_a_checkpoint_the_journal_cannot_take_is_dropped_and_the_move_written_alone(data_dir):
    """A checkpoint too big for the room left on the SD card is dropped; the move is written alone and accepted, and
    the journal is not reported broken."""
    table = open_table(data_dir)
    table.journal._db.execute("CREATE TEMP TRIGGER no_room BEFORE INSERT ON checkpoints "
                              "BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
    for value in range(1, 5):
        assert table.submit(roll(value))
    assert table.state()["entries"] == 4 and checkpoints(data_dir) == []
    assert table.state()["journal_problem"] is None  # the entry alone was written: the journal works
    restarted_is_the_same(table, data_dir)


def test_a_write_failing_with_an_error_other_than_the_journals_keeps_nothing(data_dir, monkeypatch):
    """An OSError or a TypeError out of the journal's write (not a JournalError) reaches the caller and the move is
    kept nowhere: not in memory either, so memory and journal agree, after a restart too, and no seq is skipped."""
    table = open_table(data_dir)
    table.submit(roll(2))
    real_append = table.journal.append
    for error in (OSError(28, "No space left on device"), TypeError("Object of type int64 is not JSON serializable")):
        def failing(*args, error=error, **kwargs):
            raise error

        monkeypatch.setattr(table.journal, "append", failing)
        with pytest.raises(type(error)):
            table.submit(roll(5))
        with pytest.raises(type(error)):
            table.undo()
    monkeypatch.setattr(table.journal, "append", real_append)
    assert table.state()["entries"] == 1 and table.state()["accepted"] == [0]
    again = restarted_is_the_same(table, data_dir)
    again.submit(roll(3))  # the next move takes the next seq: nothing was skipped
    assert [e["seq"] for e in again.history()] == [0, 1]


def test_a_fault_in_the_memorys_count_after_the_engine_accepted_the_move_keeps_nothing(data_dir, monkeypatch):
    """A bug past the engine (the statistics' count) after it accepted a roll: the roll is kept neither by the
    engine nor by the journal."""
    table = open_table(data_dir)
    table.submit(roll(4))
    real_count = table_memory.count_roll

    def broken(*args, **kwargs):
        raise RuntimeError("a bug in the count")

    monkeypatch.setattr(table_memory, "count_roll", broken)
    with pytest.raises(RuntimeError):
        table.submit(roll(6, 6))
    monkeypatch.setattr(table_memory, "count_roll", real_count)
    assert table.state()["snapshot"]["state"]["counts"]["white"] == [0, 0, 0, 1, 0, 0]
    restarted_is_the_same(table, data_dir)


def test_a_new_game_whose_record_cannot_be_read_back_is_played_not_the_game_it_ended(data_dir, monkeypatch):
    """The journal started the game, then reading it back failed (a worn SD card): the table plays the new game (its
    players, its moves), the one a restart comes up in, not the game the journal closed."""
    from companion.journal import JournalError

    table = open_table(data_dir)
    table.submit(roll(2))
    real_game = table.journal.game

    def unreadable(game_id):
        raise JournalError("cannot read the game journal: disk I/O error")

    monkeypatch.setattr(table.journal, "game", unreadable)
    table.new_game("free-roll", {}, ["Ann", "Bob"])
    monkeypatch.setattr(table.journal, "game", real_game)
    table.submit(roll(5))
    assert table.state()["players"] == ["Ann", "Bob"] and table.state()["entries"] == 1
    restarted_is_the_same(table, data_dir)


def test_a_resume_whose_entries_cannot_be_read_changes_nothing(data_dir, monkeypatch):
    """A resume whose entries cannot be read raises and leaves the game at the table as it was (the journal does not
    switch games first); after a restart the game set aside can be resumed whole."""
    from companion.journal import JournalError

    table = open_table(data_dir)
    table.submit(roll(1))
    aside = table.state()["game_id"]
    table.new_game("free-roll", {}, ["Cy"])
    table.submit(roll(6))

    def unreadable(*args, **kwargs):
        raise JournalError("cannot read the game journal: disk I/O error")

    with monkeypatch.context() as patch:
        patch.setattr(table.journal, "entries", unreadable)
        with pytest.raises(JournalError):
            table.resume(aside)
    assert table.state()["players"] == ["Cy"]
    again = restarted_is_the_same(table, data_dir)
    again.resume(aside)
    assert again.state()["game_id"] == aside and again.state()["in_force"] == 1
