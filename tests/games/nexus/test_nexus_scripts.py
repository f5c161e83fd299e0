"""The example games in docs/rules/examples, replayed through the engine and through `companion referee nexus`."""

from __future__ import annotations

import json

import pytest

from companion.referee import create_game

from nexus_helpers import EXAMPLES

SCRIPTS = ["nexus-two-players.jsonl", "nexus-three-players.jsonl"]


def replay(name: str):
    engine = create_game("nexus")
    log = []
    lines = (EXAMPLES / name).read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        for v in engine.apply(json.loads(line)):
            log.append((index, v))
    return engine, log, len(lines)


@pytest.mark.parametrize("name", SCRIPTS)
def test_example_game_is_played_to_ten_points(name):
    """“To win, you must score at least 10 points.”"""
    engine, log, count = replay(name)
    last_index, last = log[-1]
    assert (last.kind.value, last.rule, last_index) == ("win", "nexus.win", count - 1)
    winner = last.players[0]
    assert engine.state.scores[winner] >= 10
    assert all(score < 10 for player, score in engine.state.scores.items() if player != winner)
    # Points come only from captures: the scores add up to the captured Nexuses' points.
    assert sum(r["points"] for r in engine.state.closed) == sum(engine.state.scores.values())
    # Exactly the two mistakes slipped into the script were refused; the game went on.
    refused = sorted(v.rule for _, v in log if v.kind.value == "illegal")
    assert refused == ["nexus.card.basketweave", "nexus.counter.closed"]
    assert "nexus.score" in {v.rule for _, v in log}


def test_replaying_a_script_is_deterministic_and_restorable():
    a, _, _ = replay(SCRIPTS[0])
    b, _, _ = replay(SCRIPTS[0])
    assert a.state_json() == b.state_json()


def test_the_referee_command_replays_a_script(capsys):
    from companion.cli import main

    assert main(["referee", "nexus", str(EXAMPLES / SCRIPTS[1])]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[-2]["kind"] == "win" and lines[-2]["rule"] == "nexus.win"
    assert lines[-1]["state"]["game"] == "nexus"
    assert any(line.get("rule") == "nexus.card.basketweave" and "message_fr" in line for line in lines)
