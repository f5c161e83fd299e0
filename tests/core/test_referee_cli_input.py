"""`companion referee` on hostile input, run as a real process: every bad line exits 2 naming the line,
and nothing prints a traceback (huge numbers, deep nesting, invalid UTF-8, U+2028 inside a string)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

GOOD = json.dumps({"type": "roll", "dice": [{"value": 3, "color": "red"}]}).encode()


def referee(tmp_path, data: bytes, *extra: str, game: str = "free-roll") -> subprocess.CompletedProcess:
    path = tmp_path / "script.jsonl"
    path.write_bytes(data)
    return subprocess.run([sys.executable, "-m", "companion.cli", "referee", game, str(path), *extra],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("bad_line, reason", [
    (b'{"type": "roll", "dice": [{"value": ' + b"9" * 5000 + b', "color": "red"}]}', "more than 4300 digits"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"type": "roll", "x": ' + b"[" * 500 + b"]" * 500 + b"}", "nested too deeply"),
    (b'{"type": "roll", "dice": [{"value": 4, "color": "r\xffed"}]}', "not UTF-8 text (byte 0xff at column 51)"),
    (b'{"type": "roll", "dice": [{"value": NaN, "color": "red"}]}', "NaN is not a JSON number"),
    (b'{"type": "roll", "dice": [', "not valid JSON"),
], ids=["5000-digit integer", "100000 nested brackets", "500 levels inside an event", "invalid UTF-8", "NaN",
        "cut short"])
def test_a_hostile_line_exits_2_naming_it_without_a_traceback(tmp_path, bad_line, reason):
    result = referee(tmp_path, GOOD + b"\n" + GOOD + b"\n" + bad_line + b"\n" + GOOD + b"\n")
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "line 3 (event 2)" in result.stderr and reason in result.stderr, result.stderr
    assert [json.loads(line)["event"] for line in result.stdout.splitlines()] == [0, 1]  # the good lines before it


def test_lines_are_split_on_newline_only_not_on_u2028_inside_a_string(tmp_path):
    event = {"type": "setup", "players": [{"id": "A\u2028B", "card": "example-ember-warden"}]}
    line = json.dumps(event, ensure_ascii=False).encode("utf-8")
    assert "\u2028" in line.decode() and len(line.decode().splitlines()) == 2  # what str.splitlines would do
    result = referee(tmp_path, line + b"\n", game="nexus-keepers")
    assert result.returncode == 2
    # The whole line reached the referee as one event: it complains about the players, not about broken JSON.
    assert "line 1 (event 0)" in result.stderr and "not valid JSON" not in result.stderr, result.stderr
    assert "players" in result.stderr


def test_a_u2028_in_a_free_text_field_is_refereed_like_any_other_line(tmp_path):
    line = json.dumps({"type": "roll", "dice": [{"value": 5, "color": "red"}], "note": "a\u2028b"},
                      ensure_ascii=False).encode()
    result = referee(tmp_path, line + b"\r\n" + GOOD + b"\n")
    assert result.returncode == 0, result.stderr
    out = [json.loads(l) for l in result.stdout.splitlines()]
    assert [o.get("event") for o in out] == [0, 1, None]
    assert out[-1]["state"]["state"]["counts"]["red"] == [0, 0, 1, 0, 1, 0]


def test_standard_input_is_read_as_bytes_too(tmp_path):
    result = subprocess.run([sys.executable, "-m", "companion.cli", "referee", "free-roll", "-"],
                            input=GOOD + b"\n\xc3(\n", capture_output=True, timeout=120)
    assert result.returncode == 2
    assert b"line 2 (event 1): not UTF-8 text" in result.stderr and b"Traceback" not in result.stderr


@pytest.mark.parametrize("options, reason", [
    ('{"significance": ' + "1" * 5000 + "}", "more than 4300 digits"),
    ("[" * 100_000, "nested too deeply"),
])
def test_hostile_options_exit_2_without_a_traceback(tmp_path, options, reason):
    result = referee(tmp_path, GOOD + b"\n", "--options", options)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "--options is" in result.stderr and reason in result.stderr
