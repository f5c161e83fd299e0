"""Section 3 of ``benchmarks/table.py``: time per 1280x960 frame on one thread (table vision, the dice reader, the
whole pipeline step) against the frame rate's budget, then table vision frame after frame on section 4's played game.
"""

from __future__ import annotations

import math
import os
import statistics
import time
from collections import defaultdict

import cv2
import numpy as np

from companion.config import load_config
from companion.tablevision import MarkerFinder, TableReader, layout_for
from companion.tablevision.render import CameraPose, render_table
from companion.tablevision.scenes import random_dice, random_position
from table_played import played_game
from table_rendered import SIZE, guide_mount


def timing(frames: int, seed: int, seconds: float) -> None:
    from companion.tablevision.zoom import dice_window, read_in_window
    from companion.vision import DiceReader

    cv2.setNumThreads(1)
    config = load_config(None)
    fps = config["camera"]["fps"]
    budget = 1000 / fps
    reader = DiceReader.from_config(config["vision"], threads=1)
    plan, hfov = guide_mount()
    rng = np.random.default_rng(seed)
    print(f"3. Time per 1280x960 frame, one thread, median over {frames} rendered frames per mat of the fastest of "
          f"three runs on each (OpenCV threads 1, onnxruntime threads 1); configured {fps:g} fps = {budget:.1f} ms a "
          f"frame. CPU: the thread's own time (time.process_time); wall: also whatever else runs (load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    for game in ("nexus-keepers", "hexors", "tesseract"):
        layout = layout_for(game)
        turn = 90.0 if layout.size[1] > layout.size[0] else 0.0
        images = []
        for _ in range(frames):
            placements = random_position(layout, rng, 8)[0] if layout.pieces else []
            pose = CameraPose(height=plan.height_mm, tilt=float(rng.uniform(0, 10)), yaw=turn, size=SIZE, hfov=hfov)
            images.append(render_table(layout, placements, random_dice(layout, rng, 5, avoid=placements), pose,
                                       rng).image)
        table = TableReader(layout)
        default = MarkerFinder(layout.dictionary, cv2.aruco.DetectorParameters())
        for image in images[:3]:  # warm up
            table.read(image, reader.read(image))
        cpu: dict[str, list[float]] = defaultdict(list)  # this thread's CPU ms (time.process_time)
        wall: dict[str, list[float]] = defaultdict(list)

        def timed(name, step, tries: int = 3):
            """The fastest of ``tries`` runs of ``step`` on the same frame: what other programs add is left out."""
            best_cpu = best_wall = math.inf
            for _ in range(tries):
                start, start_cpu = time.perf_counter(), time.process_time()
                step()
                best_cpu = min(best_cpu, (time.process_time() - start_cpu) * 1000)
                best_wall = min(best_wall, (time.perf_counter() - start) * 1000)
            cpu[name].append(best_cpu)
            wall[name].append(best_wall)

        def everything(image):  # the pipeline's step when everything must be read: markers, then the dice in the
            view = table.read(image)  # dice window the plane gives (what Pipeline._read_dice does)
            window = dice_window(view.plane.plane, layout, image.shape[:2], reader.input_pixels) \
                if view.plane.plane is not None else None
            return read_in_window(reader, image, window)

        for image in images:
            timed("table", lambda: table.read(image))  # no motion watch: markers found on every frame, never reused
            timed("default", lambda: default.find(image))
            grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
            timed("grey", lambda: cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))  # where table vision's time goes
            timed("detect", lambda: table.finder.detector.detectMarkers(grey))
            timed("dice", lambda: reader.read(image))
            timed("both", lambda: everything(image))
        med = {name: statistics.median(times) for name, times in cpu.items()}
        ratio = med['table'] / med['default']
        print(f"{game:14s} table vision (markers + plane + cells): {med['table']:.2f} ms CPU, "
              f"{statistics.median(wall['table']):.2f} ms wall, a new frame searched whole (target <= 15 ms); "
              f"OpenCV's default detector alone: {med['default']:.2f} ms CPU; ratio {ratio:.2f}")
        print(f"{'':14s} of which the grey picture {med['grey']:.2f} ms, OpenCV's detectMarkers {med['detect']:.2f} ms "
              f"(thresholds, contours, bits, corners), the rest {med['table'] - med['grey'] - med['detect']:.2f} ms "
              f"(the plane, pieces, cells)")
        print(f"{'':14s} dice reader on the whole frame: {med['dice']:.2f} ms CPU; whole pipeline step, everything "
              f"read (table vision, then the dice in the dice window): {med['both']:.2f} ms CPU, "
              f"{statistics.median(wall['both']):.2f} ms wall, headroom {budget / med['both']:.2f}x (target >= 3x)")
    played_table(seconds, seed)


def played_table(seconds: float, seed: int) -> None:
    """Table vision frame after frame on a played game (section 4's frames), as the pipeline runs it: the motion
    watch, then the markers (kept where the picture did not change), plane and cells. Each way replays the whole
    game three times from a fresh stage (the same frames take the same path each time); each frame's fastest."""
    from companion.tablevision.stage import TableStage

    frames, entries = played_game(seconds, seed)
    settings = load_config(None)["table"]
    ways = {"the whole frame searched whenever it changed": 0.0, "searched only where it changed": 0.6}
    print(f"{'':14s} on {len(frames)} frames of a played Nexus Keepers game ({entries} journal entries; section 4), "
          f"table vision with the motion watch, CPU ms a frame, each frame's fastest of three replays:")
    for label, fraction in ways.items():
        cpu = np.full((3, len(frames)), np.inf)
        for run in range(3):
            stage = TableStage.from_config(settings, "nexus-keepers")
            stage.reader.search.changed_fraction = fraction  # 0: any change has the whole frame searched
            for i, frame in enumerate(frames):
                start = time.process_time()
                stage.motion.update(frame.image)
                stage.process(frame.image, (), frame.index, frame.timestamp, motion_measured=True)
                cpu[run, i] = (time.process_time() - start) * 1000
        best = cpu.min(axis=0)
        counts = stage.reader.search.counts
        print(f"{'':14s} {label:46s} mean {best.mean():.2f}, median {statistics.median(best):.2f}, 95th percentile "
              f"{float(np.percentile(best, 95)):.2f} ms; frames searched whole {counts['whole']}, in the changed boxes "
              f"{counts['changed']}, kept {counts['kept']} (target: 95th percentile <= 15 ms)")
