"""A die the detector boxed as one of its own pips: read again at the size of the frame's other dice.

A 1 shows a single pip on a plain face; on a pale die over a pale mat the detector may centre its box on that pip
alone, at the pip's size. Cut that small, the face readers see a dot and call it "not a die", and the die is
dropped as if it were board art: a roll short of a die it never saw. A candidate the detector is sure of, turned
down as no die, boxed much smaller than the dice read in the same frame and lying on none of them, is read once
more in a box of their size centred on it (with no die read, its own box grown to a die's); it is kept as a die
only when the readers then say clearly which face it shows.
"""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np

#: a candidate boxed under this fraction of the frame's dice is looked at again when turned down
SMALLER_THAN = 0.6
#: at most this many a frame, surest first (two face-reader looks each, beyond the frame's budget)
AT_MOST = 3
#: with no die read in the frame (a duel's one die): the box grown this much, a 1's pip box being ~0.4 of the die
ALONE = 2.5
#: kept only when the readers, looking again, give one face at least this (a blank colour die reads no face so)
SURE = 0.8


def read_again(boxes: Sequence[Sequence[float]], scores: np.ndarray, face_probs: np.ndarray, not_a_die: int,
               min_score: float, read: Callable[[list], np.ndarray]) -> tuple[np.ndarray, list, int]:
    """``face_probs`` and ``boxes`` with each pip-sized candidate that reads as a die at the dice's size replaced,
    and how many were read again. ``read(boxes)``: the face readers' probabilities of those boxes."""
    is_die = 1.0 - face_probs[:, not_a_die]
    dice = [k for k in range(len(boxes)) if is_die[k] >= 0.5]
    side = float(np.median([max(boxes[k][2], boxes[k][3]) for k in dice])) if dice else None
    picked = [k for k in range(len(boxes)) if is_die[k] < 0.5 and scores[k] >= min_score
              and (side is None or max(boxes[k][2], boxes[k][3]) < SMALLER_THAN * side)
              and not any(_inside(_centre(boxes[k]), boxes[d]) for d in dice)]
    picked = sorted(picked, key=lambda k: -scores[k])[:AT_MOST]
    if not picked:
        return face_probs, list(boxes), 0
    sides = [side or ALONE * max(boxes[k][2], boxes[k][3]) for k in picked]
    wider = [[cx - s / 2, cy - s / 2, s, s] for (cx, cy), s in zip((_centre(boxes[k]) for k in picked), sides)]
    again = read(wider)
    probs, out = face_probs.copy(), list(boxes)
    for k, box, p in zip(picked, wider, again):
        if np.delete(p, not_a_die).max() >= SURE:
            probs[k], out[k] = p, box
    return probs, out, len(picked)


def _centre(box: Sequence[float]) -> tuple[float, float]:
    return box[0] + box[2] / 2, box[1] + box[3] / 2


def _inside(point: tuple[float, float], box: Sequence[float]) -> bool:
    return box[0] <= point[0] <= box[0] + box[2] and box[1] <= point[1] <= box[1] + box[3]
