"""The table profile: the dice this table's players corrected, and the small head that reads with them.

Why: the shipped readers learnt from a few hundred photos of other tables. Every correction on the phone ("that's
a 4", "not a die", a doubtful roll confirmed as read) is a labelled crop of this table's dice, under its light,
through its camera. The profile keeps those crops (``ProfileStore``, in the data directory's ``profile/``, nothing
leaves the Pi) and ``TableProfile`` reads with them, with no training framework at run time:

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

import json
import logging
import secrets
import threading
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Sequence

import cv2
import numpy as np

from companion.core import DieReading, Text
from companion.damaged import set_aside
from companion.files import write_atomically
from companion.vision.arbiter import _there

log = logging.getLogger(__name__)
NOT_A_DIE = 0  # an example's label for "not a die"; 1-6 are faces
MOST = 400  # examples kept: the oldest go first
AROUND = 3.0  # a "not a die" example also keeps its neighbourhood, this many crops wide
HOW = ("corrected", "confirmed", "not a die", "photo")


@dataclass(frozen=True)
class Example:
    """One die of the profile: its crop file's id, its label (1-6, or 0: not a die), where it came from."""

    id: str
    label: int
    game: str = ""
    colour: str | None = None
    at: float = 0.0
    how: str = "corrected"

    def to_json(self) -> dict:
        return asdict(self)


class ProfileStore:
    """``folder``/index.json lists the examples; ``<id>.png`` is each die's crop as the face readers cut it and
    ``<id>-around.png`` a "not a die" example's neighbourhood. At most ``most``, oldest first out. An index that
    cannot be read is set aside (companion/damaged.py) and a new profile starts; ``notice`` says so."""

    def __init__(self, folder: Path, most: int = MOST):
        self.folder = Path(folder)
        self.most = max(1, int(most))
        self.lock = threading.Lock()
        self.version = 0  # bumped at every change: the reader refits when it moved
        self.notice: Text | None = None
        self.examples: list[Example] = self._load()

    @property
    def index(self) -> Path:
        return self.folder / "index.json"

    def _load(self) -> list[Example]:
        if not self.index.exists():
            return []
        try:
            data = json.loads(self.index.read_text(encoding="utf-8"))
            examples = [Example(**item) for item in data["examples"]]
            for example in examples:
                if not 0 <= example.label <= 6 or example.how not in HOW or not example.id.isalnum():
                    raise ValueError(f"example {example.id!r} is not one the profile makes")
            return examples
        except (OSError, ValueError, TypeError, KeyError) as exc:
            kept = set_aside(self.index)
            log.warning("the table profile's index %s could not be read (%s); kept as %s, a new profile starts",
                        self.index, exc, kept.name)
            self.notice = Text(f"The table profile was damaged; it is kept as {kept.name} and the camera learns "
                               "this table's dice again from your corrections.",
                               f"Le profil de la table était endommagé ; il est conservé sous le nom {kept.name} et "
                               "la caméra réapprend les dés de cette table à partir de vos corrections.")
            return []

    def _save(self) -> None:
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_atomically(self.index, json.dumps({"examples": [e.to_json() for e in self.examples]}))
        self.version += 1

    def add(self, crop: np.ndarray, label: int, game: str = "", colour: str | None = None, how: str = "corrected",
            around: np.ndarray | None = None, replaces: str | None = None) -> Example:
        """Keep one die's crop with its label (the example ``replaces`` goes: the same die corrected again)."""
        if not 0 <= int(label) <= 6 or how not in HOW:
            raise ValueError(f"a profile example is a face 1-6 or 0 (not a die), by one of {HOW}")
        example = Example(secrets.token_hex(8), int(label), game, colour, time.time(), how)
        with self.lock:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            if not cv2.imwrite(str(self.folder / f"{example.id}.png"), crop):
                raise OSError(f"the profile could not write {example.id}.png")
            if around is not None:
                cv2.imwrite(str(self.folder / f"{example.id}-around.png"), around)
            gone = [e for e in self.examples if e.id == replaces]
            self.examples = [e for e in self.examples if e.id != replaces] + [example]
            gone += self.examples[:-self.most]
            self.examples = self.examples[-self.most:]
            self._save()
            self._delete(gone)
        return example

    def remove(self, example_id: str) -> bool:
        with self.lock:
            gone = [e for e in self.examples if e.id == example_id]
            if gone:
                self.examples = [e for e in self.examples if e.id != example_id]
                self._save()
                self._delete(gone)
            return bool(gone)

    def reset(self) -> int:
        """Forget every example; how many there were."""
        with self.lock:
            gone, self.examples = self.examples, []
            self._save()
            self._delete(gone)
            return len(gone)

    def _delete(self, examples: Sequence[Example]) -> None:
        for example in examples:
            for name in (f"{example.id}.png", f"{example.id}-around.png"):
                (self.folder / name).unlink(missing_ok=True)

    def picture(self, example_id: str) -> Path | None:
        """The file a phone shows for an example: its neighbourhood where kept, else its crop."""
        if not example_id.isalnum() or not any(e.id == example_id for e in self.snapshot()):
            return None
        around = self.folder / f"{example_id}-around.png"
        return around if around.is_file() else self.folder / f"{example_id}.png"

    def snapshot(self) -> list[Example]:
        with self.lock:
            return list(self.examples)

    def crop(self, example: Example) -> np.ndarray | None:
        """An example's crop; None (and the file set aside) when it cannot be read."""
        path = self.folder / f"{example.id}.png"
        image = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
        if image is None:
            log.warning("the table profile's crop %s could not be read; it is left out", path.name)
            if path.exists():
                set_aside(path)
        return image


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
