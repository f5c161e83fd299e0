"""``companion dice IMAGE_OR_DIR... [--json]``: read the dice on photos, one line per image.

A file that is not an image gets a clear error on stderr and the others are still read;
the exit status is 1 if any input failed, 2 if the model could not be loaded.
``--learn-from DIR`` reads with a table profile learnt from a labelled folder (images/ + labels/, YOLO, as
../shared/data/dice-real/; docs/vision/profile.md); a folder that cannot be used is named with its faulty file on
stderr, the photos are read without a profile and the exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp", ".tif", ".tiff")


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser("dice", help="read the dice on photos (files or folders)")
    parser.add_argument("inputs", nargs="+", metavar="IMAGE_OR_DIR", help="image files or folders of images")
    parser.add_argument("--json", action="store_true", help="one JSON object per image")
    parser.add_argument("--model", help="ONNX model (default: config vision.model, else models/dice.onnx)")
    parser.add_argument("--threads", type=int, help="onnxruntime threads (default: config vision.threads)")
    parser.add_argument("--confidence", type=float, help="lowest die confidence (default: config vision.confidence)")
    parser.add_argument("--learn-from", metavar="DIR",
                        help="read with a table profile learnt from the labelled photos in DIR (images/ + labels/)")
    parser.set_defaults(func=run)


def _expand(inputs: list[str]) -> list[Path]:
    paths: list[Path] = []
    for item in inputs:
        p = Path(item)
        if p.is_dir():
            paths += sorted(q for q in p.iterdir() if q.is_file() and q.suffix.lower() in IMAGE_SUFFIXES)
        else:
            paths.append(p)
    return paths


def run(args: argparse.Namespace) -> int:
    import cv2

    from companion.config import ConfigError, load_config
    from companion.vision import DiceReader, ModelError

    try:
        vision = load_config(getattr(args, "config", None))["vision"]
    except ConfigError as exc:
        print(f"companion dice: {exc}", file=sys.stderr)
        return 2
    try:
        reader = DiceReader.from_config(vision, model_path=args.model or None, threads=args.threads,
                                        confidence=args.confidence, unread=bool(args.learn_from))
        profile = _learnt(reader, args.learn_from) if args.learn_from else None
    except ModelError as exc:
        print(f"companion dice: {exc}", file=sys.stderr)
        return 2
    failed = int(bool(args.learn_from) and profile is None)
    for path in _expand(args.inputs):
        image = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
        if image is None:
            reason = "no such file" if not path.exists() else "not a readable image"
            print(f"companion dice: {path}: {reason}", file=sys.stderr)
            failed += 1
            continue
        dice = reader.read(image)
        if args.learn_from:  # the dice seen but not read are the profile's to read; they are not printed
            dice = [d for d in _with_profile(reader, profile, image, dice) if not d.unread]
        if args.json:
            print(json.dumps({"image": str(path), "dice": [
                {"box": [round(float(v), 1) for v in d.box], "value": d.value, "color": d.color,
                 "confidence": round(d.confidence, 4)} for d in dice]}), flush=True)
        else:
            values = " ".join(f"{d.value}{'(' + d.color + ')' if d.color else ''}" for d in dice) or "no dice"
            print(f"{path}: {values}", flush=True)
    return 1 if failed else 0


def _learnt(reader, folder: str):
    """The profile taught by ``folder`` and the embedder it reads with, or None (said on stderr, naming the
    faulty file)."""
    from companion.vision.embedding import Embedder
    from companion.vision.profile import TableProfile
    from companion.vision.profile_learning import ProfileFolderError, photo_examples

    try:
        crops, labels, used = photo_examples(reader, folder)
    except ProfileFolderError as exc:
        print(f"companion dice: --learn-from {exc}; reading without a profile", file=sys.stderr)
        return None
    dice, photos = f"{len(labels)} di{'e' if len(labels) == 1 else 'ce'}", f"{len(used)} photo{'s' * (len(used) != 1)}"
    print(f"companion dice: learnt from {dice} on {photos} of {folder}", file=sys.stderr)
    embedder = Embedder(reader.faces_path, reader.threads)
    return TableProfile(embedder.features(crops), labels), embedder


def _with_profile(reader, profile, image, dice):
    """``dice`` read with ``profile`` (its head and embedder; None: as read)."""
    from companion.vision.profile_learning import rects

    boxed = [d for d in dice if d.box is not None]
    if profile is None or not len(profile[0]) or not boxed:
        return dice
    head, embedder = profile
    features = embedder.features(reader.cut_crops(image, rects(boxed)))
    return [d for d in head.review(boxed, features) if d is not None]
