"""Section 7 of ``benchmarks/table.py``: real dice laid in every game's dice zones, read the way the service reads.

Dice are cut from the held-out photos of ``../shared/data/dice-real/`` (the split of ``companion.vision.labels``,
never trained on), along their label boxes with a margin (the photo's other dice masked out), soft edges and a
shadow, turned, and laid at the game's die size (``table.die_mm``, +-15 %) in the dice zones of the mat rasterised
from its printed A3 PDF (free roll: its tray sheet, where every die on the sheet counts). The mat is then seen through
the standard camera at the guide's height, tilted 0-8 degrees, with uneven light, blur and noise (``render_table``),
and read by ``TableStage.read_still`` with the service's reader settings (dice seen but not read reported as such):
markers, plane, the dice window, the veto of the mat's print and of boxes not die-sized.

The sets box dice differently: byler-d6 the top face, epanemu-dice the whole die with the sides its oblique photos
show (the top face taken as FACE_SHARE of the box, the sides kept in the cut), penlington-wood only the pips of the
top face (the face is then taken as the pips' box over the share of a face that pips cover, a lone pip of a 1 from
the photo's other dice). A die's top face is laid at the game's die size. Dice whose top face is under 24 px across
in their photo are left out: the camera sees a die at 43 px on an A3 mat, so a smaller cut would be enlarged past
its own detail.
Composites of real photos, not photographs: said so.

    python benchmarks/table.py --only real-dice            # this section alone, about two minutes on one core
    python benchmarks/table_real_dice.py --detail          # and where the dice not read right were lost
    python benchmarks/table_real_dice.py --split validation  # to choose a setting on (never on the held-out photos)

The dice cut and laid: real_dice_laying.py; the detail: real_dice_detail.py.
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from pathlib import Path

import cv2
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks' modules, and the companion package

from benchmarks.real_dice_detail import DieFate, _detail, _fate  # noqa: E402
from benchmarks.real_dice_laying import (GAMES, MAT_PX_PER_MM, MIN_SIDE_PX, SETS, CutDie, cut_dice,  # noqa: E402
                                         dice_spots, lay_die)
from companion.config import load_config  # noqa: E402
from companion.tablevision import layout_for  # noqa: E402
from companion.tablevision.render import PrintedMat, printed_mat, render_table  # noqa: E402
from companion.tablevision.stage import TableStage  # noqa: E402
from companion.vision.scoring import match  # noqa: E402


class ReadInOwnPhoto:
    """Whether the reader alone reads a die right in its own photo (``own.get((set, photo, index), False)``): the
    dice's own difficulty, beside what the sheet, the camera and the table's path add. A photo is read the first time
    one of its dice is asked about, so that a short run reads only the photos of the dice it lays (the reader keeps
    nothing between photos: the answers are those of reading every photo first)."""

    def __init__(self, reader, pool: list[CutDie]) -> None:
        self.reader, self.right, self.read_photos = reader, {}, set()
        self.photos = {}
        for c in pool:
            self.photos.setdefault((c.source, c.name), c)

    def get(self, key: tuple[str, str, int], default: bool = False) -> bool:
        photo = key[:2]
        if photo not in self.read_photos and photo in self.photos:
            self.read_photos.add(photo)
            cut = self.photos[photo]
            read = [(d.value, d.box) for d in self.reader.read(cut.photo) if not d.unread and d.box is not None]
            for i, j in match(read, cut.labels):
                self.right[(*photo, j)] = read[i][0] == cut.labels[j][0]
        return self.right.get(key, default)


def real_dice(images: int, seed: int, games=GAMES, split: str = "heldout", detail: bool = False) -> dict:
    """Print the section; returns the totals (a Counter per game and one for all). ``split``: another than the
    held-out photos to try a change on (companion.vision.labels.SPLITS), never to report. ``detail``: also print
    where the dice not read right were lost (``_detail``)."""
    from benchmarks.table_print import _pose
    from companion.vision import DiceReader

    config = load_config(None)
    die_mm = float(config["table"]["die_mm"])
    reader = DiceReader.from_config(config["vision"], threads=1, unread=config["vision"]["unread_dice"])  # as served
    pool, small = cut_dice(split=split)
    own = ReadInOwnPhoto(reader, pool)
    by_set = Counter(c.source for c in pool)
    photos = "held-out photos" if split == "heldout" else f"{split} photos (not for reporting)"
    print(f"7. Real dice cut from the {photos} of dice-real ({', '.join(f'{s} {n}' for s, n in by_set.items())}"
          f"; {small} under {MIN_SIDE_PX:.0f} px left out) laid in the dice zones of the printed A3 sheets, their top "
          f"face {die_mm:g} mm +-15 %, {images} images per game, 1-6 dice each; composites, not photographs; read by "
          f"TableStage.read_still (the service's dice window and veto)")
    print(f"{'game':14s} {'plane':>7s} {'dice':>5s} {'read right':>17s} {'exact rolls':>16s} {'phantoms':>8s} "
          f"{'missed':>6s} {'wrong':>5s} {'unread':>6s} {'vetoed':>6s}")
    results = {}
    per_set = {s: Counter() for s in SETS}
    all_c = Counter()
    fates: list[DieFate] = []
    for game in games:
        rng = np.random.default_rng([seed, GAMES.index(game) if game in GAMES else 99])
        layout = layout_for(game)
        printed = printed_mat(layout, MAT_PX_PER_MM)
        c = Counter()
        for _ in range(images):
            sizes = die_mm * rng.uniform(0.85, 1.15, 6)
            spots = dice_spots(layout, rng, int(rng.integers(1, 7)), die_mm * 1.15)
            mat = printed.mat.copy()
            light = rng.uniform(-1, 1, 2) * 0.12
            truth = []
            for k, mm in enumerate(spots):
                cut = pool[int(rng.integers(len(pool)))]
                lay_die(mat, cut, mm, float(sizes[k]), float(rng.uniform(0, 360)), (float(light[0]), float(light[1])))
                truth.append((mm, cut, float(sizes[k])))
                per_set[cut.source]["own"] += own.get((cut.source, cut.name, cut.index), False)
            frame = render_table(layout, [], [], _pose(layout, "v3", rng, float(rng.uniform(0, 8))), rng,
                                 printed=PrintedMat(mat, printed.stickers))
            stage = TableStage.from_config(config["table"], game)
            recorder = _Recorder(reader)
            view = stage.read_still(frame.image, recorder)
            c["images"] += 1
            c["plane"] += view.plane.plane is not None
            c["vetoed"] += view.not_dice
            found = [d for d in view.dice if d.mm is not None]
            used = set()
            exact = len(found) == len(truth)
            for mm, cut, size in truth:
                near = [k for k, d in enumerate(found) if math.dist(d.mm, mm) < 0.7 * size]
                used |= set(near)
                c["dice"] += 1
                per_set[cut.source]["dice"] += 1
                one = found[near[0]].reading if len(near) == 1 else None
                right = one is not None and not one.unread and one.value == cut.value
                c["right"] += right
                per_set[cut.source]["right"] += right
                exact &= right
                if not near:
                    c["missed"] += 1
                elif len(near) == 1 and found[near[0]].reading.unread:
                    c["unread"] += 1
                elif not right:
                    c["wrong"] += 1
                if detail:
                    fates.append(_fate(game, stage, frame.image, recorder, [found[k] for k in near], mm, cut, size,
                                       own.get((cut.source, cut.name, cut.index), False), mat))
            phantoms = len(found) - len(used) + sum(d.mm is None for d in view.dice)
            c["phantoms"] += phantoms
            c["exact"] += exact and not phantoms
        results[game] = c
        all_c.update(c)
        _line(game, c)
    _line("all", all_c)
    rate = {g: (100 * c["right"] / max(c["dice"], 1), 100 * c["exact"] / max(c["images"], 1), c["phantoms"])
            for g, c in results.items()}
    met = [g for g, (right, exact, phantoms) in rate.items() if right >= 99 and exact >= 95 and phantoms == 0]
    print(f"goals (>= 99% read right, >= 95% exact rolls, 0 phantoms): met on {len(met)} of {len(rate)} games' sheets"
          f"{' (' + ', '.join(met) + ')' if met else ''}; read right {min(r[0] for r in rate.values()):.2f}-"
          f"{max(r[0] for r in rate.values()):.2f}%, exact rolls {min(r[1] for r in rate.values()):.2f}-"
          f"{max(r[1] for r in rate.values()):.2f}%, phantoms {sum(r[2] for r in rate.values())}")
    print("read right by source set, on the sheets (the same dice read alone in their own photos): " + ", ".join(
        f"{s} {v['right']}/{v['dice']} = {100 * v['right'] / max(v['dice'], 1):.2f}% "
        f"({100 * v['own'] / max(v['dice'], 1):.2f}%)" for s, v in per_set.items()))
    if detail:
        _detail(fates)
    print()
    results["all"] = all_c
    return results


class _Recorder:
    """The dice reader, keeping what it read last (the dice before the table's veto) and the pixels it was given."""

    def __init__(self, reader) -> None:
        self.reader, self.input_pixels = reader, reader.input_pixels
        self.read_dice, self.shape, self.pixels = [], None, None

    def read(self, image: np.ndarray, pixels: int | None = None) -> list:
        self.read_dice, self.shape, self.pixels = self.reader.read(image, pixels=pixels), image.shape[:2], pixels
        return self.read_dice

def _line(name: str, c: Counter) -> None:
    print(f"{name:14s} {c['plane']:3d}/{c['images']:<3d} {c['dice']:5d} {c['right']:5d} "
          f"{100 * c['right'] / max(c['dice'], 1):7.2f}%    {c['exact']:4d}/{c['images']:<4d} "
          f"{100 * c['exact'] / max(c['images'], 1):6.2f}% {c['phantoms']:8d} {c['missed']:6d} {c['wrong']:5d} "
          f"{c['unread']:6d} {c['vetoed']:6d}")


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="section 7 of benchmarks/table.py alone")
    parser.add_argument("--images", type=int, default=40, help="images per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--detail", action="store_true", help="where the dice not read right were lost")
    parser.add_argument("--split", default="heldout", choices=("heldout", "validation", "fit", "train"),
                        help="the photos the dice are cut from: another than heldout to choose a setting on")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    real_dice(args.images, args.seed, split=args.split, detail=args.detail)
