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
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.config import load_config
from companion.tablevision import layout_for
from companion.tablevision.render import PrintedMat, printed_mat, render_table
from companion.tablevision.stage import TableStage
from companion.vision.labels import load_labelled
from companion.vision.scoring import match

DICE_REAL = Path(__file__).resolve().parents[2] / "shared" / "data" / "dice-real"
SETS = ("byler-d6", "penlington-wood", "epanemu-dice")
GAMES = ("nexus-keepers", "hexors", "tesseract", "free-roll")  # every game with a dice zone (Nexus has none)
MAT_PX_PER_MM = 5.0  # printed_mat's raster
MIN_SIDE_PX = 24.0
PIP_SHARE = {1: 0.3}  # penlington-wood: a pips' box across, as a share of the face (0.62 for 2 to 6)
#: epanemu-dice's oblique photos box the whole die, its sides too: its top face spans this share of the box's
#: longer side (median of 24 held-out dice measured by eye, 0.45-0.95; byler-d6 boxes the face alone)
FACE_SHARE = {"epanemu-dice": 0.8}
TARGET_PX = 24.0  # the dice window's zoom puts a die at this many of the detector's pixels (zoom.dice_window)


@dataclass(frozen=True)
class CutDie:
    """A die in its photo: the photo, the centre and side (px) of its top face, the longer side of its label box,
    its value, its set and photo name, and the photo's labels ((value, box) of every die) with this die's place in
    them."""

    photo: np.ndarray
    centre: tuple[float, float]
    side: float
    box_side: float
    value: int
    source: str
    name: str
    labels: tuple
    index: int


def cut_dice(sets=SETS, split: str = "heldout") -> tuple[list[CutDie], int]:
    """Every die of the split at least MIN_SIDE_PX across, and how many were smaller."""
    dice, small = [], 0
    for name in sets:
        for item in load_labelled(DICE_REAL / name, split):
            photo = cv2.imread(str(item.path))
            sides = [_face_side(name, d) for d in item.dice]
            if name == "penlington-wood":  # one photo's dice are one size: a 1's lone pip takes the others' size
                others = [s for s, d in zip(sides, item.dice) if d.value != 1]
                sides = [float(np.median(others)) if d.value == 1 and others else s for s, d in zip(sides, item.dice)]
            labels = tuple((d.value, d.box) for d in item.dice)
            for k, (d, side) in enumerate(zip(item.dice, sides)):
                box_side = max(d.box[2] - d.box[0], d.box[3] - d.box[1])
                if side < MIN_SIDE_PX:  # the face is what is laid at die_mm: a smaller one would be enlarged
                    small += 1
                    continue
                centre = ((d.box[0] + d.box[2]) / 2, (d.box[1] + d.box[3]) / 2)
                dice.append(CutDie(photo, centre, side, box_side, d.value, name, item.path.name, labels, k))
    return dice, small


def _face_side(name: str, die) -> float:
    w, h = die.box[2] - die.box[0], die.box[3] - die.box[1]
    if name == "penlington-wood":
        return max(w, h) / PIP_SHARE.get(die.value, 0.62)
    return FACE_SHARE.get(name, 1.0) * max(w, h)


def dice_spots(layout, rng: np.random.Generator, n: int, size_mm: float) -> list[tuple[float, float]]:
    """Up to ``n`` centres (mm) of dice ``size_mm`` across lying wholly inside the layout's dice zones (the sheet
    but a 40 mm border where every die counts), apart from each other; zones drawn by their area."""
    zones = [np.asarray(z.polygon, np.float32) for z in layout.zones if z.dice]
    if not zones:
        w, h = layout.size
        zones = [np.float32([(40, 40), (w - 40, 40), (w - 40, h - 40), (40, h - 40)])]
    areas = np.array([cv2.contourArea(z) for z in zones])
    spots: list[tuple[float, float]] = []
    for _ in range(n * 50):
        if len(spots) >= n:
            break
        zone = zones[int(rng.choice(len(zones), p=areas / areas.sum()))]
        (x0, y0), (x1, y1) = zone.min(axis=0), zone.max(axis=0)
        mm = (float(rng.uniform(x0, x1)), float(rng.uniform(y0, y1)))
        if (cv2.pointPolygonTest(zone.reshape(-1, 1, 2), mm, True) >= 0.75 * size_mm
                and all(math.dist(mm, s) > 1.7 * size_mm for s in spots)):
            spots.append(mm)
    return spots


