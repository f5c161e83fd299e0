"""`companion referee GAME SCRIPT.jsonl`: one JSON line per verdict, a final state line, exit 2 on a bad line."""

import json
import subprocess
import sys

from companion.cli import main


def script(tmp_path, *lines):
    path = tmp_path / "game.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def roll(*values, colour="red"):
    return json.dumps({"type": "roll", "dice": [{"value": v, "color": colour} for v in values]})


def test_prints_each_verdict_with_its_event_index_then_the_state(tmp_path, capsys):
    path = script(tmp_path, roll(4, 2), "", roll(6))
    assert main(["referee", "free-roll", str(path)]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(l["event"], l["kind"], l["rule"]) for l in lines[:-1]] == [
        (0, "info", "free-roll.roll"),
        (2, "info", "free-roll.roll"),
    ]
    assert lines[0]["message"] == "Roll 1: 4, 2 (total 6)" and lines[0]["players"] == []
    state = lines[-1]["state"]
    assert state["game"] == "free-roll"
    assert state["state"]["counts"]["red"] == [0, 1, 0, 1, 0, 1]


def test_undo_lines_take_back_the_previous_event(tmp_path, capsys):
    path = script(tmp_path, roll(1), roll(2), '{"type": "undo"}')
    assert main(["referee", "free-roll", str(path)]) == 0
    state = json.loads(capsys.readouterr().out.splitlines()[-1])["state"]
    assert state["state"]["counts"]["red"] == [1, 0, 0, 0, 0, 0]


def test_a_malformed_line_exits_2_naming_the_line_and_the_problem(tmp_path, capsys):
    path = script(tmp_path, roll(3), '{"type": "roll", "dice": [{"value": 9}]}', roll(4))
    assert main(["referee", "free-roll", str(path)]) == 2
    captured = capsys.readouterr()
    assert "line 2 (event 1)" in captured.err and "1-6" in captured.err
    assert json.loads(captured.out.splitlines()[0])["event"] == 0


def test_broken_json_and_unknown_game_and_bad_options_exit_2(tmp_path, capsys):
    assert main(["referee", "free-roll", str(script(tmp_path, "{not json"))]) == 2
    assert "line 1" in capsys.readouterr().err
    assert main(["referee", "chess", str(script(tmp_path, roll(1)))]) == 2
    assert "unknown game" in capsys.readouterr().err
    assert main(["referee", "free-roll", str(script(tmp_path, roll(1))), "--options", '{"x": 1}']) == 2
    assert "unknown option" in capsys.readouterr().err


def test_the_installed_command_runs_as_a_real_process(tmp_path):
    path = script(tmp_path, roll(5, 5))
    result = subprocess.run(
        [sys.executable, "-m", "companion.cli", "referee", "free-roll", str(path),
         "--options", '{"significance": 0.05}'],
        capture_output=True, text=True, timeout=60,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert json.loads(lines[0])["message"] == "Roll 1: 5, 5 (total 10)"
    assert json.loads(lines[-1])["state"]["options"] == {"significance": 0.05, "emblem_face": 0}
