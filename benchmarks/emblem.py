"""Emblem dice: dice whose 6 (or 1) shows a maker's emblem instead of pips, read on rendered frames.

    python benchmarks/emblem.py [--model MODEL] [--frames 200] [--seed 31] [--emblem-face 6]

No photograph of an emblem die is kept here, so the frames are rendered (companion/vision/render.py, a seed
training never used): 640x480 tables, 2-8 dice 40-80 px, about a third of them with an emblem for a top face,
whose true value is ``--emblem-face``. Printed, scored by centre matching (companion/vision/scoring.py):
emblem dice found and read as that value, pip dice found and read right, dice reported where none is, frames
read entirely right. ``--model``: another detector, with its face readers beside it (as benchmarks/dice.py).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from companion.config import load_config  # noqa: E402
from companion.vision import DiceReader  # noqa: E402
from companion.vision.detector import EMBLEM  # noqa: E402
from companion.vision.render import render_table  # noqa: E402
from companion.vision.scoring import match  # noqa: E402

EMBLEMS = 0.35  # share of rendered dice with an emblem face


def score(reader: DiceReader, frames: int, seed: int, emblem_face: int) -> dict:
    """Counts over ``frames`` rendered tables: emblem and pip dice labelled and read right, phantoms, exact."""
    rng = np.random.default_rng(seed)
    out = dict(emblem=0, emblem_right=0, pips=0, pips_right=0, reported=0, phantoms=0, exact=0)
    for _ in range(frames):
        image, dice = render_table(rng, 480, 640, n_dice=int(rng.integers(2, 9)), size_range=(40, 80),
                                   emblems=EMBLEMS)
        labels = [(emblem_face if d.emblem else d.value, d.box) for d in dice]
        read = [(r.value, r.box) for r in reader.read(image)]
        pairs = match(read, labels)
        right = {j for i, j in pairs if read[i][0] == labels[j][0]}
        for j, die in enumerate(dice):
            kind = "emblem" if die.emblem else "pips"
            out[kind] += 1
            out[kind + "_right"] += j in right
        out["reported"] += len(read)
        out["phantoms"] += len(read) - len(pairs)
        out["exact"] += len(right) == len(labels) == len(read)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", help="ONNX detector with its face readers beside it (default: the shipped one)")
    parser.add_argument("--frames", type=int, default=200)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--emblem-face", type=int, default=6, choices=(1, 6))
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args(argv)
    vision = load_config(None)["vision"]
    reader = DiceReader.from_config(vision, model_path=args.model, threads=args.threads, emblem_face=args.emblem_face)
    classes = reader.faces.get_outputs()[0].shape[-1] if reader.faces is not None else 6
    c = score(reader, args.frames, args.seed, args.emblem_face)
    print(f"face readers of {reader.model_path.name}: {classes} classes"
          f"{' (emblem answered)' if classes > EMBLEM else ' (no emblem class)'}; emblem face = {args.emblem_face}")
    print(f"rendered frames (seed {args.seed}): {args.frames} frames, {c['emblem']} emblem dice, {c['pips']} pip dice")
    print(f"  emblem dice read as {args.emblem_face}: {100 * c['emblem_right'] / max(1, c['emblem']):.2f}%   "
          f"pip dice read right: {100 * c['pips_right'] / max(1, c['pips']):.2f}%   "
          f"dice not there: {c['phantoms']} of {c['reported']} reported   "
          f"frames entirely right: {100 * c['exact'] / max(1, args.frames):.2f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