def read_in_own_photo(reader, pool: list[CutDie]) -> dict[tuple[str, str, int], bool]:
    """Whether the reader alone reads each die right in its own photo ((set, photo, index) -> bool): the dice's own
    difficulty, beside what the sheet, the camera and the table's path add."""
    right = {}
    for key in dict.fromkeys((c.source, c.name) for c in pool):
        cut = next(c for c in pool if (c.source, c.name) == key)
        read = [(d.value, d.box) for d in reader.read(cut.photo) if not d.unread and d.box is not None]
        for i, j in match(read, cut.labels):
            right[(*key, j)] = read[i][0] == cut.labels[j][0]
    return right


def lay_die(mat: np.ndarray, cut: CutDie, mm: tuple[float, float], side_mm: float, angle: float,
            shadow: tuple[float, float]) -> None:
    """Paste ``cut`` on ``mat`` (MAT_PX_PER_MM) centred at ``mm``, its face ``side_mm`` across, turned ``angle``
    degrees, with a soft edge and a soft shadow thrown ``shadow`` (parts of the side) away."""
    side_px = side_mm * MAT_PX_PER_MM
    scale = side_px / cut.side
    half = int(math.ceil(side_px * max(1.0, cut.box_side / cut.side)))  # the piece of the mat it can reach
    cx, cy = mm[0] * MAT_PX_PER_MM, mm[1] * MAT_PX_PER_MM
    x0, y0 = int(cx) - half, int(cy) - half
    x1, y1 = min(mat.shape[1], x0 + 2 * half), min(mat.shape[0], y0 + 2 * half)
    x0, y0 = max(0, x0), max(0, y0)
    m = cv2.getRotationMatrix2D(cut.centre, angle, scale)
    m[:, 2] += (cx - x0 - cut.centre[0], cy - y0 - cut.centre[1])
    size = (x1 - x0, y1 - y0)
    die = cv2.warpAffine(cut.photo, m, size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REFLECT)
    # the face's box and a margin, corners rounded: a cut along the label box, as scissors would make it
    shape = np.zeros(cut.photo.shape[:2], np.uint8)
    r = max(0.6 * cut.side, 0.5 * cut.box_side)  # the face and its edges, or the box where it holds the sides
    corner = max(1, int(round(0.25 * cut.side)))
    ax, ay, bx, by = (int(round(v)) for v in (cut.centre[0] - r, cut.centre[1] - r, cut.centre[0] + r,
                                               cut.centre[1] + r))
    cv2.rectangle(shape, (ax + corner, ay), (bx - corner, by), 255, -1)
    cv2.rectangle(shape, (ax, ay + corner), (bx, by - corner), 255, -1)
    for px, py in ((ax + corner, ay + corner), (bx - corner, ay + corner), (ax + corner, by - corner),
                   (bx - corner, by - corner)):
        cv2.circle(shape, (px, py), corner, 255, -1)
    own = np.zeros_like(shape)
    _fill_box(own, cut.labels[cut.index][1])
    own &= shape
    for k, (_, box) in enumerate(cut.labels):  # the photo's other dice are not cut with it (a neighbour's corner)
        if k != cut.index:
            _fill_box(shape, box, 0)
    shape |= own  # where the boxes overlap, this die's own box stays
    alpha = cv2.warpAffine(shape, m, size, flags=cv2.INTER_LINEAR).astype(np.float32) / 255.0
    soft = max(0.5, 0.05 * side_px)
    alpha = cv2.GaussianBlur(alpha, (0, 0), soft)[..., None]
    offset = np.float32([[1, 0, shadow[0] * side_px], [0, 1, shadow[1] * side_px]])
    dark = cv2.GaussianBlur(cv2.warpAffine(alpha, offset, size), (0, 0), 0.12 * side_px)[..., None]
    roi = mat[y0:y1, x0:x1].astype(np.float32) * (1 - 0.45 * dark)
    mat[y0:y1, x0:x1] = (roi * (1 - alpha) + die.astype(np.float32) * alpha).clip(0, 255).astype(np.uint8)


def _fill_box(mask: np.ndarray, box, value: int = 255) -> None:
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    mask[max(0, y0):max(0, y1), max(0, x0):max(0, x1)] = value


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
    own = read_in_own_photo(reader, pool)
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


@dataclass(frozen=True)
class DieFate:
    """One die laid on a sheet: where it came from, its size on the frame and in the detector's input, what
    became of it (``cause``), and whether the reader alone read it right in its own photo, on the rendered frame at
    the window's scale (``alone_right``), on the sheet as laid before the camera (``laid_right``) and on the rendered
    frame (``frame_right``), these two with the die at TARGET_PX of the detector's pixels."""

    game: str
    source: str
    value: int
    frame_px: float
    detector_px: float
    cause: str
    read_as: int | None
    own_right: bool
    alone_right: bool
    laid_right: bool
    frame_right: bool


