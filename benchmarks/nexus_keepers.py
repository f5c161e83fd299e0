"""Nexus Keepers: time legal_moves() and move validation with 7 dice and 4 keepers.

Usage: python benchmarks/nexus_keepers.py [--positions 300] [--seed 7]

Four straight cubes (20 tiles), four keepers on random tiles, seven random dice
(the example Ember Warden card), the first player active. For each position it
times: legal_moves(); validating a legal outcome picked from legal_moves(); and
validating a random unexplainable outcome (including the explanation of what
failed). Each call is timed three times and the best kept. Budget: 10 ms each.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.timing import best_of, percentile  # noqa: E402
from companion.referee import create_game  # noqa: E402

BUDGET_MS = 10.0


def new_game():
    engine = create_game("nexus-keepers")
    cubes = [{"origin": [0, 0], "direction": "E"}, {"origin": [4, 1], "direction": "W"},
             {"origin": [0, 2], "direction": "E"}, {"origin": [4, 3], "direction": "W"}]
    engine.apply({"type": "setup", "players": [
        {"id": f"P{i}", "card": card, "cube": cube} for i, (cube, card) in enumerate(zip(cubes, [
            "example-ember-warden", "example-tide-runner", "example-stone-sentinel", "example-gale-dancer"]))]})
    return engine


def random_position(engine, rng: random.Random, pool=None) -> None:
    state = engine.state_json()
    tiles = [tuple(t) for c in state["board"] for t in c["tiles"]]
    cells = rng.sample(tiles, 4)
    for player, cell in zip(state["players"], cells):
        player["cell"], player["status"] = list(cell), "board"
    state["turn"].update(player="P0", phase="rolling", dice_allowed=7,
                         pool=list(pool or [rng.randint(1, 6) for _ in range(7)]), reserved_die=None, rerolls_done=0,
                         acted=False, used=[0, 0, 0], offs=0)
    engine.load_state_json(state)


def report(name: str, samples: list[float]) -> None:
    p99 = percentile(samples, 0.99)
    verdict = "within" if p99 < BUDGET_MS else "OVER"
    print(f"{name:<34} median {statistics.median(samples):6.2f} ms   p99 {p99:6.2f} ms   max {max(samples):6.2f} ms"
          f"   ({verdict} the {BUDGET_MS:.0f} ms budget at p99)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    engine = new_game()
    run(engine, rng, args.positions, None, "7 random dice")
    run(engine, rng, max(1, args.positions // 3), [6] * 7, "worst case: seven 6s (6 steps, 18 ways to split them)")


def run(engine, rng: random.Random, positions: int, pool, label: str) -> None:
    legal, valid, invalid, outcomes = [], [], [], []
    tiles = [tuple(t) for c in engine.state_json()["board"] for t in c["tiles"]]
    for _ in range(positions):
        random_position(engine, rng, pool)
        ms, moves = best_of(engine.legal_moves)
        legal.append(ms)
        outcomes.append(len(moves))
        pick = rng.choice(moves)["positions"]
        ms, (ok, _how) = best_of(lambda: engine.explain_positions(pick))
        assert ok, pick
        valid.append(ms)
        wrong = dict(zip(pick, ([list(c) for c in rng.sample(tiles, 4)])))
        ms, _ = best_of(lambda: engine.explain_positions(wrong))
        invalid.append(ms)
    print(f"Nexus Keepers, {positions} random positions, 4 keepers, {label}, 20 tiles "
          f"(outcomes per position: median {statistics.median(outcomes):.0f}, max {max(outcomes)})")
    report("legal_moves()", legal)
    report("validation, legal outcome", valid)
    report("validation, unexplainable outcome", invalid)


if __name__ == "__main__":
    main()
