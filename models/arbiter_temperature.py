"""The arbiter's temperature, fitted on the VALIDATION photos (never the held-out ones).

    python models/arbiter_temperature.py

Reads each validation photo as the service reads a still frame (dice seen but not read included), matches the
readings to the labels, and has the arbiter read every matched die. For the dice it is asked about in a settled
roll (seen but not read, or read less sure than vision.arbiter_below) and for all of them, it prints the mean
negative log-likelihood of the true value with the arbiter's face probabilities softened by each temperature
(companion/vision/arbiter.py's ``softened``). vision.arbiter_temperature is the one least on the dice it is asked
about: the rules-aware reading weighs those dice's other faces with it.
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
from companion.vision.arbiter import softened  # noqa: E402
from companion.vision.labels import load_labelled  # noqa: E402
from companion.vision.scoring import match  # noqa: E402

TEMPERATURES = (1.0, 1.2, 1.4, 1.5, 1.6, 1.7, 1.8, 2.0, 2.5)
SETS = ("byler-d6", "penlington-wood", "epanemu-dice")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", nargs="+", default=[str(ROOT.parent / "shared" / "data" / "dice-real" / n)
                                                       for n in SETS])
    args = parser.parse_args(argv)
    vision = load_config(None)["vision"]
    reader = DiceReader.from_config(vision, threads=2, unread=True, read_colour=False, arbiter=True)
    if reader.arbiter is None:
        print(f"no arbiter to fit: {reader.arbiter_error or 'its model file is missing'}")
        return 1
    faces, truths, asked = [], [], []
    for folder in args.data:
        for item in load_labelled(folder, "validation"):
            image = cv2.imread(str(item.path), cv2.IMREAD_COLOR)
            readings = reader.read(image)
            labels = [(d.value, d.box) for d in item.dice]
            pairs = match([(r.value, r.box) for r in readings], labels)
            if not pairs:
                continue
            answers = reader.read_crops(image, [readings[i].box for i, _ in pairs], reader.arbiter.session)
            faces += list(np.asarray(reader.face_values(answers), np.float64))
            truths += [labels[j][0] - 1 for _, j in pairs]
            asked += [reader.arbiter.asks_about(readings[i]) for i, _ in pairs]
    truths, asked = np.array(truths), np.array(asked)
    print(f"validation dice matched: {len(truths)}, of which the arbiter is asked about {int(asked.sum())}")
    print("temperature  NLL (asked)  NLL (all)")
    for t in TEMPERATURES:
        nll = -np.log(np.array([softened(f, t)[y] for f, y in zip(faces, truths)]))
        print(f"{t:>11.1f}  {nll[asked].mean():>11.4f}  {nll.mean():>9.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
