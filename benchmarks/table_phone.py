"""Section 8 of ``benchmarks/table.py``: the phone veto (``screen_veto.on_a_screen``), its decisions and its cost.

Every game with a dice zone, its mat rasterised from its printed A3 PDF, seen by the standard camera at the guide's
height, tilted 0-8 degrees. A phone (a lit navy screen with app icons, ``things.draw_things``) lies in a dice zone;
on its screen lie dice of the screen's own navy (``PHONE_SCREEN_BGR``) and black dice, and the same lie beside it on
the mat. Then half as many frames with a switched-off phone (black glass, a faint reflection, no icons): dice of the
glass's own black (``PHONE_OFF_BGR``) and white dice, on it and beside it; then as many with a tablet (a grid of
app icons as wide as a die, ``tablet.draw_tablet``), navy and white dice on it and beside it (each with its own
random stream: the rows before do not change). The dice are 0.85, 1 and 1.15 x ``table.die_mm`` in turn, frame by
frame: the tolerance the size check allows. Each frame is read by ``TableStage.read_still`` with the configured dice
model, as the service reads. Per game, then per size: dice on the screen and beside it read right, dice lost to the
phone veto (vetoed where a die lies), phantom dice (placed where none lies), icons vetoed (vetoed where no die
lies), and the veto's thread CPU time a reading, median/p95, over every reading it looked at and over those on the
phone or tablet. Renders, not photographs.

    python benchmarks/table.py --only phone                # this section alone, about three and a half minutes
"""

from __future__ import annotations

import math
import time
from collections import Counter

import cv2
import numpy as np

from companion.config import load_config
from companion.tablevision import layout_for
from companion.tablevision import reader as reader_module
from companion.tablevision.render import CameraPose, DiePlacement, printed_mat, render_table
from companion.tablevision.stage import TableStage
from companion.tablevision.tablet import TABLET_ACROSS
from companion.tablevision.things import PHONE_OFF_BGR, PHONE_SCREEN_BGR, Thing

GAMES = ("nexus-keepers", "hexors", "tesseract", "free-roll")  # every game with a dice zone
DIE_MM = 16.0  # the game's die (``table.die_mm``)
SIZES = (0.85, 1.0, 1.15)  # the dice laid, as parts of DIE_MM: the tolerance the size check allows, frame by frame


class VetoLog:
    """Every call of the phone veto while open: (box, vetoed, thread CPU s). Patches the name the reader calls."""

    def __init__(self) -> None:
        self.calls: list[tuple[tuple, bool, float]] = []

    def __enter__(self) -> "VetoLog":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> "VetoLog":
        self._veto = reader_module.on_a_screen

        def logged(image, plane, box, *args, **kwargs):
            start = time.thread_time()
            vetoed = self._veto(image, plane, box, *args, **kwargs)
            self.calls.append((tuple(box), bool(vetoed), time.thread_time() - start))
            return vetoed

        reader_module.on_a_screen = logged
        return self

    def stop(self) -> None:
        reader_module.on_a_screen = self._veto

    def take(self) -> list[tuple[tuple, bool, float]]:
        calls, self.calls = self.calls, []
        return calls


def on_phone(thing: Thing, mm, reach: float = 0.0) -> bool:
    """Whether ``mm`` lies on the phone or tablet ``thing`` (its whole body, as ``things.draw_things`` draws it)."""
    a = math.radians(thing.angle)
    along, across = np.array([math.cos(a), math.sin(a)]), np.array([-math.sin(a), math.cos(a)])
    d, r = np.asarray(mm, np.float64) - np.asarray(thing.mm), thing.size_mm / 2
    wide = TABLET_ACROSS if thing.kind == "tablet" else 0.48
    return abs(d @ along) <= r + reach and abs(d @ across) <= wide * r + reach


def cpu_figures(times_s) -> str:
    if not times_s:
        return "   -/-   "
    ms = np.asarray(times_s) * 1000
    return f"{np.median(ms):5.2f}/{np.percentile(ms, 95):<5.2f}"


