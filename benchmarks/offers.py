"""What the summary the table sends after each move costs, and its parts: each game's summary puts every offered
button's event to the referee (GameEngine.available_actions: one try, then the state put back, per offer), lists the
legal moves (Hexors' moves, Nexus's counter nodes and card spots, Nexus Keepers' action budgets; Tesseract has no
list of its own: its offers are its moves) and says the rest. Every step of each example game in docs/rules/examples,
one thread.

Usage: python benchmarks/offers.py [--repeat 3] [--cpu] [--digests FILE]

Each step's summary is timed ``repeat`` times and the fastest kept, with its parts as timed inside that same call
(the rest: the summary less the offers and the legal moves); ``--cpu``: timed by this thread's CPU time
(time.thread_time), which the other programs on a shared machine do not lengthen, rather than the wall clock. Printed per example, then per game: the steps, the most
buttons at one step, the median and p99 ms of the whole summary and of each part. ``--digests FILE``: the SHA-256 of
each step's summary as JSON, written to FILE the first time and compared with it after (a change in what the table
sends is named by example and step), so a faster summary is shown to send the same bytes.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import statistics
import sys
import time
from collections import defaultdict
from contextlib import ExitStack, contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.timing import percentile  # noqa: E402
from companion.referee import GameEngine, available_games, create_game  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "rules" / "examples"
#: part -> the functions the summaries call for it, as (module or class path, attribute)
PARTS = {
    "offers": [("companion.referee.engine:GameEngine", "available_actions")],
    "legal moves": [("companion.games.hexors.views", "legal_moves"),
                    ("companion.games.nexus.views", "counter_nodes"), ("companion.games.nexus.views", "open_spots"),
                    ("companion.games.nexus.views", "card_spots"),
                    ("companion.games.nexus_keepers.engine:NexusKeepers", "_budgets")],
}


class PartClock:
    """Time spent in each part during a call; a part called from inside another (a try's budgets) counts for the
    outer one only."""

    def __init__(self, clock=time.perf_counter) -> None:
        self.spent: dict[str, float] = defaultdict(float)
        self.depth = 0
        self.clock = clock

    def wrap(self, part: str, fn):
        clock = self

        def timed(*args, **kwargs):
            if clock.depth:
                return fn(*args, **kwargs)
            clock.depth += 1
            t0 = clock.clock()
            try:
                return fn(*args, **kwargs)
            finally:
                clock.spent[part] += clock.clock() - t0
                clock.depth -= 1
        return timed

    @contextmanager
    def installed(self):
        with ExitStack() as stack:
            for part, places in PARTS.items():
                for where, name in places:
                    module, _, cls = where.partition(":")
                    owner = importlib.import_module(module)
                    owner = getattr(owner, cls) if cls else owner
                    original = owner.__dict__[name]
                    setattr(owner, name, self.wrap(part, original))
                    stack.callback(setattr, owner, name, original)
            yield self


def timed_summary(engine: GameEngine, repeat: int, now=time.perf_counter) -> tuple[dict[str, float], dict]:
    """{"summary", part...: ms} of the fastest of ``repeat`` summaries, and that summary."""
    best, summary = None, None
    for _ in range(repeat):
        clock = PartClock(now)
        with clock.installed():
            t0 = now()
            summary = engine.summary()
            whole = now() - t0
        ms = {"summary": whole * 1000, **{p: clock.spent[p] * 1000 for p in PARTS}}
        ms["rest"] = ms["summary"] - sum(ms[p] for p in PARTS)
        if best is None or ms["summary"] < best["summary"]:
            best = ms
    return best, summary


def row(name: str, steps: int, buttons: int, times: list[dict[str, float]]) -> str:
    cells = [f"{statistics.median(t[k] for t in times):7.2f} {percentile([t[k] for t in times], 0.99):7.2f}"
             for k in ("summary", *PARTS, "rest")]
    return f"{name:31} {steps:5d} {buttons:7d} " + "  ".join(cells)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cpu", action="store_true", help="time by this thread's CPU time, not the wall clock")
    parser.add_argument("--digests", type=Path, help="the summaries' digests: written if absent, else compared")
    args = parser.parse_args()
    known = json.loads(args.digests.read_text()) if args.digests and args.digests.exists() else None
    digests: dict[str, list[str]] = {}
    by_game: dict[str, list] = defaultdict(lambda: [0, 0, []])
    heads = "  ".join(f"{k:>7} {'':>7}" for k in ("summary", "offers", "legal", "rest"))
    print(f"{('CPU ms' if args.cpu else 'ms') + ' (median p99)':31} {'steps':>5} {'buttons':>7} {heads}")
    for path in sorted(EXAMPLES.glob("*.jsonl")):
        game = max((g for g in available_games() if path.stem.startswith(g + "-")), key=len)
        engine = create_game(game, {})
        times, most, digests[path.stem] = [], 0, []
        for line in path.read_text(encoding="utf-8").splitlines():
            engine.apply(json.loads(line))
            ms, summary = timed_summary(engine, args.repeat, time.thread_time if args.cpu else time.perf_counter)
            times.append(ms)
            most = max(most, len(engine.offers()))
            text = json.dumps(summary, sort_keys=True, ensure_ascii=False)
            digests[path.stem].append(hashlib.sha256(text.encode()).hexdigest())
        print(row(path.name, len(times), most, times))
        total = by_game[game]
        total[0], total[1], total[2] = total[0] + len(times), max(total[1], most), total[2] + times
    print()
    for game, (steps, most, times) in by_game.items():
        print(row(f"{game} (all examples)", steps, most, times))
    if args.digests and known is None:
        args.digests.write_text(json.dumps(digests, indent=0))
        print(f"summaries' digests written to {args.digests}")
    elif known is not None:
        changed = [(name, n) for name, steps in digests.items() for n, (a, b) in
                   enumerate(zip(steps, known.get(name, []))) if a != b]
        changed += [(name, "steps") for name in digests if len(digests[name]) != len(known.get(name, []))]
        assert not changed, f"summaries differ from {args.digests}: {changed[:10]}"
        print(f"every summary the same as in {args.digests} ({sum(map(len, digests.values()))} steps)")


if __name__ == "__main__":
    main()
