"""The table's memory of its game stays at its bound however long the evening: the newest entries in force, the
engine's state before them and counts; an undo or a correction reaching further back replays the game from the
journal and gives what a table that kept everything would."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion import table_memory
from companion.bus import EventBus
from companion.journal import Journal
from companion.referee import create_game
from companion.table import Table
from companion.table_memory import KEEP, TableMemory
from companion.table_reading import roll_statistics

REPO = Path(__file__).resolve().parents[2]


def roll(rng: random.Random) -> dict:
    return {"type": "roll", "dice": [{"value": rng.randint(1, 6), "color": rng.choice(["red", "white", "blue"])}
                                     for _ in range(rng.randint(1, 3))]}


def test_the_memory_keeps_at_most_twice_keep_entries_however_many_rolls():
    rng = random.Random(5)
    memory = TableMemory.fresh("free-roll", {})
    reference = create_game("free-roll", {})
    events, longest = [], 0
    for seq in range(5 * KEEP + 7):
        event = roll(rng)
        memory.replay(seq, event)
        memory.next_seq = seq + 1
        reference.apply(event)
        events.append(event)
        longest = max(longest, len(memory.accepted))
    assert longest == 2 * KEEP and KEEP <= len(memory.accepted) <= 2 * KEEP
    assert memory.engine._events == []  # the engine keeps no second copy of every event for its own undo
    assert memory.in_force.tolist() == list(range(len(events)))
    assert memory.engine.snapshot() == reference.snapshot()
    assert memory.statistics == roll_statistics(events)
    for _ in range(3):  # undo within memory: the state before, from ``base`` and the entries kept
        memory.replay(memory.next_seq, {"type": "undo", "undoes": memory.last})
        memory.next_seq += 1
        reference.undo()
        events.pop()
    assert memory.engine.snapshot() == reference.snapshot() and memory.statistics == roll_statistics(events)


def open_table(data_dir) -> Table:
    return Table(Journal(data_dir / "journal.sqlite3"), EventBus())


def test_undo_and_corrections_past_what_memory_keeps_replay_the_journal(data_dir, monkeypatch):
    monkeypatch.setattr(table_memory, "KEEP", 4)  # 4 to 8 entries in memory: most of this game is only on disk
    rng = random.Random(57)
    table = open_table(data_dir)
    events = [roll(rng) for _ in range(30)]
    for event in events:
        table.submit(event)
    assert len(table.memory.accepted) <= 8

    fixed = [{"value": 6, "color": "red"}, {"value": 6, "color": "red"}]
    table.correct(2, fixed, version=2)  # entry 2 is long out of memory
    events[2] = {**events[2], "dice": fixed}
    for _ in range(20):  # back past every entry memory still held
        table.undo()
    kept = events[:10]
    assert len(table.memory.accepted) <= 8

    reference = create_game("free-roll", {})
    for event in kept:
        reference.apply(event)
    state = table.state()
    assert state["snapshot"] == reference.snapshot() and state["in_force"] == 10
    assert state["accepted"] == list(range(10))
    assert table.statistics() == roll_statistics(kept)
    history = table.history()
    assert [e["in_force"] for e in history[:30]] == [True] * 10 + [False] * 20
    assert history[2]["dice"] == [{**die, "confidence": 1.0} for die in fixed]
    assert history[2]["version"] == 30  # the correction's entry
    assert table.roll_version(2) == 30

    again = open_table(data_dir)  # a restart reads the same game
    assert again.state() == state and again.statistics() == table.statistics()
    assert again.history() == history
    again.undo()
    reference.undo()
    assert again.state()["snapshot"] == reference.snapshot()


@pytest.mark.parametrize("game, example", [("nexus-keepers", "nexus-keepers-full-game"), ("tesseract", "tesseract-win"),
                                           ("hexors", "hexors-beginner-win"), ("nexus", "nexus-two-players")])
def test_a_board_game_replayed_from_a_few_entries_in_memory_is_the_game_kept_whole(tmp_path, monkeypatch, game,
                                                                                   example):
    """Every engine's snapshot takes up the game exactly where it was (``base``), so a memory of 3 to 6 entries
    referees, undoes and restarts as one that kept every entry."""
    lines = (REPO / f"docs/rules/examples/{example}.jsonl").read_text().splitlines()[:40]
    tables = []
    for keep in (3, 10_000):
        monkeypatch.setattr(table_memory, "KEEP", keep)
        (tmp_path / str(keep)).mkdir()
        table = open_table(tmp_path / str(keep))
        table.new_game(game, {}, [])
        for line in lines:
            table.submit(json.loads(line))
        for _ in range(8):
            table.undo()
        table.submit(json.loads(lines[-8]))
        tables.append((table, open_table(tmp_path / str(keep))))
    (few, few_again), (whole, whole_again) = tables
    assert len(few.memory.accepted) <= 6
    for a, b in ((few, whole), (few_again, whole_again)):
        assert untimed(a.state()) == untimed(b.state()) and a.statistics() == b.statistics()
        assert [untimed(e) for e in a.history()] == [untimed(e) for e in b.history()]
    for table, again in tables:  # the two tables began at their own times; each restart keeps its table's
        assert again.state()["started_at"] == table.state()["started_at"]


def untimed(entry: dict) -> dict:
    """An entry or a state without the clock's readings (when it was made, when its game began)."""
    return {k: v for k, v in entry.items() if k not in ("at", "started_at")}


