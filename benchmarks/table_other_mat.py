"""Section 9 of ``benchmarks/table.py``: phantom dice from a mat the game cannot fit a plane on.

Each game's mat, rasterised from its printed A3 PDF with its stickers (tiles, keepers, cards) in random cells, is seen
while another game is played (the stage fits no plane on it, reads no pieces, and reads dice on the whole frame), and
each game's own mat with its four anchors covered by blank cards (no plane at all). Per pair, ``frames`` frames bare
and ``frames`` with 1-6 real dice (section 7's cuts from dice-real's held-out photos) laid in the mat's dice zones (on
Nexus's, which has none, anywhere on it); standard and wide lens in turn, tilted 0-15 degrees. Read as the service
reads a frame (``TableStage.read_still``: the whole frame, then zoomed on the dice it shows). A reading more than 0.7
of a die from every die laid is a phantom. Then the compute of each pass on the frames with dice (``Counted``).
Composites of renders and real photos, not photographs: said so.

    python benchmarks/table.py --only other-mat
"""

from __future__ import annotations

import math
from collections import Counter

import cv2
import numpy as np

from companion.config import load_config
from companion.tablevision import layout_for
from companion.tablevision.render import PrintedMat, printed_mat, render_table
from companion.tablevision.scenes import random_position
from companion.tablevision.stage import TableStage

#: (the mat on the table, the game played); the same game twice: its own mat with the anchors covered
PAIRS = (("hexors", "free-roll"), ("hexors", "nexus-keepers"), ("hexors", "tesseract"),
         ("nexus-keepers", "free-roll"), ("nexus-keepers", "tesseract"), ("tesseract", "hexors"),
         ("free-roll", "nexus-keepers"), ("nexus", "free-roll"),
         ("hexors", "hexors"), ("nexus-keepers", "nexus-keepers"), ("nexus", "nexus"))
CARD_BGR = (150, 185, 205)  # a blank beige card laid over an anchor


def cover_anchors(mat: np.ndarray, layout, px_per_mm: float, rng: np.random.Generator) -> None:
    """Lay a blank card 1.5 anchors wide, turned a little, over each of the layout's anchors (mat pixels, in place)."""
    for a in layout.anchors:
        rect = ((a.centre[0] * px_per_mm, a.centre[1] * px_per_mm), (1.5 * a.side * px_per_mm,) * 2,
                float(rng.uniform(-15, 15)))
        cv2.fillPoly(mat, [np.round(cv2.boxPoints(rect)).astype(np.int32)], CARD_BGR, cv2.LINE_AA)


def _stickers(layout, rng):
    from table_print import _cards

    if not layout.pieces:
        return []
    if any(m.span > 1 for m in layout.pieces):
        return _cards(layout, rng, 4)[0]
    return random_position(layout, rng, int(rng.integers(6, 11)))[0]


