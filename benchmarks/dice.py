"""Dice reading benchmark: accuracy by centre matching, and per-image speed against the public peer.

    python benchmarks/dice.py --data ../shared/data/dice-real/byler-d6 --split heldout --threads 1

For each labelled folder: recall, precision, value accuracy, dice read correctly (value right / all
labelled dice) and exact-roll rate, for the product and for the peer detector in ../shared/peers/,
then the median milliseconds per image (pre-processing, inference and decoding; one image at a time,
same images, same thread count for onnxruntime, the peer's interpreter and OpenCV) of both, and their
ratio. The held-out split is never trained on.
Where a set has colour labels (models/labels/<set>-colours.json), the colours read for the found dice
are scored against them too; where it lists the photos that show a game board (models/labels/<set>-boards.json),
precision on those photos is printed for both; and the compute per frame is printed from the detector runs (a
frame read again at the second scale runs it twice) and the face-reader looks made.
With --audited-labels, held-out photos are scored against our audit of their values
(models/labels/<set>-audit.json: every held-out die looked at, without any model's reading) instead of
the labels as given; product and peer alike. The labels as given stay the default.
With --learn-first K, each set's first K photos teach a table profile (docs/vision/profile.md) and the rest are
scored read alone, with that profile (also learning the players' corrections as the photos are played) and with the
next set's (another table's) profile, side by side (benchmarks/dice_profile.py); with
--score-split, that profile is scored on another split's photos (the validation photos), and --verbose says what
each profile learnt and where each row's errors lie (dice missed, faces misread, dice read where none lies).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import cv2  # noqa: E402
import numpy as np  # noqa: E402

from benchmarks.flops import count  # noqa: E402
from companion.config import load_config  # noqa: E402
from companion.vision import DiceReader  # noqa: E402
from companion.vision.labels import (SPLITS, audit_for, board_photos_for, colour_labels_for, load_audit,  # noqa: E402
                                     load_board_photos, load_colour_labels, load_labelled)
from companion.vision.scoring import ColourScore, Score, match, unread_on_missed  # noqa: E402

PEER = ROOT.parent / "shared" / "peers" / "byler-d6-dice.tflite"
WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


class PeerDetector:
    """The 'Byler D6' TFLite SSD, run as its authors intended (320x320 RGB uint8, score >= threshold)."""

    def __init__(self, path: Path, threads: int, score: float = 0.5):
        from ai_edge_litert.interpreter import Interpreter

        with zipfile.ZipFile(path) as zf:  # the label order is stored in the model file itself
            names = zf.read("dict.txt").decode().split()
        self.values = [WORDS[n.strip().lower()] for n in names]
        self.interpreter = Interpreter(model_path=str(path), num_threads=threads)
        self.interpreter.allocate_tensors()
        inp = self.interpreter.get_input_details()[0]
        self.input_index, self.size = inp["index"], int(inp["shape"][1])
        self.outputs = [o["index"] for o in self.interpreter.get_output_details()]
        self.score = score

    def read(self, image_bgr: np.ndarray) -> list[tuple[int, tuple]]:
        h, w = image_bgr.shape[:2]
        rgb = cv2.cvtColor(cv2.resize(image_bgr, (self.size, self.size), interpolation=cv2.INTER_AREA),
                           cv2.COLOR_BGR2RGB)
        self.interpreter.set_tensor(self.input_index, rgb[None])
        self.interpreter.invoke()
        boxes, classes, scores, count = (self.interpreter.get_tensor(i) for i in self.outputs)
        out = []
        for k in range(int(count[0])):
            if scores[0, k] >= self.score:
                y1, x1, y2, x2 = boxes[0, k]
                out.append((self.values[int(classes[0, k])], (x1 * w, y1 * h, x2 * w, y2 * h)))
        return out


def timed(fn, image, repeats: int) -> tuple[list, float]:
    times = []
    result = None
    for _ in range(repeats):
        t = time.perf_counter()
        result = fn(image)
        times.append(time.perf_counter() - t)
    return result, min(times)


def _input(reader: DiceReader) -> str:
    if reader.fit_frame:
        return f"input: each frame at its own shape, at most {reader.input_pixels} pixels"
    return f"{reader.input_size}x{reader.input_size} input"


def _audit_line(folder, items) -> str:
    """Which labels the audit changed among the photos scored, so a reader sees what moved."""
    path = audit_for(folder)
    if path is None:
        return "labels as given (this set has no audit)"
    names = {item.path.name for item in items}
    changes = [(name, line, old, new) for name, lines in sorted(load_audit(path).items()) if name in names
               for line, (old, new) in sorted(lines.items())]
    listed = "; ".join(f"{name} line {line}: {old} -> {new}" for name, line, old, new in changes)
    head = f"labels audited ({path.relative_to(ROOT)}), {len(changes)} values changed"
    return f"{head}: {listed}" if listed else head


def _count_unread(counts: dict, pred: list, seen: list, labels: list, board: bool) -> None:
    """Add one photo's unread dice: those on a labelled die the read dice missed, and those where none lies."""
    missed, on_missed, where_none = unread_on_missed(match(pred, labels), [(r.value, r.box) for r in seen], labels)
    counts["missed"] += missed
    counts["on a missed die"] += on_missed
    counts["where none lies"] += where_none
    counts["on board photos"] += where_none if board else 0


