"""Scoring dice readings against labels by centre matching (the two real sets box dice differently).

A predicted die matches a labelled one when its centre lies in the labelled box grown to twice its
size, or the labelled centre lies in the predicted box; pairs are taken nearest first, one to one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from companion.core import centre_inside
from companion.vision.labels import NO_PRODUCT_COLOUR


def _centre(box):
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def centres_match(pred_box, label_box) -> bool:
    px, py = _centre(pred_box)
    lx, ly = _centre(label_box)
    lw, lh = label_box[2] - label_box[0], label_box[3] - label_box[1]
    in_grown = abs(px - lx) <= lw and abs(py - ly) <= lh  # box grown to twice its size, same centre
    in_pred = centre_inside(label_box, pred_box)
    return in_grown or in_pred


def match(pred: Sequence[tuple[int, tuple]], labels: Sequence[tuple[int, tuple]]) -> list[tuple[int, int]]:
    """One-to-one (pred index, label index) pairs of (value, box) items, nearest centres first."""
    pairs = []
    for i, (_, pb) in enumerate(pred):
        for j, (_, lb) in enumerate(labels):
            if centres_match(pb, lb):
                (px, py), (lx, ly) = _centre(pb), _centre(lb)
                pairs.append(((px - lx) ** 2 + (py - ly) ** 2, i, j))
    pairs.sort()
    used_p, used_l, out = set(), set(), []
    for _, i, j in pairs:
        if i not in used_p and j not in used_l:
            used_p.add(i)
            used_l.add(j)
            out.append((i, j))
    return out


def unread_on_missed(pairs: Sequence[tuple[int, int]], unread: Sequence[tuple[int, tuple]],
                     labels: Sequence[tuple[int, tuple]]) -> tuple[int, int, int]:
    """How many labelled dice the read dice missed (``pairs``: their ``match`` with the labels), on how many of
    those a reading of the camera's unread dice lies, and how many of ``unread`` lie where no die is labelled."""
    matched = {j for _, j in pairs}
    missed = [label for j, label in enumerate(labels) if j not in matched]
    on_missed = len(match(unread, missed))
    return len(missed), on_missed, len(unread) - on_missed


@dataclass
class Score:
    """Running totals over images; the ratios are what the benchmark prints."""

    images: int = 0
    labelled: int = 0
    predicted: int = 0
    matched: int = 0
    value_right: int = 0
    exact_images: int = 0
    failures: list[str] = field(default_factory=list)

    def add(self, name: str, pred, labels) -> bool:
        pairs = match(pred, labels)
        right = sum(1 for i, j in pairs if pred[i][0] == labels[j][0])
        self.images += 1
        self.labelled += len(labels)
        self.predicted += len(pred)
        self.matched += len(pairs)
        self.value_right += right
        exact = right == len(labels) == len(pred)
        self.exact_images += exact
        if not exact:
            self.failures.append(name)
        return exact

    @property
    def recall(self) -> float:
        return self.matched / self.labelled if self.labelled else 0.0

    @property
    def precision(self) -> float:
        return self.matched / self.predicted if self.predicted else 0.0

    @property
    def value_accuracy(self) -> float:
        return self.value_right / self.matched if self.matched else 0.0

    @property
    def read_correctly(self) -> float:
        return self.value_right / self.labelled if self.labelled else 0.0

    @property
    def exact_roll(self) -> float:
        return self.exact_images / self.images if self.images else 0.0


@dataclass
class ColourScore:
    """Colours read for matched dice against colour labels; a die labelled ``other`` is not scored."""

    named: int = 0
    right: int = 0
    unsure: int = 0  # the reader said None: no colour rather than a wrong one

    def add(self, read: str | None, label: str) -> None:
        if label == NO_PRODUCT_COLOUR:
            return
        self.named += 1
        self.right += read == label
        self.unsure += read is None

    @property
    def accuracy(self) -> float:
        return self.right / self.named if self.named else 0.0

    @property
    def wrong(self) -> float:
        return (self.named - self.right - self.unsure) / self.named if self.named else 0.0
