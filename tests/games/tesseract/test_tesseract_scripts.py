"""The three example games in docs/rules/examples, replayed event by event through the engine."""

from __future__ import annotations

import json

import pytest

from companion.games.tesseract import Tesseract

from tess_helpers import EXAMPLES


def replay(name: str):
    engine = Tesseract()
    verdicts = []
    lines = (EXAMPLES / name).read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        for v in engine.apply(json.loads(line)):
            verdicts.append((index, v))
    return engine, verdicts, len(lines)


@pytest.mark.parametrize("name, rule", [
    ("tesseract-win.jsonl", "tess.win"),
    ("tesseract-breach-loss.jsonl", "tess.loss.breaches"),
    ("tesseract-empty-loss.jsonl", "tess.loss.empty"),
])
def test_example_game_ends_as_documented(name, rule):
    engine, verdicts, count = replay(name)
    assert engine.outcome is not None and engine.outcome.rule == rule
    last_index, last = verdicts[-1] if rule != "tess.loss.breaches" else next(
        (i, v) for i, v in verdicts if v.kind.value == "loss")
    assert last.rule == rule and last_index == count - 1  # the game ends on the script's last event
    # Every script shows one refused fourth action and one misread die, nothing else refused.
    assert [v.rule for _, v in verdicts if v.kind.value == "illegal"] == ["tess.action.limit"]
    assert [v.rule for _, v in verdicts if v.kind.value == "warning" and v.rule.startswith("tess.camera")] == \
        ["tess.camera.mismatch", "tess.camera.mismatch"]


def test_the_win_fills_all_24_slots_and_the_breach_loss_counts_7():
    """« Vous RÉUSSISSEZ si vous parvenez à remplir les 24 cases du plateau Confinement avec un cube de chaque couleur
    et valeur. » « Vous ÉCHOUEZ si le jeton Brèche atteint la dernière case de la piste. »"""
    won, _, _ = replay("tesseract-win.jsonl")
    assert len(won.state.board.filled) == 24 and won.state.breaches < 7
    lost, verdicts, _ = replay("tesseract-breach-loss.jsonl")
    assert lost.state.breaches >= 7
    assert sum(1 for _, v in verdicts if v.kind.value == "breach") >= 4


def test_the_empty_loss_happens_with_an_empty_tesseract_and_fewer_than_7_breaches():
    """« Vous ÉCHOUEZ également s'il ne reste plus aucun cube dans le Tesseract au début d'une phase Menace. »"""
    engine, _, _ = replay("tesseract-empty-loss.jsonl")
    assert engine.state.tesseract.is_empty() and engine.state.breaches < 7
    assert len(engine.state.board.filled) < 24


def test_replaying_a_script_is_deterministic():
    a, _, _ = replay("tesseract-win.jsonl")
    b, _, _ = replay("tesseract-win.jsonl")
    assert a.state_json() == b.state_json()


def test_the_referee_command_replays_the_win_script(capsys):
    from companion.cli import main

    assert main(["referee", "tesseract", str(EXAMPLES / "tesseract-win.jsonl")]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[-2]["kind"] == "win" and lines[-2]["rule"] == "tess.win"
    assert lines[-1]["state"]["game"] == "tesseract"


def test_the_simulation_command_prints_its_report(capsys):
    from companion.cli import main

    assert main(["tesseract-sim", "--games", "3", "--seed", "2", "--players", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("tesseract-sim: 3 games, 4 player(s), seed 2, policy greedy")
    assert "won:" in out and "lost:" in out and "unfinished: 0" in out
