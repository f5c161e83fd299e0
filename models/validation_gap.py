"""Does candidate B read the validation photos better than A, by more than the choice of photos explains?

    python models/validation_gap.py A_DIR B_DIR [--data SET ...] [--resamples 2000] [--seed 0]

Each DIR holds a dice.onnx and the face readers beside it, read with the shipped settings. Both read every
validation photo of each set (the fifth that `train_split = "fit"` leaves out of training; never a held-out one);
per photo: the dice read right (value right, centre matched) and whether the photo was read entirely right. The
photos are then drawn again with replacement, the same draw for A and B (a paired bootstrap), and the 2.5th and
97.5th percentiles of B - A are printed beside the difference itself, per set and summed over the sets.

Why: candidates are chosen on this fifth (models/README.md), and it is small (610 dice in 129 photos). A
difference whose interval holds 0 is one the photos cannot tell from the luck of which photos were set aside.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from companion.config import load_config  # noqa: E402
from companion.vision import DiceReader  # noqa: E402
from companion.vision.labels import load_labelled  # noqa: E402
from companion.vision.scoring import Score  # noqa: E402

REAL_SETS = [ROOT.parent / "shared" / "data" / "dice-real" / name
             for name in ("byler-d6", "penlington-wood", "epanemu-dice")]


def reader_for(model_dir: Path) -> DiceReader:
    """The model set in ``model_dir`` with the shipped settings, one thread."""
    return DiceReader.from_config(load_config(None)["vision"], model_path=Path(model_dir) / "dice.onnx", threads=1)


def per_photo(reader: DiceReader, folder: Path, split: str = "validation") -> np.ndarray:
    """One row a photo: (dice read right, 1 if the photo was read entirely right)."""
    rows = []
    for item in load_labelled(folder, split):
        score = Score()
        found = [(die.value, die.box) for die in reader.read(cv2.imread(str(item.path)))]
        exact = score.add(item.path.name, found, [(die.value, die.box) for die in item.dice])
        rows.append((score.value_right, int(exact)))
    return np.asarray(rows, dtype=np.int64).reshape(-1, 2)


def gap(a: np.ndarray, b: np.ndarray, resamples: int = 2000, seed: int = 0) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """B - A summed over the photos (read right, exact), and its 2.5th and 97.5th bootstrap percentiles."""
    if a.shape != b.shape:
        raise ValueError(f"the two readings cover different photos: {a.shape} and {b.shape}")
    diff = b - a
    draws = np.random.default_rng(seed).integers(0, len(diff), size=(resamples, len(diff)))
    totals = diff[draws].sum(axis=1)
    return diff.sum(axis=0), np.percentile(totals, 2.5, axis=0), np.percentile(totals, 97.5, axis=0)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", type=Path, help="folder of the model set compared against (the shipped one: models)")
    parser.add_argument("b", type=Path, help="folder of the candidate model set")
    parser.add_argument("--data", nargs="+", type=Path, default=REAL_SETS, help="labelled folders")
    parser.add_argument("--resamples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    print(f"B = {args.b}, A = {args.a}: validation photos, B - A with its 95% paired-bootstrap interval "
          f"({args.resamples} draws of the photos, seed {args.seed})")
    reader_a, reader_b = reader_for(args.a), reader_for(args.b)
    all_a, all_b = [], []
    for folder in args.data:
        a, b = per_photo(reader_a, folder), per_photo(reader_b, folder)
        all_a.append(a)
        all_b.append(b)
        print(_line(folder.name, a, b, args.resamples, args.seed))
    print(_line("all sets", np.concatenate(all_a), np.concatenate(all_b), args.resamples, args.seed))
    return 0


def _line(name: str, a: np.ndarray, b: np.ndarray, resamples: int, seed: int) -> str:
    total, low, high = gap(a, b, resamples, seed)
    return (f"{name:16s} {len(a):3d} photos  read right A {a[:, 0].sum():4d} B {b[:, 0].sum():4d}: "
            f"{total[0]:+4d} [{low[0]:+.0f}, {high[0]:+.0f}]   exact roll A {a[:, 1].sum():3d} B {b[:, 1].sum():3d}: "
            f"{total[1]:+3d} [{low[1]:+.0f}, {high[1]:+.0f}]")


if __name__ == "__main__":
    sys.exit(main())
