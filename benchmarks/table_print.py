"""Section 6 of ``benchmarks/table.py``: every game's mat rendered from its own printed A3 PDF (``companion sheets``,
rasterised with pypdfium2), stickers cut along their printed lines, seen through a standard (Camera Module 3) and a
wide (Camera Module 3 Wide) lens at the guide's height, bent by radial distortion k1 from -0.15 to 0.05 (OpenCV's
normalisation), with rendered dice and, on half the frames, a cup, a phone or a hand in the dice zone (on the mat for
Nexus, which has no dice). The lens is measured per camera and distortion from two calibration photos of the mat
with stickers across it, moved between them (``companion table --calibrate``, as docs/vision/table.md asks; mats
without stickers, Tesseract's and free roll's, from their four anchors alone). Every board is read without and with
the correction, the dice the way the service reads them (``TableStage.read_still``); the phone veto's readings,
vetoes and thread CPU time a reading are printed last (``table_phone.VetoLog``). Renders, not photographs: said so
in the output.

    python benchmarks/table.py --skip real rendered timing played dice --print-boards 2
"""

from __future__ import annotations

import math
import statistics
from collections import Counter

import numpy as np

from companion.config import load_config
from companion.mounting import CAMERAS, plan_mount
from companion.tablevision import MarkerFinder, layout_for
from companion.tablevision.lens import LensError, fit_lens, opencv_k
from companion.tablevision.cells import SQUARE_SIDES, cell_centre
from companion.tablevision.render import CameraPose, PiecePlacement, printed_mat, render_table
from companion.tablevision.scenes import PieceTruth, random_dice, random_position
from companion.tablevision.stage import TableStage
from companion.tablevision.things import Thing
from table_phone import VetoLog, cpu_figures, on_phone

SIZE = (1280, 960)
GAMES = ("nexus-keepers", "hexors", "nexus", "tesseract", "free-roll")
K1 = (-0.15, -0.05, 0.05)
LENSES = (("standard", "v3"), ("wide", "v3-wide"))


def _pose(layout, camera: str, rng, tilt: float = 0.0) -> CameraPose:
    long_side, short_side = max(layout.size), min(layout.size)
    hfov = CAMERAS[camera].fov_for(*SIZE)[0]
    height = plan_mount(long_side, short_side, 16, camera, *SIZE).height_mm
    turn = 90.0 if layout.size[1] > layout.size[0] else 0.0
    return CameraPose(height=height, tilt=tilt, yaw=turn + float(rng.uniform(-4, 4)), hfov=hfov, size=SIZE)


def _cards(layout, rng, n: int):
    """Pieces longer than a cell (Nexus's cards), laid on the grid without overlapping, each sticker on the edge
    between its two cells; placements and truth (the first cell it covers, its facing)."""
    placements, truth, used = [], {}, set()
    markers = [m for m in layout.pieces if m.span > 1]
    for k in rng.permutation(len(markers))[:n * 4]:
        if len(placements) >= n:
            break
        marker = markers[int(k)]
        grid = layout.grid(marker.grid)
        side = int(rng.integers(4))
        along = (1, 0) if side % 2 == 0 else (0, 1)  # N, S lie across the sheet; E, W along it
        col, row = int(rng.integers(grid.cols - along[0])), int(rng.integers(grid.rows - along[1]))
        cells = {(col + along[0] * i, row + along[1] * i) for i in range(marker.span)}
        if cells & used:
            continue
        used |= cells
        cx, cy = cell_centre(grid, (col, row))
        mm = (cx + along[0] * grid.cell * (marker.span - 1) / 2, cy + along[1] * grid.cell * (marker.span - 1) / 2)
        placements.append(PiecePlacement(marker, mm, (90.0 * side + float(rng.uniform(-4, 4))) % 360))
        truth[marker.name] = PieceTruth(marker.name, (col, row), None, SQUARE_SIDES[side])
    return placements, truth


