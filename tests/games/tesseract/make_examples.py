"""Write docs/rules/examples/tesseract-{win,breach-loss,empty-loss}.jsonl (run by hand, not a test).

    .venv/bin/python tests/games/tesseract/make_examples.py

The scripts are games as a table would record them: every die rolled is in the
events. Each game draws its cube layout and every throw from
``random.Random(seed)``; the beam-search player of
``companion.games.tesseract.players`` chooses the actions. The first seeds
whose games end in a win, a 7th-breach loss and an empty-Tesseract loss are
written. The tests replay the committed files through the engine.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from companion.games.tesseract import Tesseract  # noqa: E402
from companion.games.tesseract.cube import Cube  # noqa: E402
from companion.games.tesseract.cube import Tesseract as Stack  # noqa: E402
from companion.games.tesseract.players import BeamPlayer  # noqa: E402
from companion.games.tesseract.setup import initial_prime_choices  # noqa: E402

from tess_helpers import EXAMPLES, layered_cubes  # noqa: E402

WANTED = {"tess.win": "tesseract-win.jsonl", "tess.loss.breaches": "tesseract-breach-loss.jsonl",
          "tess.loss.empty": "tesseract-empty-loss.jsonl"}


class Recorder:
    """Applies events to an engine and keeps them (refused ones too, to show their verdicts)."""

    def __init__(self) -> None:
        self.engine = Tesseract()
        self.events: list[dict] = []

    def apply(self, event: dict) -> list:
        self.events.append(event)
        return self.engine.apply(event)


def setup_event(rng: random.Random, players: int) -> dict:
    cubes = layered_cubes(lambda level, index: rng.randint(1, 6))
    rng.shuffle(cubes)
    count = max(players, 2)
    picks = [{"column": c, "rolled": rng.randint(1, 6)} for c in ("a1", "a4", "d1", "d4")[:count]]
    stack = Stack.from_cubes([Cube.from_json(c) for c in cubes])
    for pick in picks:
        stack.remove(pick["column"])
    primed, first = [], None
    for step in range(2):
        column = initial_prime_choices(stack, count, step, first)[0]
        first = first or column
        stack.remove(column)
        primed.append({"column": column, "rolled": rng.randint(1, 6)})
    return {"type": "setup", "players": players, "base": "1", "cubes": cubes,
            "scientists": ["Ada", "Marie", "Lise", "Emmy"][:count], "lab_picks": picks, "primed": primed}


def play(seed: int, players: int = 2, max_events: int = 2000) -> Recorder:
    rng = random.Random(seed)
    rec = Recorder()
    verdicts = rec.apply(setup_event(rng, players))
    assert not any(v.kind.value == "illegal" for v in verdicts), verdicts
    zone = [c.to_json() for c in rec.engine.state.zone.cubes]
    rec.apply({"type": "priming_zone_reading", "dice": zone})  # the camera agrees
    misread = [dict(d) for d in zone]
    misread[0]["value"] = misread[0]["value"] % 6 + 1
    rec.apply({"type": "priming_zone_reading", "dice": misread})  # a misread die: warnings, state kept
    player = BeamPlayer(rec.engine, rng)
    show_limit = True
    while rec.engine.outcome is None and len(rec.events) < max_events:
        s = rec.engine.state
        if s.pending:
            rec.apply(player.resolve_event())
        elif s.phase == "action":
            event = player.next_action()
            if event is None and show_limit and s.actions_left == 0:
                show_limit = False  # a fourth action is refused: shown once
                verdicts = rec.apply({"type": "take", "column": s.tesseract.removable()[0]})
                assert [v.rule for v in verdicts] == ["tess.action.limit"], verdicts
            rec.apply(event or {"type": "end_actions"})
        else:
            rec.apply(player.prime_event())
    return rec


def write(name: str, rec: Recorder) -> None:
    path = EXAMPLES / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in rec.events), encoding="utf-8")
    s = rec.engine.state
    print(f"{name}: {len(rec.events)} events, {rec.engine.outcome.rule}, breaches {s.breaches}, "
          f"confined {len(s.board.filled)}")


if __name__ == "__main__":
    found: set[str] = set()
    for seed in range(200):
        rec = play(seed)
        outcome = rec.engine.outcome
        print(seed, outcome.rule if outcome else None, flush=True)
        if outcome is not None and outcome.rule in WANTED and outcome.rule not in found:
            found.add(outcome.rule)
            write(WANTED[outcome.rule], rec)
        if len(found) == len(WANTED):
            break
