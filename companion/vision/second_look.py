"""When a frame is read again at a second scale, and which of the two readings is kept.

Why: the detector reads dice best at 20-40 of its pixels. Without the table plane (which sizes the dice
window, companion/pipeline.py) nothing says how big the dice are: close up a die comes out so big that the
detector finds its pips instead of it, or a die twice, or nothing the face reader accepts. Such a frame is
read again with fewer detector pixels (``second_look`` of its budget), where the die comes out smaller.
A frame the first pass reads without these signs pays nothing more.
"""

from __future__ import annotations

from typing import Sequence

from companion.core import DieReading
from companion.vision.pips import overlap
from companion.vision.twins import apart, longest_side, one_die

PIP_SPACING = 1.5  # 1s closer than this many box sides to each other ...
MIN_PIPS = 3  # ... and this many of them in a chain are taken for the pips of one die


def needs_second_look(readings: Sequence[DieReading], candidates: int) -> bool:
    """Whether the first pass failed: candidates but no die read, or fragments of one die read as several."""
    return (candidates > 0 and not readings) or fragmented(readings)


def fragmented(readings: Sequence[DieReading]) -> bool:
    """Pieces of one die read as several: readings closer than dice can lie.

    Two dice lying on a table cannot hold each other's centre in their boxes (the die found twice, at two
    sizes: ``twins.one_die``). And close up, a 3, 4, 5 or 6 comes out as its pips taken for 1s: three or more
    1s in a chain, each less than ``PIP_SPACING`` times the larger box's side from the next, are far more often
    the pips of one die than 1s rolled side by side.
    """
    boxes = [(r.value, r.box) for r in readings if r.box is not None]
    if any(one_die(a, b) for i, (_, a) in enumerate(boxes) for _, b in boxes[i + 1:]):
        return True
    ones = [box for value, box in boxes if value == 1]
    group = list(range(len(ones)))  # which chain of close 1s each 1 belongs to (union-find)

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    for i, a in enumerate(ones):
        for j in range(i + 1, len(ones)):
            dx, dy = apart(a, ones[j])
            if (dx * dx + dy * dy) ** 0.5 < PIP_SPACING * longest_side(a, ones[j]):
                group[root(i)] = root(j)
    chains = [root(i) for i in range(len(ones))]
    return any(chains.count(c) >= MIN_PIPS for c in set(chains))


def better_of(first: list[DieReading], again: list[DieReading]) -> list[DieReading]:
    """The second look's readings where it read something with more mean confidence than the first pass, and
    beside them the first pass's dice that none of them overlaps: the second scale reads the die the first pass
    broke into pips, and loses small dice elsewhere in the frame (a pile of them, one pair touching)."""
    if not again or _mean_confidence(again) <= _mean_confidence(first):
        return first
    return with_read_again(first, again)


def with_read_again(first: Sequence[DieReading], again: Sequence[DieReading]) -> list[DieReading]:
    """The readings ``again`` and beside them those of ``first`` that none of them overlaps, most confident first: a
    die read again replaces what the first reading found on it (the second scale, the zoomed window of table vision)."""
    kept = [r for r in first
            if r.box is None or not any(a.box is not None and overlap(r.box, a.box) > 0 for a in again)]
    return sorted([*again, *kept], key=lambda r: -r.confidence)


def _mean_confidence(readings: Sequence[DieReading]) -> float:
    return sum(r.confidence for r in readings) / len(readings) if readings else 0.0
