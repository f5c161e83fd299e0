"""The documented full game (docs/rules/examples/nexus-keepers-full-game.jsonl) replayed through the engine API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.referee import EventError, create_game, restore_game
from tests.games.refusals import apply_losing_nothing

REPO = Path(__file__).resolve().parents[3]
SCRIPT = REPO / "docs" / "rules" / "examples" / "nexus-keepers-full-game.jsonl"
DOC = REPO / "docs" / "rules" / "nexus-keepers.md"


def replay():
    engine = create_game("nexus-keepers")
    log = []
    for index, line in enumerate(SCRIPT.read_text(encoding="utf-8").splitlines()):
        for v in engine.apply(json.loads(line)):
            log.append((index, v.kind.value, v.rule, v.players))
    return engine, log


def test_full_game_from_setup_to_a_win():
    engine, log = replay()
    rules = [rule for _i, _k, rule, _p in log]
    # Falls, a bonus turn, a portal elimination, a blocked portal and a closure all happen, in this order.
    # C is pushed off, A plays a bonus turn, C's return is blocked, C's cube closes and drops A,
    # then B goes through its own Portal and A wins.
    story = ["nk.fall", "nk.bonus", "nk.portal.blocked", "nk.portal.closure", "nk.fall", "nk.fall.return",
             "nk.portal.elimination", "nk.win"]
    assert [r for r in rules if r in story] == story
    assert ("elimination", "nk.portal.blocked", ("C", "A")) in [(k, r, p) for _i, k, r, p in log]
    assert ("elimination", "nk.portal.elimination", ("B",)) in [(k, r, p) for _i, k, r, p in log]
    # The flagged mistakes in the script were refused, the game went on.
    illegal = [r for _i, k, r, _p in log if k == "illegal"]
    assert illegal == ["nk.reroll.single", "nk.roll.dice-count", "nk.reroll.ones"]
    assert "nk.maladresse" in rules and "nk.reserve" in rules
    assert engine.outcome is not None and engine.outcome.players == ("A",)
    summary = engine.summary()
    assert summary["phase"] == "over" and summary["winners"] == ["A"]
    assert summary["eliminated"] == ["B", "C"] and summary["power_dice_left"]["A"] == 1


def test_snapshot_and_undo_round_trip():
    engine, _ = replay()
    again = restore_game(json.loads(json.dumps(engine.snapshot())))
    assert again.state_json() == engine.state_json()
    engine.undo()                                   # take back the winning push
    assert engine.outcome is None and engine.summary()["phase"] == "rolling"
    assert engine.summary()["positions"]["B"] == [4, 1]


def test_bad_events_raise_clear_errors_and_change_nothing():
    engine, _ = replay()
    engine.undo()
    before = engine.state_json()
    for event, words in (({"type": "teleport"}, "nexus-keepers has no 'teleport' event"),
                         ({"type": "positions"}, "malformed 'positions' event"),
                         ({"type": "roll", "dice": [7]}, '"dice" must hold die values 1-6, got 7'),
                         ({"type": "positions", "keepers": {"A": [3, 1]}}, "every keeper on the board; B is missing"),
                         ({"type": "positions", "keepers": {"Z": [0, 0]}}, r"unknown keeper\(s\): Z")):
        with pytest.raises(EventError, match=words):  # the sender's mistake named, not an engine failure
            engine.apply(event)
        assert engine.state_json() == before


def test_every_event_and_rule_id_is_documented():
    doc = DOC.read_text(encoding="utf-8")
    from companion.games.nexus_keepers.engine import EVENTS
    for event in EVENTS:
        assert f'"type": "{event}"' in doc, event
    import re
    source = "".join(p.read_text(encoding="utf-8")
                     for p in (REPO / "companion" / "games" / "nexus_keepers").glob("*.py"))
    rules = set(re.findall(r'"(nk\.[a-z.-]+)"', source))
    assert len(rules) > 30
    for rule in rules:
        assert f"`{rule}`" in doc, rule


def test_documented_event_examples_are_valid_events():
    """Every JSON line in the doc's event examples parses, and the setup example sets up a legal Nexus."""
    doc = DOC.read_text(encoding="utf-8")
    events = []
    for block in (b.split("```")[0] for b in doc.split("```json")[1:]):
        try:
            events.append(json.loads(block))                  # one event written over several lines
        except json.JSONDecodeError:
            events += [json.loads(line) for line in block.splitlines() if line.strip()]
    events = [e for e in events if "type" in e]
    assert {e["type"] for e in events} >= {"setup", "roll", "reroll", "power", "positions", "actions", "reserve"}
    setup = next(e for e in events if e["type"] == "setup")
    engine = create_game("nexus-keepers")
    assert [v.rule for v in engine.apply(setup)] == ["nk.setup"]