def main(argv=None) -> int:
    vision = load_config(None)["vision"]  # the shipped settings, the defaults below
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", nargs="+", required=True, help="labelled folders (images/ + labels/)")
    parser.add_argument("--split", default="heldout", choices=SPLITS)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--model", help="ONNX model (default models/dice.onnx)")
    parser.add_argument("--confidence", type=float, default=vision["confidence"],
                        help="lowest confidence reported (default: the shipped setting)")
    parser.add_argument("--max-face-looks", type=int, default=vision["max_face_looks"],
                        help="face-reader looks per frame at most (default: the shipped setting)")
    parser.add_argument("--recrop-beyond", type=float, default=vision["recrop_beyond"],
                        help="re-place boxes the face reader finds off by more than this (default: the shipped "
                             "setting; 1 or more: never)")
    parser.add_argument("--recrop-rounds", type=int, default=vision["recrop_rounds"],
                        help="times a box may be re-placed in a row (default: the shipped setting)")
    parser.add_argument("--inside-die", type=float, default=vision["inside_die"],
                        help="drop a reading lying this much inside a die twice its size (default: the shipped "
                             "setting; more than 1: never)")
    parser.add_argument("--pip-boxes", type=float, default=vision["pip_boxes"],
                        help="read again at the frame's dice size a candidate scored this much, turned down as no "
                             "die in a pip-sized box (default: the shipped setting; 0: never)")
    parser.add_argument("--second-look", type=float, default=vision["second_look"],
                        help="fraction of the detector's pixels for the second look at a frame whose first pass "
                             "failed (default: the shipped setting; 0: never)")
    parser.add_argument("--square-input", action="store_true",
                        help="letterbox every frame into the detector's square instead of its own shape (ablation)")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs per image (the fastest counts)")
    parser.add_argument("--no-peer", action="store_true", help="skip the peer (when ai-edge-litert is missing)")
    parser.add_argument("--show-failures", action="store_true")
    parser.add_argument("--unread", action="store_true",
                        help="read as the service does (vision.unread_dice): also count the dice seen but not read, "
                             "on the labelled dice the product missed and where no die lies (the read dice are the "
                             "same; times include it)")
    parser.add_argument("--settled", action="store_true",
                        help="also score each photo as the service reads a settled roll: the unsure dice read again "
                             "by the arbiter (companion/vision/arbiter.py; implies --unread), and time that look")
    parser.add_argument("--audited-labels", action="store_true",
                        help="score held-out photos against models/labels/<set>-audit.json's values, not as given")
    parser.add_argument("--learn-first", type=int, metavar="K",
                        help="learn a table profile from the first K photos of each set (by name; at most 5 on a set "
                             "of 20 photos or fewer) and score the rest, read alone, with that profile and with the "
                             "next set's profile (docs/vision/profile.md)")
    parser.add_argument("--score-split", choices=SPLITS,
                        help="with --learn-first: score every photo of this split instead of the rest of --split (a "
                             "held-out profile on the validation photos)")
    parser.add_argument("--verbose", action="store_true",
                        help="with --learn-first: what each profile learnt (dice per face) and, for each row, where "
                             "the errors are: labelled dice missed (and on how many a die seen but not read lies), "
                             "misread faces (true -> read) and dice read where none is labelled")
    args = parser.parse_args(argv)
    if args.learn_first is not None:
        from benchmarks.dice_profile import learn_first

        return learn_first(args, vision)
    cv2.setNumThreads(args.threads)  # OpenCV's resizes and conversions too, for the product and the peer alike
    args.unread = args.unread or args.settled

    reader = DiceReader.from_config(vision, model_path=args.model, threads=args.threads,
                                    confidence=args.confidence, max_face_looks=args.max_face_looks,
                                    recrop_beyond=args.recrop_beyond, recrop_rounds=args.recrop_rounds,
                                    inside_die=args.inside_die, pip_boxes=args.pip_boxes, second_look=args.second_look,
                                    fit_frame=not args.square_input, unread=args.unread, arbiter=args.settled)
    det_macs = count(reader.model_path)[0]
    readers = [reader.faces_path] if reader.faces is not None else []
    readers += [reader.second_path] if reader.second is not None else []
    face_macs = max((count(path)[0] for path in readers), default=0)  # per look; the two readers are alike
    peer = None if args.no_peer else PeerDetector(PEER, args.threads)
    print(f"model {reader.model_path.name} ({reader.model_path.stat().st_size / 1e6:.2f} MB, "
          f"{_input(reader)}), threads {args.threads}, split {args.split}")
    for folder in args.data:
        items = load_labelled(folder, args.split, audited=args.audited_labels)
        ours, theirs = Score(), Score()
        our_ms, peer_ms = [], []
        read_before, reread_before = reader.faces_read, reader.faces_reread
        recropped_before, moved_before = reader.faces_recropped, reader.faces_moved
        pips_before = reader.pip_boxes_read
        looks = []  # face-reader looks per image, for the compute per frame
        second = []  # second looks per image (0 or 1), the detector run again with a fraction of its pixels
        colour_file = colour_labels_for(folder)
        colour_labels = load_colour_labels(colour_file) if colour_file else {}
        colours = ColourScore()
        board_file = board_photos_for(folder)
        boards = load_board_photos(board_file) if board_file else frozenset()
        ours_board, theirs_board, ours_rest, theirs_rest = Score(), Score(), Score(), Score()
        unread = {"missed": 0, "on a missed die": 0, "where none lies": 0, "on board photos": 0}
        settled, settled_board, settled_ms = Score(), Score(), []
        arbiter_before = reader.arbiter.looks if reader.arbiter is not None else 0
        for item in items:
            image = cv2.imread(str(item.path), cv2.IMREAD_COLOR)
            labels = [(d.value, d.box) for d in item.dice]
            looks_before, again_before = reader.face_looks, reader.second_looks
            readings, t = timed(reader.read, image, args.repeats)
            looks.append((reader.face_looks - looks_before) / args.repeats)
            second.append((reader.second_looks - again_before) / args.repeats)
            our_ms.append(t * 1000)
            if args.settled:
                start = time.perf_counter()
                reviewed = reader.review_settled(image, readings)
                settled_ms.append((time.perf_counter() - start) * 1000)
                final = [(r.value, r.box) for r in reviewed if not r.unread]
                settled.add(item.path.name, final, labels)
                if item.path.name in boards:
                    settled_board.add(item.path.name, final, labels)
            readings, seen = [r for r in readings if not r.unread], [r for r in readings if r.unread]
            pred = [(r.value, r.box) for r in readings]
            ours.add(item.path.name, pred, labels)
            if args.unread:
                _count_unread(unread, pred, seen, labels, item.path.name in boards)
            if boards:
                (ours_board if item.path.name in boards else ours_rest).add(item.path.name, pred, labels)
            for i, j in match(pred, labels) if item.path.name in colour_labels else ():
                colours.add(readings[i].color, colour_labels[item.path.name][j])
            if peer:
                found, t = timed(peer.read, image, args.repeats)
                peer_ms.append(t * 1000)
                theirs.add(item.path.name, found, labels)
                if boards:
                    (theirs_board if item.path.name in boards else theirs_rest).add(item.path.name, found, labels)
        print(f"\n{Path(folder).name}: {len(items)} images, {ours.labelled} dice ({args.split})")
        if args.audited_labels:
            print(_audit_line(folder, items))
        print(f"{'':10} {'recall':>7} {'precision':>9} {'value acc':>9} {'read right':>10} {'exact roll':>10} "
              f"{'ms/image':>9}")
        rows = [("product", ours, our_ms)] + ([("peer", theirs, peer_ms)] if peer else [])
        for name, s, ms in rows:
            print(f"{name:10} {s.recall:7.2%} {s.precision:9.2%} {s.value_accuracy:9.2%} {s.read_correctly:10.2%} "
                  f"{s.exact_roll:10.2%} {statistics.median(ms):9.2f}")
        if boards:
            print(f"photos showing a game board ({board_file.relative_to(ROOT)}) or not:")
            for what, mine, peers in (("board", ours_board, theirs_board), ("no board", ours_rest, theirs_rest)):
                for name, s in [("product", mine)] + ([("peer", peers)] if peer else []):
                    print(f"  {what:8} {name:7} {s.images:3} photos: precision {s.precision:7.2%} "
                          f"({(s.predicted - s.matched) / max(s.images, 1):.2f} dice not there a photo), "
                          f"recall {s.recall:7.2%}, read right {s.read_correctly:7.2%}, exact roll {s.exact_roll:7.2%}")
        if args.settled:
            reviewed_dice = (reader.arbiter.looks - arbiter_before) if reader.arbiter is not None else 0
            print(f"as a settled roll, its unsure dice read again by the arbiter ({reviewed_dice} dice): read right "
                  f"{settled.read_correctly:.2%}, exact roll {settled.exact_roll:.2%}, "
                  f"precision {settled.precision:.2%}"
                  + (f", board photos' precision {settled_board.precision:.2%}" if boards else "")
                  + f"; ms per settled roll: median {statistics.median(settled_ms):.2f}, at most {max(settled_ms):.2f}")
        if peer:
            print(f"speed ratio product/peer (median ms per image, {args.threads} thread): "
                  f"{statistics.median(our_ms) / statistics.median(peer_ms):.2f}")
        read, reread = reader.faces_read - read_before, reader.faces_reread - reread_before
        recropped, moved = reader.faces_recropped - recropped_before, reader.faces_moved - moved_before
        if read and reader.places:
            times = f"{reader.recrop_rounds} time" + "s" * (reader.recrop_rounds != 1)
            print(f"boxes the face reader re-placed and read again (off by more than {reader.recrop_beyond:g}, "
                  f"up to {times}): {moved / read:.2%} of the candidates, {recropped / max(moved, 1):.2f} re-cuts each")
        if read:
            how = "four quarter-turns" + (", both face readers" if reader.second is not None else "")
            print(f"doubtful dice read again ({how}): {reread / read:.2%} of the "
                  f"{read // args.repeats} candidates the detector found")  # each image is read `repeats` times
            if reader.second_look:
                print(f"frames read again at the second scale ({reader.second_look:g} of the detector's pixels): "
                      f"{sum(second):.0f} of {len(items)}")
            if reader.pip_boxes:
                print(f"candidates boxed like a pip, turned down, read again at the frame's dice size (scored "
                      f"{reader.pip_boxes:g}+): {(reader.pip_boxes_read - pips_before) // args.repeats}")
            gflop = [(det_macs * (1 + again * reader.second_look) + n * face_macs) * 2 / 1e9
                     for n, again in zip(looks, second)]
            print(f"compute per frame (benchmarks/flops.py's counts x detector runs and face-reader looks): "
                  f"{statistics.mean(gflop):.3f} "
                  f"GFLOP on average, {max(gflop):.3f} at most ({max(looks):.0f} looks)")
        if colours.named:
            print(f"colour of the found dice with a colour label ({colours.named}, "
                  f"{colour_file.relative_to(ROOT)}): right {colours.accuracy:.2%}, "
                  f"none {colours.unsure / colours.named:.2%}, wrong {colours.wrong:.2%}")
        if args.unread:
            print(f"dice seen but not read (flagged unread, never played): on {unread['on a missed die']} of the "
                  f"{unread['missed']} labelled dice the product missed; {unread['where none lies']} where no die "
                  f"is labelled" + (f" ({unread['on board photos']} of them on board photos)" if boards else ""))
        if args.show_failures and ours.failures:
            print("not exactly right:", " ".join(ours.failures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
