"""Colour-die benchmark: Hexors' colour die read on rendered frames, phantoms on real photos, speed.

    python benchmarks/colour_die.py [--frames 300] [--seed 7] [--threads 1]

1. Rendered frames (no photographs of colour dice exist; seeds other than training's): colour dice among pip
   dice and coloured tokens on tables, cloth and the Hexors arena, at 640x480. Scored by centre matching
   (companion/vision/scoring.py): dice found, precision, colour right of those found, dice read right (found
   with the right colour, of all), frames read entirely right.
2. Real photographs of pip dice and no colour die (the three sets in ../shared/data/dice-real, every photo):
   colour dice reported there are phantoms; how many, and on how many photos.
3. Speed: median milliseconds per frame, one frame at a time, of the colour-die reader against the pip-dice
   reader (companion's default settings) on the same rendered frames and thread count, and their ratio.
Each is printed for the colour-die reader alone and as the product reads a game that rolls a colour die
(companion/vision/kinds.py: colour readings where the pip reader reads a die are dropped as coloured pip dice).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from benchmarks.dice import timed  # noqa: E402
from companion.config import load_config  # noqa: E402
from companion.vision import DiceReader  # noqa: E402
from companion.vision.colour_die import ColourDieReader  # noqa: E402
from companion.vision.kinds import DiceKinds  # noqa: E402
from companion.vision.labels import load_labelled  # noqa: E402
from companion.vision.render_colour_die import render_colour_die_table  # noqa: E402
from companion.vision.scoring import Score  # noqa: E402

REAL_SETS = ("byler-d6", "penlington-wood", "epanemu-dice")


def rendered_frames(count: int, seed: int) -> list:
    rng = np.random.default_rng([seed, 640])
    return [render_colour_die_table(rng, 480, 640, size_range=(20, 72)) for _ in range(count)]


def score_rendered(reader: ColourDieReader, frames) -> Score:
    score = Score()
    for n, (image, dice) in enumerate(frames):
        read = reader.read(image)
        score.add(str(n), [(d.value, d.box) for d in read], [(d.value, d.box) for d in dice])
    return score


def median_ms(read, images) -> float:
    return 1000 * statistics.median(timed(read, image, 1)[1] for image in images)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--data", default=str(ROOT.parent / "shared" / "data" / "dice-real"))
    parser.add_argument("--photos", type=int, help="at most this many real photos a set (default: every one)")
    args = parser.parse_args(argv)
    cv2.setNumThreads(args.threads)  # OpenCV's resizes too, as onnxruntime's
    pips = DiceReader.from_config(load_config(None)["vision"], threads=args.threads)
    colour = ColourDieReader(threads=args.threads)
    readers = {"colour-die reader alone": colour,
               "pip dice vetted (shipped)": DiceKinds({"pips": lambda: pips, "colour": lambda: colour}, ["colour"])}
    frames = rendered_frames(args.frames, args.seed)
    print(f"rendered frames (seed {args.seed}): {len(frames)} frames, {sum(len(d) for _, d in frames)} colour dice")
    for name, reader in readers.items():
        s = score_rendered(reader, frames)
        print(f"  {name}: found {s.recall:.2%}  precision {s.precision:.2%}  colour right of found "
              f"{s.value_accuracy:.2%}  read right {s.read_correctly:.2%}  frames entirely right {s.exact_roll:.2%}")
    for set_name in REAL_SETS:
        folder = Path(args.data) / set_name
        if not folder.is_dir():
            print(f"real photos {set_name}: not found at {folder}")
            continue
        photos = [cv2.imread(str(p.path), cv2.IMREAD_COLOR) for p in load_labelled(folder, "all")[: args.photos]]
        print(f"real photos with pip dice, no colour die: {set_name}, {len(photos)} photos:")
        for name, reader in readers.items():
            phantoms = [len(reader.read(photo)) for photo in photos]
            print(f"  {name}: {sum(phantoms)} phantom colour dice on {sum(1 for n in phantoms if n)} photos")
    images = [image for image, _ in frames[:100]]  # the same frames for every reader
    pip_ms = median_ms(pips.read, images)
    for name, reader in readers.items():
        ms = median_ms(reader.read, images)
        print(f"speed, median ms per 640x480 frame, {args.threads} thread: {name} {ms:.2f}, pip-dice reader "
              f"{pip_ms:.2f}, ratio {ms / pip_ms:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