def test_dice_typed_as_bare_faces_count_under_unknown_and_malformed_dice_not_at_all():
    """A Tesseract prime typed without its cube's colour and a roll typed on a pad hold faces alone: they count
    under "unknown"; malformed dice (a 7, true) count not at all. A reroll's dice are the pool after it (not all
    thrown): not counted."""
    events = [{"type": "prime", "column": 2, "rolled": 4},
              {"type": "roll", "dice": [6, {"value": 1, "color": "red"}]},
              {"type": "power", "dice": [5]},
              {"type": "roll", "dice": [7]}, {"type": "roll", "dice": [True]}, {"type": "reroll", "dice": [1, 2]}]
    assert roll_statistics(events) == {"rolls": 2, "faces": {"unknown": [0, 0, 0, 1, 1, 1], "red": [1, 0, 0, 0, 0, 0]},
                                       "totals": {"4": 1, "7": 1}, "named": {}}


def test_a_typed_rerolls_new_faces_and_named_power_dice_count_and_the_cameras_pool_alone_does_not():
    """« Il peut ensuite relancer autant de dés qu'il veut »: the dice picked up are thrown again. Typed, the reroll
    says their new faces (``results``); the camera's says only the pool after it: without the game's pool before it,
    which dice were thrown is not guessed (the table counts them from its game, below). Rerolls make no total."""
    events = [{"type": "roll", "dice": [3, 3, 4, 5, 6]},
              {"type": "reroll", "rerolled": [3, 3], "results": [1, 5], "power": [2]},
              {"type": "reroll", "dice": [{"value": v, "color": "white"} for v in (1, 5, 4, 5, 6, 2, 6)]},
              {"type": "reroll", "dice": [1, 5, 4, 5, 6, 2, 6, 4], "power": [4]}]
    assert roll_statistics(events) == {"rolls": 1, "faces": {"unknown": [1, 1, 2, 2, 2, 1]}, "totals": {"21": 1},
                                       "named": {}}


def read(*values: int) -> list[dict]:
    return [{"value": v, "color": "white", "confidence": 0.9} for v in values]


