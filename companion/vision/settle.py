"""Roll settling: turn a stream of per-frame readings into one report per roll, once the dice are still.

A roll is reported when the same dice (values, colours and places) are seen for ``stable_frames``
frames in a row. Anything that changes the scene — dice tumbling, a hand over the table, a die
knocked — restarts the count; when the table is still again a new roll is reported, unless it is
exactly the roll already reported (a hand that passed over without touching anything).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from companion.core import DieReading


@dataclass(frozen=True)
class SettledRoll:
    """The dice of one roll once still, when they settled, and the roll's number in the stream."""

    dice: tuple[DieReading, ...]
    timestamp: float
    index: int

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(sorted(d.value for d in self.dice))


def _centre(d: DieReading) -> tuple[float, float, float]:
    if d.box is None:
        return (0.0, 0.0, 0.0)
    x1, y1, x2, y2 = d.box
    return ((x1 + x2) / 2, (y1 + y2) / 2, max(x2 - x1, y2 - y1))


def same_dice(a: Sequence[DieReading], b: Sequence[DieReading], move_tolerance: float = 0.35) -> bool:
    """True when both frames show the same dice: equal values and colours, each within
    ``move_tolerance`` x its size of where it was (matched greedily, nearest first)."""
    if len(a) != len(b):
        return False
    unmatched = list(b)
    for da in a:
        ax, ay, asize = _centre(da)
        best, best_dist = None, None
        for db in unmatched:
            if db.value != da.value or db.color != da.color:
                continue
            bx, by, bsize = _centre(db)
            dist = ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
            if dist <= move_tolerance * max(asize, bsize, 1.0) and (best_dist is None or dist < best_dist):
                best, best_dist = db, dist
        if best is None:
            return False
        unmatched.remove(best)
    return True


class RollSettler:
    """Feed it every frame's readings; it returns a SettledRoll once per roll, else None.

    ``stable_frames``: how many consecutive identical frames make the dice 'stopped'.
    ``move_tolerance``: how far (in die sizes) a die may jitter between frames and still be still.
    ``report_empty``: whether an empty table counts as a roll (normally not).
    """

    def __init__(self, stable_frames: int = 5, move_tolerance: float = 0.35, report_empty: bool = False):
        if stable_frames < 1:
            raise ValueError("stable_frames must be at least 1")
        self.stable_frames = int(stable_frames)
        self.move_tolerance = float(move_tolerance)
        self.report_empty = report_empty
        self._candidate: tuple[DieReading, ...] | None = None
        self._count = 0
        self._reported: tuple[DieReading, ...] | None = None
        self._rolls = 0
        self._last_time: float | None = None

    @property
    def rolls_reported(self) -> int:
        return self._rolls

    def reset(self) -> None:
        """Forget everything (a new game): the next still table is a new roll."""
        self._candidate, self._count, self._reported, self._last_time = None, 0, None, None

    def update(self, readings: Sequence[DieReading], timestamp: float) -> SettledRoll | None:
        if self._last_time is not None and timestamp < self._last_time:
            raise ValueError(f"frame timestamps must not go back in time ({timestamp} < {self._last_time})")
        self._last_time = timestamp
        current = tuple(readings)
        if self._candidate is not None and same_dice(current, self._candidate, self.move_tolerance):
            self._count += 1
        else:
            self._candidate, self._count = current, 1
        if self._count != self.stable_frames:
            return None  # still moving, or this still scene was already judged
        if not current and not self.report_empty:
            return None
        if self._reported is not None and same_dice(current, self._reported, self.move_tolerance):
            return None  # the same dice in the same places: nothing was rolled
        self._reported = current
        self._rolls += 1
        return SettledRoll(dice=current, timestamp=timestamp, index=self._rolls)
