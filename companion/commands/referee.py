"""``companion referee GAME SCRIPT.jsonl``: replay a scripted game and print every verdict as JSON.

A script is UTF-8 JSON Lines, split on ``\\n`` only (a U+2028 inside a JSON
string is text, not a line break). Any line that cannot be refereed — not UTF-8,
not JSON, a number too long, nesting too deep, an event the game cannot
understand — stops the replay with exit status 2 and a message naming the line.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any, Iterable

from companion.referee import EventError, OptionsError, create_game

#: Deeper than any real event; keeps deep copies and recursive checks far from Python's recursion limit.
MAX_DEPTH = 64


class ScriptError(ValueError):
    """A script line that cannot be refereed; carries the 0-based line index."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line + 1} (event {line}): {message}")
        self.line = line


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("referee", help="replay a scripted game (one JSON event per line)")
    parser.add_argument("game", help="game name, e.g. free-roll, nexus, nexus-keepers, tesseract, hexors")
    parser.add_argument("script", help="JSON Lines file of events ('-' for standard input)")
    parser.add_argument("--options", default="{}", help="game options as a JSON object")
    parser.set_defaults(func=run)


def _no_constants(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _depth(value: Any, limit: int) -> bool:
    """True when ``value`` nests containers no deeper than ``limit`` (checked without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                return False
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return True


def parse_json_text(text: str | bytes) -> Any:
    """Strict JSON (no NaN/Infinity), bounded nesting; every failure is a ValueError with a sentence."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"not UTF-8 text (byte 0x{text[exc.start]:02x} at column {exc.start + 1})") from None
    try:
        value = json.loads(text, parse_constant=_no_constants)
    except RecursionError:
        raise ValueError(f"nested too deeply (at most {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON ({exc.msg} at column {exc.colno})") from None
    except ValueError as exc:  # NaN/Infinity, or a number with more digits than Python converts
        if "digits" in str(exc):
            exc = f"a number has more than {sys.get_int_max_str_digits()} digits"
        raise ValueError(f"not usable JSON ({exc})") from None
    if not _depth(value, MAX_DEPTH):
        raise ValueError(f"nested too deeply (at most {MAX_DEPTH} levels)")
    return value


def split_lines(data: bytes) -> list[bytes]:
    """JSON Lines are separated by ``\\n`` only; a trailing ``\\r`` is JSON whitespace."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return lines


def referee_script(game: str, lines: Iterable[str | bytes], options: dict[str, Any], out: IO[str]) -> dict[str, Any]:
    """Referee each non-blank line; write verdict lines to ``out``; return the final snapshot."""
    engine = create_game(game, options)
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            event = parse_json_text(line)
        except ValueError as exc:
            raise ScriptError(index, str(exc)) from None
        if not isinstance(event, dict):
            raise ScriptError(index, "an event must be a JSON object with a \"type\"")
        try:
            if event.get("type") == "undo":
                engine.undo()
                verdicts = []
            else:
                verdicts = engine.apply(event)
        except EventError as exc:
            raise ScriptError(index, str(exc)) from None
        for v in verdicts:
            out.write(json.dumps({"event": index, **v.to_json()}, ensure_ascii=False) + "\n")
    snapshot = engine.snapshot()
    out.write(json.dumps({"state": snapshot}, ensure_ascii=False) + "\n")
    return snapshot


def run(args: argparse.Namespace) -> int:
    try:
        options = parse_json_text(args.options)
    except ValueError as exc:
        print(f"companion referee: --options is {exc}", file=sys.stderr)
        return 2
    try:
        if args.script == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(args.script, "rb") as fh:
                data = fh.read()
    except OSError as exc:
        print(f"companion referee: cannot read {args.script}: {exc}", file=sys.stderr)
        return 2
    try:
        referee_script(args.game, split_lines(data), options, sys.stdout)
    except (OptionsError, ScriptError) as exc:
        sys.stdout.flush()
        print(f"companion referee: {exc}", file=sys.stderr)
        return 2
    return 0