def _covers(thing: Thing, mm, reach: float) -> bool:
    """Whether ``thing`` (as things.draw_things draws it) lies within ``reach`` mm of ``mm``: a sticker under it."""
    c, r = np.array(thing.mm), thing.size_mm / 2
    a = math.radians(thing.angle)
    along = np.array([math.cos(a), math.sin(a)])
    d = np.array(mm) - c
    if thing.kind == "cup":
        return float(np.linalg.norm(d)) <= 1.6 * r + reach
    if thing.kind == "phone":
        return abs(d @ along) <= r + reach and abs(d @ np.array([-along[1], along[0]])) <= 0.48 * r + reach
    start, end = c - along * r * 2.75, c + along * r * 0.75  # the hand: arm, palm and fingers along one line
    t = float(np.clip((np.array(mm) - start) @ (end - start) / ((end - start) @ (end - start)), 0, 1))
    return float(np.linalg.norm(np.array(mm) - (start + t * (end - start)))) <= 0.8 * r + reach


def _thing(layout, rng) -> list[Thing]:
    zones = [z for z in layout.zones if z.dice]
    if zones:
        zone = zones[int(rng.integers(len(zones)))]
        xs, ys = [p[0] for p in zone.polygon], [p[1] for p in zone.polygon]
        mm = (float(rng.uniform(min(xs), max(xs))), float(rng.uniform(min(ys), max(ys))))
    else:
        mm = (float(rng.uniform(60, layout.size[0] - 60)), float(rng.uniform(60, layout.size[1] - 60)))
    kind = str(rng.choice(["cup", "phone", "hand"]))
    size = {"cup": 80.0, "phone": 145.0, "hand": 170.0}[kind] * float(rng.uniform(0.9, 1.1))
    return [Thing(kind, mm, size, float(rng.uniform(0, 360)))]


def _calibrate(layout, printed, camera: str, k, rng, photos: int = 2):
    """The lens as docs/vision/table.md has a player measure it: stickers laid across the mat (a mat without
    stickers: its anchors alone), two photos from the mounted camera (one tilt), the pieces moved and the mat nudged
    (turned) between them; (lens or None, the column's note)."""
    views, tilt = [], float(rng.uniform(0, 8))
    for _ in range(photos):
        stickers = [] if not layout.pieces else (_cards(layout, rng, 12) if any(m.span > 1 for m in layout.pieces)
                                                 else random_position(layout, rng, 18))[0]
        image = render_table(layout, stickers, [], _pose(layout, camera, rng, tilt), rng, printed=printed,
                             lens=k).image
        views.append(MarkerFinder(layout.dictionary).find(image))
    try:
        lens = fit_lens(layout, views, SIZE)
    except LensError as exc:
        return None, "no plane" if "anchors" in str(exc) else "too few"
    return lens, f"{lens.residual_before_px:.1f}>{lens.residual_px:.1f}"


