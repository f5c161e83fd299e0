"""Dice looks no labelled photograph here shows, read on rendered frames: emblem faces, gem dice, cast shadows.

    python benchmarks/looks.py [--model MODEL] [--frames 200] [--seed 31] [--emblem-face 6]

The frames are rendered (companion/vision/render.py, a seed training never used): 640x480 tables, 2-8 dice
40-80 px. One row per look, each on its own frames from the same seed:
- plain: the dice as the renderer draws them by default (the row the others compare with);
- emblem: about a third of the dice show a maker's emblem for a top face, whose true value is ``--emblem-face``;
- translucent: every die is a gem die (the table and its far face's pips showing through the body);
- shadow: a soft shadow (an arm, a lamp) falls across every frame, dice included.
Then the project's own mats (companion/tablevision/render.py: Nexus Keepers, Hexors and Tesseract with their
markers, printed zones and pieces; 1280x960 from the mounting guide's height to 1.25x it, tilted up to 15 degrees),
3-5 dice in the game's dice zones, read as the pipeline reads them: in the dice window the table plane gives, then
kept when they lie in a dice zone (TableReader.place_dice).
Scored by centre matching (companion/vision/scoring.py): the look's dice found and read right (an emblem as
``--emblem-face``), dice reported where none is, frames read entirely right. ``--model``: another detector,
with its face readers beside it (as benchmarks/dice.py).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from companion.config import load_config  # noqa: E402
from companion.mounting import CAMERAS, plan_mount  # noqa: E402
from companion.tablevision import TableReader, layout_for  # noqa: E402
from companion.tablevision.render import CameraPose  # noqa: E402
from companion.tablevision.render import render_table as render_mat  # noqa: E402
from companion.tablevision.scenes import random_dice, random_position  # noqa: E402
from companion.tablevision.zoom import dice_window, read_in_window  # noqa: E402
from companion.vision import DiceReader  # noqa: E402
from companion.vision.face_reading import EMBLEM  # noqa: E402
from companion.vision.render import render_table  # noqa: E402
from companion.vision.scoring import match  # noqa: E402

LOOKS = {  # render_table's arguments per look
    "plain": {},
    "emblem": {"emblems": 0.35},
    "translucent": {"translucent": 1.0},
    "shadow": {"shadows": 1.0},
}


def score(reader: DiceReader, frames: int, seed: int, emblem_face: int, look: str) -> dict:
    """Counts over ``frames`` rendered tables of one look: dice labelled and read right (emblems apart),
    dice reported, phantoms, frames read exactly."""
    rng = np.random.default_rng(seed)
    out = dict(dice=0, right=0, emblem=0, emblem_right=0, reported=0, phantoms=0, exact=0)
    for _ in range(frames):
        image, dice = render_table(rng, 480, 640, n_dice=int(rng.integers(2, 9)), size_range=(40, 80),
                                   **LOOKS[look])
        labels = [(emblem_face if d.emblem else d.value, d.box) for d in dice]
        read = [(r.value, r.box) for r in reader.read(image)]
        pairs = match(read, labels)
        right = {j for i, j in pairs if read[i][0] == labels[j][0]}
        for j, die in enumerate(dice):
            kind = "emblem" if die.emblem else "dice"
            out[kind] += 1
            out[kind + "_right" if die.emblem else "right"] += j in right
        out["reported"] += len(read)
        out["phantoms"] += len(read) - len(pairs)
        out["exact"] += len(right) == len(labels) == len(read)
    return out


MATS = ("nexus-keepers", "hexors", "tesseract")
FRAME = (1280, 960)


def score_mat(reader: DiceReader, game: str, frames: int, seed: int) -> dict:
    """Counts over ``frames`` rendered frames of ``game``'s mat, read as the pipeline reads them."""
    layout = layout_for(game)
    table = TableReader(layout)
    height = plan_mount(420, 297, 16, "v3", *FRAME).height_mm
    hfov = CAMERAS["v3"].fov_for(*FRAME)[0]
    turn = 90.0 if layout.size[1] > layout.size[0] else 0.0  # the picture's long side along the mat's
    rng = np.random.default_rng(seed)
    out = dict(dice=0, right=0, emblem=0, emblem_right=0, reported=0, phantoms=0, exact=0)
    for _ in range(frames):
        pieces = random_position(layout, rng, int(rng.integers(6, 11)))[0] if layout.pieces else []
        dice = random_dice(layout, rng, int(rng.integers(3, 6)), avoid=pieces)
        pose = CameraPose(height=height * float(rng.uniform(1, 1.25)), tilt=float(rng.uniform(0, 15)),
                          yaw=turn + float(rng.uniform(-8, 8)), size=FRAME, hfov=hfov)
        frame = render_mat(layout, pieces, dice, pose, rng)
        plane = table.read(frame.image).plane.plane
        window = dice_window(plane, layout, frame.image.shape[:2], reader.input_pixels) if plane is not None else None
        readings = read_in_window(reader, frame.image, window)
        kept, _ = table.place_dice(plane, readings)
        read = [(d.reading.value, d.reading.box) for d in kept]
        labels = [(d.value, d.box) for d in frame.dice]
        pairs = match(read, labels)
        right = sum(read[i][0] == labels[j][0] for i, j in pairs)
        out["dice"] += len(labels)
        out["right"] += right
        out["reported"] += len(read)
        out["phantoms"] += len(read) - len(pairs)
        out["exact"] += right == len(labels) == len(read)
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--model", help="ONNX detector with its face readers beside it (default: the shipped one)")
    parser.add_argument("--frames", type=int, default=200)
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--emblem-face", type=int, default=6, choices=(1, 6))
    parser.add_argument("--looks", nargs="+", choices=list(LOOKS), default=list(LOOKS))
    parser.add_argument("--mat-frames", type=int, default=40, help="rendered frames per game mat (0: none)")
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args(argv)
    vision = load_config(None)["vision"]
    reader = DiceReader.from_config(vision, model_path=args.model, threads=args.threads, emblem_face=args.emblem_face)
    classes = reader.faces.get_outputs()[0].shape[-1] if reader.faces is not None else 6
    print(f"face readers of {reader.model_path.name}: {classes} classes"
          f"{' (emblem answered)' if classes > EMBLEM else ' (no emblem class)'}; emblem face = {args.emblem_face}")
    print(f"rendered frames (seed {args.seed}), {args.frames} frames a look")
    print(f"{'look':12s} {'dice':>5s} {'read right':>10s} {'emblems':>7s} {'read as ' + str(args.emblem_face):>10s} "
          f"{'dice not there':>16s} {'frames entirely right':>22s}")
    for look in args.looks:
        c = score(reader, args.frames, args.seed, args.emblem_face, look)
        emblems = f"{100 * c['emblem_right'] / c['emblem']:9.2f}%" if c["emblem"] else f"{'-':>10s}"
        print(f"{look:12s} {c['dice']:5d} {100 * c['right'] / max(1, c['dice']):9.2f}% {c['emblem']:7d} {emblems} "
              f"{c['phantoms']:5d} of {c['reported']:<7d} {100 * c['exact'] / max(1, args.frames):21.2f}%")
    if args.mat_frames:
        print(f"the project's own mats, {args.mat_frames} frames each, dice in the dice zones, read in the dice window")
        for game in MATS:
            c = score_mat(reader, game, args.mat_frames, args.seed)
            print(f"{game:14s} {c['dice']:5d} dice, read right {100 * c['right'] / max(1, c['dice']):6.2f}%, "
                  f"dice not there {c['phantoms']} of {c['reported']}, frames entirely right "
                  f"{100 * c['exact'] / args.mat_frames:6.2f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
