"""Every move of the example games with the largest states (Tesseract's breach loss: a full priming zone, many cubes
in the labs, so many offers; Hexors' advanced game: action tiles refused for their cost; Nexus: fifty cards down, a
hundred Nexuses), and of a long Hexors game with the longest names, sends its live event with the board, so no
phone reads /api/state again after each move (companion/table/state.py bounds what an event carries)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from companion.bus import EventBus
from companion.referee import EventError
from companion.journal import Journal
from companion.table import Table
from companion.table.state import EVENT_STATE_MAX
from companion.games.hexors.glossary import KINDS
from benchmarks.event_payload import random_hexors_move
from tests.games.hexors.hexors_examples import starter_setup

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


#: the longest names the phone's new-game form takes (web/js/views/games/game.js: maxlength 24); each tile, launch
#: offer and refusal names its player
LONG_NAMES = ["Marie-Charlotte Lefebvre", "Jean-Baptiste Delacroix."]


def random_hexors_turns(table, rng):
    """A Hexors player who picks at random what the summary offers (``random_hexors_move``), through the table.
    Yields after each event sent."""
    while True:
        summary = table.engine.summary()
        if summary["outcome"]:
            return
        event = random_hexors_move(summary, rng)
        try:
            table.submit(event, source="phone")
        except EventError:  # a target of the wrong kind, which the table does not take: another pick
            continue
        yield event


#: each player's action tiles: the advanced example's hands and two stars each; hands the referee is not told (six
#: each, only their number) and full hands (two of each of the twelve kinds), both from the rule book's empty star
#: fund, so that every launch offered is refused and says why, naming its player
HANDS = {"example": ((["setting_sun", "mystic_barrier", "power_theft", "symbiosis", "star_blast", "genesis"],
                      ["disarm", "earth_fist", "zombie", "energy_trap", "divine_chain", "sandstorm"]), 2),
         "hidden": ((6, 6), None),
         "full": (([*KINDS] * 2, [*KINDS] * 2), None)}


@pytest.mark.parametrize("hands", list(HANDS))
def test_a_long_hexors_game_with_the_longest_names_sends_every_event_with_the_board(tmp_path, hands):
    """A Hexors game far longer than the examples (the starter set, players named as long as the phone allows, each
    hand of ``HANDS``, played at random to its end): every move's live event carries the board, with 1 KB to spare.
    Past the bound (EVENT_STATE_MAX) an event leaves the board out and every phone reads /api/state again after each
    move, one more round trip per phone per move, all evening. Each of the 24 refused launches says why in both
    languages, naming its player and its action tile: the summary sends each sentence shape once
    (companion/referee/offers.py). The random player's seed gives a game of some 300 to 400 events."""
    actions, stars = HANDS[hands]
    setup = starter_setup("advanced", actions, stars=stars)
    for player, name in zip(setup["players"], LONG_NAMES):
        player["id"] = name
    setup["first"] = LONG_NAMES[0]
    bus = EventBus()
    journal = Journal(tmp_path / "hexors.sqlite3")
    try:
        table = Table(journal, bus)
        table.new_game("hexors", {}, LONG_NAMES)
        table.submit(setup, source="phone")
        largest, partial, events = 0, [], 0
        last = bus.last_id
        for event in random_hexors_turns(table, random.Random(4)):
            events += 1
            sent = next(e for e in bus.since(last)[0] if e.topic == "entry")
            last = bus.last_id
            if sent.data["state"].get("partial"):
                partial.append((events, event["type"]))
            largest = max(largest, len(json.dumps(table.state(snapshot=False), separators=(",", ":"),
                                                  ensure_ascii=False)))
        assert table.engine.outcome is not None
    finally:
        journal.close()
    assert events > 100  # the advanced example has 41
    assert not partial, f"{len(partial)} of {events} events left the board out, the first: {partial[:5]}"
    assert largest <= EVENT_STATE_MAX - 1024, largest  # room for a luckier board than this one's