def _in_dice_zone(layout, mm, margin: float) -> bool:
    if layout.dice_anywhere:  # free roll: the tray, inside its anchors
        inset = margin + 25
        return inset <= mm[0] <= layout.size[0] - inset and inset <= mm[1] <= layout.size[1] - inset
    return any(cv2.pointPolygonTest(np.asarray(z.polygon, np.float32), (float(mm[0]), float(mm[1])), True) >= margin
               for z in layout.zones if z.dice)


#: the thing, its length (mm), the colour of its screen (a die that colour is ``color`` drawn with it), the other
#: dice's colour, how far across its screen dice lie (a part of its half length)
LIT = ("phone", 145.0, PHONE_SCREEN_BGR, "blue", "black", 0.25)
OFF = ("phone off", 145.0, PHONE_OFF_BGR, "black", "white", 0.25)
TABLET = ("tablet", 200.0, PHONE_SCREEN_BGR, "blue", "white", 0.5)


def _scene(layout, rng, phone_kind=LIT, size: float = 1.0):
    """A phone in a dice zone, dice of the screen's colour and others on its screen and beside it, ``size`` x
    DIE_MM wide: (phone, dice, how many of the dice (the first) lie on the screen)."""
    kind, length, screen, screen_die, other_die, across_share = phone_kind
    zones = [z for z in layout.zones if z.dice]
    for _ in range(200):
        if zones:
            zone = zones[int(rng.integers(len(zones)))]
            xs, ys = [p[0] for p in zone.polygon], [p[1] for p in zone.polygon]
            centre = (float(rng.uniform(min(xs), max(xs))), float(rng.uniform(min(ys), max(ys))))
        else:
            centre = (float(rng.uniform(90, layout.size[0] - 90)), float(rng.uniform(70, layout.size[1] - 70)))
        phone = Thing(kind, centre, length * float(rng.uniform(0.9, 1.1)), float(rng.uniform(0, 360)))
        a, r = math.radians(phone.angle), phone.size_mm / 2
        along, across = np.array([math.cos(a), math.sin(a)]), np.array([-math.sin(a), math.cos(a)])
        on, beside = [], []
        for _ in range(60):
            mm = tuple(float(v) for v in np.asarray(centre) + along * r * rng.uniform(-0.7, 0.7)
                       + across * r * rng.uniform(-across_share, across_share))
            if _in_dice_zone(layout, mm, DIE_MM / 2) and all(math.dist(mm, o) > 1.8 * DIE_MM for o in on):
                on.append(mm)
            if len(on) == 2:
                break
        for _ in range(200):
            mm = (float(rng.uniform(0, layout.size[0])), float(rng.uniform(0, layout.size[1])))
            if (_in_dice_zone(layout, mm, DIE_MM / 2) and not on_phone(phone, mm, DIE_MM)
                    and all(math.dist(mm, o) > 1.8 * DIE_MM for o in beside)):
                beside.append(mm)
            if len(beside) == 2:
                break
        if on and beside:
            break
    dice = []
    for k, mm in enumerate(on + beside):
        own = k % 2 == 0  # the screen's own colour
        dice.append(DiePlacement(mm, int(rng.integers(1, 7)), screen_die if own else other_die, DIE_MM * size,
                                 screen if own else None))
    return phone, dice, len(on)


