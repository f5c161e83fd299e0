"""Refusals, ``legal`` and the offers loop put the game back from a state taken before (``GameEngine.apply``,
``available_actions``; undo rebuilds from JSON text): over real play of every game, that state must still read as
taken when it is put back, and nothing tried may reach the live game. Nexus hands out its own card list
(``GameState.to_json``, for speed) and keeps the list it is loaded from (the offers' scratch copy shares it with the
live game), so a change in place before a refusal would roll back to the change itself; these games show none."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.event_payload import LONG_NAMES, WHOLE_DECK, free_roll, nexus_whole_deck, random_hexors_game
from companion.core import verdict
from companion.referee import EventError, GameEngine, create_game
from tests.games.refusals import StateWatch, play_watching

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "examples"
JUNK = (None, "junk", {"x": 1})


def variants(event: dict, previous: dict | None) -> list[dict]:
    """Refused or malformed neighbours of a real event: each field left out, replaced by junk, a number moved
    by one or seven (a card put on a spot next to its own, a keeper a step further), a list with an element more or
    its first left out; and the event before it played again (a card played twice, a second setup)."""
    out = [dict(previous)] if previous else []
    for key, value in event.items():
        if key == "type":
            continue
        out.append({k: v for k, v in event.items() if k != key})
        out += [{**event, key: junk} for junk in JUNK]
        if isinstance(value, int) and not isinstance(value, bool):
            out += [{**event, key: value + step} for step in (1, 7)]
        if isinstance(value, list) and value:
            out += [{**event, key: value + [value[-1]]}, {**event, key: value[1:]}]
    return out


def junk_of(events: list[dict], every: int = 1):
    """``variants`` of every ``every``-th event (the benchmarks' long games: every event's offers, a few's junk)."""
    previous = {id(e): (n, p) for n, (p, e) in enumerate(zip([None] + events, events))}
    return lambda event: variants(event, previous[id(event)][1]) if previous[id(event)][0] % every == 0 else ()


def examples() -> list[tuple[str, str, list[dict], dict, int]]:
    """Every game the rule books' example journals play (docs/rules/examples), then those the benchmarks play
    beyond them (benchmarks/event_payload.py): an evening of free roll, Nexus's whole example deck, advanced Hexors
    with hidden and with full hands. Last, how often an event's junk is tried: every event, but every other one in
    Nexus (its state carries the deck, a millisecond of JSON text each time) and fewer in the long generated games."""
    from companion.games.hexors.glossary import KINDS

    games = ("nexus-keepers", "nexus", "hexors", "tesseract")
    found = []
    for path in sorted(EXAMPLES.glob("*.jsonl")):
        game = next(g for g in games if path.stem.startswith(g))
        events = [json.loads(line) for line in path.read_text().splitlines()]
        found.append((game, path.stem, events, {}, 2 if game == "nexus" else 1))
    found.append(("free-roll", "free roll, 40 rolls", free_roll(40), {}, 1))
    found.append(("nexus", "nexus whole deck", nexus_whole_deck(), WHOLE_DECK, 8))
    found.append(("hexors", "hexors hidden hands", random_hexors_game([6, 6], LONG_NAMES), {}, 16))
    hands = [sorted(KINDS) * 2] * 2
    found.append(("hexors", "hexors full hands", random_hexors_game(hands, ["Yugi", "Kaiba"]), {}, 16))
    return found


@pytest.mark.parametrize("game, name, events, options, every", examples(),
                         ids=lambda v: v if isinstance(v, str) else "")
def test_refusals_and_offers_put_back_the_state_as_taken(game, name, events, options, every):
    engine = create_game(game, options)
    loads = play_watching(engine, events, junk_of(events, every))
    assert loads > len(events), (name, loads)  # the refusals and offers did put states back


class SharingEngine(GameEngine):
    """A game that hands out its own list and appends to it before refusing: what the watch is for."""

    name = "sharing-test"

    def setup(self) -> None:
        self.marks: list[int] = []

    def state_json(self):
        return {"marks": self.marks}

    def load_state_json(self, state) -> None:
        self.marks = state["marks"]

    def offers(self):
        return {"mark": {"type": "mark", "value": 1}, "big": {"type": "mark", "value": 9}}

    def _apply(self, event):
        self.marks.append(event["value"])
        if event["value"] > 5:
            return [verdict("illegal", "test", "too big", "trop grand")]
        return []


def test_the_watch_catches_an_engine_changing_its_handed_out_list_before_refusing():
    engine = SharingEngine()
    with pytest.raises(AssertionError):
        play_watching(engine, [{"type": "mark", "value": 1}])  # the offers' scratch copy shares the live list
    engine = SharingEngine()
    with StateWatch(SharingEngine) as watch:
        engine.apply({"type": "mark", "value": 9})
        assert watch.problems == ["a state handed out was changed before it was loaded back"]
    assert engine.marks == [9]  # the refused 9 stayed: the rollback restored the list it had just changed
    assert SharingEngine.state_json is SharingEngine.__dict__["state_json"]  # the watch is gone after


def test_the_watch_catches_an_event_error_after_a_change_in_place():
    engine = SharingEngine()
    with StateWatch(SharingEngine) as watch:
        with pytest.raises(EventError):
            engine.apply({"type": "mark", "value": "x"})  # appended, then "x" > 5 raises TypeError
        assert watch.problems
