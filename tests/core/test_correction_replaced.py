"""A correction's entry keeps the dice it replaced (``before``), as the roll held them then: History says what the
correction changed from what the journal holds, never from a guess. The roll as rolled, as corrected before, and
long out of the table's memory (read back from the journal)."""

from __future__ import annotations

from companion import table_memory
from companion.bus import EventBus
from companion.journal import Journal
from companion.table import Table


def red(*values):
    return [{"value": v, "color": "red"} for v in values]


def test_each_correction_keeps_the_dice_it_replaced(data_dir, monkeypatch):
    monkeypatch.setattr(table_memory, "KEEP", 4)  # 4 to 8 entries in memory: roll 1 is soon only on disk
    table = Table(Journal(data_dir / "journal.sqlite3"), EventBus())
    table.submit({"type": "roll", "dice": [{"value": 6, "color": "red", "box": [10, 20, 30, 40]},
                                           {"value": 2, "color": "blue"}]})
    table.correct(0, red(4, 2), version=0)
    table.correct(0, red(4, 2, 5), version=1)
    for _ in range(12):
        table.submit({"type": "roll", "dice": red(3)})
    assert all(seq != 0 for seq, _ in table.memory.accepted)
    table.correct(0, red(1), version=2)

    corrections = [e["event"] for e in table.history() if e["event"]["type"] == "correct"]
    assert [c["before"] for c in corrections] == [
        [{"value": 6, "color": "red", "box": [10.0, 20.0, 30.0, 40.0]}, {"value": 2, "color": "blue"}],  # as rolled
        red(4, 2),  # as the first correction left it
        red(4, 2, 5),  # out of memory: the journal's latest correction
    ]
    assert [[d["value"] for d in c["dice"]] for c in corrections] == [[4, 2], [4, 2, 5], [1]]
