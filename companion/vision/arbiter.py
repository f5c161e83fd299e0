"""The arbiter: once a roll has settled, its few unsure dice are read again by a much bigger face reader.

Why there and only then: the face readers are small so that a Pi reads every still frame in time, and on the
validation photos that size is what they lack. The arbiter (models/dice_faces_arbiter.onnx, 93 times a face
reader's compute) reads those photos far better but takes about 10 ms a die on one x86 core. A roll settles once,
and only a handful of its dice are unsure: the dice seen but not read, and the read dice less sure than ``below``.

What it may change, and no more: an unread die it reads with ``accept`` or more becomes a read die of that value;
an unsure read die takes its value, or becomes unread where it sees no die there. It never adds a die where the
camera saw none.

What the referee is handed: the arbiter's face probabilities softened by ``temperature`` (it is too sure of itself
on the dice it reads: at 1.6 the true faces of the validation photos' unsure dice are likeliest, as printed by
models/arbiter_temperature.py), so the rules-aware reading weighs a misread die's other faces; and a confidence
made as the reader makes one, with the camera's own evidence that a die lies there. The arbiter reads faces: it
does not make a phantom on the board art surer to be a die (rules-aware reading's ``sure_die`` judges a roll with
too many dice by that).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

import numpy as np

from companion.core import DieReading
from companion.vision.face_reading import NOT_A_DIE


class Arbiter:
    """Reads a settled roll's unsure dice with the arbiter model's ``session`` (opened by ``reader``, checked to take
    its face readers' crops and answer their classes), on the crops those face readers cut."""

    def __init__(self, reader, session, below: float, accept: float, most: int, temperature: float = 1.0):
        self.check(below, accept, temperature)
        self.reader, self.session = reader, session
        self.below, self.accept, self.most = float(below), float(accept), max(0, int(most))
        self.temperature = float(temperature)
        self.looks = 0  # dice read, for the benchmark's cost figures

    @staticmethod
    def check(below: float, accept: float, temperature: float) -> None:
        """ValueError for settings no arbiter could work with (raised as the reader is made, not at its first roll)."""
        if not 0.0 <= below <= 1.0 or not 0.0 < accept <= 1.0:
            raise ValueError("arbiter_below and arbiter_accept are probabilities (0-1; accept above 0)")
        if not temperature > 0:
            raise ValueError("arbiter_temperature must be above 0")

    def review(self, image: np.ndarray, dice: Sequence[DieReading]) -> list[DieReading]:
        """The settled dice with the unsure ones (at most ``most``, least sure first) read by the arbiter."""
        unsure = [k for k, d in enumerate(dice) if d.box is not None and self.asks_about(d)]
        unsure = sorted(unsure, key=lambda k: (not dice[k].unread, dice[k].confidence))[:self.most]
        out = list(dice)
        if not unsure:
            return out
        probabilities = self.reader.read_crops(image, [dice[k].box for k in unsure], self.session)
        self.looks += len(unsure)
        for k, p, faces in zip(unsure, probabilities, np.asarray(self.reader.face_values(probabilities), np.float64)):
            value = int(np.argmax(faces)) + 1
            die = dice[k]
            if die.unread:
                if faces[value - 1] >= self.accept:
                    out[k] = self._read(die, value, faces)
            elif p[NOT_A_DIE] > 0.5 and p[NOT_A_DIE] > faces[value - 1]:
                out[k] = replace(die, unread=True)
            else:
                out[k] = self._read(die, value, faces)
        return out

    def asks_about(self, die: DieReading) -> bool:
        """Whether a settled die is one the arbiter reads again: seen but not read, or read less sure than ``below``."""
        return die.unread or die.confidence < self.below

    def _read(self, die: DieReading, value: int, faces: np.ndarray) -> DieReading:
        """``die`` showing ``value``: the arbiter's face probabilities at its temperature, and the reader's kind of
        confidence (centre score x P(a die) x the value's probability) with the camera's evidence of a die there."""
        shares = softened(faces, self.temperature)
        return replace(die, value=value, confidence=float(np.clip(_there(die) * shares[value - 1], 0.0, 1.0)),
                       unread=False, probabilities=tuple(float(v) for v in shares))


def softened(faces: np.ndarray, temperature: float) -> np.ndarray:
    """Face probabilities (1-6) summing to 1, their logits divided by ``temperature``."""
    shares = np.clip(faces / max(float(faces.sum()), 1e-12), 1e-12, 1.0) ** (1.0 / temperature)
    return shares / shares.sum()


def _there(die: DieReading) -> float:
    """The camera's evidence that a die lies where ``die`` is: its confidence without its value's probability, or
    the confidence itself where the reader gave no probabilities."""
    if die.probabilities is None:
        return die.confidence
    return min(1.0, die.confidence / max(die.probabilities[die.value - 1], 1e-9))
