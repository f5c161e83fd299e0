"""The engine as the companion uses it: registry, snapshot, undo, summary, docs, book quotes, junk events."""

from __future__ import annotations

import json
import random
import re

import pytest

from companion.games.nexus.views import readable
from companion.referee import EventError, OptionsError, available_games, create_game, restore_game

from tests.games.refusals import apply_losing_nothing

from nexus_helpers import BOOK, REPO, closing_board, new_game, nexus_nodes, ok, play

DOC = REPO / "docs" / "rules" / "nexus.md"


def _squash(text: str) -> str:
    return " ".join(text.replace("**", "").split())


def _curly_quotes(text: str) -> list[str]:
    """Top-level “...” quotes, allowing the book's own nested “...” inside them."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "“":
            if depth == 0:
                start = i + 1
            depth += 1
        elif ch == "”" and depth:
            depth -= 1
            if depth == 0:
                out.append(text[start:i])
    return out


def test_every_quoted_book_sentence_is_verbatim():
    """Each “...” quote in these tests, each « ... » in the engine's docstrings and in docs/rules/nexus.md,
    and each sentence the verdicts quote appears word for word in the rule book."""
    from companion.games.nexus.rules import BOOK as RULES

    book = _squash(BOOK.read_text(encoding="utf-8"))
    quotes = []
    for path in sorted((REPO / "tests" / "games" / "nexus").glob("test_*.py")):
        if path.name != "test_nexus_engine.py":  # this file's quote marks are code
            quotes += _curly_quotes(path.read_text(encoding="utf-8"))
    tests_only = len(quotes)
    for path in sorted((REPO / "companion" / "games" / "nexus").glob("*.py")):
        if path.name != "rules.py":  # its « » are the French renderings
            quotes += re.findall(r"« (.+?) »", path.read_text(encoding="utf-8"), flags=re.S)
    quotes += re.findall(r"« (.+?) »", DOC.read_text(encoding="utf-8"), flags=re.S)
    quotes += [en for en, _fr in RULES.values()]
    assert tests_only >= 20
    missing = [q for q in quotes if _squash(q) not in book]
    assert not missing, missing


def test_registered_as_nexus_beside_nexus_keepers():
    games = available_games()
    assert "nexus" in games and "nexus-keepers" in games and games["nexus"] is not games["nexus-keepers"]
    assert games["nexus"].title.en == "Nexus (James Ernest)"
    with pytest.raises(OptionsError):
        create_game("nexus", {"target_points": 0})
    with pytest.raises(OptionsError):
        create_game("nexus", {"colour": "red"})


def test_snapshot_and_undo_round_trip():
    engine = closing_board(ann_counter="t-bar-1:a", bob_counter="t-caps-1:l")
    before = engine.state_json()
    ok(play(engine, "t-caps-2", 2, 0, 90))
    again = restore_game(json.loads(json.dumps(engine.snapshot())))
    assert again.state_json() == engine.state_json() and again.summary() == engine.summary()
    engine.undo()
    assert engine.state_json() == before and engine.state.scores == {"Ann": 0, "Bob": 0}
    assert len(engine.state.board.placements) == 3


def test_a_refused_event_leaves_the_state_exactly_as_it_was():
    engine = new_game()
    before = engine.state_json()
    engine.apply({"type": "play_card", "card": "t-pair-1", "x": 2, "y": 0, "rotation": 0})
    assert engine.state_json() == before and len(engine.state.board.placements) == 1


def test_summary_gives_the_phone_everything_to_draw_the_board():
    """Each Nexus with its power per player and its value now; cards, their designs' rods and nodes, counters, legal
    moves."""
    engine = closing_board(ann_counter="t-bar-1:a", bob_counter="t-caps-1:l")
    summary = readable(engine.summary())
    assert (summary["phase"], summary["player"], summary["deck_left"]) == ("card", "Ann", 6)
    assert summary["players"] == [{"name": "Ann", "colour": "red", "score": 0},
                                  {"name": "Bob", "colour": "blue", "score": 0}]
    bar = next(n for n in summary["nexuses"] if n["id"] == "t-bar-1:a")
    assert (bar["closed"], bar["power"], bar["value"], nexus_nodes(summary, bar)) == \
        (False, {"Ann": 2}, 3, ["t-bar-1:a", "t-bar-1:b", "t-caps-1:tl"])
    assert summary["counters"] == {"t-bar-1:a": "Ann", "t-caps-1:l": "Bob"}
    bar_card = next(c for c in summary["cards"] if c["card"] == "t-bar-1")
    assert {"name": "a", "x": 0.5, "y": 0.5, "power": 2} in summary["designs"][bar_card["design"]]["nodes"]
    caps = next(c for c in summary["cards"] if c["card"] == "t-caps-1")
    assert (caps["x"], caps["y"], caps["rotation"]) == (-1, 0, 90)
    # its tl rod ends on the design's top edge, at (0.5, 0): turned a quarter on (-1, 0), at (0, 0.5) by t-bar-1
    assert [0.5, 0.0] in [r[-1] for r in summary["designs"][caps["design"]]["rods"]]
    assert summary["legal_counters"] == [] and {"x": 2, "y": 0, "rotations": [90, 270]} in summary["card_spots"]
    ok(play(engine, "t-caps-2", 2, 0, 90))
    summary = readable(engine.summary())
    bar = next(n for n in summary["nexuses"] if n["id"] == "t-bar-1:a")
    assert (bar["closed"], bar["scorer"], bar["points"], bar["power"]) == (True, "Ann", 4, {"Ann": 2})
    assert summary["last_closed"] == ["t-bar-1:a"] and summary["card_spots"] == []
    assert "t-caps-2:r" in summary["legal_counters"] and "t-bar-1:b" not in summary["legal_counters"]


def test_every_event_option_and_rule_id_is_documented():
    doc = DOC.read_text(encoding="utf-8")
    from companion.games.nexus.engine import EVENTS, Nexus

    for event in EVENTS:
        assert f'"type": "{event}"' in doc, event
    for option in Nexus.option_defaults:
        assert f"`{option}`" in doc, option
    source = "".join(p.read_text(encoding="utf-8") for p in (REPO / "companion" / "games" / "nexus").glob("*.py"))
    rule_ids = set(re.findall(r'"(nexus\.[a-z_.]+)"', source))
    assert len(rule_ids) >= 20
    for rule in rule_ids:
        assert f"`{rule}`" in doc, rule


def test_documented_event_examples_are_valid_events():
    doc = DOC.read_text(encoding="utf-8")
    events = [json.loads(block.split("```")[0]) for block in doc.split("```json\n")[1:]]
    events = [e for e in events if isinstance(e, dict) and "type" in e]
    assert {e["type"] for e in events} >= {"setup", "play_card", "place_counter"}
    engine = create_game("nexus")
    for event in events:
        assert not [v for v in engine.apply(event) if v.kind.value == "illegal"], event


def test_junk_events_raise_event_errors_or_verdicts_and_never_change_a_refused_state():
    """House rule: a malformed event raises a clear error and loses nothing (seeded random junk, mid-game)."""
    rng = random.Random(5)
    junk = [None, 7, -1, 2.5, "x", [], {}, [1], [0.5, 0.5], True, "t-bar-1:a", "t-pair-1", 90, 45, "example",
            ["Ann"], ["A", "A"], [{"id": "x"}]]
    fields = ["card", "x", "y", "rotation", "node", "at", "player", "players", "deck", "first_card", "deck_order"]
    for engine in (new_game(), closing_board(), closing_board({"ties_illegal": True})):
        if engine.options["ties_illegal"]:
            ok(play(engine, "t-caps-2", 2, 0, 90))             # mid-turn, after a closure
        for _ in range(150):
            event = {"type": rng.choice(["setup", "play_card", "place_counter", "flip", 3])}
            for name in rng.sample(fields, rng.randint(0, 4)):
                event[name] = rng.choice(junk)
            apply_losing_nothing(engine, event)


def test_setup_errors_are_clear():
    engine = create_game("nexus")
    for bad, message in (({"players": ["A"]}, "2 to 4"), ({"players": ["A", "A"]}, "different"),
                         ({"players": ["A", "B"], "deck": ["nope"]}, "unknown card"),
                         ({"players": ["A", "B"], "first_card": "nope"}, "first_card"),
                         ({"players": ["A", "B"], "deck_order": "sorted"}, "deck_order")):
        with pytest.raises(EventError, match=message):
            engine.apply({"type": "setup", **bad})
    assert engine.state is None
    ok(engine.apply({"type": "setup", "players": [{"name": "A", "colour": "black"}, "B"], "first_card": "ex-cross-1"}))
    assert engine.summary()["players"][0] == {"name": "A", "colour": "black", "score": 0}
    assert engine.summary()["deck_left"] == 53
