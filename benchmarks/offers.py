"""What listing the phone's buttons costs: each game's summary puts every offered button's event to the referee
(GameEngine.available_actions), once per change of the game. Times the summary with and without that list at every
step of each example game in docs/rules/examples.

Usage: python benchmarks/offers.py [--repeat 3]

Each step is timed ``repeat`` times and the best kept; the table prints, per example, the steps, the most buttons
offered at one step, the median and worst summary time, and the worst share of it spent on the buttons.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from companion.referee import available_games, create_game

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "rules" / "examples"


def best(call, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'example':34} {'steps':>5} {'buttons':>7} {'median ms':>9} {'worst ms':>8} {'buttons ms':>10}")
    for path in sorted(EXAMPLES.glob("*.jsonl")):
        game = max((g for g in available_games() if path.stem.startswith(g + "-")), key=len)
        engine = create_game(game, {})
        summaries, offers, most = [], [], 0
        for line in path.read_text(encoding="utf-8").splitlines():
            engine.apply(json.loads(line))
            summaries.append(best(engine.summary, args.repeat))
            offers.append(best(engine.available_actions, args.repeat))
            most = max(most, len(engine.offers()))
        print(f"{path.name:34} {len(summaries):5d} {most:7d} {statistics.median(summaries):9.2f} "
              f"{max(summaries):8.2f} {max(offers):10.2f}")


if __name__ == "__main__":
    main()