def test_a_camera_reroll_counts_the_dice_it_threw_judged_from_the_pool_before_it(data_dir, monkeypatch):
    """« Il peut ensuite relancer autant de dés qu'il veut, jusqu'à deux fois de suite. »: the camera sees the pool
    after each reroll; the dice not in the pool before it were thrown (power dice included) and count, as the
    referee infers them. A correction of the roll changes which dice the reroll after it threw; undo and a restart
    (checkpoint or replay) count the same."""
    from companion import checkpoint
    from tests.conftest import NK_TWO_KEEPERS

    monkeypatch.setattr(checkpoint, "EVERY", 1)  # the restart takes up the memory from its last entry's checkpoint
    table = open_table(data_dir)
    table.new_game("nexus-keepers", {}, ["A", "B"])
    table.submit(NK_TWO_KEEPERS)
    table.submit({"type": "roll", "dice": read(3, 3, 4, 5, 6)}, source="camera")
    table.submit({"type": "reroll", "dice": read(3, 3, 4, 2, 1)}, source="camera")  # the 5 and 6: 2 and 1
    table.submit({"type": "reroll", "dice": read(3, 3, 6, 6, 1, 5)}, source="camera")  # 2, 4 and a power die
    assert table.statistics() == {"rolls": 1, "faces": {"white": [1, 1, 2, 1, 2, 3]}, "totals": {"21": 1},
                                  "named": {}}
    table.correct(1, read(3, 3, 4, 2, 6))  # the roll had a 2, not a 5: the first reroll threw the 6 alone
    counted = {"rolls": 1, "faces": {"white": [1, 1, 2, 1, 1, 3]}, "totals": {"18": 1}, "named": {}}
    assert table.statistics() == counted
    table.journal.close()
    again = open_table(data_dir)
    assert again.memory.next_seq == checkpoint_seq(again) and again.statistics() == counted
    again.undo()  # the second reroll's dice, as the checkpoint kept them
    assert again.statistics() == {"rolls": 1, "faces": {"white": [1, 1, 2, 1, 0, 1]}, "totals": {"18": 1},
                                  "named": {}}
    again.journal.close()
    assert open_table(data_dir).statistics() == again.statistics()


def checkpoint_seq(table: Table) -> int:
    return table.journal.checkpoint(table.record.id).seq


def hexors_to_the_first_duel(options: dict) -> TableMemory:
    """Hexors' beginner example up to Kuriboh's challenge of Saggi (« Il y a duel quand deux carreaux entrent en
    contact »): the next event is the attacker's roll (the example's moves include one the rules refuse)."""
    lines = (REPO / "docs/rules/examples/hexors-beginner-win.jsonl").read_text().splitlines()
    memory = TableMemory.fresh("hexors", options)
    for seq, line in enumerate(lines[:12]):
        memory.replay(seq, json.loads(line))
        memory.next_seq = seq + 1
    assert memory.engine.state.duel is not None
    return memory


@pytest.mark.parametrize("reading, read", [("value", {"value": 4, "color": "white"}),
                                           ("color", {"value": 1, "color": "green"})])
def test_hexors_duel_rolls_count_by_the_colour_rolled_typed_or_read(reading, read):
    """« L'attaquant commence et roule le dé de couleur »: the duel die's faces are colours (D1: a pip die's value
    picks the colour at its place in ``colours``, or a colour die read by its colour). A typed roll counts under the
    colour it names, a read one under the colour it shows (not by its value under the colour of its pips)."""
    memory = hexors_to_the_first_duel({"die_reading": reading})
    events = [{"type": "roll", "player": "Yugi", "colour": "orange"}, {"type": "roll", "dice": [read]}]
    for seq, event in enumerate(events, start=memory.next_seq):
        assert not any(v.kind.value == "illegal" for v in memory.replay(seq, event))
    counted = {"rolls": 2, "faces": {}, "totals": {}, "named": {"orange": 1, "green": 1}}
    assert memory.statistics == counted == roll_statistics(events, memory.engine.named_faces)
    memory.replay(memory.next_seq + 2, {"type": "undo", "undoes": memory.last})
    assert memory.statistics == {"rolls": 1, "faces": {}, "totals": {}, "named": {"orange": 1}}
