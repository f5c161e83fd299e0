"""What the referee says is said to players: every verdict of the example games, in English and in French, is in
words, never in the phone's plumbing (an event's JSON type to send, a card's or tile's id) or a form's "(s)" or
"1 points"."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.referee import available_games, create_game

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "examples"
PLUMBING = re.compile(r'"\w+" events?\b|événement|\w\(s\)|\(e?s\)|\bex-\w+-\d|\bexample-\w|\b1 points\b')


def game_of(example: Path) -> str:
    return max((g for g in available_games() if example.stem.startswith(g + "-")), key=len)


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.jsonl")), ids=lambda p: p.stem)
def test_every_verdict_of_the_examples_is_in_words(example):
    engine = create_game(game_of(example))
    said = []
    for line in example.read_text(encoding="utf-8").splitlines():
        said += [text for v in engine.apply(json.loads(line)) for text in (v.message.en, v.message.fr)]
    assert len(said) >= 10
    assert [text for text in said if PLUMBING.search(text)] == []


ENGLISH_COLOURS = re.compile(r"\b(white|black|red|green|blue|yellow|purple)\b")  # "orange" is French too


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.jsonl")), ids=lambda p: p.stem)
def test_french_verdicts_name_colours_in_french(example):
    """« Yugi obtient rouge », « Ada prélève bleu 2 en d4 », « L'équipe rouge gagne »: the verdicts are French
    wherever they are read (the phone, the command line, a BG Stats export), not only after the phone's touch-up."""
    engine = create_game(game_of(example))
    french = [v.message.fr for line in example.read_text(encoding="utf-8").splitlines()
              for v in engine.apply(json.loads(line))]
    assert [text for text in french if ENGLISH_COLOURS.search(text)] == []


def test_the_win_line_agrees_with_how_many_won():
    """« Ann gagne la partie », « Ann et Bob gagnent la partie »: the verb agrees with the winners (issue 53), in
    the one form every game over uses."""
    from companion.words import won

    assert won(["Ann"]) == ("Ann wins the game", "Ann gagne la partie")
    assert won(["Ann", "Bob"]) == ("Ann and Bob win the game", "Ann et Bob gagnent la partie")
    assert won(["Ann", "Bob", "Cy"]) == ("Ann, Bob and Cy win the game", "Ann, Bob et Cy gagnent la partie")
