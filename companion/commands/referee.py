"""``companion referee GAME SCRIPT.jsonl``: replay a scripted game and print every verdict as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any

from companion.referee import EventError, OptionsError, create_game


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


def referee_script(game: str, lines: list[str], options: dict[str, Any], out: IO[str]) -> dict[str, Any]:
    """Referee each non-blank line; write verdict lines to ``out``; return the final snapshot."""
    engine = create_game(game, options)
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ScriptError(index, f"not valid JSON ({exc.msg} at column {exc.colno})") from exc
        if not isinstance(event, dict):
            raise ScriptError(index, "an event must be a JSON object with a \"type\"")
        try:
            if event.get("type") == "undo":
                engine.undo()
                verdicts = []
            else:
                verdicts = engine.apply(event)
        except EventError as exc:
            raise ScriptError(index, str(exc)) from exc
        for v in verdicts:
            out.write(json.dumps({"event": index, **v.to_json()}, ensure_ascii=False) + "\n")
    snapshot = engine.snapshot()
    out.write(json.dumps({"state": snapshot}, ensure_ascii=False) + "\n")
    return snapshot


def run(args: argparse.Namespace) -> int:
    try:
        options = json.loads(args.options)
    except json.JSONDecodeError as exc:
        print(f"companion referee: --options is not valid JSON: {exc.msg}", file=sys.stderr)
        return 2
    try:
        if args.script == "-":
            lines = sys.stdin.read().splitlines()
        else:
            with open(args.script, encoding="utf-8") as fh:
                lines = fh.read().splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"companion referee: cannot read {args.script}: {exc}", file=sys.stderr)
        return 2
    try:
        referee_script(args.game, lines, options, sys.stdout)
    except (OptionsError, ScriptError) as exc:
        sys.stdout.flush()
        print(f"companion referee: {exc}", file=sys.stderr)
        return 2
    return 0
