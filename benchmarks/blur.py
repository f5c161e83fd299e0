"""Blur benchmark: what a blurred camera frame does to the dice reader, the marker finder and the table plane's fit
(the "a close fit" / "a loose fit" the phone's camera screen shows), and the focus gate that keeps a blurred
frame from being read (companion/vision/focus.py, vision.blur_limit_px).

    python benchmarks/blur.py            # about two minutes of one core's time (seven on a busy machine)
    python benchmarks/blur.py --rendered 4 --only real-dice

Each row blurs the pictures by a known amount, given in pixels of the service's frame (camera.width x height,
1280 x 720; the table benchmarks' mat frames are 1280 x 960 at the mounting guide's height, a die's top face about
FRAME_DIE_PX across): a Gaussian of that sigma, or a straight motion streak of that length (across the picture).

1. Real dice: the held-out photos of ../shared/data/dice-real/ (never trained on), each blurred by the row's amount
   scaled to its own dice (the median top face of its labelled dice over FRAME_DIE_PX, as
   benchmarks/real_dice_laying.py sizes a face), read by the reader as served (vision.unread_dice) and scored as
   benchmarks/dice.py scores: dice read right / labelled, exact rolls, and what a player would be told wrongly:
   dice read with a wrong value, dice read where none is labelled; dice seen but not read (never played) beside.
   Then the blur the focus gate measures (in frame px), the photos it holds back at the configured limit and the
   rolls of those it lets through; and other limits compared on the same readings: photos held back among the rows
   still read within TRUSTED of the unblurred row, wrong values let through on the rest.
2. Real markers: ../shared/data/markers-real/ (each folder's own dictionary; camera frames of 640-1280 px, blurred
   in their own pixels) through the product's finder: markers found / labelled, wrong ids, and the median distance
   of the found corners from the labelled ones (where the labels give corners).
3. The plane's fit, the measure the phone calls "a close fit" (reprojection_px <= 1): real held-out dice laid on the
   printed free-roll tray sheet and Nexus Keepers' mat, rendered through the standard camera (composites of real
   photos, not photographs: benchmarks/table_real_dice.py), blurred, read by TableStage.read_still: plane found,
   its reprojection error (median, largest), frames the phone would call "a close fit", the dice read right, and
   the blur the focus gate measures (median).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.real_dice_laying import DICE_REAL, SETS, _face_side, cut_dice, dice_spots, lay_die  # noqa: E402
from companion.config import load_config  # noqa: E402
from companion.vision import DiceReader  # noqa: E402
from companion.vision.focus import blur_px  # noqa: E402
from companion.vision.labels import load_labelled  # noqa: E402
from companion.vision.scoring import Score, match  # noqa: E402

MARKERS = ROOT.parent / "shared" / "data" / "markers-real"
FRAME_DIE_PX = 43.0  # a die's top face in the mat frame at the guide's height (benchmarks/table_real_dice.py)
TRUSTED = 0.05  # a row's read right this far under the unblurred row's: reading is no longer trusted
LIMITS = (2.0, 2.5, 3.0, 3.5)  # focus gate limits compared in section 1
BLURS = (("none", 0.0), ("gaussian", 1.0), ("gaussian", 1.5), ("gaussian", 2.0), ("gaussian", 2.5),
         ("gaussian", 3.0), ("gaussian", 4.0), ("gaussian", 6.0), ("motion", 4.0), ("motion", 6.0),
         ("motion", 8.0), ("motion", 12.0), ("motion", 18.0), ("motion", 25.0))


def blurred(image: np.ndarray, kind: str, amount: float) -> np.ndarray:
    """``image`` under a Gaussian of sigma ``amount`` px, or a horizontal streak ``amount`` px long (its ends
    weighted by the fraction of a pixel they cover)."""
    if kind == "none" or amount <= 0.25:
        return image
    if kind == "gaussian":
        return cv2.GaussianBlur(image, (0, 0), amount)
    whole = int(math.floor(amount))
    side = whole + 2 if whole % 2 else whole + 1  # odd, room for the fractional ends
    row = np.zeros(side, np.float32)
    lo = (side - amount) / 2
    for k in range(side):  # the share of pixel k's span [k, k + 1) inside [lo, lo + amount)
        row[k] = max(0.0, min(k + 1, lo + amount) - max(k, lo))
    return cv2.filter2D(image, -1, (row / row.sum())[None, :], borderType=cv2.BORDER_REFLECT)


def _label(kind: str, amount: float) -> str:
    return "none" if kind == "none" else f"{'sigma' if kind == 'gaussian' else 'streak'} {amount:g} px"


def real_dice(reader, limit: float) -> None:
    """Section 1; ``limit``: the focus gate's (vision.blur_limit_px)."""
    photos = []
    for name in SETS:
        for item in load_labelled(DICE_REAL / name, "heldout"):
            face = statistics.median(_face_side(name, d) for d in item.dice) if item.dice else FRAME_DIE_PX
            photos.append((cv2.imread(str(item.path)), [(d.value, d.box) for d in item.dice], face / FRAME_DIE_PX))
    print(f"1. Real dice: {len(photos)} held-out photos of dice-real ({', '.join(SETS)}), "
          f"{sum(len(p[1]) for p in photos)} dice; blur scaled to each photo's dice (face {FRAME_DIE_PX:g} px in the "
          f"frame); read as served")
    print(f"   every photo read; then the blur measured (companion/vision/focus.py, in frame px: median, 10th-90th "
          f"percentile) and the photos the focus gate holds back at vision.blur_limit_px = {limit:g}, with the rolls "
          f"and wrong values of those it lets through")
    print(f"{'blur (frame px)':18s} {'read right':>17s} {'exact rolls':>16s} {'wrong value':>11s} {'none there':>10s} "
          f"{'unread':>6s} {'measured':>17s} {'held back':>9s} {'exact (let)':>16s} {'wrong (let)':>11s}")
    rows = []  # per row: its read-right share and, per photo, (blur measured, exact, wrong values)
    for kind, amount in BLURS:
        score, let, c = Score(), Score(), Counter()
        measured, each = [], []
        for image, labels, scale in photos:
            picture = blurred(image, kind, amount * scale)
            readings = reader.read(picture)
            pred = [(r.value, r.box) for r in readings if not r.unread]
            pairs = match(pred, labels)
            score.add("", pred, labels)
            wrong = sum(pred[i][0] != labels[j][0] for i, j in pairs)
            c["wrong"] += wrong
            c["none there"] += len(pred) - len(pairs)
            c["unread"] += sum(r.unread for r in readings)
            blur = blur_px(picture)
            blur = None if blur is None else blur / scale
            measured.append(math.inf if blur is None else blur)
            each.append((blur, right_roll(pred, labels), wrong))
            if limit and blur is not None and blur > limit:
                c["held back"] += 1
            else:
                let.add("", pred, labels)
                c["wrong let"] += wrong
        spread = np.percentile(measured, [50, 10, 90])
        print(f"{_label(kind, amount):18s} {score.value_right:4d}/{score.labelled:<4d} {score.read_correctly:7.2%} "
              f"{score.exact_images:4d}/{score.images:<4d} {score.exact_roll:6.2%} {c['wrong']:11d} "
              f"{c['none there']:10d} {c['unread']:6d} {spread[0]:5.2f} {spread[1]:5.2f}-{spread[2]:<5.2f} "
              f"{c['held back']:4d}/{len(photos):<4d} {let.exact_images:4d}/{let.images:<4d} "
              f"{let.exact_roll if let.images else 0:6.2%} {c['wrong let']:11d}")
        rows.append((_label(kind, amount), score.read_correctly, each))
    _limits(rows)
    print()


