"""Colour benchmark: die colours read on colour-labelled real photos and on rendered tables.

    python benchmarks/colour.py --split train
    python benchmarks/colour.py --split heldout --rendered 0
    python benchmarks/colour.py --data ../shared/data/dice-real/penlington-wood --all white --rendered 0

Real: every photo of the split that has colour labels (models/labels/<set>-colours.json) is read end to end
(detector, face readers, colour), and the colours of the found dice are scored against the labels: right,
none (the reader said it did not know), wrong, and the confusions. A set whose dice are all one colour (the
penlington set: white dice, by its README) can be scored with ``--all white`` instead of colour labels.
Rendered: ``--rendered`` tables drawn by the project's renderer (fixed seed, not the tests') are read end to end,
and the colours of the found dice scored per colour. Each twice: as shipped, and with the grey-table step off
(the HSV rule alone), so the step's effect is measured on the same images.
"""

from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from companion.config import load_config  # noqa: E402
from companion.core import DIE_COLOURS  # noqa: E402
from companion.vision import DiceReader  # noqa: E402
from companion.vision.labels import colour_labels_for, load_colour_labels, load_labelled  # noqa: E402
from companion.vision.render import render_table  # noqa: E402
from companion.vision.scoring import ColourScore, match  # noqa: E402

BYLER = ROOT.parent / "shared" / "data" / "dice-real" / "byler-d6"
RENDER_SEED = 777


def real_colours(reader: DiceReader, photos) -> tuple[ColourScore, collections.Counter]:
    score, confusions = ColourScore(), collections.Counter()
    for item, image, labels in photos:
        readings = reader.read(image)
        for i, j in match([(r.value, r.box) for r in readings], [(d.value, d.box) for d in item.dice]):
            score.add(readings[i].color, labels[j])
            if labels[j] != "other" and readings[i].color != labels[j]:
                confusions[(labels[j], readings[i].color)] += 1
    return score, confusions


def rendered_colours(reader: DiceReader, tables: int) -> tuple[collections.Counter, collections.Counter]:
    rng = np.random.default_rng(RENDER_SEED)
    right, found = collections.Counter(), collections.Counter()
    for _ in range(tables):
        image, dice = render_table(rng)
        readings = reader.read(image)
        for i, j in match([(r.value, r.box) for r in readings], [(d.value, d.box) for d in dice]):
            found[dice[j].color] += 1
            right[dice[j].color] += readings[i].color == dice[j].color
    return right, found


def main(argv=None) -> int:
    vision = load_config(None)["vision"]
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default=str(BYLER), help="a labelled folder with colour labels (default byler-d6)")
    parser.add_argument("--split", default="heldout", choices=("heldout", "train", "all"))
    parser.add_argument("--all", choices=DIE_COLOURS, help="every die of the set is this colour (no colour labels)")
    parser.add_argument("--rendered", type=int, default=300, help="rendered tables to read (0: none)")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)

    items = load_labelled(args.data, args.split)
    if args.all:
        labels = {item.path.name: [args.all] * len(item.dice) for item in items}
        source = f"every die {args.all}"
    else:
        colour_file = colour_labels_for(args.data)
        if colour_file is None:
            parser.error(f"{args.data} has no colour labels (models/labels/<set>-colours.json): try --all COLOUR")
        labels, source = load_colour_labels(colour_file), "colour labels"
    photos = [(item, cv2.imread(str(item.path), cv2.IMREAD_COLOR), labels[item.path.name])
              for item in items if item.path.name in labels]
    print(f"{Path(args.data).name} ({args.split}): {len(photos)} photos, {source}; "
          f"{args.rendered} rendered tables (seed {RENDER_SEED})")
    for step, on in (("grey-table step on (shipped)", True), ("grey-table step off", False)):
        reader = DiceReader.from_config(vision, threads=args.threads, grey_table_colours=on)
        score, confusions = real_colours(reader, photos)
        print(f"\n{step}")
        print(f"real: {score.named} found dice: right {score.accuracy:.2%}, "
              f"none {score.unsure / max(1, score.named):.2%}, wrong {score.wrong:.2%}")
        if confusions:
            print("  labelled -> read: " + ", ".join(f"{a} -> {b} {n}" for (a, b), n in confusions.most_common()))
        if args.rendered:
            right, found = rendered_colours(reader, args.rendered)
            print(f"rendered: {sum(found.values())} found dice: right {sum(right.values())} "
                  f"({sum(right.values()) / max(1, sum(found.values())):.2%}); "
                  + ", ".join(f"{c} {right[c]}/{found[c]}" for c in sorted(found)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
