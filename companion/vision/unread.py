"""Dice the camera sees but cannot read: kept apart from the read dice, never guessed into a roll.

A candidate the detector and the face readers agree is a die (centre score x P(a die) at least the reader's
confidence) but whose face no value is likely enough for, is a die lying there all the same: a small, far,
tilted or half-hidden one. Dropping it makes the roll look short of a die, and a short roll is refereed as an
illegal one. Reported as unread (``DieReading.unread``), it lets the rules-aware reading say "camera unsure"
instead (companion/referee/aware.py), and the phone shows where it lies.

Such a candidate on or beside a read die is that die again (a pip, a fragment, the same die at another
size), and two unread ones on one spot are one die.
"""

from __future__ import annotations

from typing import Sequence

from companion.core import DieReading
from companion.vision.pips import area, overlap
from companion.vision.twins import one_die

#: an unread candidate sharing this much of its area with a read die is part of that die
SHARED_WITH_READ = 0.3


def away_from(unread: Sequence[DieReading], read: Sequence[DieReading]) -> list[DieReading]:
    """The unread dice that are neither part of a read die nor another unread one's twin, surest first."""
    kept: list[DieReading] = []
    for die in sorted(unread, key=lambda r: -r.confidence):
        if die.box is None or any(_same_spot(die.box, other.box) for other in (*read, *kept) if other.box):
            continue
        kept.append(die)
    return kept


def _same_spot(box, other) -> bool:
    return one_die(box, other) or overlap(box, other) > SHARED_WITH_READ * max(area(box), 1e-9)
