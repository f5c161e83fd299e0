"""Section 2 of ``benchmarks/table.py``: boards read from rendered tables (renders, not photographs) over the
camera guide's heights, tilts, light and hands; and the frame size and camera mount the rendered sections share.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict

import numpy as np

from companion.mounting import CAMERAS, plan_mount
from companion.tablevision import TableReader, layout_for
from companion.tablevision.render import CameraPose, render_table
from companion.tablevision.scenes import random_dice, random_position

SIZE = (1280, 960)  # Camera Module 3's frame in the mounting guide (hardware/README.md)


def guide_mount():
    """The mounting guide's plan for an A3 mat with 16 mm dice and Camera Module 3 at SIZE, and that camera's
    horizontal field of view there."""
    return plan_mount(420, 297, 16, "v3", *SIZE), CAMERAS["v3"].fov_for(*SIZE)[0]


def setups(height: float, hfov: float, worst_factor: int = 4):
    """(name, pose kwargs, light, hand, boards factor): the guide's height to 1.25x (the highest it allows) and
    1.5x (beyond it), tilted 0-20 degrees; at the worst setup it allows, dim and bright light and a hand, with
    ``worst_factor`` (four) times the boards."""
    out = []
    for factor in (1.0, 1.25, 1.5):
        for tilt in (0.0, 10.0, 20.0):
            worst = factor == 1.25 and tilt == 20.0
            out.append((f"h {factor:.2f}x tilt {tilt:2.0f}", dict(height=height * factor, tilt=tilt, hfov=hfov), None,
                        False, worst_factor if worst else 1))
    worst = dict(height=height * 1.25, tilt=20.0, hfov=hfov)
    out += [("h 1.25x tilt 20 dim", worst, 0.5, False, worst_factor),
            ("h 1.25x tilt 20 bright", worst, 1.25, False, worst_factor),
            ("h 1.25x tilt 20 hand", worst, None, True, worst_factor),
            ("h 1.00x tilt  0 hand", dict(height=height, hfov=hfov), None, True, 1)]
    return out


def rendered(boards: int, seed: int, worst_factor: int = 4) -> None:
    plan, hfov = guide_mount()
    print(f"2. Rendered tables (renders, not photographs), {boards} boards per mat and setup, 1280x960; guide height "
          f"for an A3 mat with Camera Module 3: {plan.height_mm:.0f} mm"
          + ("" if worst_factor == 4 else f"; {worst_factor}x the boards at the worst setups (not 4x)"))
    layouts = [layout_for("nexus-keepers"), layout_for("hexors")]
    rng = np.random.default_rng(seed)
    by_side: dict[int, Counter] = defaultdict(Counter)
    all_right = all_pieces = all_wrong = 0
    print(f"{'setup':24s} {'mat':14s} {'pieces right':>14s} {'wrong':>6s} {'uncertain':>9s} {'boards right':>13s} "
          f"{'median mm':>9s} {'p95 mm':>7s}")
    for name, pose_kw, light, hand, factor in setups(plan.height_mm, hfov, worst_factor):
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
