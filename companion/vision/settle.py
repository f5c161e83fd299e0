"""Roll settling: turn a stream of per-frame readings into one report per roll, once the dice are still.

A roll is reported when the same dice (values and places) are seen for ``stable_frames`` frames in a
row. Anything that changes the scene — dice tumbling, a hand over the table, a die knocked — restarts
the count; when the table is still again a new roll is reported, unless it is exactly the roll already
reported (a hand that passed over without touching anything). A die's colour does not restart the
count: a dark or marbled die near a colour boundary can change name with sensor noise from one frame to
the next, and a roll must still settle; each die is reported with the colour most of the still frames gave it.
A die seen but not read (``DieReading.unread``) is matched by its place alone: its guessed face may change.
Nor is a still scene a new roll when it shows the reported dice in their places and only faces changed, on dice
nothing touched since (no motion near them; without a motion watch, never missing from their place in a frame):
that is the camera reading a borderline face again (a 2 read as 4 once a hand moved a piece elsewhere on the
table), and a phantom reroll otherwise. It is reported once as such (``SettledRoll.reread``), for the players to
say which reading is right. A die turned by hand where it lay (a Tesseract calibration) was touched.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Sequence

from companion.core import DieReading


@dataclass(frozen=True)
class SettledRoll:
    """The dice of one roll once still, when they settled, and the roll's number in the stream."""

    dice: tuple[DieReading, ...]
    timestamp: float
    index: int
    reread: bool = False  # not a roll: the last one's dice, untouched where they lay, read with other faces

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(sorted(d.value for d in self.dice))


def _centre(d: DieReading) -> tuple[float, float, float]:
    if d.box is None:
        return (0.0, 0.0, 0.0)
    x1, y1, x2, y2 = d.box
    return ((x1 + x2) / 2, (y1 + y2) / 2, max(x2 - x1, y2 - y1))


def same_dice(a: Sequence[DieReading], b: Sequence[DieReading], move_tolerance: float = 0.35,
              colours: bool = True) -> bool:
    """True when both frames show the same dice: equal values (and colours, unless ``colours`` is False; unread
    dice: unread in both), each within ``move_tolerance`` x its size of where it was (matched greedily, nearest
    first)."""
    return len(a) == len(b) and None not in _pair(a, b, move_tolerance, colours)


def _pair(a: Sequence[DieReading], b: Sequence[DieReading], move_tolerance: float,
          colours: bool, faces: bool = True) -> list[DieReading | None]:
    """For each die of ``a``, the die of ``b`` it is (same value unless not ``faces``, near, nearest first), or
    None."""
    unmatched = list(b)
    pairs: list[DieReading | None] = []
    for da in a:
        ax, ay, asize = _centre(da)
        best, best_dist = None, None
        for db in unmatched:
            if faces and (db.unread != da.unread or (not da.unread and (db.value != da.value or
                                                                        (colours and db.color != da.color)))):
                continue
            bx, by, bsize = _centre(db)
            dist = ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5
            if dist <= move_tolerance * max(asize, bsize, 1.0) and (best_dist is None or dist < best_dist):
                best, best_dist = db, dist
        if best is not None:
            unmatched.remove(best)
        pairs.append(best)
    return pairs


def pair_dice(a: Sequence[DieReading], b: Sequence[DieReading], move_tolerance: float = 0.35,
              faces: bool = True) -> list[DieReading | None]:
    """For each die of ``a``, the die of ``b`` lying at its place (with the same face, unless not ``faces``;
    colours aside), or None: how a frame's dice are matched to a settled roll's."""
    return _pair(a, b, move_tolerance, colours=False, faces=faces)


def _voted_colours(current: tuple[DieReading, ...], still: list[tuple[DieReading, ...]],
                   move_tolerance: float) -> tuple[DieReading, ...]:
    """``current``'s dice, each with the colour most of the ``still`` frames gave it (ties: the latest)."""
    names: list[list[str | None]] = [[] for _ in current]
    for frame in still:  # oldest first
        for k, match in enumerate(_pair(current, frame, move_tolerance, colours=False)):
            if match is not None:
                names[k].append(match.color)
    voted = []
    for die, seen in zip(current, names):
        best = max(seen[::-1], key=seen.count) if seen else die.color  # max keeps the first: the latest
        voted.append(die if best == die.color else replace(die, color=best))
    return tuple(voted)


