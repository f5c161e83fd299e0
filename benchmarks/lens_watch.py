"""The lens kept right by itself (companion/tablevision/lens_watch.py), on rendered mats (renders, not photos).

    python benchmarks/lens_watch.py                       # Nexus Keepers (stickers) and Tesseract (anchors only)
    python benchmarks/lens_watch.py --games nexus-keepers
    python benchmarks/lens_watch.py --only-frames --fits 6  # section 4 alone, 6 fits each way
    python benchmarks/lens_watch.py --fits 0                # sections 1-3 alone

Per game, the wide lens (Camera Module 3 Wide, k1 -0.15, low over an A3 mat) is calibrated from two views as a
player would, then views go through the service's table stage (``TableStage.from_config`` with a data directory),
each held still until the table settles:
1. the same lens, the camera moved (height, tilt, yaw): each view's residual under the kept lens and whether it
   misfits (it must not: nothing is measured again);
2. another lens in its place (standard lens k1 -0.05, 0, +0.05; the wide lens at k1 -0.10 and -0.20): the residual
   under the old lens, the settled tables until the new lens is used, its residual, and the pieces' position
   error (95th percentile, mm) on a fresh view under the old lens and under the new one;
3. the time of the check on a settled view (best of 3, median over views) and of the fit (in its thread);
4. frames read through the stage at the service's pace (8 fps; a picture held 3 frames, then pieces moved) while a
   re-fit runs in its thread (which shares the interpreter lock) and while none runs: time a frame (median, p95,
   max) and its time waiting (wall less its thread's CPU time: for the lock, or for a CPU).
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.tablevision import MarkerFinder, TableReader, layout_for  # noqa: E402
from companion.tablevision.lens import corner_error_px, fit_lens, mat_photo, opencv_k  # noqa: E402
from companion.tablevision.lens_watch import SETTLED_FRAMES, UNFIT_MARGIN_PX, UNFIT_TIMES, UNFIT_VIEWS  # noqa: E402
from companion.tablevision.render import CameraPose, render_table  # noqa: E402
from companion.tablevision.scenes import random_position  # noqa: E402
from companion.tablevision.stage import TableStage  # noqa: E402

WIDE = dict(height=300.0, hfov=82.9, k1=-0.15)
MOVES = [(1.0, 12, 6), (0.9, 0, -8), (1.1, 8, 3), (1.0, 15, -4), (0.95, 4, 10), (1.05, 0, 0)]  # height x, tilt, yaw
OTHERS = [("standard k1 -0.05", dict(height=380.0, hfov=66.0, k1=-0.05)),
          ("standard k1 0", dict(height=380.0, hfov=66.0, k1=0.0)),
          ("standard k1 +0.05", dict(height=380.0, hfov=66.0, k1=0.05)),
          ("wide k1 -0.10", dict(WIDE, k1=-0.10)), ("wide k1 -0.20", dict(WIDE, k1=-0.20))]


def view(layout, seed: int, camera: dict, height: float = 1.0, tilt: float = 4.0, yaw: float = 0.0):
    rng = np.random.default_rng(seed)
    placements, _ = random_position(layout, rng, 16) if layout.pieces else ([], None)
    pose = CameraPose(height=camera["height"] * height, hfov=camera["hfov"], tilt=tilt, yaw=yaw)
    image = render_table(layout, placements, [], pose, rng, lens=opencv_k(camera["k1"], 0.0, camera["hfov"])).image
    return image, placements


def settle(stage: TableStage, image: np.ndarray):
    for i in range(SETTLED_FRAMES + 1):
        view_, _ = stage.process(image, [], i, i / 8)
    return view_


def p95(layout, image, placements, lens) -> float:
    seen = {p.name: p for p in TableReader(layout, lens=lens).read(image).pieces}
    errors = [float(np.hypot(*(np.array(seen[p.marker.name].mm) - p.mm))) for p in placements if p.marker.name in seen]
    return float(np.percentile(errors, 95)) if errors else float("nan")


def run(game: str, only_frames: bool = False, fits: int = 3) -> None:
    layout = layout_for(game)
    finder = MarkerFinder(layout.dictionary)
    calibrated = fit_lens(layout, [finder.find(view(layout, s, WIDE, yaw=y)[0]) for s, y in ((1, -3.0), (3, 3.0))],
                          (1280, 960))
    limit = max(UNFIT_TIMES * calibrated.residual_px, calibrated.residual_px + UNFIT_MARGIN_PX)
    print(f"\n{game}: wide lens calibrated from 2 views: residual {calibrated.residual_px:.2f} px "
          f"({calibrated.residual_before_px:.2f} px without correction); a view misfits over {limit:.2f} px")
    if only_frames:
        return frames_during_fit(layout, game, calibrated, fits)
    check_ms = []
    with tempfile.TemporaryDirectory() as data:
        calibrated.save(data)
        stage = TableStage.from_config({}, game, data_dir=data)
        residuals, misfits = [], 0
        for seed, (height, tilt, yaw) in enumerate(MOVES, start=10):
            image, _ = view(layout, seed, WIDE, height, tilt, yaw)
            settle(stage, image)
            residuals.append(stage.lens_watch.residual_px)
            misfits += residuals[-1] > limit
            photo = mat_photo(layout, finder.find(image))
            check_ms.append(min(_timed(lambda: corner_error_px([photo], calibrated.k1, calibrated.k2, calibrated.size))
                                for _ in range(3)))
        stage.lens_watch.wait()
        print(f"  same lens, camera moved ({len(MOVES)} views): residual {min(residuals):.2f}-{max(residuals):.2f} px,"
              f" misfits {misfits}, measured again: {'yes' if stage.reader.tracker.lens != calibrated else 'no'}")
    print(f"  {'other lens':<20} {'old px':>7} {'settles':>8} {'kept':>5} {'new px':>7} {'fit s':>6} "
          f"{'p95 old lens mm':>16} {'p95 new lens mm':>16}")
    for name, camera in OTHERS:
        with tempfile.TemporaryDirectory() as data:
            calibrated.save(data)
            stage = TableStage.from_config({}, game, data_dir=data)
            old, settles, fit_s = [], 0, float("nan")
            for seed in range(20, 28):
                settle(stage, view(layout, seed, camera, yaw=seed % 5 - 2)[0])
                settles += 1
                old.append(stage.lens_watch.residual_px)
                if stage.lens_watch._job is not None:
                    started = time.perf_counter()
                    stage.lens_watch.wait()
                    fit_s = time.perf_counter() - started
                    settle(stage, view(layout, seed + 100, camera)[0])  # the lens taken in on the next frame
                    settles += 1
                    break
            new = stage.reader.tracker.lens
            kept = new != calibrated
            image, placements = view(layout, 99, camera, tilt=6, yaw=2)
            before = p95(layout, image, placements, calibrated)
            after = p95(layout, image, placements, new) if kept else float("nan")
            mm = [f"{v:16.2f}" if v == v else f"{'-':>16}" for v in (before, after)]  # "-": no sticker to place
            print(f"  {name:<20} {statistics.median(old):7.2f} {settles:8d} {'yes' if kept else 'no':>5} "
                  f"{new.residual_px if kept else float('nan'):7.2f} {fit_s:6.2f} {mm[0]} {mm[1]}")
    print(f"  the check on a settled view: {statistics.median(check_ms):.2f} ms (median of {len(check_ms)} views, "
          "best of 3, once per settled table)")
    if fits:
        frames_during_fit(layout, game, calibrated, fits)


FPS = 8.0  # the service's default camera.fps
HELD = 3  # frames a picture is held before the pieces move


def frames_during_fit(layout, game: str, calibrated, fits: int = 3, most: int = 400) -> None:
    """Another lens in place: a stage whose re-fit runs and a twin where none is due read the same stream of frames
    at the service's pace, one after the other (the order turns between fits); the twin's are cut to the frames the
    fit was running."""
    camera = OTHERS[0][1]
    misfits = [view(layout, seed, camera, yaw=seed % 5 - 2)[0] for seed in range(20, 20 + UNFIT_VIEWS)]
    stream = [view(layout, seed, camera, yaw=seed % 3 - 1)[0] for seed in range(40, 48)]
    frames = [misfits[-1]] * (SETTLED_FRAMES + 1) + [stream[(i // HELD) % len(stream)] for i in range(most)]
    ways = ("no fit running", "a re-fit running")
    times = {way: [] for way in ways}
    waits = {way: [] for way in ways}  # wall time less the frame thread's CPU time: the interpreter lock, or the CPU
    fit_s = {way: [] for way in ways[1:]}
    for n in range(fits):
        run_ = {}
        for way in ways[n % 2:] + ways[:n % 2]:
            with tempfile.TemporaryDirectory() as data:
                calibrated.save(data)
                stage = TableStage.from_config({}, game, data_dir=data)
                watch = stage.lens_watch
                if way == ways[0]:
                    watch._fitted_at = watch.clock()  # a fit made a moment ago: none is due
                for image in misfits[:-1]:
                    settle(stage, image)
                started, run_[way] = time.perf_counter(), []
                for i, image in enumerate(frames):  # the last settle starts the fit (where one is due)
                    time.sleep(max(0.0, started + i / FPS - time.perf_counter()))
                    cpu = time.thread_time()
                    wall = _timed(lambda: stage.process(image, [], 100 + i, (100 + i) / FPS))
                    run_[way].append((wall, wall - (time.thread_time() - cpu) * 1e3))
                    if way != ways[0] and i > SETTLED_FRAMES and watch._job is None:  # the fit's outcome taken in
                        fit_s[way].append(time.perf_counter() - started)
                        break
                assert way == ways[0] or stage.reader.tracker.lens != calibrated, f"{way}: no lens kept"
        both = len(run_[ways[1]])
        for way in ways:
            times[way] += [wall for wall, _ in run_[way][:both]]
            waits[way] += [wait for _, wait in run_[way][:both]]
    print(f"  frames read at {FPS:.0f} fps through the stage, the same {len(times[ways[0]])} frames both ways, from "
          f"the frame that starts a fit to the one that takes its outcome in ({fits} fits, "
          f"{min(fit_s[ways[1]]):.2f}-{max(fit_s[ways[1]]):.2f} s):")
    print(f"  {'ms a frame':<26} {'median':>7} {'p95':>7} {'max':>7}   {'waiting: median':>15} {'p95':>7}   "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    for way in ways:
        print(f"  {way:<26} {statistics.median(times[way]):7.1f} {np.percentile(times[way], 95):7.1f} "
              f"{max(times[way]):7.1f}   {statistics.median(waits[way]):15.1f} {np.percentile(waits[way], 95):7.1f}")


def _timed(work) -> float:
    started = time.perf_counter()
    work()
    return (time.perf_counter() - started) * 1e3


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=["nexus-keepers", "tesseract"])
    parser.add_argument("--only-frames", action="store_true", help="section 4 alone")
    parser.add_argument("--fits", type=int, default=3, help="fits timed in section 4 (each way; 0: none)")
    args = parser.parse_args(argv)
    logging.getLogger("companion.tablevision.lens_watch").setLevel(logging.ERROR)  # what it tells players: counted
    for game in args.games:
        run(game, args.only_frames, args.fits)
    return 0


if __name__ == "__main__":
    sys.exit(main())
