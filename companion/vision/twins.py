"""One die found twice is reported once.

Two dice lying on a table cannot hold each other's centre: their centres are at least about a die's side
apart. Two readings closer than that are one die read twice: the face reader re-places each box where it
sees the die (``recrop_beyond``), and two detector peaks on one big or oblique die can end up on it together.
A frame showing that is read again at the second scale (companion/vision/second_look.py); what is still
twinned after it is reported once, as its surer reading. Twins reading different values are both kept:
which one is the die is a guess, and the referee's rules-aware reading decides on what it is shown.
"""

from __future__ import annotations

from typing import Sequence

from companion.core import DieReading


def one_die(a, b) -> bool:
    """Whether two (x0, y0, x1, y1) boxes are too close to be two dice: each centre within half the longer
    side of the other."""
    dx, dy = apart(a, b)
    return max(dx, dy) < longest_side(a, b) / 2


def without_twins(readings: Sequence[DieReading]) -> list[DieReading]:
    """The readings less each one that twins a surer reading of the same value, in the order given."""
    kept: list[DieReading] = []
    for reading in sorted(readings, key=lambda r: -r.confidence):
        if reading.box is None or not any(
                k.box is not None and k.value == reading.value and one_die(reading.box, k.box) for k in kept):
            kept.append(reading)
    return [r for r in readings if any(r is k for k in kept)]


def apart(a, b) -> tuple[float, float]:
    """How far apart two boxes' centres are, across and down."""
    return abs((a[0] + a[2]) - (b[0] + b[2])) / 2, abs((a[1] + a[3]) - (b[1] + b[3])) / 2


def longest_side(a, b) -> float:
    """The longest side of two boxes."""
    return max(a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1])
