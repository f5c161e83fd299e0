"""Engine plumbing: registry, example scripts through the CLI, snapshots, undo, summary, the book's quotes."""

from __future__ import annotations

import io
import json
import re

import pytest

from companion.commands.referee import referee_script
from companion.referee import EventError, available_games, create_game, restore_game

from hex_helpers import EXAMPLES, REPO, RULE_BOOK, game, put, roll, rules_of, squash


DOC = REPO / "docs" / "rules" / "hexors.md"


def replay(name: str):
    out = io.StringIO()
    lines = (EXAMPLES / name).read_text(encoding="utf-8").splitlines()
    snapshot = referee_script("hexors", lines, {}, out)
    verdicts = [json.loads(line) for line in out.getvalue().splitlines()[:-1]]
    return restore_game(snapshot), verdicts, len(lines)


def test_every_quoted_rule_book_sentence_is_verbatim():
    """Each « ... » quote in these tests, in docs/rules/hexors.md and in the engine's rule table must appear word
    for word in the book."""
    from companion.games.hexors.rules import BOOK
    book = squash(RULE_BOOK.read_text(encoding="utf-8"))
    quotes = list(BOOK.values())
    quotes += re.findall(r"« (.+?) »", DOC.read_text(encoding="utf-8"), flags=re.S)
    for path in sorted((REPO / "tests" / "games" / "hexors").glob("test_*.py")):
        if path.name != "test_hexors_engine.py":
            quotes += re.findall(r"« (.+?) »", path.read_text(encoding="utf-8"), flags=re.S)
    quotes = [squash(q) for q in quotes]
    assert len(quotes) >= 60
    missing = [q for q in quotes if q not in book]
    assert not missing, missing


def test_documented_event_examples_are_valid_events():
    """Every JSON line in the doc's examples parses; the setup example sets up a legal game."""
    lines = [line for block in re.findall(r"```json\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.S)
             for line in block.splitlines()]
    events = [json.loads(line) for line in lines]
    assert len(events) >= 14 and all("type" in e for e in events)
    engine = create_game("hexors")
    assert rules_of(engine.apply(events[0])) == ["hex.setup"]


def test_registered_for_the_cli_and_the_phone():
    assert "hexors" in available_games()
    assert create_game("hexors").summary()["phase"] == "setup"


def test_the_beginner_example_plays_a_whole_game_to_a_win():
    engine, verdicts, count = replay("hexors-beginner-win.jsonl")
    rules = [v["rule"] for v in verdicts]
    assert engine.outcome.rule == "hex.win" and engine.outcome.players == ("Yugi",)
    assert verdicts[-1]["kind"] == "win" and verdicts[-1]["event"] == count - 1
    assert [v["rule"] for v in verdicts if v["kind"] == "illegal"] == ["hex.move.jump"]
    for story in ("hex.move.jump", "hex.duel.order", "hex.duel.tie", "hex.duel.discard", "hex.game_over"):
        assert story in rules
    assert any("then" in v["message"] for v in verdicts if v["rule"] == "hex.move.jump")    # a jump chain


def test_the_advanced_example_uses_bonuses_stars_and_six_action_tiles():
    engine, verdicts, _count = replay("hexors-advanced-win.jsonl")
    assert engine.outcome.players == ("Yugi",)
    duels = [v["message"] for v in verdicts if v["rule"] == "hex.duel" and " wins" in v["message"]]
    assert any("element" in m for m in duels) and any("team" in m for m in duels)
    launched = {a["kind"] for a in engine.state_json()["game"]["actions"]}
    assert len(launched) >= 6
    assert "hex.stars" in [v["rule"] for v in verdicts]
    assert [v["rule"] for v in verdicts if v["kind"] == "illegal"] == ["hex.action.timing"]


def test_the_blocked_example_ends_with_the_player_who_cannot_move():
    engine, verdicts, _count = replay("hexors-cannot-move.jsonl")
    assert [v["rule"] for v in verdicts][-2:] == ["hex.move.none", "hex.win"]
    assert engine.state.outcome["loser"] == "Kaiba"


def test_examples_are_up_to_date_with_their_generator():
    import hexors_examples
    for name, story in hexors_examples.SCRIPTS.items():
        text = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in story().events)
        assert (EXAMPLES / name).read_text(encoding="utf-8") == text, name


def test_snapshot_round_trip_and_undo():
    engine = game()
    put(engine, a1="d4", b1="d6")
    engine.apply({"type": "move", "tile": "a1", "path": ["d5"]})
    roll(engine, "purple")
    copy = restore_game(engine.snapshot())
    assert copy.state_json() == engine.state_json() and copy.summary() == engine.summary()
    before = engine.state_json()
    roll(engine, "red")
    assert engine.state.pieces["b1"].status == "discard"
    engine.undo()
    assert engine.state_json() == before


def test_summary_gives_the_phone_the_board():
    summary = game().summary()
    assert summary["turn"] == "A" and summary["turn_number"] == 1 and summary["level"] == "beginner"
    assert len(summary["arena"]["cells"]) == 63
    grey = [c["cell"] for c in summary["arena"]["cells"] if c.get("start_of") == "A"]
    assert grey == ["c1", "d1", "e1"]
    # a cell no player starts on says so by leaving start_of out
    assert [c["cell"] for c in summary["arena"]["cells"] if "start_of" in c] == ["c1", "c9", "d1", "d9", "e1", "e9"]
    tile = next(t for t in summary["tiles"] if t["id"] == "a1")
    assert tile["cell"] == "c1" and tile["owner"] == "A" and len(tile["faces"]) == 6
    assert summary["legal_moves"] and summary["duel"] is None


def test_a_move_before_the_setup_is_refused_and_an_unknown_event_is_the_senders_error():
    """A move before the setup is an illegal verdict; an event Hexors does not know is an EventError naming it (the
    sender's mistake, not an engine bug). A move after the end: test_hexors_moves, test_hexors_duel."""
    engine = create_game("hexors")
    assert rules_of(engine.apply({"type": "move", "tile": "a1", "path": ["c2"]})) == ["hex.setup"]
    with pytest.raises(EventError, match="unknown Hexors event 'dance'"):
        engine.apply({"type": "dance"})