def phone_veto(frames: int, seed: int, games=GAMES) -> None:
    from companion.vision import DiceReader

    reader = DiceReader.from_config(load_config(None)["vision"], threads=1)
    printed = {game: printed_mat(layout_for(game)) for game in games}  # rasterised once, read by the three parts
    sizes = " ".join(f"{s:g}" for s in SIZES)
    print(f"8. The phone veto: a phone in a dice zone, dice of its screen's navy and black dice, on it and beside it, "
          f"{frames} frames per game, the dice {sizes} x die_mm ({DIE_MM:g} mm) in turn (renders of the printed A3 "
          f"sheets, standard camera, tilt 0-8 degrees)")
    _games(reader, LIT, frames, np.random.default_rng(seed), printed)
    print(f"8b. A switched-off phone (black glass, a faint reflection, no icons): dice of the glass's black and white "
          f"dice, on it and beside it, {frames // 2} frames per game")
    _games(reader, OFF, frames // 2, np.random.default_rng([seed, 57]), printed)
    print(f"8c. A tablet (200 mm, a grid of app icons 1-1.25 x die_mm wide: rounded squares, a gradient, a glyph): "
          f"dice of its screen's navy and white dice, on it and beside it, {frames // 2} frames per game")
    _games(reader, TABLET, frames // 2, np.random.default_rng([seed, 58]), printed)
    print()


def _games(reader, phone_kind, frames: int, rng, printed: dict) -> None:
    """One part's rows: each game of ``printed`` (game -> its PrintedMat, rendered with render_table's copy, never
    changed), then each size and all."""
    print(f"{'game / size':14s} {'on screen':>12s} {'beside':>12s} {'lost':>5s} {'phantom':>7s} {'icons vetoed':>12s} "
          f"{'looked at':>9s} {'on phone':>8s} {'ms all med/p95':>15s} {'ms on phone':>12s}")
    by_size = {s: (Counter(), [], []) for s in SIZES}
    totals = (Counter(), [], [])
    for game, sheet in printed.items():
        layout = layout_for(game)
        here = (Counter(), [], [])
        with VetoLog() as log:
            for i in range(frames):
                size = SIZES[i % len(SIZES)]
                phone, dice, n_on = _scene(layout, rng, phone_kind, size)
                pose = CameraPose(tilt=float(rng.uniform(0, 8)), yaw=float(rng.uniform(-4, 4)) + (
                    90.0 if layout.size[1] > layout.size[0] else 0.0))
                frame = render_table(layout, [], dice, pose, rng, printed=sheet, things=[phone])
                view = TableStage(layout, die_mm=DIE_MM).read_still(frame.image, reader)
                for c, times, on_times in (here, by_size[size], totals):
                    _score(view, dice, n_on, phone, log.calls, c, times, on_times)
                log.take()
        _row(game, *here)
    for size, scores in by_size.items():
        _row(f"x {size:g}", *scores)
    _row("all", *totals)


def _score(view, dice, n_on: int, phone: Thing, calls, c: Counter, times: list, on_times: list) -> None:
    """Count one frame's dice read right, phantoms and the veto's decisions (``calls``) into ``c`` and the lists."""
    plane = view.plane.plane
    if plane is None:
        c["no plane"] += 1
        return
    for k, die in enumerate(dice):
        where = "on screen" if k < n_on else "beside"
        c[where] += 1
        c[where + " right"] += any(d.mm is not None and math.dist(d.mm, die.mm) < 0.7 * die.size_mm
                                   and d.reading.value == die.value for d in view.dice)
    c["phantom"] += sum(d.mm is None or not any(math.dist(d.mm, t.mm) < 0.7 * t.size_mm for t in dice)
                        for d in view.dice)
    for box, vetoed, cpu in calls:
        mm = plane.table_points(np.array([[(box[0] + box[2]) / 2, (box[1] + box[3]) / 2]]))[0]
        near = any(math.dist(mm, t.mm) < 0.7 * t.size_mm for t in dice)
        c["looked"] += 1
        c["lost"] += vetoed and near
        c["icons vetoed"] += vetoed and not near
        times.append(cpu)
        if on_phone(phone, mm):
            c["on phone"] += 1
            on_times.append(cpu)


def _row(name: str, c: Counter, times, on_times) -> None:
    print(f"{name:14s} {c['on screen right']:5d}/{c['on screen']:<6d} {c['beside right']:5d}/{c['beside']:<6d} "
          f"{c['lost']:5d} {c['phantom']:7d} {c['icons vetoed']:12d} {c['looked']:9d} {c['on phone']:8d} "
          f"{cpu_figures(times):>15s} {cpu_figures(on_times):>12s}" + (f"  (no plane {c['no plane']})"
                                                                      if c["no plane"] else ""))
