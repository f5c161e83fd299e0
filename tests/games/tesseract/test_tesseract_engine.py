"""Engine plumbing: registry, snapshots, undo, summary, the rule-book quotes, the simulation."""

from __future__ import annotations

import re

from companion.games.tesseract.simulate import simulate
from companion.referee.registry import create_game, restore_game

from tess_helpers import REPO, cube, new_game, setup_event

RULE_BOOK = REPO.parent / "shared" / "seeds" / "004_63b44554530ce59b.txt"


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def test_every_quoted_rule_book_sentence_is_verbatim():
    """Each « ... » quote in these tests must appear word for word in the French rule book."""
    book = _squash(RULE_BOOK.read_text(encoding="utf-8"))
    quotes = []
    for path in sorted((REPO / "tests" / "games" / "tesseract").glob("test_*.py")):
        if path.name == "test_tesseract_engine.py":
            continue
        for quote in re.findall(r"« (.+?) »", path.read_text(encoding="utf-8"), flags=re.S):
            quotes.append(_squash(re.sub(r'\n\s*', " ", quote)))
    assert len(quotes) >= 50
    missing = [q for q in quotes if q not in book]
    assert not missing, missing


def test_registered_as_tesseract_and_restored_from_a_snapshot():
    engine = create_game("tesseract")
    engine.apply(setup_event())
    engine.apply({"type": "take", "column": "a1"})
    copy = restore_game(engine.snapshot())
    assert copy.state_json() == engine.state_json()
    assert copy.summary() == engine.summary()


def test_undo_takes_back_an_action():
    engine = new_game()
    before = engine.state_json()
    engine.apply({"type": "calibrate", "zone": "lab", "cube": cube("purple", 3), "delta": 1})
    engine.undo()
    assert engine.state_json() == before


def test_summary_tells_the_phone_what_matters():
    summary = new_game().summary()
    for key in ("phase", "actions_left", "breaches", "priming_zone", "labs", "board", "confined", "scientist"):
        assert key in summary
    assert summary["actions_left"] == 3 and summary["confined"] == 0 and len(summary["priming_zone"]) == 2


def test_simulation_plays_whole_games_to_an_outcome():
    report = simulate(6, seed=3, players=2)
    assert report.won + sum(report.lost.values()) == 6 and report.unfinished == 0
    assert all(rule in ("tess.loss.breaches", "tess.loss.empty") for rule in report.lost)
    assert str(simulate(6, seed=3, players=2)) == str(report)  # deterministic from its seed
    assert "won:" in str(report)


def test_the_beam_player_also_finishes_its_games():
    report = simulate(1, seed=5, players=3, policy="beam")
    assert report.unfinished == 0 and report.won + sum(report.lost.values()) == 1
