"""Table vision benchmark: markers on real photographs against OpenCV's default detector, and boards read from
rendered tables over the camera guidance's heights, tilts, light and hands, with the time per frame.

    python benchmarks/table.py                # everything, about five minutes on one core
    python benchmarks/table.py --boards 10    # fewer rendered boards per setup

1. Real photos (../shared/data/markers-real/, each folder's own dictionary), at full and half size: markers found /
   labelled, wrong ids (an id found that the photo does not carry, or more copies than it carries), and ms per
   image, for the product's finder (companion/tablevision/markers.py) and OpenCV's default detector, each image
   timed for both in turn (best of 3).
2. Rendered tables (no real photos of the product's mats exist; these are renders, said so): each game mat
   (Nexus Keepers' square grid, Hexors' flat-topped hex arena) with random pieces in random cells, at the
   mounting guide's height for an A3 mat (hardware/README.md; Camera Module 3 at 1280x960) and higher, tilted,
   dim or bright, with and without a hand over the table. Per setup: pieces in the right cell (a piece reported
   uncertain is not right; one under the hand is not counted), wrong cells, boards entirely right, position
   error in mm (median, 95th percentile), and marker detection by marker side in pixels. The guide allows the
   camera up to 1.25x its height and 20 degrees of tilt; that worst setup gets four times the boards.
3. Time per 1280x960 frame on one thread: table vision alone (markers + plane + cells) on new frames searched
   whole, the dice reader alone, and the whole pipeline step (dice + table), against the configured frame rate's
   budget; each frame's fastest of three runs, the thread's CPU time beside the wall time, so that other programs
   on the machine count less. Then table vision frame after frame on section 4's played game, the whole frame
   searched whenever the picture changed against only the boxes where it changed (tablevision/changes.py).
4.-5. The pipeline on a simulated game; dice on rendered mats, whole frame against the dice window.
6. Every game's mat rendered from its printed PDF through standard and wide lenses with distortion, cups, phones
   and hands: stickers, cells, ids, phantom dice and counters, position error without and with the lens correction
   (benchmarks/table_print.py).
7. Real dice cut from dice-real's held-out photos laid in every game's dice zones, read through the service's path
   (benchmarks/table_real_dice.py; alone: --only real-dice).
8. The phone veto: dice of a phone screen's colour on it and beside it, its icons, the veto's time a reading; then a
   switched-off phone, and a tablet with icons as wide as a die; dice at 0.85, 1 and 1.15 x die_mm
   (benchmarks/table_phone.py; alone: --only phone).
9. Phantom dice from a mat no plane is fitted on: another game's, and the game's own with its anchors covered, bare
   and with real dice laid on it (benchmarks/table_other_mat.py; alone: --only other-mat).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from companion.config import load_config  # noqa: E402
from companion.mounting import CAMERAS, plan_mount  # noqa: E402
from companion.tablevision import MarkerFinder, TableReader, layout_for  # noqa: E402
from companion.tablevision.render import CameraPose, render_table  # noqa: E402
from companion.tablevision.scenes import random_dice, random_position  # noqa: E402

MARKERS = ROOT.parent / "shared" / "data" / "markers-real"
SIZE = (1280, 960)


def real_photos() -> None:
    print("1. Real photographs of printed markers (each folder's own dictionary), at full and half size (INTER_AREA)")
    print(f"{'folder':46s} {'detector':18s} {'found':>9s} {'rate':>8s} {'wrong ids':>9s} {'ms/image':>9s}")
    for size, scale in (("", 1.0), (" (half size)", 0.5)):
        totals: dict[str, Counter] = defaultdict(Counter)
        times: dict[str, list[float]] = defaultdict(list)
        for folder in sorted(p for p in MARKERS.iterdir() if (p / "labels.json").is_file()):
            labels = json.loads((folder / "labels.json").read_text())
            name = labels["dictionary"]
            dictionary = f"custom:{folder / name.split(':', 1)[1]}" if name.startswith("custom:") else name
            finders = {"product": MarkerFinder(dictionary),
                       "OpenCV default": MarkerFinder(dictionary, cv2.aruco.DetectorParameters())}
            counts: dict[str, Counter] = defaultdict(Counter)
            folder_times: dict[str, list[float]] = defaultdict(list)
            for image_name, truth in labels["images"].items():
                image = cv2.imread(str(folder / "images" / image_name))
                if scale != 1.0:
                    image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
                expected = Counter(truth["ids"])
                for label, finder in finders.items():  # both detectors on each image in turn, best of 3 runs
                    best = float("inf")
                    for _ in range(3):
                        start = time.perf_counter()
                        seen = Counter(m.id for m in finder.find(image))
                        best = min(best, (time.perf_counter() - start) * 1000)
                    folder_times[label].append(best)
                    counts[label].update(found=sum((seen & expected).values()), wrong=sum((seen - expected).values()),
                                         labelled=sum(expected.values()))
            for label, c in counts.items():
                totals[label].update(c)
                times[label].extend(folder_times[label])
                median = statistics.median(folder_times[label])
                print(f"{folder.name + size:46s} {label:18s} {c['found']:4d}/{c['labelled']:<4d} "
                      f"{100 * c['found'] / c['labelled']:7.2f}% {c['wrong']:9d} {median:9.2f}")
        for label, t in totals.items():
            print(f"{'all folders' + size:46s} {label:18s} {t['found']:4d}/{t['labelled']:<4d} "
                  f"{100 * t['found'] / t['labelled']:7.2f}% {t['wrong']:9d} {statistics.median(times[label]):9.2f}")
        ratio = statistics.median(times["product"]) / statistics.median(times["OpenCV default"])
        print(f"speed ratio product/OpenCV default{size} (median ms per image, same images, best of 3, 1 thread): "
              f"{ratio:.2f}")
    print()


def setups(height: float, hfov: float):
    """(name, pose kwargs, light, hand, boards factor): the guide's height to 1.25x (the highest it allows) and
    1.5x (beyond it), tilted 0-20 degrees; at the worst setup it allows, dim and bright light and a hand, with four
    times the boards."""
    out = []
    for factor in (1.0, 1.25, 1.5):
        for tilt in (0.0, 10.0, 20.0):
            worst = factor == 1.25 and tilt == 20.0
            out.append((f"h {factor:.2f}x tilt {tilt:2.0f}", dict(height=height * factor, tilt=tilt, hfov=hfov), None,
                        False, 4 if worst else 1))
    worst = dict(height=height * 1.25, tilt=20.0, hfov=hfov)
    out += [("h 1.25x tilt 20 dim", worst, 0.5, False, 4), ("h 1.25x tilt 20 bright", worst, 1.25, False, 4),
            ("h 1.25x tilt 20 hand", worst, None, True, 4), ("h 1.00x tilt  0 hand", dict(height=height, hfov=hfov),
                                                             None, True, 1)]
    return out


def rendered(boards: int, seed: int) -> None:
    plan = plan_mount(420, 297, 16, "v3", *SIZE)
    hfov = CAMERAS["v3"].fov_for(*SIZE)[0]
    print(f"2. Rendered tables (renders, not photographs), {boards} boards per mat and setup, 1280x960; guide height "
          f"for an A3 mat with Camera Module 3: {plan.height_mm:.0f} mm")
    layouts = [layout_for("nexus-keepers"), layout_for("hexors")]
    rng = np.random.default_rng(seed)
    by_side: dict[int, Counter] = defaultdict(Counter)
    all_right = all_pieces = all_wrong = 0
    print(f"{'setup':24s} {'mat':14s} {'pieces right':>14s} {'wrong':>6s} {'uncertain':>9s} {'boards right':>13s} "
          f"{'median mm':>9s} {'p95 mm':>7s}")
    for name, pose_kw, light, hand, factor in setups(plan.height_mm, hfov):
        for layout in layouts:
            right = pieces_total = wrong = uncertain = boards_right = 0
            errors = []
            for _ in range(boards * factor):
                # the picture's long side along the mat's long side, as the mounting guide says, give or take 8 degrees
                turn = 90.0 if layout.size[1] > layout.size[0] else 0.0
                pose = CameraPose(yaw=turn + float(rng.uniform(-8, 8)), size=SIZE, **pose_kw)
                placements, truth = random_position(layout, rng, int(rng.integers(6, 11)))
                dice = random_dice(layout, rng, 3, avoid=placements)
                frame = render_table(layout, placements, dice, pose, rng, hand=hand, light=light)
                view = TableReader(layout).read(frame.image)
                got = {p.name: p for p in view.pieces}
                board_ok = view.plane.plane is not None
                for p in placements:
                    if p.marker.id in frame.hidden:  # under the hand: not expected to be seen
                        continue
                    side = round(p.marker.side * _px_per_mm(frame, p.mm) / 5) * 5
                    by_side[side]["markers"] += 1
                    by_side[side]["found"] += p.marker.name in got
                    pieces_total += 1
                    seen = got.get(p.marker.name)
                    t = truth[p.marker.name]
                    if seen is None:
                        board_ok = False
                        continue
                    errors.append(float(np.hypot(seen.mm[0] - p.mm[0], seen.mm[1] - p.mm[1])))
                    if seen.uncertain or seen.facing_uncertain:
                        uncertain += 1
                        board_ok = False
                    elif seen.place.cell == t.cell and seen.facing == t.facing:
                        right += 1
                    else:
                        wrong += 1
                        board_ok = False
                boards_right += board_ok
            all_right, all_pieces, all_wrong = all_right + right, all_pieces + pieces_total, all_wrong + wrong
            med = statistics.median(errors) if errors else float("nan")
            p95 = float(np.percentile(errors, 95)) if errors else float("nan")
            print(f"{name:24s} {layout.name:14s} {100 * right / max(pieces_total, 1):13.2f}% {wrong:6d} "
                  f"{uncertain:9d} {boards_right:6d}/{boards * factor:<3d}    {med:9.2f} {p95:7.2f}")
    print(f"all setups: pieces in the right cell {100 * all_right / max(all_pieces, 1):.2f}% "
          f"({all_right}/{all_pieces}), wrong cells {all_wrong}")
    print("marker detection by marker side (px):", ", ".join(
        f"{side}: {100 * c['found'] / c['markers']:.1f}% of {c['markers']}" for side, c in sorted(by_side.items())))
    print()


def _px_per_mm(frame, mm) -> float:
    p = frame.pixels([mm, (mm[0] + 1, mm[1]), (mm[0], mm[1] + 1)])
    return float((np.linalg.norm(p[1] - p[0]) + np.linalg.norm(p[2] - p[0])) / 2)


def timing(frames: int, seed: int, seconds: float) -> None:
    from companion.tablevision.zoom import dice_window, read_in_window
    from companion.vision import DiceReader

    cv2.setNumThreads(1)
    config = load_config(None)
    fps = config["camera"]["fps"]
    budget = 1000 / fps
    reader = DiceReader.from_config(config["vision"], threads=1)
    plan = plan_mount(420, 297, 16, "v3", *SIZE)
    hfov = CAMERAS["v3"].fov_for(*SIZE)[0]
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


_GAMES: dict = {}  # (seconds, seed) -> the frames of a simulated game and its journal entries, played once


def _pipeline(source, on_settled):
    from companion.pipeline import LiveView, Pipeline
    from companion.tablevision.stage import TableStage
    from companion.vision import DiceReader, RollSettler

    config = load_config(None)
    reader = DiceReader.from_config(config["vision"], threads=1)
    return Pipeline(source, reader, RollSettler(stable_frames=config["vision"]["settle_frames"]), on_settled,
                    LiveView(), fps=config["camera"]["fps"],
                    table=TableStage.from_config(config["table"], "nexus-keepers"))


def played_game(seconds: float, seed: int):
    """The frames of a simulated Nexus Keepers game as a camera delivers them (hands, tumbling dice, still table),
    played once through the real pipeline and referee, and how many journal entries it made."""
    import tempfile

    from companion.bus import EventBus
    from companion.capture.simulated_game import SimulatedTableForGames
    from companion.journal import Journal
    from companion.table import Table

    if (seconds, seed) not in _GAMES:
        fps = load_config(None)["camera"]["fps"]
        with tempfile.TemporaryDirectory() as tmp:
            table = Table(Journal(Path(tmp) / "a.sqlite3"), EventBus(), default_game="nexus-keepers")
            camera = SimulatedTableForGames(table, fps=fps, size=SIZE, seed=seed, pace=2.0)
            frames = []
            recorder = _pipeline(camera, table.observe)
            while len(frames) < int(seconds * fps):
                frame = camera.read()
                frames.append(frame)
                recorder.source = _Replay([frame])
                recorder.step()
            _GAMES[seconds, seed] = frames, len(table.history())
    return _GAMES[seconds, seed]


def played(seconds: float, seed: int) -> None:
    """The whole pipeline step on the frames of a simulated Nexus Keepers game (played_game): moving frames skip
    the dice reader, frames where not one pixel changed reuse it. They are timed through a fresh pipeline whose
    observations go nowhere (the referee's own time: benchmarks/nexus_keepers.py)."""
    fps = load_config(None)["camera"]["fps"]
    frames, played_entries = played_game(seconds, seed)
    replay = _pipeline(_Replay(frames), lambda observation: None)
    times = []
    while True:
        start = time.perf_counter()
        if not replay.step():
            break
        times.append((time.perf_counter() - start) * 1000)
    budget = 1000 / fps
    mean = statistics.mean(times)
    print(f"4. Whole pipeline on {len(times)} frames of a simulated Nexus Keepers game ({played_entries} journal "
          f"entries while it was played), one thread: mean {mean:.2f} ms, median {statistics.median(times):.2f} ms, "
          f"95th percentile {float(np.percentile(times, 95)):.2f} ms a frame; dice reader skipped on "
          f"{replay.skipped} moving frames and reused on {replay.reused} unchanged ones; headroom at {fps:g} fps "
          f"(mean) {budget / mean:.2f}x (target >= 3x)")


class _Replay:
    """Recorded frames, once."""

    description = "recorded frames"

    def __init__(self, frames):
        self.frames = list(frames)

    def open(self):
        pass

    def close(self):
        pass

    def read(self):
        return self.frames.pop(0) if self.frames else None


def dice_on_mats(boards: int, seed: int) -> None:
    """Dice read right on rendered mats (the detector trained partly on renders of this kind: a comparison of the two
    ways of reading, not a claim about real tables): the whole frame against the zoomed dice window, same frames."""
    from companion.tablevision.cells import locate
    from companion.tablevision.zoom import dice_window, read_in_window
    from companion.vision import DiceReader

    reader = DiceReader.from_config(load_config(None)["vision"], threads=1)
    plan = plan_mount(420, 297, 16, "v3", *SIZE)
    hfov = CAMERAS["v3"].fov_for(*SIZE)[0]
    rng = np.random.default_rng(seed)
    score = {"whole frame": Counter(), "dice window": Counter()}
    for k in range(boards):
        layout = layout_for(("nexus-keepers", "tesseract", "hexors")[k % 3])
        placements = random_position(layout, rng, 6)[0] if layout.pieces else []
        dice = random_dice(layout, rng, int(rng.integers(3, 7)), avoid=placements)
        turn = 90.0 if layout.size[1] > layout.size[0] else 0.0
        pose = CameraPose(height=plan.height_mm * (1.0, 1.25, 1.5)[(k // 3) % 3], tilt=(0.0, 10.0, 20.0)[(k // 9) % 3],
                          yaw=turn + float(rng.uniform(-5, 5)), hfov=hfov, size=SIZE)
        frame = render_table(layout, placements, dice, pose, rng)
        plane = TableReader(layout).read(frame.image).plane.plane
        for way in score:
            window = dice_window(plane, layout, frame.image.shape[:2], reader.input_pixels) if way == "dice window" \
                else None
            found = read_in_window(reader, frame.image, window)
            for die in frame.dice:
                cx, cy = (die.box[0] + die.box[2]) / 2, (die.box[1] + die.box[3]) / 2
                near = [r for r in found if r.box[0] <= cx <= r.box[2] and r.box[1] <= cy <= r.box[3]]
                score[way]["dice"] += 1
                score[way]["right"] += len(near) == 1 and near[0].value == die.value
            for r in found:  # a reading in a dice zone with no die under it is a phantom roll
                mm = plane.table_points(np.array([[(r.box[0] + r.box[2]) / 2, (r.box[1] + r.box[3]) / 2]]))[0]
                zone = locate(layout, (float(mm[0]), float(mm[1]))).zone
                in_zone = any(z.name == zone and z.dice for z in layout.zones)
                under = any(r.box[0] <= (d.box[0] + d.box[2]) / 2 <= r.box[2]
                            and r.box[1] <= (d.box[1] + d.box[3]) / 2 <= r.box[3] for d in frame.dice)
                score[way]["phantoms"] += in_zone and not under
    print(f"5. Dice on rendered mats ({boards} frames: Nexus Keepers, Tesseract, Hexors; 1.0-1.5x the guide's "
          "height, 0-20 degrees tilt), one thread")
    for way, c in score.items():
        print(f"{way:12s} read right {c['right']}/{c['dice']} = {100 * c['right'] / c['dice']:.2f}%, "
              f"phantom dice in the dice zones {c['phantoms']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--boards", type=int, default=25, help="rendered boards per mat and setup")
    parser.add_argument("--frames", type=int, default=30, help="frames timed")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=60.0, help="seconds of simulated play timed in sections 3-4")
    parser.add_argument("--dice-frames", type=int, default=54, help="rendered frames in section 5")
    parser.add_argument("--print-boards", type=int, default=2, help="boards per game, lens and k1 in section 6")
    parser.add_argument("--print-games", nargs="*", help="the games of section 6 (default: all five)")
    parser.add_argument("--real-dice-images", type=int, default=40, help="images per game in section 7")
    parser.add_argument("--phone-frames", type=int, default=24, help="frames per game in section 8 (8b, 8c: half)")
    parser.add_argument("--other-mat-frames", type=int, default=4, help="frames bare and with dice a pair, section 9")
    sections = ["real", "rendered", "timing", "played", "dice", "printed", "real-dice", "phone", "other-mat"]
    parser.add_argument("--skip", nargs="*", default=[], choices=sections)
    parser.add_argument("--only", choices=sections, help="run this section alone")
    args = parser.parse_args()
    if args.only:
        args.skip = [s for s in sections if s != args.only]
    cv2.setNumThreads(1)
    if "real" not in args.skip:
        real_photos()
    if "rendered" not in args.skip:
        rendered(args.boards, args.seed)
    if "timing" not in args.skip:
        timing(args.frames, args.seed, args.seconds)
    if "played" not in args.skip:
        played(args.seconds, args.seed)
    if "dice" not in args.skip:
        dice_on_mats(args.dice_frames, args.seed)
    if "printed" not in args.skip:
        from table_print import GAMES, printed_sheets

        printed_sheets(args.print_boards, args.seed, args.print_games or GAMES)
    if "real-dice" not in args.skip:
        from table_real_dice import real_dice

        real_dice(args.real_dice_images, args.seed)
    if "phone" not in args.skip:
        from table_phone import phone_veto

        phone_veto(args.phone_frames, args.seed)
    if "other-mat" not in args.skip:
        from table_other_mat import other_mat

        other_mat(args.other_mat_frames, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
