"""Reading stability under sensor noise: the same photo read several times, as a still camera would see it.

    python benchmarks/stability.py --data ../shared/data/dice-real/byler-d6 --split train

A roll settles only when the dice read the same over several frames (companion/vision/settle.py), so a die
whose reading changes with sensor noise alone delays or blocks it. Each labelled photo is read ``--copies``
times, each copy with Gaussian noise (``--sigma`` grey levels) and JPEG compression (quality 85), and every
labelled die is followed across the copies (centre matching): how many were missed in some copies and found
in others, changed value between copies, or changed colour name between copies where they were found. Both
with the grey-table colour step on (shipped) and off, on the same noisy copies.
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
from companion.vision.scoring import match  # noqa: E402

SEED = 5


def noisy_copies(image: np.ndarray, copies: int, sigma: float, rng: np.random.Generator) -> list[np.ndarray]:
    out = []
    for _ in range(copies):
        noisy = np.clip(image.astype(np.float32) + rng.normal(0, sigma, image.shape), 0, 255).astype(np.uint8)
        ok, encoded = cv2.imencode(".jpg", noisy, [cv2.IMWRITE_JPEG_QUALITY, 85])
        out.append(cv2.imdecode(encoded, cv2.IMREAD_COLOR))
    return out


def follow(reader: DiceReader, item, copies: list[np.ndarray]) -> list[list]:
    """For each labelled die, its reading (value, colour) in each copy, or None where it was not found."""
    labels = [(d.value, d.box) for d in item.dice]
    seen = [[] for _ in labels]
    for image in copies:
        readings = reader.read(image)
        found = {j: readings[i] for i, j in match([(r.value, r.box) for r in readings], labels)}
        for j in range(len(labels)):
            seen[j].append((found[j].value, found[j].color) if j in found else None)
    return seen


def main(argv=None) -> int:
    vision = load_config(None)["vision"]
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", nargs="+", required=True, help="labelled folders (images/ + labels/)")
    parser.add_argument("--split", default="train", choices=("heldout", "train", "all"))
    parser.add_argument("--copies", type=int, default=8)
    parser.add_argument("--sigma", type=float, default=3.0, help="sensor noise, grey levels (default 3)")
    parser.add_argument("--limit", type=int, default=0, help="read only the first N photos of each folder")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)
    if args.copies < 2:
        parser.error("--copies must be at least 2")

    readers = {on: DiceReader.from_config(vision, threads=args.threads, grey_table_colours=on) for on in (True, False)}
    print(f"{args.copies} copies of each photo, noise sigma {args.sigma:g}, JPEG quality 85, seed {SEED}")
    for folder in args.data:
        items = load_labelled(folder, args.split)[:args.limit or None]
        rng = np.random.default_rng(SEED)
        counts = {on: dict(dice=0, presence=0, value=0, colour=0) for on in readers}
        for item in items:
            copies = noisy_copies(cv2.imread(str(item.path), cv2.IMREAD_COLOR), args.copies, sigma=args.sigma, rng=rng)
            for on, reader in readers.items():
                for track in follow(reader, item, copies):
                    found = [r for r in track if r is not None]
                    c = counts[on]
                    c["dice"] += 1
                    c["presence"] += 0 < len(found) < len(track)
                    c["value"] += len({v for v, _ in found}) > 1
                    c["colour"] += len({colour for _, colour in found}) > 1
        print(f"\n{Path(folder).name} ({args.split}): {len(items)} photos")
        for on, name in ((True, "grey-table step on (shipped)"), (False, "grey-table step off")):
            c = counts[on]
            print(f"{name}: {c['dice']} labelled dice; found in some copies only {c['presence']}, value changed "
                  f"{c['value']}, colour name changed {c['colour']} ({c['colour'] / max(1, c['dice']):.2%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