def test_turn_order_is_checked_and_every_verdict_speaks_french_too():
    """FR: « Les autres joueurs déploient alors à leur tour (dans le sens horaire) leur Cube Nexus » — the setup list
    is the turn order, first player first."""
    engine = create_game("nexus-keepers")
    lines = SCRIPT.read_text(encoding="utf-8").splitlines()
    engine.apply(json.loads(lines[0]))
    verdicts = engine.apply({"type": "turn_start", "player": "B"})
    assert [(v.kind.value, v.rule) for v in verdicts] == [("illegal", "nk.turn.order")]
    everything = []
    fresh = create_game("nexus-keepers")
    for line in lines:
        everything += fresh.apply(json.loads(line))
    assert all(v.message.fr and v.message.fr != v.message.en for v in everything if v.rule != "nk.setup.done")


def test_summary_tells_the_phone_whose_turn_dice_rerolls_actions_and_falls():
    engine = create_game("nexus-keepers")
    lines = SCRIPT.read_text(encoding="utf-8").splitlines()
    for line in lines[:5]:                      # setup, A's turn, roll, a refused and an accepted reroll
        engine.apply(json.loads(line))
    summary = engine.summary()
    assert (summary["turn"], summary["phase"], summary["dice_allowed"],
            summary["rerolls_left"]) == ("A", "rolling", 6, 1)
    assert summary["actions"] == [{"move": 1, "jump": 0, "push": 1}]
    assert summary["fallen"] == [] and summary["positions"]["C"] == [0, 2]
    engine.apply(json.loads(lines[5]))          # positions: C pushed off
    summary = engine.summary()
    assert summary["fallen"] == ["C"] and summary["rerolls_left"] == 0 and summary["phase"] == "acted"
    destinations = {tuple(o["to"]) for o in create_game("nexus-keepers").legal_moves()}
    assert destinations == set()                 # nothing to show before a setup and a roll


def test_junk_events_raise_event_errors_or_verdicts_never_crash():
    """House rule: a malformed event raises a clear error and loses nothing (seeded random junk, mid-game)."""
    import random

    rng = random.Random(11)
    junk_values = [None, 7, -1, "x", [], {}, [1], [1, 2, 3], {"value": 9}, [[0, 0]], {"A": "up"}, True, 2.5,
                   [2, 2], {"A": [0, 1], "B": [4, 1]}, [{"action": "move"}], [{"action": "fly", "to": [0, 0]}],
                   [{"player": "Q"}], [{"player": "A", "origin": "here"}]]
    fields = ["dice", "power", "rerolled", "results", "keepers", "actions", "value", "cubes", "player", "players"]
    lines = SCRIPT.read_text(encoding="utf-8").splitlines()
    for stop in (2, 5, 9, 15):
        engine = create_game("nexus-keepers")
        for line in lines[:stop]:
            engine.apply(json.loads(line))
        for _ in range(60):
            event = {"type": rng.choice(["roll", "reroll", "power", "positions", "actions", "reserve", "reconnect",
                                         "turn_start", "end_turn", "setup", 3])}
            for name in rng.sample(fields, rng.randint(0, 3)):
                event[name] = rng.choice(junk_values)
            apply_losing_nothing(engine, event)
