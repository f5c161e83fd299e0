"""``companion tesseract-sim --games N --seed S --players P``: play whole Tesseract games with a simple policy."""

from __future__ import annotations

import argparse
import sys


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("tesseract-sim",
                                   help="play N Tesseract games with a simple policy and count outcomes")
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed for every die rolled (default 0)")
    parser.add_argument("--players", type=int, default=2, choices=(1, 2, 3, 4), help="scientists (1 = solo, two labs)")
    parser.add_argument("--policy", default="greedy", choices=("greedy", "beam"),
                        help="greedy (fast) or beam (plans each turn, about 2 s a game)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.games.tesseract.simulate import simulate

    if args.games < 1:
        print("companion tesseract-sim: --games must be at least 1", file=sys.stderr)
        return 2
    print(simulate(args.games, seed=args.seed, players=args.players, policy=args.policy))
    return 0
