"""The kinds of dice a game rolls — pip dice, colour dice — and one reader that reads the kinds asked for.

Why: the game knows what it rolls (GameEngine.dice_kinds: Hexors with a colour die rolls "colour"), and a
reader looking for the wrong kind either misses the die or reads a stray pip die as a roll. Each kind's model
is opened the first time a game asks for it; one that cannot be opened is reported (``errors``) and the other
kinds are still read.
"""

from __future__ import annotations

import logging
from typing import Callable, Iterable

import numpy as np

from companion.core import DieReading
from companion.vision.detector import ModelError

log = logging.getLogger(__name__)
KINDS = ("pips", "colour")


class DiceKinds:
    """Reads the dice of the kinds in ``kinds`` with one reader per kind, made by ``makers[kind]()`` when first
    needed. ``input_pixels`` is the pip reader's budget (table vision's dice window sizes frames by it)."""

    def __init__(self, makers: dict[str, Callable[[], object]], kinds: Iterable[str] = ("pips",)):
        self.makers = dict(makers)
        self.readers: dict[str, object] = {}
        self.errors: dict[str, str] = {}
        self.kinds: tuple[str, ...] = ()
        self.use(kinds)

    def use(self, kinds: Iterable[str]) -> None:
        """Read these kinds from the next frame on (each kind's model opened now, the first time)."""
        kinds = tuple(kinds)
        unknown = [k for k in kinds if k not in KINDS]
        if unknown or not kinds:
            raise ValueError(f"dice kinds must be some of {', '.join(KINDS)}, got {list(kinds)}")
        for kind in kinds:
            if kind not in self.readers and kind not in self.errors:
                try:
                    self.readers[kind] = self.makers[kind]()
                except ModelError as exc:
                    self.errors[kind] = str(exc)
                    log.error("%s — %s dice will not be read; rolls can still be entered on the phone", exc, kind)
        self.kinds = kinds

    @property
    def error(self) -> str:
        """What keeps a kind the game rolls from being read ("" when every one is read)."""
        return "; ".join(self.errors[k] for k in self.kinds if k in self.errors)

    @property
    def input_pixels(self) -> int | None:
        reader = self.readers.get("pips") or next(iter(self.readers.values()), None)
        return getattr(reader, "input_pixels", None)

    def read(self, image: np.ndarray, pixels: int | None = None) -> list[DieReading]:
        readings: list[DieReading] = []
        for kind in self.kinds:
            reader = self.readers.get(kind)
            if reader is not None:
                readings += reader.read(image, pixels=pixels)
        return sorted(readings, key=lambda r: -r.confidence)