def right_roll(pred, labels) -> bool:
    pairs = match(pred, labels)
    return len(pred) == len(labels) == len(pairs) and all(pred[i][0] == labels[j][0] for i, j in pairs)


def _limits(rows) -> None:
    """Other limits on the same readings. Trusted rows: read right within TRUSTED points of the unblurred row."""
    unblurred = rows[0][1]
    trusted = [r for r in rows if r[1] >= unblurred - TRUSTED]
    others = [r for r in rows if r[1] < unblurred - TRUSTED]
    print(f"   trusted rows (read right within {100 * TRUSTED:g} points of unblurred): "
          f"{', '.join(r[0] for r in trusted)}; the others: {', '.join(r[0] for r in others)}")
    for limit in LIMITS:
        held = sum(b is not None and b > limit for r in trusted for b, _, _ in r[2])
        let = [(exact, wrong) for r in others for b, exact, wrong in r[2] if b is None or b <= limit]
        print(f"   limit {limit:g} px: trusted photos held back {held}/{sum(len(r[2]) for r in trusted)}; on the "
              f"others, photos let through {len(let)}/{sum(len(r[2]) for r in others)}, their exact rolls "
              f"{sum(e for e, _ in let)}, their wrong values {sum(w for _, w in let)} "
              f"(of {sum(w for r in others for _, _, w in r[2])})")


