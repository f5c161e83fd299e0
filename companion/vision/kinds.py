"""The kinds of dice a game rolls — pip dice, colour dice — and one reader that reads the kinds asked for.

Why: the game knows what it rolls (GameEngine.dice_kinds: Hexors with a colour die rolls "colour"), and a
reader looking for the wrong kind either misses the die or reads a stray pip die as a roll. Each kind's model
is opened the first time a game asks for it; one that cannot be opened is reported (``error``) and the other
kinds are still read. A colour die's faces are blank, so where the pip reader reads a die with some confidence
(``vet_above``), a colour reading is a coloured pip die and is dropped (``vet_colour``): the pip reader runs for that
even when the game rolls no pip dice. 0.4 was chosen on rendered frames of seed 99 and the byler and epanemu
training photos (models/colour_dice.md): the lowest that keeps every colour die the reader alone reads
there (the pip reader takes a few blank faces for a doubtful die), it drops 34 of the 52 phantoms on those photos.
"""

from __future__ import annotations

import logging
from typing import Callable, Iterable

import numpy as np

from companion.core import DieReading, centre_inside
from companion.vision.detector import EMBLEM_FACES
from companion.vision.model_files import ModelError

log = logging.getLogger(__name__)
KINDS = ("pips", "colour")
KINDS_FR = {"pips": "à points", "colour": "de couleur"}
VET_ABOVE = 0.4  # a pip reading this sure marks a coloured pip die (module docstring)


class DiceKinds:
    """Reads the dice of the kinds in ``kinds`` with one reader per kind, made by ``makers[kind]()`` when first
    needed. ``input_pixels`` is the pip reader's budget (table vision's dice window sizes frames by it)."""

    def __init__(self, makers: dict[str, Callable[[], object]], kinds: Iterable[str] = ("pips",),
                 vet_colour: bool = True, vet_above: float = VET_ABOVE, emblem_face: int | None = None):
        self.makers = dict(makers)
        self.vet_colour, self.vet_above = vet_colour, vet_above
        self.readers: dict[str, object] = {}
        self.errors: dict[str, str] = {}
        self.kinds: tuple[str, ...] = ()
        self.table_emblem: dict[str, int] = {}  # each reader's own emblem face (the table's setting)
        self.use(kinds, emblem_face)

    def use(self, kinds: Iterable[str], emblem_face: int | None = None) -> None:
        """Read these kinds from the next frame on (each kind's model opened now, the first time); ``emblem_face``:
        the value the game's dice have an emblem for (6 or 1), None for the table's setting."""
        kinds = tuple(kinds)
        unknown = [k for k in kinds if k not in KINDS]
        if unknown or not kinds:
            raise ValueError(f"dice kinds must be some of {', '.join(KINDS)}, got {list(kinds)}")
        if emblem_face is not None and emblem_face not in EMBLEM_FACES:
            raise ValueError(f"an emblem stands for 6 or 1, not {emblem_face!r}")
        for kind in kinds + (("pips",) if "colour" in kinds and self.vet_colour else ()):
            self._open(kind)
        pip_reader = self.readers.get("pips")
        if hasattr(pip_reader, "use_arbiter"):  # it reviews settled rolls of pip dice alone (review_settled)
            pip_reader.use_arbiter(kinds == ("pips",))
        for kind, reader in self.readers.items():
            if kind in self.table_emblem:
                reader.emblem_face = emblem_face or self.table_emblem[kind]
        self.kinds = kinds

    def _open(self, kind: str) -> None:
        if kind in self.readers or kind in self.errors:
            return
        try:
            self.readers[kind] = self.makers[kind]()
            if hasattr(self.readers[kind], "emblem_face"):
                self.table_emblem[kind] = self.readers[kind].emblem_face
        except ModelError as exc:
            self.errors[kind] = str(exc)
            log.error("%s — %s dice will not be read; rolls can still be entered on the phone", exc, kind)

    @property
    def error(self) -> str:
        """What keeps a kind the game rolls from being read ("" when every one is read)."""
        return "; ".join(self.errors[k] for k in self.kinds if k in self.errors)

    @property
    def error_fr(self) -> str:
        """The same in French; the model file's own fault is left as the reader gave it."""
        return " ; ".join(f"les dés {KINDS_FR[k]} ne sont pas lus ({self.errors[k]})"
                          for k in self.kinds if k in self.errors)

    @property
    def input_pixels(self) -> int | None:
        reader = self.readers.get("pips") or next(iter(self.readers.values()), None)
        return getattr(reader, "input_pixels", None)

    def read(self, image: np.ndarray, pixels: int | None = None) -> list[DieReading]:
        pip_reader, colour_reader = self.readers.get("pips"), self.readers.get("colour")
        wanted_pips = "pips" in self.kinds or ("colour" in self.kinds and self.vet_colour)
        pips = pip_reader.read(image, pixels=pixels) if pip_reader is not None and wanted_pips else []
        readings = list(pips) if "pips" in self.kinds else []
        if "colour" in self.kinds and colour_reader is not None:
            colour = colour_reader.read(image, pixels=pixels)
            if self.vet_colour:
                sure = [p for p in pips if p.confidence >= self.vet_above]
                colour = [d for d in colour if not any(_same_die(d.box, p.box) for p in sure)]
            readings += colour
        return sorted(readings, key=lambda r: -r.confidence)

    def review_settled(self, image: np.ndarray, dice: list[DieReading]) -> list[DieReading]:
        """A settled roll's dice with the pip reader's arbiter's second look (companion/vision/arbiter.py); a game
        that also rolls a colour die keeps its dice as read (the arbiter reads pips, never a colour face)."""
        pip_reader = self.readers.get("pips")
        if self.kinds != ("pips",) or pip_reader is None or not hasattr(pip_reader, "review_settled"):
            return list(dice)
        return pip_reader.review_settled(image, dice)


def _same_die(a, b) -> bool:
    """Either box's centre lies in the other: the two readers found one die."""
    if a is None or b is None:
        return False
    return centre_inside(a, b) or centre_inside(b, a)
