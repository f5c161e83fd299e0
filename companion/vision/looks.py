"""The face readers' looks at one frame's dice: which reader read which die at which turns, within a budget.

Why a ledger: a die can be read by one or two face readers, at one to four quarter-turns each, and a
frame may only spend so many looks (a look = one crop at one turn through one reader) to keep its
compute bounded. Each reader's answers for a die are averaged over the turns it read (turns 0..k-1,
always from the first), then the readers that looked at the die are averaged with equal weight.
"""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

# read(reader, boxes, turns) -> one row of probabilities per box, averaged over the turns
ReadFn = Callable[[int, np.ndarray, range], np.ndarray]


class FrameLooks:
    def __init__(self, read: ReadFn, readers: int, boxes: int, budget: int = 0):
        self._read = read
        self.turns = np.zeros((readers, boxes), np.int64)  # how many turns each reader has read of each box
        self._sums: np.ndarray | None = None
        self.budget = budget if budget > 0 else None  # None: no limit
        self.spent = 0

    def look(self, reader: int, boxes: Sequence[int], upto: int) -> None:
        """Read the given boxes through ``reader`` at the turns it has not read yet, up to ``upto`` turns."""
        boxes = np.asarray(boxes, np.int64)
        for start in np.unique(self.turns[reader, boxes]) if len(boxes) else ():
            group = boxes[self.turns[reader, boxes] == start]
            if start >= upto:
                continue
            probs = self._read(reader, group, range(int(start), upto))
            if self._sums is None:
                self._sums = np.zeros(self.turns.shape + (probs.shape[1],))
            self._sums[reader, group] += probs * (upto - start)
            self.turns[reader, group] = upto
            self.spent += len(group) * (upto - int(start))

    def forget(self, reader: int, boxes: Sequence[int]) -> None:
        """Drop what ``reader`` saw of these boxes (their crops were wrong); the looks stay spent."""
        boxes = np.asarray(boxes, np.int64)
        if self._sums is not None and len(boxes):
            self._sums[reader, boxes] = 0.0
        self.turns[reader, boxes] = 0

    def left(self) -> int | None:
        """How many looks the frame can still spend (None: no limit)."""
        return None if self.budget is None else max(0, self.budget - self.spent)

    def affordable(self, boxes: Sequence[int], reader_turns: Sequence[int]) -> np.ndarray:
        """The longest prefix of ``boxes`` whose looks (each reader up to its turns) fit in the budget left."""
        boxes = np.asarray(boxes, np.int64)
        if self.budget is None or not len(boxes):
            return boxes
        cost = sum(np.maximum(0, upto - self.turns[r, boxes]) for r, upto in enumerate(reader_turns))
        fits = np.cumsum(cost) <= self.budget - self.spent
        return boxes[: int(np.argmin(fits)) if not fits.all() else len(boxes)]

    def probabilities(self) -> np.ndarray:
        """Each box's probabilities: per reader over its turns, then over the readers that looked."""
        asked = self.turns > 0
        per_reader = self._sums / np.maximum(self.turns, 1)[..., None]
        return (per_reader * asked[..., None]).sum(axis=0) / np.maximum(asked.sum(axis=0), 1)[:, None]
