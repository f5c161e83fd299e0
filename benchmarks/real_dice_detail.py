"""Section 7's ``--detail`` (benchmarks/table_real_dice.py): where each die not read right was lost on the table's
path (not found, misread, unread, read twice, vetoed and by which check), against the reader alone on the same die
in its own photo, on the cut as laid and on the rendered frame."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass

import numpy as np

from benchmarks.real_dice_laying import GAMES, MAT_PX_PER_MM, SETS

TARGET_PX = 24.0  # the dice window's zoom puts a die at this many of the detector's pixels (zoom.dice_window)


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