def printed_sheets(boards: int, seed: int, games=GAMES) -> None:
    from companion.vision import DiceReader

    reader = DiceReader.from_config(load_config(None)["vision"], threads=1)
    rng = np.random.default_rng(seed)
    print(f"6. Mats rendered from the printed A3 PDF sheets (renders, not photographs), {boards} boards per game, "
          f"lens and k1; 1280x960 at the guide's height; a cup, phone or hand in the dice zone on half the frames")
    print(f"{'game':14s} {'lens':8s} {'k1':>6s} {'stickers':>9s} {'right':>6s} {'wrong':>5s} {'unsure':>6s} "
          f"{'wrong id':>8s} {'dice right':>10s} {'phantom':>7s} {'counters':>8s} {'mm med/p95 raw':>15s} "
          f"{'corrected':>11s} {'lens px':>9s}")
    totals = Counter()
    worst_p95 = 0.0
    veto_log, veto_times, phone_times = VetoLog().start(), [], []
    for game in games:
        layout = layout_for(game)
        printed = printed_mat(layout)
        for lens_name, camera in LENSES:
            for k1_cv in K1:
                k = opencv_k(k1_cv, 0.0, CAMERAS[camera].fov_for(*SIZE)[0])
                lens, lens_note = _calibrate(layout, printed, camera, k, rng)
                c = Counter()
                raw_errors, fixed_errors = [], []
                for b in range(boards):
                    n = int(rng.integers(6, 11))
                    placements, truth = (_cards(layout, rng, n // 2) if any(m.span > 1 for m in layout.pieces)
                                         else random_position(layout, rng, n) if layout.pieces else ([], {}))
                    dice = random_dice(layout, rng, int(rng.integers(2, 5)), avoid=placements) \
                        if (layout.zones and any(z.dice for z in layout.zones)) or layout.dice_anywhere else []
                    things = _thing(layout, rng) if b % 2 else []
                    frame = render_table(layout, placements, dice, _pose(layout, camera, rng, float(rng.uniform(0, 8))),
                                         rng, printed=printed, lens=k, things=things)
                    raw = TableStage(layout).reader.read(frame.image)
                    view = TableStage(layout, lens=lens).read_still(frame.image, reader)
                    for box, vetoed, cpu in veto_log.take():  # the phone veto: what it looked at, its answer, its time
                        centre = np.array([[(box[0] + box[2]) / 2, (box[1] + box[3]) / 2]])
                        mm = view.plane.plane.table_points(centre)[0]
                        phone = any(t.kind == "phone" and on_phone(t, mm) for t in things)
                        totals["veto looked"] += 1
                        totals["veto on phone"] += phone
                        totals["veto vetoed"] += vetoed
                        veto_times.append(cpu)
                        if phone:
                            phone_times.append(cpu)
                    for seen_view, errors in ((raw, raw_errors), (view, fixed_errors)):
                        got = {p.name: p for p in seen_view.pieces}
                        errors += [math.dist(got[p.marker.name].mm, p.mm) for p in placements if p.marker.name in got]
                    got = {p.name: p for p in view.pieces}
                    placed = {p.marker.name for p in placements}
                    c["wrong id"] += sum(name not in placed for name in got)
                    for p in placements:
                        if any(_covers(t, p.mm, p.marker.side * 0.7) for t in things):
                            continue  # under the cup, phone or hand: not expected to be seen
                        c["stickers"] += 1
                        seen = got.get(p.marker.name)
                        if seen is None:
                            continue
                        c["found"] += 1
                        if seen.uncertain or seen.facing_uncertain:
                            c["unsure"] += 1
                        elif (seen.place.cell, seen.facing) == (truth[p.marker.name].cell, truth[p.marker.name].facing):
                            c["right"] += 1
                        else:
                            c["wrong"] += 1
                    for d in view.dice:
                        near = [t for t in dice if d.mm is not None and math.dist(d.mm, t.mm) < 0.7 * t.size_mm]
                        c["phantom"] += not near
                        c["dice right"] += bool(near) and d.reading.value == near[0].value
                    c["dice"] += len(dice)
                    c["counters"] += len(view.spots)  # no counter is ever placed here: every spot is a phantom
                totals.update(c)
                med = lambda e: statistics.median(e) if e else float("nan")  # noqa: E731
                p95 = lambda e: float(np.percentile(e, 95)) if e else float("nan")  # noqa: E731
                if fixed_errors:
                    worst_p95 = max(worst_p95, p95(fixed_errors))
                print(f"{game:14s} {lens_name:8s} {k1_cv:6.2f} {c['found']:4d}/{c['stickers']:<4d} {c['right']:6d} "
                      f"{c['wrong']:5d} {c['unsure']:6d} {c['wrong id']:8d} {c['dice right']:4d}/{c['dice']:<5d} "
                      f"{c['phantom']:7d} {c['counters']:8d} {med(raw_errors):7.2f}/{p95(raw_errors):<7.2f} "
                      f"{med(fixed_errors):5.2f}/{p95(fixed_errors):<5.2f} {lens_note:>9s}")
    t = totals
    right = 100 * t["right"] / max(t["stickers"], 1)
    print(f"all: stickers found {t['found']}/{t['stickers']}, right cell {right:.2f}%, wrong cell {t['wrong']}, "
          f"uncertain {t['unsure']}, wrong ids {t['wrong id']}, dice read right {t['dice right']}/{t['dice']}, "
          f"phantom dice {t['phantom']}, phantom counters {t['counters']}, worst position p95 after correction "
          f"{worst_p95:.2f} mm")
    veto_log.stop()
    print(f"phone veto: looked at {t['veto looked']} readings ({t['veto on phone']} on a phone), vetoed "
          f"{t['veto vetoed']}; thread CPU ms a reading, median/p95: all {cpu_figures(veto_times).strip()}, on a phone "
          f"{cpu_figures(phone_times).strip()}")
    print()
