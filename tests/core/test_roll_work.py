"""A roll costs the same work at the end of a long free-roll game as at its start: nothing on its path (the journal's
writes and key look-ups, the referee, the statistics, the state phones read, the live event, a phone's stream, the
history's newest page) reads or recomputes the whole game. Counted, not timed: SQLite's virtual machine steps and
Python's function calls for the same rolls early and late in the game."""

from __future__ import annotations

import sqlite3
import sys

from companion.bus import EventBus
from companion.journal import Journal, RequestKey
from companion.table import Table

#: rolls counted in each stretch: the table trims its memory and writes a checkpoint once every 100 entries, so a
#: stretch of 100 holds one of each, early and late alike
STRETCH = 100


def roll(n: int) -> dict:
    """Every colour's faces come up as often (no unfairness warning to make one stretch cost more)."""
    return {"type": "roll", "dice": [{"value": n % 6 + 1, "color": "red"}, {"value": (n * 5) % 6 + 1, "color": "blue"},
                                     {"value": (n + 3) % 6 + 1, "color": "white"}]}


class Work:
    """SQLite steps on the journal's connection and Python calls in this thread, while ``counting``."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.steps = self.calls = 0
        self.counting = False
        db.set_progress_handler(self._step, 1)

    def _step(self) -> int:
        self.steps += self.counting
        return 0

    def _call(self, frame, event, arg) -> None:
        if event in ("call", "c_call") and frame.f_code is not Work._step.__code__:  # not the steps' counter
            self.calls += 1

    def __enter__(self) -> "Work":
        self.steps = self.calls = 0
        self.counting = True
        sys.setprofile(self._call)
        return self

    def __exit__(self, *exc) -> None:
        sys.setprofile(None)
        self.counting = False


def test_a_roll_late_in_a_long_game_does_the_work_of_an_early_one(tmp_path):
    journal = Journal(tmp_path / "journal.sqlite3")
    journal._db.execute("PRAGMA synchronous=OFF")  # the work is counted, not timed: no need to wait for the disk
    bus = EventBus()
    table = Table(journal, bus)
    table.new_game("free-roll", {}, ["Ann", "Bob"])
    game = table.state()["game_id"]
    work = Work(journal._db)
    counted = {}
    for start in (3 * STRETCH, 15 * STRETCH):
        while table.state_version < start:
            table.submit(roll(table.state_version), request=RequestKey(f"key-{table.state_version:06d}", "f"))
        streamed = bus.last_id
        with work:
            for n in range(start, start + STRETCH):
                table.submit(roll(n), request=RequestKey(f"key-{n:06d}", "f"))  # a phone's roll, with its key
                events, complete = bus.since(streamed)  # what a phone's stream is sent
                streamed = events[-1].id
                table.state()  # what a phone reads
                journal.page(game, None, 20)  # the history's newest page
                assert complete and table.answered(RequestKey(f"key-{n:06d}", "f")) is not None
        counted[start] = (work.steps / STRETCH, work.calls / STRETCH)
    (early_steps, early_calls), (late_steps, late_calls) = counted.values()
    assert table.state()["summary"]["rolls"] == 16 * STRETCH
    assert early_steps > 0 and early_calls > 1000, counted  # the counters saw the work
    assert late_steps <= early_steps * 1.01, counted
    assert late_calls <= early_calls * 1.01, counted
