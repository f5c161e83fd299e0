"""The SIMULATED free-roll table (`make run` with no camera) read as the service reads it: what it drew against what
the phones are told.

    python benchmarks/simulated_table.py [--throws 20] [--seed 6] [--sizes 640x480 1280x720] [--die-px 38 52]

Each throw's still frame (companion/capture/simulated.py) is read through free roll's table stage as the service
reads a frame with no sheet in sight (TableStage.read_still: the dice reader, then table vision's checks). Per frame
size: dice drawn, dice read, read with their value, unread (shown "?"), readings table vision left out as not dice
(``not_dice``), throws read whole with every value right, and throws with a colour named wrong. ``--die-px``: draw
the dice at these pixel sides instead of to the frame's scale (the simulated table before it scaled them), each
size's row printed beside the default's.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.capture.simulated import SimulatedTable  # noqa: E402
from companion.config import load_config  # noqa: E402
from companion.tablevision.layouts import configured_layout  # noqa: E402
from companion.tablevision.stage import TableStage  # noqa: E402
from companion.vision import DiceReader  # noqa: E402
from companion.vision.scoring import match  # noqa: E402


def score(reader, stage, size: tuple[int, int], seed: int, throws: int, die_px) -> dict:
    table = SimulatedTable(seed=seed, width=size[0], height=size[1], die_size=die_px)
    out = dict.fromkeys(("drawn", "read", "right", "unread", "not_dice", "whole", "colour_wrong"), 0)
    for _ in range(throws):
        table._new_throw()
        image, truth = table._script[-1][1]
        view = stage.read_still(image, reader)
        dice = [d.reading for d in view.dice]
        read = [d for d in dice if not d.unread]
        pairs = match([(d.value, d.box) for d in read], [(d.value, d.box) for d in truth])  # (read, drawn)
        right = sum(truth[t].value == read[r].value for r, t in pairs)
        out["drawn"] += len(truth)
        out["read"] += len(read)
        out["right"] += right
        out["unread"] += len(dice) - len(read)
        out["not_dice"] += view.not_dice
        out["whole"] += right == len(truth) == len(read)
        out["colour_wrong"] += any(truth[t].color != read[r].color for r, t in pairs)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--throws", type=int, default=20)
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--sizes", nargs="+", default=["640x480", "1280x720"])
    parser.add_argument("--die-px", nargs=2, type=float, help="dice sides in pixels (default: the frame's scale)")
    args = parser.parse_args(argv)
    config = load_config(None, overrides={"service": {"data_dir": tempfile.mkdtemp()}})
    reader = DiceReader.from_config(config["vision"], unread=config["vision"]["unread_dice"])
    stage = TableStage.for_layout(configured_layout("free-roll", config["table"]), config["table"],
                                  data_dir=config.data_dir)
    print(f"simulated free-roll table, seed {args.seed}, {args.throws} throws a row, read as the service reads a frame")
    print(f"{'frame':>9s} {'dice':>12s} {'drawn':>5s} {'read':>5s} {'right':>7s} {'unread':>6s} {'not dice':>8s} "
          f"{'throws whole':>12s} {'colour wrong':>12s}")
    for text in args.sizes:
        size = tuple(int(v) for v in text.split("x"))
        for die_px in ([None, tuple(args.die_px)] if args.die_px else [None]):
            c = score(reader, stage, size, args.seed, args.throws, die_px)
            dice = "to scale" if die_px is None else f"{die_px[0]:g}-{die_px[1]:g} px"
            right = 100 * c["right"] / max(1, c["drawn"])
            print(f"{text:>9s} {dice:>12s} {c['drawn']:5d} {c['read']:5d} {right:6.1f}% "
                  f"{c['unread']:6d} {c['not_dice']:8d} {c['whole']:6d} of {args.throws:<3d} {c['colour_wrong']:7d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
