"""Every move of the example games with the largest states (Tesseract's breach loss: a full priming zone, many cubes
in the labs, so many offers; Hexors' advanced game: action tiles refused for their cost; Nexus: fifty cards down, a
hundred Nexuses) sends its live event with the board, so no phone reads /api/state again after each move
(companion/table/state.py bounds what an event carries)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.bus import EventBus
from companion.journal import Journal
from companion.table import Table
from companion.table.state import EVENT_STATE_MAX

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "examples"


@pytest.mark.parametrize("game, players, example, room", [
    ("tesseract", [], "tesseract-breach-loss", 2048),  # room for a bigger hand or zone than the example's
    ("hexors", ["Yugi", "Kaiba"], "hexors-advanced-win", 0),
    # a Nexus board grows with each card (about 130 bytes): room for the rest of the deck and a longer one
    ("nexus", ["Ann", "Bob"], "nexus-two-players", 4096),
    ("nexus", ["Ann", "Bob", "Cy"], "nexus-three-players", 4096),
])
def test_every_live_event_of_the_example_carries_the_board(tmp_path, game, players, example, room):
    bus = EventBus()
    journal = Journal(tmp_path / f"{game}.sqlite3")
    try:
        table = Table(journal, bus)
        table.new_game(game, {}, players)
        largest, partial = 0, []
        for n, line in enumerate((EXAMPLES / f"{example}.jsonl").read_text().splitlines(), 1):
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
    assert largest <= EVENT_STATE_MAX - room, largest