class RollSettler:
    """Feed it every frame's readings; it returns a SettledRoll once per roll, else None.

    ``stable_frames``: how many consecutive frames with the same dice (values, places) make them 'stopped'.
    ``move_tolerance``: how far (in die sizes) a die may jitter between frames and still be still.
    ``report_empty``: whether an empty table counts as a roll (normally not).
    """

    def __init__(self, stable_frames: int = 5, move_tolerance: float = 0.35, report_empty: bool = False):
        if stable_frames < 1:
            raise ValueError("stable_frames must be at least 1")
        self.stable_frames = int(stable_frames)
        self.move_tolerance = float(move_tolerance)
        self.report_empty = report_empty
        self._still: list[tuple[DieReading, ...]] = []  # the current still run's first stable_frames frames
        self._count = 0
        self._reported: tuple[DieReading, ...] | None = None
        self._touched: list[bool] = []  # for each reported die: whether something may have moved it since
        self._reread: tuple[DieReading, ...] | None = None  # the reported roll's dice as last reported read anew
        self._rolls = 0
        self._last_time: float | None = None

    @property
    def rolls_reported(self) -> int:
        return self._rolls

    def reset(self) -> None:
        """Forget everything (a new game): the next still table is a new roll."""
        self._still, self._count, self._reported, self._last_time = [], 0, None, None
        self._touched, self._reread = [], None

    def update(self, readings: Sequence[DieReading], timestamp: float,
               moved: Callable[[tuple], bool] | None = None) -> SettledRoll | None:
        """``moved``: whether anything moved near a box (x1, y1, x2, y2) this frame (the table's motion watch);
        None: no motion watch, a die is touched when a frame lacks it."""
        if self._last_time is not None and timestamp < self._last_time:
            raise ValueError(f"frame timestamps must not go back in time ({timestamp} < {self._last_time})")
        self._last_time = timestamp
        current = tuple(readings)
        self._note_touches(current, moved)
        if self._still and same_dice(current, self._still[0], self.move_tolerance, colours=False):
            self._count += 1  # compared with the run's first frame, so a slow drift is not still
        else:
            self._count, self._still = 1, []
        if self._count <= self.stable_frames:
            self._still.append(current)
        if self._count != self.stable_frames:
            return None  # still moving, or this still scene was already judged
        if not current and not self.report_empty:
            return None
        if self._reported is not None and same_dice(current, self._reported, self.move_tolerance, colours=False):
            return None  # the same dice in the same places: nothing was rolled
        current = _voted_colours(current, self._still, self.move_tolerance)
        if self._read_anew(current):  # the same dice where they lay, faces read anew on untouched ones
            if self._reread is not None and same_dice(current, self._reread, self.move_tolerance, colours=False):
                return None  # already said
            self._reread = current
            return SettledRoll(dice=current, timestamp=timestamp, index=self._rolls, reread=True)
        self._reported, self._touched, self._reread = current, [False] * len(current), None
        self._rolls += 1
        return SettledRoll(dice=current, timestamp=timestamp, index=self._rolls)

    def _note_touches(self, current: tuple[DieReading, ...], moved: Callable[[tuple], bool] | None) -> None:
        """Mark the reported dice something may have moved this frame: motion near them, or (no motion watch) no
        die at their place."""
        if self._reported is None:
            return
        if moved is not None:
            marks = [die.box is None or moved(die.box) for die in self._reported]
        else:
            marks = [match is None for match in _pair(self._reported, current, self.move_tolerance, colours=False,
                                                       faces=False)]
        self._touched = [was or now for was, now in zip(self._touched, marks)]

    def _read_anew(self, current: tuple[DieReading, ...]) -> bool:
        """Whether ``current`` is the reported dice in their places, faces changed only on dice nothing touched."""
        if self._reported is None or len(current) != len(self._reported):
            return False
        pairs = _pair(self._reported, current, self.move_tolerance, colours=False, faces=False)
        return None not in pairs and all(
            not touched or (now.value == die.value and now.unread == die.unread)
            for die, now, touched in zip(self._reported, pairs, self._touched))