def real_markers() -> None:
    """Section 2."""
    from companion.tablevision import MarkerFinder

    photos = []
    for folder in sorted(p for p in MARKERS.iterdir() if (p / "labels.json").is_file()):
        labels = json.loads((folder / "labels.json").read_text())
        name = labels["dictionary"]
        finder = MarkerFinder(f"custom:{folder / name.split(':', 1)[1]}" if name.startswith("custom:") else name)
        for image_name, truth in labels["images"].items():
            photos.append((finder, cv2.imread(str(folder / "images" / image_name)), truth))
    print(f"2. Real markers: {len(photos)} photos of markers-real, {sum(len(t['ids']) for _, _, t in photos)} "
          f"markers; blur in the photos' own pixels; the product's finder")
    print(f"{'blur (frame px)':18s} {'found':>15s} {'wrong ids':>9s} {'corner error (median px)':>25s}")
    for kind, amount in BLURS:
        found, labelled, wrong, errors = 0, 0, 0, []
        for finder, image, truth in photos:
            markers = finder.find(blurred(image, kind, amount))
            expected, seen = Counter(truth["ids"]), Counter(m.id for m in markers)
            found += sum((seen & expected).values())
            wrong += sum((seen - expected).values())
            labelled += sum(expected.values())
            corners = truth.get("corners", {})
            for m in markers:
                if str(m.id) in corners and seen[m.id] == 1 and expected[m.id] == 1:
                    known = np.asarray(corners[str(m.id)], np.float64)
                    errors.append(float(np.linalg.norm(np.asarray(m.corners, np.float64).reshape(4, 2) - known,
                                                       axis=1).mean()))
        median = f"{statistics.median(errors):.2f}" if errors else "-"
        print(f"{_label(kind, amount):18s} {found:4d}/{labelled:<4d} {100 * found / labelled:6.2f}% {wrong:9d} "
              f"{median:>25s}")
    print()


def plane_fit(reader, frames: int, seed: int) -> None:
    """Section 3."""
    from benchmarks.table_print import _pose
    from companion.tablevision import layout_for
    from companion.tablevision.render import PrintedMat, printed_mat, render_table
    from companion.tablevision.stage import TableStage

    config = load_config(None)
    die_mm = float(config["table"]["die_mm"])
    pool, _ = cut_dice()
    scenes = []
    for g, game in enumerate(("free-roll", "nexus-keepers")):
        rng = np.random.default_rng([seed, g])
        layout = layout_for(game)
        printed = printed_mat(layout, 5.0)
        for _ in range(frames):
            mat, truth = printed.mat.copy(), []
            for mm in dice_spots(layout, rng, int(rng.integers(1, 5)), die_mm * 1.15):
                cut = pool[int(rng.integers(len(pool)))]
                lay_die(mat, cut, mm, die_mm * float(rng.uniform(0.85, 1.15)), float(rng.uniform(0, 360)), (0.1, 0.1))
                truth.append((mm, cut.value))
            frame = render_table(layout, [], [], _pose(layout, "v3", rng, float(rng.uniform(0, 8))), rng, blur=0.0,
                                 printed=PrintedMat(mat, printed.stickers))
            scenes.append((game, frame.image, truth))
    print(f"3. The plane's fit (the phone's \"a close fit\": reprojection <= 1 px): {len(scenes)} rendered frames "
          f"(free-roll tray and Nexus Keepers mats, 1280x960, real held-out dice laid; composites, not photographs)")
    print(f"{'blur (frame px)':18s} {'plane':>7s} {'reprojection px (median, max)':>30s} {'close ≤ 1':>9s} "
          f"{'dice read right':>16s} {'wrong or none there':>19s} {'measured':>8s}")
    for kind, amount in BLURS:
        planes, close, errors, right, dice, bad, measured = 0, 0, [], 0, 0, 0, []
        for game, image, truth in scenes:
            stage = TableStage.from_config(config["table"], game)
            picture = blurred(image, kind, amount)
            measured.append(blur_px(picture) or math.inf)
            view = stage.read_still(picture, reader)
            plane = view.plane.plane
            if plane is not None:
                planes += 1
                errors.append(plane.reprojection_px)
                close += plane.reprojection_px <= 1.0
            found = [(d.reading.value, d.mm) for d in view.dice if d.mm is not None and not d.reading.unread]
            used = set()
            for mm, value in truth:
                dice += 1
                near = [k for k, (_, at) in enumerate(found) if math.dist(at, mm) < 0.7 * die_mm]
                used |= set(near)
                right += len(near) == 1 and found[near[0]][0] == value
                bad += len(near) == 1 and found[near[0]][0] != value
            bad += len(found) - len(used)
        fit = f"{statistics.median(errors):.2f}, {max(errors):.2f}" if errors else "-"
        print(f"{_label(kind, amount):18s} {planes:3d}/{len(scenes):<3d} {fit:>30s} {close:4d}/{len(scenes):<3d} "
              f"{right:5d}/{dice:<4d} {100 * right / max(dice, 1):5.1f}% {bad:19d} "
              f"{statistics.median(measured):8.2f}")
    print()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rendered", type=int, default=6, help="rendered frames per mat in section 3")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", choices=("real-dice", "markers", "plane"))
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    vision = load_config(None)["vision"]
    reader = DiceReader.from_config(vision, threads=1, unread=vision["unread_dice"])  # as served
    start = time.perf_counter()
    if args.only in (None, "real-dice"):
        real_dice(reader, float(vision.get("blur_limit_px", 0.0)))
    if args.only in (None, "markers"):
        real_markers()
    if args.only in (None, "plane"):
        plane_fit(reader, args.rendered, args.seed)
    print(f"{time.perf_counter() - start:.0f} s on 1 thread")
    return 0


if __name__ == "__main__":
    sys.exit(main())
