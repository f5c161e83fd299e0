"""Choose vision.second_look on the TRAINING photos: how each fraction of the detector's pixels reads the frames
whose first pass failed (companion/vision/second_look.py), beside no second look at all.

    python models/second_look.py [--values 0.15 0.25 0.35 0.5] [--data FOLDER ...] [--close-ups FILL]
        [--pip-spacing S]

Every frame is read by a reader set to each value (0: no second look). Printed per set:
read right, exact roll, precision, and how many frames were looked at again. Held-out photos are never read.
--close-ups FILL: instead of the photos, the first labelled die of each, enlarged to FILL of a 480 x 480 frame
(a close-up camera); scored right when exactly one reading holds its centre, with its value.
--pip-spacing S: the chain-of-1s rule's spacing (second_look.PIP_SPACING; 0: that rule off).
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
from companion.vision import second_look  # noqa: E402

REAL = ROOT.parent / "shared" / "data" / "dice-real"
SETS = [REAL / name for name in ("byler-d6", "penlington-wood", "epanemu-dice")]


CLOSE_UP = 480  # a close-up frame's side
CENTRE = CLOSE_UP / 2


def close_up(image: np.ndarray, die: tuple, fill: float) -> tuple[np.ndarray, list]:
    """A 480 x 480 frame where the die's box side is ``fill`` of the frame, centred, and its label there."""
    value, (x1, y1, x2, y2) = die
    scale = fill * CLOSE_UP / max(x2 - x1, y2 - y1)
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    m = np.array([[scale, 0, CLOSE_UP / 2 - scale * cx], [0, scale, CLOSE_UP / 2 - scale * cy]])
    frame = cv2.warpAffine(image, m, (CLOSE_UP, CLOSE_UP), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
    half = fill * CLOSE_UP / 2
    return frame, [(value, (CENTRE - half, CENTRE - half, CENTRE + half, CENTRE + half))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--values", type=float, nargs="+", default=[0.15, 0.25, 0.35, 0.5])
    parser.add_argument("--data", nargs="+", default=[str(s) for s in SETS])
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--close-ups", type=float, help="read each photo's first die enlarged to this fill instead")
    parser.add_argument("--pip-spacing", type=float, default=second_look.PIP_SPACING)
    args = parser.parse_args(argv)
    second_look.PIP_SPACING = args.pip_spacing
    vision = load_config(None)["vision"]
    readers = {value: DiceReader.from_config(vision, threads=args.threads, read_colour=False, second_look=value)
               for value in [0.0] + args.values}
    for folder in args.data:
        scores = {value: Score() for value in readers}
        right = dict.fromkeys(readers, 0)  # close-ups: the die read right (one reading on its centre, its value)
        looked = {value: reader.second_looks for value, reader in readers.items()}
        for item in load_labelled(folder, "train", add_missing=True, fix_values=True):
            image = cv2.imread(str(item.path), cv2.IMREAD_COLOR)
            labels = [(d.value, d.box) for d in item.dice]
            if args.close_ups:
                if not labels:
                    continue
                image, labels = close_up(image, labels[0], args.close_ups)
            for value, reader in readers.items():
                readings = reader.read(image)
                scores[value].add(item.path.name, [(r.value, r.box) for r in readings], labels)
                on_die = [r for r in readings if r.box[0] <= CENTRE <= r.box[2] and r.box[1] <= CENTRE <= r.box[3]]
                right[value] += len(on_die) == 1 and on_die[0].value == labels[0][0]
        looked = max(reader.second_looks - looked[value] for value, reader in readers.items())
        what = f"close-ups, first die at {args.close_ups:g} of the frame" if args.close_ups else "photos"
        print(f"\n{Path(folder).name} (train): {scores[0.0].images} {what}, {looked} looked at again")
        for value, s in scores.items():
            if args.close_ups:
                print(f"second_look {value:4.2f}: die read right {right[value] / max(s.images, 1):.2%}", flush=True)
            else:
                print(f"second_look {value:4.2f}: read right {s.read_correctly:.2%}, exact roll {s.exact_roll:.2%}, "
                      f"precision {s.precision:.2%}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