def other_mat(frames: int, seed: int, pairs=PAIRS) -> dict:
    """Print the section; returns a Counter per pair ("mat under game")."""
    from table_print import _pose
    from table_real_dice import MAT_PX_PER_MM, cut_dice, dice_spots, lay_die

    from companion.vision import DiceReader

    config = load_config(None)
    die_mm = float(config["table"]["die_mm"])
    reader = Counted(DiceReader.from_config(config["vision"], threads=1, unread=config["vision"]["unread_dice"]))
    pool, _ = cut_dice()
    print(f"9. Another game's mat (no plane, no pieces read), and a game's own mat with its anchors covered (no plane "
          f"at all): printed A3 sheets with stickers, {frames} frames bare and {frames} with 1-6 real dice from "
          f"dice-real's held-out photos in its dice zones per pair, standard and wide lens, 0-15 degrees; composites, "
          f"not photographs; read by TableStage.read_still")
    print(f"{'mat':14s} {'game played':14s} {'plane':>5s} {'phantoms bare':>13s} {'phantoms, dice':>14s} "
          f"{'dice read right':>15s} {'vetoed':>6s}")
    results, total = {}, Counter()
    printed = {}
    for k, (mat_game, game) in enumerate(pairs):
        layout = layout_for(mat_game)
        if mat_game not in printed:
            printed[mat_game] = printed_mat(layout, MAT_PX_PER_MM)
        sheet = printed[mat_game]
        place = PAIRS.index((mat_game, game)) if (mat_game, game) in PAIRS else k  # a pair's frames as in the whole run
        rng = np.random.default_rng([seed, place])
        c = Counter()
        for i in range(2 * frames):
            laid = i >= frames
            mat = sheet.mat.copy()
            truth = []
            if laid:
                for mm in dice_spots(layout, rng, int(rng.integers(1, 7)), die_mm * 1.15):
                    cut, size = pool[int(rng.integers(len(pool)))], float(die_mm * rng.uniform(0.85, 1.15))
                    lay_die(mat, cut, mm, size, float(rng.uniform(0, 360)), (0.05, 0.05))
                    truth.append((mm, cut.value, size))
            if mat_game == game:
                cover_anchors(mat, layout, MAT_PX_PER_MM, rng)
            pose = _pose(layout, ("v3", "v3-wide")[i % 2], rng, float(rng.uniform(0, 15)))
            frame = render_table(layout, _stickers(layout, rng), [], pose, rng, printed=PrintedMat(mat, sheet.stickers))
            reader.counting = laid
            view = TableStage.from_config(config["table"], game).read_still(frame.image, reader)
            c["frames"] += 1
            c["plane"] += view.plane.plane is not None
            c["vetoed"] += view.not_dice
            centres = frame.pixels([mm for mm, _, _ in truth]) if truth else np.zeros((0, 2))
            sizes = [size * float(np.linalg.norm(frame.pixels([(mm[0] + 1, mm[1])])[0] - p))
                     for (mm, _, size), p in zip(truth, centres)]
            readings = [d.reading for d in view.dice if d.reading.box is not None]
            for value, centre, size in zip((v for _, v, _ in truth), centres, sizes):
                near = [r for r in readings if math.dist(_centre(r.box), centre) < 0.7 * size]
                c["dice"] += 1
                c["right"] += len(near) == 1 and not near[0].unread and near[0].value == value
            phantoms = sum(all(math.dist(_centre(r.box), p) >= 0.7 * s for p, s in zip(centres, sizes))
                           for r in readings)
            c["phantoms, dice" if laid else "phantoms bare"] += phantoms
        results[f"{mat_game} under {game}"] = c
        total.update(c)
        _line(mat_game, "own (covered)" if mat_game == game else game, c)
    _line("all", "", total)
    print(reader.summary())
    print()
    return results


class Counted:
    """The dice reader, counting the compute of each pass it makes (``benchmarks/flops.py``'s counts x the detector's
    runs, each a fraction of its pixel budget, a second look at ``second_look`` of it, and the face-reader looks): in
    play the whole frame and the window its dice give are read on two frames, one pass each (``TableStage.read_dice``).
    """

    def __init__(self, reader) -> None:
        from flops import count

        self.reader = reader
        self.det_macs = count(reader.model_path)[0]
        paths = [p for p in (reader.faces_path, reader.second_path) if p.is_file()] if reader.faces is not None else []
        self.face_macs = max((count(p)[0] for p in paths), default=0)
        self.whole: list[float] = []
        self.window: list[float] = []
        self.counting = False

    @property
    def input_pixels(self) -> int:
        return self.reader.input_pixels

    def read(self, image, pixels=None):
        again, looks = self.reader.second_looks, self.reader.face_looks
        readings = self.reader.read(image, pixels=pixels)
        runs = (min(1.0, (pixels or self.input_pixels) / self.input_pixels)
                + (self.reader.second_looks - again) * self.reader.second_look)
        if self.counting:
            gflop = 2 * (self.det_macs * runs + (self.reader.face_looks - looks) * self.face_macs) / 1e9
            (self.whole if pixels is None else self.window).append(gflop)
        return readings

    def summary(self) -> str:
        def line(name, gflop):
            return (f"{name} {sum(gflop) / len(gflop):.3f} GFLOP on average, {max(gflop):.3f} at most ({len(gflop)})"
                    if gflop else f"{name} none")
        return (f"compute per pass on the frames with dice (in play one pass a frame): "
                f"{line('the whole frame', self.whole)}; {line('the window its dice gave', self.window)}")


def _centre(box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def _line(mat: str, game: str, c: Counter) -> None:
    print(f"{mat:14s} {game:14.14s} {c['plane']:5d} {c['phantoms bare']:13d} {c['phantoms, dice']:14d} "
          f"{c['right']:6d}/{c['dice']:<4d} {100 * c['right'] / max(c['dice'], 1):5.1f}% {c['vetoed']:6d}")
