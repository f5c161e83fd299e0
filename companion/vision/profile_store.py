"""The table profile's store: the dice this table's players corrected, kept in the data directory's ``profile/``.

Why apart from companion/vision/profile.py (the head that reads with them): the service opens the store at its
start (a damaged index is told to the phones), and this module loads no numpy or OpenCV, so the first answer after
a restart does not wait for them; a crop is written or read with OpenCV when one is (the camera loaded it then).
"""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import shutil
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from companion.core import Text
from companion.damaged import set_aside
from companion.files import write_atomically

if TYPE_CHECKING:
    import numpy as np

log = logging.getLogger(__name__)
NOT_A_DIE = 0  # an example's label for "not a die"; 1-6 are faces
MOST = 400  # examples kept: the oldest go first
AROUND = 3.0  # a "not a die" example also keeps its neighbourhood, this many crops wide
HOW = ("corrected", "confirmed", "not a die", "photo")
PICTURE = re.compile(r"([0-9A-Za-z]+)(-around)?\.png")  # an example's crop or neighbourhood, by its id


@dataclass(frozen=True)
class Example:
    """One die of the profile: its crop file's id, its label (1-6, or 0: not a die), where it came from."""

    id: str
    label: int
    game: str = ""
    colour: str | None = None
    at: float = 0.0
    how: str = "corrected"
    read: int | None = None  # the face the camera had read (None: a "?", a photo, or kept before it was noted)

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
        self.pushed_out = 0  # examples the bound has pushed out since the start (the oldest first)
        self.notice: Text | None = None
        self.examples: list[Example] = self._load()

    @property
    def index(self) -> Path:
        return self.folder / "index.json"

    def _load(self) -> list[Example]:
        if not self.index.exists():
            self._remove_unnamed(set())
            return []
        try:
            data = json.loads(self.index.read_text(encoding="utf-8"))
            examples = [Example(**item) for item in data["examples"]]
            for example in examples:
                if (not 0 <= example.label <= 6 or example.how not in HOW or not example.id.isalnum()
                        or example.read not in (None, 1, 2, 3, 4, 5, 6)):
                    raise ValueError(f"example {example.id!r} is not one the profile makes")
        except (OSError, ValueError, TypeError, KeyError, AttributeError) as exc:
            return self._damaged(exc)
        kept = [e for e in examples if (self.folder / f"{e.id}.png").is_file()]
        self._remove_unnamed({e.id for e in kept})
        if len(kept) < len(examples):  # deleted by hand, or lost: what is counted is what is learnt
            lost = len(examples) - len(kept)
            log.warning("the table profile's index names %d crop(s) not in %s; they are forgotten", lost, self.folder)
            self.notice = Text(f"The table profile had lost {lost} of its pictures; the camera forgot those "
                               "corrections and keeps the others.",
                               f"Le profil de la table avait perdu {lost} de ses images ; la caméra a oublié ces "
                               "corrections et garde les autres.")
        if len(kept) > self.most:  # vision.profile_size lowered since: the oldest go now, as they would at an add
            log.info("the table profile keeps %d of its %d examples (vision.profile_size)", self.most, len(kept))
            self._delete(kept[:-self.most])
            kept = kept[-self.most:]
        if len(kept) < len(examples):
            try:
                self._save(kept)
            except OSError as exc:  # a read-only card: the lost ones are left out all the same
                log.warning("the table profile's index could not be written: %s", exc)
        return kept

    def _damaged(self, exc: Exception) -> list[Example]:
        """An index that cannot be read is set aside, its pictures with it (they teach nothing without their
        labels, and would eat the card for ever), and a new profile starts."""
        try:
            kept = set_aside(self.index)
        except OSError as error:  # a read-only card: the profile starts empty all the same, until a restart
            log.warning("the table profile's index %s could not be read (%s) nor set aside (%s)", self.index, exc,
                        error)
            self.notice = Text("The table profile is damaged, and the companion's card cannot be written: the camera "
                               "reads as shipped.", "Le profil de la table est endommagé, et la carte du compagnon ne "
                               "peut pas être écrite : la caméra lit comme à sa livraison.")
            return []
        pictures = self._set_pictures_aside(kept.with_suffix(""))
        log.warning("the table profile's index %s could not be read (%s); kept as %s with its %d picture(s), a new "
                    "profile starts", self.index, exc, kept.name, pictures)
        with_pictures = Text(f", with its {pictures} picture{'s' if pictures != 1 else ''} in {kept.stem}/",
                             f", avec ses {pictures} image{'s' if pictures != 1 else ''} dans {kept.stem}/")
        if not pictures:
            with_pictures = Text("", "")
        self.notice = Text(f"The table profile was damaged; it is kept as {kept.name}{with_pictures.en}, and the "
                           "camera learns this table's dice again from your corrections.",
                           f"Le profil de la table était endommagé ; il est conservé sous le nom {kept.name}"
                           f"{with_pictures.fr}, et la caméra réapprend les dés de cette table à partir de vos "
                           "corrections.")
        return []

    def _pictures(self) -> list[Path]:
        try:
            return [p for p in self.folder.iterdir() if PICTURE.fullmatch(p.name) and p.is_file()]
        except OSError:
            return []

    def _set_pictures_aside(self, aside: Path) -> int:
        """Move the pictures of a damaged index into ``aside`` (a folder named like the index kept); only the
        latest damaged profile's pictures are kept (one profile's worth on the card at most). How many moved."""
        pictures, moved = self._pictures(), 0
        if not pictures:
            return 0
        try:
            for older in self.folder.glob("index.damaged-*"):
                if older.is_dir() and older != aside:
                    shutil.rmtree(older)
            aside.mkdir(mode=0o700, exist_ok=True)
            for picture in pictures:
                os.replace(picture, aside / picture.name)
                moved += 1
        except OSError as exc:  # a read-only card: the new profile starts all the same, beside them
            log.warning("the damaged table profile's pictures could not be set aside in %s: %s", aside, exc)
        return moved

    def _remove_unnamed(self, named: set[str]) -> None:
        """Pictures the index does not name (a power cut between a picture and its index, a crop lost beside its
        neighbourhood) are removed: they count against nothing and would eat the card."""
        unnamed = [p for p in self._pictures() if PICTURE.fullmatch(p.name).group(1) not in named]
        try:
            for picture in unnamed:
                picture.unlink(missing_ok=True)
        except OSError as exc:  # a read-only card: they stay until it can be written
            log.warning("the table profile's pictures its index does not name could not be removed: %s", exc)
            return
        if unnamed:
            log.info("removed %d picture(s) the table profile's index does not name", len(unnamed))

    def _save(self, examples: list[Example]) -> None:
        """The index of ``examples`` written, then held: an index the card refuses (OSError) changes neither."""
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_atomically(self.index, json.dumps({"examples": [e.to_json() for e in examples]}))
        self.examples = examples
        self.version += 1

    def add(self, crop: np.ndarray, label: int, game: str = "", colour: str | None = None, how: str = "corrected",
            around: np.ndarray | None = None, replaces: str | None = None, read: int | None = None) -> Example:
        """Keep one die's crop with its label (the example ``replaces`` goes: the same die corrected again)."""
        if not 0 <= int(label) <= 6 or how not in HOW:
            raise ValueError(f"a profile example is a face 1-6 or 0 (not a die), by one of {HOW}")
        example = Example(secrets.token_hex(8), int(label), game, colour, time.time(), how, read)
        import cv2

        with self.lock:
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            examples = [e for e in self.examples if e.id != replaces] + [example]
            pushed = examples[:-self.most]
            try:
                if not cv2.imwrite(str(self.folder / f"{example.id}.png"), crop):
                    raise OSError(f"the profile could not write {example.id}.png")
                if around is not None:
                    cv2.imwrite(str(self.folder / f"{example.id}-around.png"), around)
                gone = [e for e in self.examples if e.id == replaces] + pushed
                self._save(examples[-self.most:])
            except OSError:
                self._delete([example])  # no crop left without its entry
                raise
            self.pushed_out += len(pushed)
            self._delete(gone)
        return example

    def remove(self, example_id: str) -> bool:
        with self.lock:
            gone = [e for e in self.examples if e.id == example_id]
            if gone:
                self._save([e for e in self.examples if e.id != example_id])
                self._delete(gone)
            return bool(gone)

    def reset(self) -> int:
        """Forget every example; how many there were."""
        with self.lock:
            gone = self.examples
            self._save([])
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
        import cv2

        path = self.folder / f"{example.id}.png"
        image = cv2.imread(str(path), cv2.IMREAD_COLOR) if path.is_file() else None
        if image is None:
            log.warning("the table profile's crop %s could not be read; that correction is forgotten", path.name)
            with self.lock:  # what is counted and shown is what is learnt
                try:
                    if path.exists():
                        set_aside(path)
                    self._save([e for e in self.examples if e.id != example.id])
                    self._delete([example])
                except OSError as exc:  # a read-only card: left out now, set aside when it can be written
                    log.warning("the table profile's crop %s could not be set aside: %s", path.name, exc)
                    self.examples = [e for e in self.examples if e.id != example.id]
                    self.version += 1
        return image
