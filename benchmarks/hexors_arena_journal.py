"""How much a Hexors game's journal holds of the camera reading the arena again (a hand passing, a turn ending).

Plays the rule book's example game (docs/rules/examples/hexors-beginner-win.jsonl) through a Table on a fresh
journal; after each entry the camera reports the settled arena ``--looks`` times, every tile where the referee has
it, as a camera whose board settles each time a hand has passed over the mat. Once with every reading journaled (the
engine's ``readings_said_once`` emptied: as before it existed), once as the game declares it. For each it prints
the game's journal entries, the arena readings among them, the bytes of their events and verdicts as JSON, and the
journal's file size.

    python benchmarks/hexors_arena_journal.py [--looks 5]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from companion.bus import EventBus  # noqa: E402
from companion.core import Observation  # noqa: E402
from companion.games.hexors.engine import Hexors  # noqa: E402
from companion.journal import Journal  # noqa: E402
from companion.table import Table  # noqa: E402

GAME = REPO / "docs/rules/examples/hexors-beginner-win.jsonl"


def arena_seen(table: Table) -> dict[str, dict]:
    """Every tile on the arena where the referee has it, the way it faces."""
    state = table.engine.state
    return {p.id: {"cell": state.arena.name(p.cell), "facing": p.facing} for p in state.on_arena()}


def play(folder: Path, looks: int) -> dict[str, int]:
    path = folder / "journal.sqlite3"
    table = Table(Journal(path), EventBus())
    events = [json.loads(line) for line in GAME.read_text().splitlines() if line.strip()]
    table.new_game("hexors", {"level": events[0].get("level", "beginner")}, [p["id"] for p in events[0]["players"]])
    for event in events:
        table.submit(event)
        if table.engine.state.phase == "over":
            break
        for _ in range(looks):
            table.observe(Observation(pieces=arena_seen(table), source="camera"))
    entries = table.journal.entries(table.record.id)
    table.journal.close()
    return {"entries": len(entries),
            "arena readings": sum(e.event["type"] == "arena_reading" for e in entries),
            "event+verdict bytes": sum(len(json.dumps(e.event)) + len(json.dumps(e.verdicts)) for e in entries),
            "journal file bytes": sum(p.stat().st_size for p in folder.glob("journal.sqlite3*"))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--looks", type=int, default=5, help="settled arenas the camera reports after each entry")
    args = parser.parse_args()
    declared = Hexors.readings_said_once
    for label, said_once in (("every reading journaled", frozenset()), ("readings said once", declared)):
        Hexors.readings_said_once = said_once
        with tempfile.TemporaryDirectory() as folder:
            figures = play(Path(folder), args.looks)
        print(f"{label:24s} " + ", ".join(f"{k} {v}" for k, v in figures.items()))
    Hexors.readings_said_once = declared


if __name__ == "__main__":
    main()
