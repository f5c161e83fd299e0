"""The table profile's part of the dice benchmark (benchmarks/dice.py --learn-first K): each set's first K photos
teach a profile (docs/vision/profile.md), and the rest are scored read alone, with that profile, with that profile
learning the players' corrections of each photo as played, and with the next set's (another table's) profile.

A photo played is scored before its corrections are learnt, as the service reads a roll before the players correct
it: a die read wrong or seen but not read and given its face is kept as "corrected", a die read where none is
labelled as "not a die" (companion/vision/profile_learning.py's rules; a die read right teaches nothing).
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import cv2
import numpy as np

from benchmarks.flops import count
from companion.vision import DiceReader
from companion.vision.embedding import Embedder
from companion.vision.labels import load_labelled
from companion.vision.profile import NOT_A_DIE, TableProfile
from companion.vision.profile_learning import rects
from companion.vision.scoring import Score, match


def _counted(labels) -> str:
    """How many learnt crops each label has: faces 1-6, then "not a die" (0)."""
    return ", ".join(f"{'not a die' if v == 0 else v}: {labels.count(v)}" for v in (1, 2, 3, 4, 5, 6, 0))


class Errors:
    """Where a row's errors lie: labelled dice missed (with a die seen but not read on them), faces misread
    (true -> read), and dice read where none is labelled."""

    def __init__(self):
        self.missed = self.seen = self.phantoms = 0
        self.misread: dict[tuple[int, int], int] = {}

    def add(self, dice, truth) -> None:
        read = [(d.value, d.box) for d in dice if not d.unread]
        pairs = match(read, truth)
        for i, j in pairs:
            if read[i][0] != truth[j][0]:
                self.misread[truth[j][0], read[i][0]] = self.misread.get((truth[j][0], read[i][0]), 0) + 1
        self.phantoms += len(read) - len(pairs)
        missed = [truth[j] for j in set(range(len(truth))) - {j for _, j in pairs}]
        self.missed += len(missed)
        self.seen += len(match([(d.value, d.box) for d in dice if d.unread], missed))

    def __str__(self) -> str:
        wrong = ", ".join(f"{t}->{r} x{n}" for (t, r), n in sorted(self.misread.items()))
        return (f"missed {self.missed} (seen but not read on {self.seen}); misread {sum(self.misread.values())}"
                + (f" ({wrong})" if wrong else "") + f"; read where none is labelled {self.phantoms}")


def learnt_from(photos) -> tuple[list, list[int]]:
    """The features and labels a profile learns from photos: every die found, labelled by the labelled die it lies
    on, or "not a die"."""
    features, labels = [], []
    for truth, dice, found, _ in photos:
        pairs = dict(match([(d.value, d.box) for d in dice], truth))
        labels += [truth[pairs[n]][0] if n in pairs else NOT_A_DIE for n in range(len(dice))]
        features += list(found)
    return features, labels


class AsPlayed:
    """A profile of the first photos that then learns what the players would correct on each photo played."""

    def __init__(self, photos):
        self.features, self.labels = learnt_from(photos)
        self.profile = TableProfile(np.array(self.features), self.labels)

    def review(self, dice, found):
        return self.profile.review(dice, found)

    def correct(self, dice, reviewed, found, truth) -> None:
        """Learn the photo's corrections: a die shown with a wrong face or as "?" gets its labelled face, a die shown
        where none is labelled is "not a die"; the profile is fitted again when it learnt something."""
        pairs = dict(match([(d.value, d.box) for d in dice], truth))
        before = len(self.labels)
        for n, shown in enumerate(reviewed):
            if shown is None:
                continue  # the profile dropped it: the phone never showed it
            if n in pairs and (shown.unread or shown.value != truth[pairs[n]][0]):
                self.features.append(found[n])
                self.labels.append(truth[pairs[n]][0])
            elif n not in pairs and not shown.unread:
                self.features.append(found[n])
                self.labels.append(NOT_A_DIE)
        if len(self.labels) > before:
            self.profile = TableProfile(np.array(self.features), self.labels)


def learn_first(args, vision) -> int:
    """--learn-first K: each set's rest read alone, with a profile of its first K photos, and with the profile of
    the next set on the command line (another table's: it must not lower the reader)."""
    reader = DiceReader.from_config(vision, model_path=args.model, threads=args.threads, confidence=args.confidence,
                                    unread=True, arbiter=args.settled)
    embedder = Embedder(reader.faces_path, args.threads)
    face_macs = count(reader.faces_path)[0]
    sets = []

    def read(items):
        photos = []  # (labels, dice, features, seconds the features took) of each photo
        for item in items:
            image = cv2.imread(str(item.path), cv2.IMREAD_COLOR)
            dice = reader.read(image)
            dice = [d for d in (reader.review_settled(image, dice) if args.settled else dice) if d.box is not None]
            start = time.perf_counter()  # the profile's own looks: every die's crop at four quarter-turns
            features = embedder.features(reader.cut_crops(image, rects(dice))) if dice else np.zeros((0, 4, 1))
            photos.append(([(d.value, d.box) for d in item.dice], dice, features, time.perf_counter() - start))
        return photos

    for folder in args.data:
        items = load_labelled(folder, args.split, audited=args.audited_labels)
        k = args.learn_first if len(items) > 20 else min(args.learn_first, 5)
        photos = read(items[:k] if args.score_split else items)
        if args.score_split:  # the profile of the first photos of --split, scored on every photo of --score-split
            photos += read(load_labelled(folder, args.score_split, audited=args.audited_labels))
        features, labels = learnt_from(photos[:k])
        start = time.perf_counter()
        profile = TableProfile(np.array(features), labels)
        fit_ms = (time.perf_counter() - start) * 1000
        sets.append((Path(folder).name, k, photos, profile, labels, fit_ms))
    print(f"model {reader.model_path.name}, threads {args.threads}, split {args.split}, each set's first photos "
          "learnt as a table profile (companion/vision/profile.py), "
          + (f"the {args.score_split} split scored" if args.score_split else "the rest scored")
          + (", each photo read as a settled roll (the arbiter first)" if args.settled else ""))
    for n, (name, k, photos, profile, labels, fit_ms) in enumerate(sets):
        rest = photos[k:]
        scored = f"the {args.score_split} split's {len(rest)}" if args.score_split else f"the other {len(rest)}"
        learnt = f"{k} {args.split} photos" if args.score_split else f"{k} of {len(photos)} photos"
        print(f"\n{name}: learnt from the first {learnt} "
              f"({len(labels)} dice, {labels.count(NOT_A_DIE)} not a die; fitted in {fit_ms:.1f} ms); scoring "
              f"{scored} ({sum(len(p[0]) for p in rest)} dice)")
        if args.verbose:
            print(f"learnt {_counted(labels)}; labelled dice in those photos the reader did not find, so not learnt: "
                  f"{sum(len(truth) for truth, *_ in photos[:k]) - len(labels) + labels.count(NOT_A_DIE)}")
        if not rest:
            print("nothing left to score: the set is no bigger than what was learnt")
            continue
        print(f"{'':34} {'read right':>10} {'exact roll':>10} {'precision':>9}")
        rows = [("reader alone", None), ("with this table's profile", profile),
                ("  learning corrections as played", AsPlayed(photos[:k]))]
        if len(sets) > 1:
            other = sets[(n + 1) % len(sets)]
            rows.append((f"with {other[0]}'s profile", other[3]))
        for what, used in rows:
            score, spent, errors = Score(), [], Errors()
            for index, (truth, dice, found, embedding) in enumerate(rest):
                start = time.perf_counter()
                reviewed = used.review(dice, found) if used is not None and dice else dice
                spent.append((time.perf_counter() - start + embedding) * 1000)
                read = [d for d in reviewed if d is not None]
                score.add(str(index), [(d.value, d.box) for d in read if not d.unread], truth)
                errors.add(read, truth)
                if isinstance(used, AsPlayed):
                    used.correct(dice, reviewed, found, truth)
            cost = f"  {statistics.median(spent):.2f} ms a settled roll" if used is not None else ""
            print(f"{what:34} {score.read_correctly:10.2%} {score.exact_roll:10.2%} {score.precision:9.2%}{cost}")
            if args.verbose:
                played = used.labels[len(labels):] if isinstance(used, AsPlayed) else None
                print(f"{'':36}{errors}" + (f"; learnt as played: {len(played) - played.count(NOT_A_DIE)} faces, "
                                             f"{played.count(NOT_A_DIE)} not a die" if played is not None else ""))
        looks = [4 * len(p[1]) for p in rest]  # the profile's: every die of a settled roll at four quarter-turns
        print(f"the profile's compute per settled roll (benchmarks/flops.py's count x 4 face-reader looks a die): "
              f"{statistics.mean(looks) * face_macs * 2 / 1e9:.3f} GFLOP on average, "
              f"{max(looks) * face_macs * 2 / 1e9:.3f} at most; once a roll, not a frame")
    return 0
