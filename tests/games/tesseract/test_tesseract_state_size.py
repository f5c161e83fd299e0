"""Every move of the breach-loss example game (its largest states: a full priming zone, many cubes in the labs, so
many offers) sends its live event with the board, so no phone reads /api/state again after each move."""

from __future__ import annotations

import json

from companion.bus import EventBus
from companion.journal import Journal
from companion.table import Table
from companion.table.state import EVENT_STATE_MAX

from tess_helpers import EXAMPLES


def test_every_live_event_of_the_breach_loss_example_carries_the_board(tmp_path):
    bus = EventBus()
    journal = Journal(tmp_path / "tesseract.sqlite3")
    try:
        table = Table(journal, bus)
        table.new_game("tesseract", {}, [])
        largest, partial = 0, []
        for n, line in enumerate((EXAMPLES / "tesseract-breach-loss.jsonl").read_text().splitlines(), 1):
            last = bus.last_id
            table.submit(json.loads(line), source="phone")
            event = next(e for e in bus.since(last)[0] if e.topic == "entry")
            if event.data["state"].get("partial"):
                partial.append(n)
            largest = max(largest, len(json.dumps(table.state(snapshot=False), separators=(",", ":"),
                                                  ensure_ascii=False)))
    finally:
        journal.close()
    assert not partial, f"moves whose event left the board out: {partial}"
    assert largest <= EVENT_STATE_MAX - 2048, largest  # room for a bigger hand or zone than the example's
