"""Choose the reader's confidence threshold on the TRAINING photos (never the held-out ones).

    python models/calibrate.py [--model models/dice.onnx]

Reads every training photo once at a low threshold, then prints, for each candidate threshold,
the dice read correctly and exact-roll rate per set; pick the threshold where both are best.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402

from companion.vision import DiceReader  # noqa: E402
from companion.vision.labels import load_labelled  # noqa: E402
from companion.vision.scoring import Score  # noqa: E402

THRESHOLDS = (0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model")
    parser.add_argument("--data", nargs="+", default=[str(ROOT.parent / "shared" / "data" / "dice-real" / n)
                                                       for n in ("byler-d6", "penlington-wood")])
    parser.add_argument("--every", type=int, default=1, help="use every n-th photo (faster)")
    args = parser.parse_args(argv)
    reader = DiceReader(args.model, threads=2, confidence=min(THRESHOLDS), read_colour=False)
    for folder in args.data:
        items = load_labelled(folder, "train")[:: args.every]
        runs = []
        for item in items:
            readings = reader.read(cv2.imread(str(item.path), cv2.IMREAD_COLOR))
            runs.append((item, readings))
        print(f"{Path(folder).name} (train split, {len(items)} photos)")
        for t in THRESHOLDS:
            s = Score()
            for item, readings in runs:
                s.add(item.path.name, [(r.value, r.box) for r in readings if r.confidence >= t],
                      [(d.value, d.box) for d in item.dice])
            print(f"  threshold {t:.2f}: recall {s.recall:.2%} precision {s.precision:.2%} "
                  f"read right {s.read_correctly:.2%} exact roll {s.exact_roll:.2%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
