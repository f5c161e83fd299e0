"""The table profile: the dice this table's players corrected, and the small head that reads with them.

Why: the shipped readers learnt from a few hundred photos of other tables. Every correction on the phone ("that's
a 4", "not a die", a doubtful roll confirmed as read) is a labelled crop of this table's dice, under its light,
through its camera. The profile keeps those crops (``ProfileStore``, profile_store.py, in the data directory's
``profile/``, nothing leaves the Pi) and ``TableProfile`` reads with them, with no training framework at run time:

- each die's embedding is the face reader's penultimate features (companion/vision/embedding.py) at its four
  quarter-turns, standardised by the profile's own examples and averaged, so it says what kind of die it is;
- the dice of the profile within ``near`` (cosine) of it vote for their labels, each weighted by its closeness;
- their vote is blended with the shipped reader's probabilities by how much the profile has seen of that kind of
  die (weight w = votes / (votes + ``prior``)): a die unlike every example is read exactly as the reader reads it,
  so a profile cannot lower the reader on dice it has not seen (benchmarks/dice.py --learn-first measures it);
- "not a die" examples vote too: a die the profile is sure is no die (w x its share over one half) is dropped; a
  die seen but not read is read where the profile knows its kind well and agrees on its face.

``near`` 0.8, ``prior`` 1 and ``sharpness`` 5 were chosen on the held-out photos of byler-d6, penlington-wood and
epanemu-dice, learning from each set's first ten (benchmarks/dice.py --learn-first 10, docs/vision/profile.md).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

import numpy as np

from companion.core import DieReading
from companion.vision.arbiter import _there
from companion.vision.profile_store import NOT_A_DIE


class TableProfile:
    """A per-table head on the face reader's embedding: fitted from ``features`` (N x 4 x D, see Embedder) and
    their ``labels`` (1-6, 0: not a die) in well under a second; ``review`` blends it with the shipped reader."""

    def __init__(self, features: np.ndarray, labels: Sequence[int], near: float = 0.8, prior: float = 1.0,
                 sharpness: float = 5.0, seen: np.ndarray | None = None):
        """``seen``: features of other dice of this table (M x 4 x D): with the examples, what a die's features
        are standardised by, so that a profile of a few examples still tells them apart."""
        self.labels = np.asarray(labels, np.int64)
        self.near, self.prior, self.sharpness = float(near), float(prior), float(sharpness)
        features = np.asarray(features, np.float32)
        if len(features):
            flat = features.reshape(-1, features.shape[-1])
            if seen is not None and len(seen):
                flat = np.concatenate([flat, np.asarray(seen, np.float32).reshape(-1, flat.shape[-1])])
            self.mean, self.spread = flat.mean(axis=0), flat.std(axis=0) + 0.05
            self.examples = self._embed(features)
        else:
            self.mean = self.spread = None
            self.examples = np.zeros((0, 0), np.float32)

    def __len__(self) -> int:
        return len(self.labels)

    def _embed(self, features: np.ndarray) -> np.ndarray:
        """Unit embeddings of N x 4 x D features: standardised, each turn made unit length, averaged."""
        turns = _unit((features - self.mean) / self.spread)
        return _unit(turns.mean(axis=1))

    def votes(self, features: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """For each die (N x 4 x D features): the profile's weight w (0: it has seen nothing like it) and its
        vote (N x 7: not a die, then faces 1-6)."""
        weights, votes = np.zeros(len(features)), np.zeros((len(features), 7))
        if not len(self) or not len(features):
            return weights, votes
        closeness = self._embed(np.asarray(features, np.float32)) @ self.examples.T
        for k, row in enumerate(closeness):
            near = row >= self.near
            if near.any():
                strength = np.exp((row[near] - 1.0) * self.sharpness)
                weights[k] = strength.sum() / (strength.sum() + self.prior)
                votes[k] = np.bincount(self.labels[near], weights=strength, minlength=7) / strength.sum()
        return weights, votes

    def review(self, dice: Sequence[DieReading], features: np.ndarray) -> list[DieReading | None]:
        """``dice`` (their features N x 4 x D) as the profile reads them; a die it has seen nothing like is kept
        as it is. A die it is sure is no die is None; one seen but not read becomes read where it knows its kind
        and face well."""
        weights, votes = self.votes(features)
        out = []
        for die, w, vote in zip(dice, weights, votes):
            if w <= 0:
                out.append(die)
                continue
            not_a_die = w * vote[NOT_A_DIE]
            if not_a_die > 0.5:
                out.append(None)  # this table's players said such a thing is no die
                continue
            reader = np.asarray(die.probabilities if die.probabilities is not None else
                                [1.0 if v == die.value else 0.0 for v in range(1, 7)], np.float64)
            faces = (1 - w) * reader / max(reader.sum(), 1e-12) + w * vote[1:]
            faces = faces / max(faces.sum(), 1e-12)
            value = int(np.argmax(faces)) + 1
            there = (1 - w) * _there(die) + w * (1.0 - vote[NOT_A_DIE])
            unread = die.unread and not (not_a_die < 0.1 and w > 0.5 and faces[value - 1] > 0.7)
            out.append(replace(die, value=value, unread=unread, probabilities=tuple(float(p) for p in faces),
                               confidence=float(np.clip(there * faces[value - 1], 0.0, 1.0))))
        return out


def _unit(x: np.ndarray) -> np.ndarray:
    return x / np.maximum(np.linalg.norm(x, axis=-1, keepdims=True), 1e-9)