def _fate(game, stage, image, recorder, near, mm, cut, size, own_right, mat) -> DieFate:
    """What became of one die: read right, misread, unread, read twice, vetoed (by which check) or not found."""
    from companion.tablevision.screen_veto import on_a_screen
    from companion.tablevision.veto import die_sized_mm, on_print

    plane = stage.reader.tracker.plane
    frame_px = size * plane.px_per_mm(mm) if plane is not None else float("nan")
    scale = 1.0
    if recorder.shape is not None:
        scale = recorder.reader.input_shape(*recorder.shape, recorder.pixels)[0]
    read_as = None
    if len(near) > 1:
        cause = "read twice"
    elif near:
        d = near[0].reading
        read_as = None if d.unread else d.value
        cause = "unread" if d.unread else "right" if d.value == cut.value else "misread"
    else:
        window = stage.dice_window(image.shape[:2], recorder.input_pixels)
        x0, y0 = window[0][:2] if window is not None else (0, 0)
        cause = "not found"
        for d in recorder.read_dice:
            if d.box is None or plane is None:
                continue
            box = (d.box[0] + x0, d.box[1] + y0, d.box[2] + x0, d.box[3] + y0)
            centre = plane.table_points(np.array([[(box[0] + box[2]) / 2, (box[1] + box[3]) / 2]]))[0]
            if math.dist(centre, mm) >= 0.7 * size:
                continue
            read_as = None if d.unread else d.value
            if on_print(stage.layout, plane, stage.reader._markers or (), box, stage.die_mm):
                cause = "vetoed: print"
            elif not die_sized_mm(plane, box, stage.die_mm):
                cause = "vetoed: size"
            elif on_a_screen(image, plane, box, stage.die_mm, read_as):
                cause = "vetoed: screen"
            else:
                cause = "found, not placed"
            break
    reader = recorder.reader
    laid = read_alone(reader, mat, (mm[0] * MAT_PX_PER_MM, mm[1] * MAT_PX_PER_MM), size * MAT_PX_PER_MM, cut.value)
    seen = plane is not None and read_alone(reader, image, plane.image_points(np.array([mm]))[0], frame_px, cut.value)
    return DieFate(game, cut.source, cut.value, frame_px, frame_px * scale, cause, read_as, own_right,
                   _alone_right(reader, image, plane, mm, frame_px, cut.value, scale), laid, seen)


def _alone_right(reader, image, plane, mm, die_px: float, value: int, scale: float) -> bool:
    """Whether the reader alone reads the die right on a piece of the rendered frame four dice wide around it, at the
    dice window's scale: the die as the camera saw it, without the window's other dice, print and veto."""
    if plane is None:
        return False
    return read_alone(reader, image, plane.image_points(np.array([mm]))[0], die_px, value, die_px * scale)


def read_alone(reader, image, centre, die_px: float, value: int, detector_px: float = TARGET_PX) -> bool:
    """Whether the reader alone reads the die of ``value`` at ``centre`` (px) right on a piece of ``image`` four dice
    wide around it, the die ``detector_px`` of the detector's pixels."""
    x, y = centre
    r = int(round(2 * die_px))
    x0, y0 = max(0, int(x) - r), max(0, int(y) - r)
    piece = image[y0:int(y) + r, x0:int(x) + r]
    pixels = max(1, int(piece.shape[0] * piece.shape[1] * (detector_px / die_px) ** 2))
    read = [d for d in reader.read(piece, pixels=pixels) if not d.unread and d.box is not None]
    near = [d for d in read if math.dist(((d.box[0] + d.box[2]) / 2 + x0, (d.box[1] + d.box[3]) / 2 + y0),
                                         (x, y)) < 0.7 * die_px]
    return len(near) == 1 and near[0].value == value


