"""Compare dice readers on the TRAINING photos, as they are and with the detector's boxes jittered.

    python models/compare.py MODEL_DIR [MODEL_DIR ...] [--second-opinion off|doubtful|always] [--recrop-beyond X]
        [--recrop-rounds N] [--confidence C] [--inside-die F] [--jitter-draw K] [--square-input] [--widen W:H]

Each MODEL_DIR holds a dice.onnx and the face readers beside it (symlinks are fine). Why the jitter:
every model here has trained on these photos, so they read them almost perfectly and hide the
differences that matter on new photos. New photos mostly bring boxes the detector sizes or places
worse; redrawing every box 0.7-1.8x its size and off-centre by 10% of it (the same way for every
reader compared) brings the training photos' scores down to about the held-out level, and shows
which face reader copes. The held-out photos are never read here. The training photos' labels are
completed by our list of dice their label files lack (models/labels/<set>-missing.json), so a reader
that finds such a die is not scored as seeing a die that is not there, and corrected by our list of
values they give plainly wrong (models/labels/<set>-values.json).
"""

from __future__ import annotations

import argparse
import sys
import zlib
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from companion.config import load_config  # noqa: E402
from companion.vision import DiceReader  # noqa: E402
from companion.vision.labels import LabelledImage, load_labelled  # noqa: E402
from companion.vision.scoring import Score  # noqa: E402

REAL_SETS = [ROOT.parent / "shared" / "data" / "dice-real" / n for n in ("byler-d6", "penlington-wood")]


def jitter_box(rect: list[float], draw: int = 0) -> list[float]:
    """The box (x, y, w, h) redrawn: 0.7-1.8x its size and moved by ~10% of it, fixed per box position.

    ``draw`` picks another fixed redrawing: one draw moves a comparison by a photo or two either way, so a close
    one can be measured again on other draws.
    """
    x, y, w, h = rect
    key = f"{round(x + w / 2)},{round(y + h / 2)}" + (f",{draw}" if draw else "")
    rng = np.random.default_rng(zlib.crc32(key.encode()))
    grow = float(np.exp(rng.uniform(np.log(0.7), np.log(1.8))))
    dx, dy = rng.normal(0, 0.1 * max(w, h), 2)
    cx, cy = x + w / 2 + dx, y + h / 2 + dy
    return [cx - w * grow / 2, cy - h * grow / 2, w * grow, h * grow]


class JitteredReader(DiceReader):
    """A DiceReader whose face readers get every detector box jittered, as a worse detector would give them.

    A face reader that re-places a box (``recrop_beyond``) cuts its second crop where it saw the die: that
    crop is not jittered again.
    """

    draw = 0  # which fixed redrawing (jitter_box)

    def _read_all(self, image, boxes, scores, detector_probs, budget=None):
        return super()._read_all(image, [jitter_box(r, self.draw) for r in boxes], scores, detector_probs, budget)


def widened(item: LabelledImage, image: np.ndarray, aspect: float) -> tuple[LabelledImage, np.ndarray]:
    """The photo padded left and right to ``aspect`` (width / height) with the table's median edge colour.

    The same dice, the same size in pixels, in a wider picture: what a wider camera frame does to them.
    """
    height, width = image.shape[:2]
    extra = max(0, round(height * aspect) - width)
    left = extra // 2
    edges = np.concatenate([image[:, :4].reshape(-1, 3), image[:, -4:].reshape(-1, 3)])
    colour = [int(c) for c in np.median(edges, axis=0)]
    wide = cv2.copyMakeBorder(image, 0, 0, left, extra - left, cv2.BORDER_CONSTANT, value=colour)
    dice = tuple(replace(d, box=(d.box[0] + left, d.box[1], d.box[2] + left, d.box[3])) for d in item.dice)
    return replace(item, dice=dice), wide


def score(reader: DiceReader, photos: list) -> Score:
    s = Score()
    for item, image in photos:
        s.add(item.path.name, [(r.value, r.box) for r in reader.read(image)], [(d.value, d.box) for d in item.dice])
    return s


def main(argv=None) -> int:
    vision = load_config(None)["vision"]  # the shipped settings, the defaults below
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("models", nargs="+", help="folders each holding dice.onnx and its face readers")
    parser.add_argument("--second-opinion", default=vision["second_opinion"],
                        choices=("off", "doubtful", "always"), help="default: the shipped setting")
    parser.add_argument("--recrop-beyond", type=float, default=vision["recrop_beyond"],
                        help="default: the shipped setting (1 or more: never re-place a box)")
    parser.add_argument("--recrop-rounds", type=int, default=vision["recrop_rounds"],
                        help="default: the shipped setting (times a box may be re-placed in a row)")
    parser.add_argument("--confidence", type=float, default=vision["confidence"],
                        help="default: the shipped setting (lowest confidence reported)")
    parser.add_argument("--inside-die", type=float, default=vision["inside_die"],
                        help="default: the shipped setting (more than 1: never drop a reading inside a bigger die)")
    parser.add_argument("--square-input", action="store_true",
                        help="letterbox every frame into the detector's square instead of its own shape")
    parser.add_argument("--widen", help="pad every photo at the sides to this aspect ratio, e.g. 16:9")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--jitter-draw", type=int, default=0, help="another fixed redrawing of the boxes (default 0)")
    args = parser.parse_args(argv)
    photos = {folder.name: [(item, cv2.imread(str(item.path), cv2.IMREAD_COLOR))
                            for item in load_labelled(folder, "train", add_missing=True, fix_values=True)]
              for folder in REAL_SETS}
    if args.widen:
        aspect = _aspect(args.widen)
        photos = {name: [widened(item, image, aspect) for item, image in items] for name, items in photos.items()}
    for folder in args.models:
        for kind, cls in (("as labelled", DiceReader), ("boxes jittered", JitteredReader)):
            reader = cls.from_config(vision, model_path=Path(folder) / "dice.onnx", threads=args.threads,
                                     read_colour=False, second_opinion=args.second_opinion,
                                     recrop_beyond=args.recrop_beyond, recrop_rounds=args.recrop_rounds,
                                     confidence=args.confidence, inside_die=args.inside_die,
                                     fit_frame=not args.square_input)
            reader.draw = args.jitter_draw
            for name, items in photos.items():
                s = score(reader, items)
                print(f"{folder} {kind:14s} {name:16s} recall {s.recall:.2%} precision {s.precision:.2%} "
                      f"read right {s.read_correctly:.2%} exact roll {s.exact_roll:.2%}", flush=True)
    return 0


def _aspect(text: str) -> float:
    try:
        width, height = (float(part) for part in text.split(":"))
        if width > 0 and height > 0:
            return width / height
    except ValueError:
        pass
    raise SystemExit(f"--widen wants W:H, e.g. 16:9, not {text!r}")


if __name__ == "__main__":
    sys.exit(main())
