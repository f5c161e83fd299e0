"""Contact sheets of every labelled die in a real set, grouped by the value its label gives.

Why: a label error costs a photo's exact roll in the benchmark as surely as a misread does, and the only
honest way to find one is to look at every die, not just the ones a model disagrees with. One sheet per
labelled value puts a 3 among the 2s in plain sight; nothing here runs a model, so the person checking
does not know what the product reads.

    python models/label_sheets.py ../shared/data/dice-real/byler-d6 --split heldout --out /tmp/sheets

writes value-1.png ... value-6.png (tiles numbered in reading order) and index.json mapping each tile
number to its photo and label line.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.vision.labels import SPLITS, load_labelled  # noqa: E402

TILE = 128
CAPTION = 18
COLUMNS = 10


def die_tile(image: np.ndarray, box, grow: float, caption: str) -> np.ndarray:
    """The die's box grown to a square `grow` times its longer side, enlarged to TILE, captioned below."""
    x1, y1, x2, y2 = box
    half = max(x2 - x1, y2 - y1, 8.0) * grow / 2
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    h, w = image.shape[:2]
    a, b = int(max(0, cx - half)), int(min(w, cx + half))
    c, d = int(max(0, cy - half)), int(min(h, cy + half))
    crop = cv2.resize(image[c:d, a:b], (TILE, TILE), interpolation=cv2.INTER_CUBIC)
    strip = np.full((CAPTION, TILE, 3), 255, np.uint8)
    cv2.putText(strip, caption, (3, CAPTION - 5), cv2.FONT_HERSHEY_SIMPLEX, 0.45, (0, 0, 0), 1, cv2.LINE_AA)
    return np.vstack([crop, strip])


def sheet(tiles: list[np.ndarray]) -> np.ndarray:
    """Tiles in rows of COLUMNS, the last row padded with white."""
    blank = np.full_like(tiles[0], 255)
    rows = []
    for i in range(0, len(tiles), COLUMNS):
        row = tiles[i:i + COLUMNS]
        rows.append(np.hstack(row + [blank] * (COLUMNS - len(row))))
    return np.vstack(rows)


def write_sheets(folder: Path, split: str, out: Path, grow: float) -> dict[int, int]:
    """Write the sheets and index.json; returns how many dice each labelled value has."""
    by_value: dict[int, list[tuple[Path, int, tuple]]] = {v: [] for v in range(1, 7)}
    for item in load_labelled(folder, split):
        for line, die in enumerate(item.dice, 1):
            by_value[die.value].append((item.path, line, die.box))
    out.mkdir(parents=True, exist_ok=True)
    index = {}
    images: dict[Path, np.ndarray] = {}
    for value, dice in by_value.items():
        tiles = []
        for number, (path, line, box) in enumerate(dice, 1):
            if path not in images:
                images[path] = cv2.imread(str(path))
            tag = f"{value}-{number}"
            index[tag] = {"image": path.name, "line": line, "labelled": value}
            tiles.append(die_tile(images[path], box, grow, tag))
        if tiles:
            cv2.imwrite(str(out / f"value-{value}.png"), sheet(tiles))
    (out / "index.json").write_text(json.dumps({"folder": str(folder), "split": split, "tiles": index}, indent=1))
    return {v: len(d) for v, d in by_value.items()}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path, help="a real set laid out as images/ + labels/")
    ap.add_argument("--split", choices=SPLITS, default="heldout")
    ap.add_argument("--out", type=Path, required=True, help="folder for value-N.png and index.json")
    ap.add_argument("--grow", type=float, default=1.8,
                    help="tile side as a multiple of the box (boxes around the pips only want more, e.g. 2.6)")
    args = ap.parse_args(argv)
    counts = write_sheets(args.folder, args.split, args.out, args.grow)
    print(f"{args.folder.name} ({args.split}): " + ", ".join(f"{n} labelled {v}" for v, n in counts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