def _detail(fates: list[DieFate]) -> None:
    """Where the dice not read right were lost: per source set, per die size on the frame and in the detector's
    input, per cause; and whether the reader alone read each of them right in its own photo."""
    print("7d. The dice not read right, and why (cause: the table's path; own photo: the reader alone on the same "
          "die in its photo)")
    causes = ("not found", "misread", "unread", "read twice", "vetoed: print", "vetoed: size", "vetoed: screen",
              "found, not placed")

    def rows(title: str, key, order) -> None:
        print(f"  {title:24s} {'dice':>5s} {'right':>6s} {'%':>7s}  " + " ".join(f"{c:>8.8s}" for c in causes)
              + f"  {'lost, own photo right':>22s}")
        for group in order:
            mine = [f for f in fates if key(f) == group]
            if not mine:
                continue
            lost = [f for f in mine if f.cause != "right"]
            right = len(mine) - len(lost)
            print(f"  {group:24s} {len(mine):5d} {right:6d} {100 * right / len(mine):6.2f}%  "
                  + " ".join(f"{sum(f.cause == c for f in lost):8d}" for c in causes)
                  + f"  {sum(f.own_right for f in lost):11d} of {len(lost):<3d}")

    _classes(fates)
    rows("source set", lambda f: f.source, SETS)
    bins = (0, 32, 36, 40, 44, 48, 1000)

    def binned(value: float, edges) -> str:
        for lo, hi in zip(edges, edges[1:]):
            if lo <= value < hi:
                return f"{lo}-{hi}" if hi < 1000 else f"{lo}+"
        return "?"

    names = [binned((lo + hi) / 2, bins) for lo, hi in zip(bins, bins[1:])]
    rows("die px on the frame", lambda f: binned(f.frame_px, bins), names)
    zoom_bins = (0, 16, 20, 24, 28, 1000)
    rows("die px, detector input", lambda f: binned(f.detector_px, zoom_bins),
         [binned((lo + hi) / 2, zoom_bins) for lo, hi in zip(zoom_bins, zoom_bins[1:])])
    rows("game", lambda f: f.game, GAMES)
    print("  the same dice, the table's path against the reader alone on the rendered die (right/right, right/wrong, "
          "wrong/right, wrong/wrong): " + ", ".join(
              f"{s} " + "/".join(str(sum((f.cause == "right") == sheet and f.alone_right == alone for f in fates
                                         if f.source == s)) for sheet, alone in ((1, 1), (1, 0), (0, 1), (0, 0)))
              for s in SETS))
    path_lost = Counter(f"{f.source} {f.cause}" for f in fates if f.cause != "right" and f.alone_right)
    print("  lost on the table's path, read right alone on the rendered die: "
          + (", ".join(f"{k}: {n}" for k, n in path_lost.most_common()) or "none"))
    print("  the same dice, on the sheet against in their own photo (right/right, right/wrong, wrong/right, "
          "wrong/wrong): " + ", ".join(
              f"{s} " + "/".join(str(sum((f.cause == "right") == sheet and f.own_right == photo for f in fates
                                         if f.source == s)) for sheet, photo in ((1, 1), (1, 0), (0, 1), (0, 0)))
              for s in SETS))
    misread = Counter((f.source, f.value, f.read_as) for f in fates if f.cause == "misread")
    print("  misread (set, value -> read as: times): "
          + ", ".join(f"{s} {v}->{r}: {n}" for (s, v, r), n in misread.most_common()))


CLASSES = ("(a) own photo", "(b) laid cut", "(b) camera", "(b) path")


def _class(f: DieFate) -> str:
    """Where a die not read right was first lost: (a) the reader alone misreads it in its own photo too; (b) read
    right there, but not on the cut as laid on the sheet (before the camera), or not on the rendered frame (the
    camera's scale, blur, noise, light), or read right there but lost on the table's path (the dice window's zoom
    and crop, the face readers' looks, NMS with a neighbour, the veto)."""
    if not f.own_right:
        return CLASSES[0]
    if not f.laid_right:
        return CLASSES[1]
    return CLASSES[2] if not f.frame_right else CLASSES[3]


def _classes(fates: list[DieFate]) -> None:
    print("  the dice not read right, by where they were first lost (laid cut and camera: the reader alone, the die "
          f"at {TARGET_PX:g} detector px):")
    print(f"  {'game':24s} {'lost':>5s} " + " ".join(f"{c:>14s}" for c in CLASSES))
    for game in (*GAMES, "all"):
        lost = [f for f in fates if f.cause != "right" and game in (f.game, "all")]
        if lost:
            print(f"  {game:24s} {len(lost):5d} " + " ".join(f"{sum(_class(f) == c for f in lost):14d}"
                                                           for c in CLASSES))


def _line(name: str, c: Counter) -> None:
    print(f"{name:14s} {c['plane']:3d}/{c['images']:<3d} {c['dice']:5d} {c['right']:5d} "
          f"{100 * c['right'] / max(c['dice'], 1):7.2f}%    {c['exact']:4d}/{c['images']:<4d} "
          f"{100 * c['exact'] / max(c['images'], 1):6.2f}% {c['phantoms']:8d} {c['missed']:6d} {c['wrong']:5d} "
          f"{c['unread']:6d} {c['vetoed']:6d}")


if __name__ == "__main__":
    import argparse
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    parser = argparse.ArgumentParser(description="section 7 of benchmarks/table.py alone")
    parser.add_argument("--images", type=int, default=40, help="images per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--detail", action="store_true", help="where the dice not read right were lost")
    parser.add_argument("--split", default="heldout", choices=("heldout", "validation", "fit", "train"),
                        help="the photos the dice are cut from: another than heldout to choose a setting on")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    real_dice(args.images, args.seed, split=args.split, detail=args.detail)
