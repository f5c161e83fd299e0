"""Nexus: time card-play validation + scoring, counter validation and the summary on 60-card boards.

Usage: python benchmarks/nexus.py [--boards 10] [--moves 20] [--seed 3] [--ties-illegal]

Each board is a 3-player game of the greedy automatic player on a 72-card deck (the 9 example
designs x 8), played until 60 cards are down (target raised so nobody wins first). On each board,
for every legal spot of the next card that closes a Nexus and ``--moves`` others: ``legal()`` of the
card play (placement checks, the graph, every Nexus it closes scored, state put back), ``apply()`` of
it on a restored copy, and ``legal()`` of a refused placement; then ``legal()`` of about 40 counter
placements and ``summary()``.
Each call is timed three times and the best kept. Budget: 10 ms each (issue 22).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.timing import best_of, percentile  # noqa: E402
from companion.games.nexus.cards import example_deck  # noqa: E402
from companion.games.nexus.grid import open_spots  # noqa: E402
from companion.games.nexus.players import card_event, counter_event  # noqa: E402
from companion.referee import create_game, restore_game  # noqa: E402

BUDGET_MS = 10.0
REPEATS = 3
CARDS_DOWN = 60


def deck(rng: random.Random) -> list[dict]:
    designs = {c.id.rsplit("-", 1)[0]: c.to_json() for c in example_deck()}
    cards = [dict(card, id=f"{name}-b{n}") for n in range(8) for name, card in designs.items()]
    rng.shuffle(cards)
    return cards


def board(seed: int, ties_illegal: bool = False):
    rng = random.Random(seed)
    cards = deck(rng)
    engine = create_game("nexus", {"target_points": 10_000, "ties_illegal": ties_illegal})
    engine.apply({"type": "setup", "players": ["Ann", "Bob", "Cy"], "deck": cards, "deck_order": "top_first"})
    while len(engine.state.placements) < CARDS_DOWN:
        event = card_event(engine, engine.state.deck[0], rng) if engine.state.phase == "card" else \
            counter_event(engine, rng)
        engine.apply(event)
    while engine.state.phase != "card":
        engine.apply(counter_event(engine, rng))
    return engine, rng


def report(name: str, samples: list[float]) -> None:
    p99 = percentile(samples, 0.99)
    print(f"{name:<40} median {statistics.median(samples):6.2f} ms   p99 {p99:6.2f} ms   max {max(samples):6.2f} ms"
          f"   p99/budget {p99 / BUDGET_MS:5.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--ties-illegal", action="store_true", help="with the variant that refuses ties")
    args = parser.parse_args()
    times: dict[str, list[float]] = {k: [] for k in ("card legal()", "card legal(), closing a Nexus", "card apply()",
                                                      "card apply(), closing a Nexus", "refused card legal()",
                                                      "counter legal()", "summary()")}
    closing = nodes = 0
    for b in range(args.boards):
        engine, rng = board(args.seed + b, args.ties_illegal)
        state = engine.state
        nodes += len(state.board.power)
        top = state.deck[0]
        spots = [(s["x"], s["y"], r) for s in open_spots(state.board.occupied, state.board.landscape_of)
                 for r in s["rotations"]]
        snapshot = json.loads(json.dumps(engine.snapshot()))
        events = [{"type": "play_card", "card": top, "x": x, "y": y, "rotation": r} for x, y, r in spots]
        closes = [e for e in events if any(v.rule.startswith("nexus.score") for v in engine.legal(e))]
        others = [e for e in events if e not in closes]
        for event in closes + rng.sample(others, min(args.moves, len(others))):
            ms, verdicts = best_of(lambda: engine.legal(event), REPEATS)
            assert args.ties_illegal or not any(v.kind.value == "illegal" for v in verdicts), verdicts
            suffix = ", closing a Nexus" if event in closes else ""
            closing += bool(suffix)
            times["card legal()" + suffix].append(ms)
            copies = [restore_game(snapshot) for _ in range(REPEATS)]
            best = float("inf")
            for copy in copies:
                t0 = time.perf_counter()
                copy.apply(event)
                best = min(best, time.perf_counter() - t0)
            times["card apply()" + suffix].append(best * 1000.0)
            bad = dict(event, rotation=(event["rotation"] + 90) % 360)
            ms, verdicts = best_of(lambda: engine.legal(bad), REPEATS)
            times["refused card legal()"].append(ms)
        engine.apply(card_event(engine, top, rng))
        if engine.state.phase == "counter":
            for nid in sorted(engine.state.board.power)[:: max(1, len(engine.state.board.power) // 40)]:
                ms, _ = best_of(lambda: engine.legal({"type": "place_counter", "node": nid}), REPEATS)
                times["counter legal()"].append(ms)
        ms, _ = best_of(engine.summary, REPEATS)
        times["summary()"].append(ms)
    variant = ", variant ties_illegal" if args.ties_illegal else ""
    print(f"Nexus{variant}, {args.boards} boards of {CARDS_DOWN} cards (3 players, greedy play; "
          f"{nodes / args.boards:.0f} nodes a board), {closing + len(times['card legal()'])} card plays "
          f"({closing} closing a Nexus); "
          f"budget {BUDGET_MS:.0f} ms")
    for name, samples in times.items():
        if samples:
            report(name, samples)


if __name__ == "__main__":
    main()
