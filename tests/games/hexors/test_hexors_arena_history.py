"""The arena read again and again (a hand passing, each turn's end) goes into the journal and the history once;
a reading that says something new (a tile moved, a mismatch found or cleared) goes in as its own entry."""

from __future__ import annotations

from companion.bus import EventBus
from companion.core import Observation
from companion.journal import Journal
from companion.table import Table

from hex_helpers import side

PLAYERS = [{"id": "A", "tiles": side("A", "d1", {"a1": "c1", "a2": "e1"})},
           {"id": "B", "tiles": side("B", "d9", {"b1": "c9", "b2": "e9"})}]
SET_UP = {"A": ("d1", 0), "a1": ("c1", 0), "a2": ("e1", 0), "B": ("d9", 3), "b1": ("c9", 3), "b2": ("e9", 3)}


def open_table(data_dir) -> Table:
    return Table(Journal(data_dir / "journal.sqlite3"), EventBus())


def started(data_dir) -> Table:
    table = open_table(data_dir)
    table.new_game("hexors", {"level": "beginner"}, ["A", "B"])
    table.submit({"type": "setup", "players": PLAYERS})
    return table


def look(table: Table, **changes) -> None:
    """The camera's settled arena: every tile as set up, with ``changes`` (tile -> cell, or None: not seen)."""
    tiles = {tid: {"cell": cell, "facing": facing} for tid, (cell, facing) in SET_UP.items()}
    for tid, cell in changes.items():
        if cell is None:
            tiles.pop(tid)
        else:
            tiles[tid] = {**tiles[tid], "cell": cell}
    table.observe(Observation(pieces=tiles, source="camera"))


def readings(table: Table) -> list[list[str]]:
    """The rules of each arena reading the history shows."""
    return [[v["rule"] for v in e["verdicts"]] for e in table.history() if e["event"]["type"] == "arena_reading"]


def test_the_same_arena_seen_many_times_is_one_entry(data_dir):
    table = started(data_dir)
    for _ in range(6):
        look(table)
    assert readings(table) == [["hex.camera.match"]]
    assert len(table.history()) == 2  # the setup and one reading


def test_a_mismatch_found_then_cleared_are_entries_of_their_own(data_dir):
    table = started(data_dir)
    look(table)
    for _ in range(3):
        look(table, b1="c7")  # B's tile out of place on A's turn: a mismatch, said once
    for _ in range(3):
        look(table)  # put back: the camera agrees again, said once
    assert readings(table) == [["hex.camera.match"], ["hex.camera.mismatch"], ["hex.camera.match"]]


def test_a_restarted_table_keeps_the_game_and_does_not_repeat_the_last_reading(data_dir):
    table = started(data_dir)
    look(table)
    look(table, a1="c2")  # A's advance, played
    look(table, a1="c2")  # the camera agrees with the move played: something new
    snapshot, history = table.state()["snapshot"], table.history()
    assert readings(table) == [["hex.camera.match"], ["hex.camera.match"]]
    table.journal.close()
    again = open_table(data_dir)
    assert again.state()["snapshot"] == snapshot and again.history() == history
    look(again, a1="c2")  # what the last reading before the restart said
    assert again.history() == history
    again.undo()  # the move, not a reading
    assert again.engine.state.pieces["a1"].cell == again.engine.state.arena.parse("c1")


def test_an_older_journal_with_the_arena_read_again_loads_as_it_was_written(data_dir):
    """A journal written before readings were said once holds the same reading many times: it replays into the
    same game, its History shows every entry it holds, and the next repeat is not journaled again."""
    table = started(data_dir)
    look(table)
    game, snapshot, (reading,) = table.state()["game_id"], table.state()["snapshot"], table.journal.entries(
        table.state()["game_id"])[1:]
    for seq in (2, 3, 4):  # as an older version journaled them
        table.journal.append(game, seq, reading.event, reading.verdicts, "camera")
    table.journal.close()
    again = open_table(data_dir)
    assert again.state()["snapshot"] == snapshot and readings(again) == [["hex.camera.match"]] * 4
    look(again)
    assert len(again.history()) == 5
    look(again, a1="c2")  # A's advance, played after the older entries
    assert again.engine.state.pieces["a1"].cell == again.engine.state.arena.parse("c2")
