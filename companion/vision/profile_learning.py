"""How the table profile learns: from the players' corrections of settled camera rolls, or from labelled photos.

``TableLearning`` is the service's part. At each settled roll of pip dice (``DiceReader.review_settled``) it reads
the dice with the profile (companion/vision/profile.py) and keeps the last few rolls' crops; it listens to the
bus's ``entry`` events, and a phone's entry whose dice carry a camera die's box is matched to those crops: a die
given another face (or a "?" given one) is kept as "corrected", a camera roll the players sent as read after a doubt
as "confirmed", a die taken out of a roll as "not a die" (with its neighbourhood).

``photo_examples`` makes the same examples from a folder laid out as images/ + labels/ (YOLO): the reader reads
each photo, and each die it found is labelled by the labelled die it lies on, or "not a die".
"""

from __future__ import annotations

import collections
import logging
import threading
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Sequence

import cv2
import numpy as np

from companion.core import DieReading, Text
from companion.vision.embedding import Embedder
from companion.vision.profile import TableProfile
from companion.vision.profile_store import AROUND, MOST, NOT_A_DIE, Example, ProfileStore

log = logging.getLogger(__name__)
ROLLS_KEPT = 8  # settled rolls whose crops wait for a correction
SEEN_KEPT = 200  # the latest settled dice whose features standardise the profile's (TableProfile's ``seen``)
AROUND_SIZE = 96  # pixels of a kept neighbourhood's side


class ProfileFolderError(ValueError):
    """A learning folder that cannot be used; the message names the file."""


def rects(dice: Sequence[DieReading]) -> list[tuple[float, float, float, float]]:
    """Each die's box as (x, y, w, h), as the face readers take it."""
    return [(x0, y0, x1 - x0, y1 - y0) for x0, y0, x1, y1 in (d.box for d in dice)]


@dataclass
class SettledCrops:
    """One settled roll's dice as reported, their crops and neighbourhoods, and what was learnt from each."""

    dice: list[DieReading]
    crops: np.ndarray
    around: np.ndarray
    features: np.ndarray  # N x 4 x D, so a die learnt needs no look again
    learnt: dict[int, str] = field(default_factory=dict)  # die index -> its example's id


class TableLearning:
    """The profile in ``folder`` (the data directory's ``profile/``), kept up to date from the phones' corrections
    and read with at each settled roll."""

    def __init__(self, folder: Path, most: int = MOST, rolls: int = ROLLS_KEPT, store: ProfileStore | None = None):
        """``store``: the profile in ``folder`` opened already (the service opens it at its start)."""
        self.store = store if store is not None else ProfileStore(folder, most)
        self._rolls: collections.deque[SettledCrops] = collections.deque(maxlen=max(1, int(rolls)))
        self._features: dict[str, np.ndarray] = {}  # example id -> its 4 x D features
        self._seen: collections.deque[np.ndarray] = collections.deque(maxlen=SEEN_KEPT)
        self._seen_fitted = 0  # how many dice had been seen when the head was fitted
        self._embedder: Embedder | None = None
        self._profile: tuple[tuple, TableProfile] | None = None
        self._lock = threading.Lock()

    # -- reading -------------------------------------------------------------------------
    def embedder(self, reader) -> Embedder:
        """The face reader's features, opened once for its model."""
        if self._embedder is None or self._embedder.path != reader.faces_path:
            self._embedder, self._features, self._profile = Embedder(reader.faces_path, reader.threads), {}, None
        return self._embedder

    def profile(self, reader) -> TableProfile:
        """The head fitted on the examples kept now (refitted only when they changed)."""
        embedder = self.embedder(reader)
        key = (self.store.version, embedder.path)
        fresh = len(self._seen) < 2 * self._seen_fitted + 10  # refitted as the dice seen double, up to SEEN_KEPT
        if self._profile is not None and self._profile[0] == key and (fresh or len(self._seen) == SEEN_KEPT):
            return self._profile[1]
        examples = self.store.snapshot()
        missing = [e for e in examples if e.id not in self._features]
        crops = [(e, self.store.crop(e)) for e in missing]
        readable = [(e, c) for e, c in crops if c is not None and c.shape[:2] == (reader.crop_size,) * 2]
        if readable:
            found = embedder.features(np.stack([c for _, c in readable]))
            self._features.update({e.id: f for (e, _), f in zip(readable, found)})
        kept = [e for e in examples if e.id in self._features]
        self._features = {e.id: self._features[e.id] for e in kept}  # forgotten examples' features go too
        features = np.stack([self._features[e.id] for e in kept]) if kept else np.zeros((0, 4, 1), np.float32)
        seen = np.stack(self._seen) if self._seen else None
        profile = TableProfile(features, [e.label for e in kept], seen=seen)
        self._profile, self._seen_fitted = (key, profile), len(self._seen)
        return profile

    def settled(self, reader, image: np.ndarray, dice: Sequence[DieReading]) -> list[DieReading]:
        """A settled roll's dice read with the profile; their crops kept for a correction to come."""
        boxed = [d for d in dice if d.box is not None]
        if not boxed or getattr(reader, "faces", None) is None:
            return list(dice)
        with self._lock:
            crops = reader.cut_crops(image, rects(boxed))
            features = self.embedder(reader).features(crops)
            profile = self.profile(reader)
            reviewed = profile.review(boxed, features) if len(profile) else boxed
            self._seen.extend(features)
            kept = [k for k, d in enumerate(reviewed) if d is not None]
            around = reader.cut_crops(image, rects(boxed), grow=AROUND, size=AROUND_SIZE)
            shown = [reviewed[k] for k in kept]
            self._rolls.append(SettledCrops(shown, crops[kept], around[kept], features[kept]))
        return shown + [d for d in dice if d.box is None]

    # -- learning --------------------------------------------------------------------------
    def on_bus(self, event, pips_only: bool = True) -> Text | None:
        """The bus listener: learn from a phone's entry that names a kept camera roll's dice by their boxes; a camera
        roll as journaled (the rules-aware reading may have taken a die's second-best face) is what a correction is
        compared with. What the players are told: what was learnt, or why nothing was (None: nothing to say).
        ``pips_only``: the game rolls pip dice alone (a game with a colour die is read without the profile)."""
        if event.topic != "entry" or event.data.get("source") not in ("phone", "camera", "simulated"):
            return None
        entry = event.data.get("event") or {}
        said = [d for d in entry.get("dice") or () if isinstance(d, dict) and isinstance(d.get("box"), list)]
        if not said:
            return None
        try:
            said_dice = [DieReading.from_json(d) for d in said]
        except ValueError:
            return None
        if event.data.get("source") != "phone":
            self.journaled(said_dice)
            return None
        game = str((event.data.get("state") or {}).get("game") or "")
        try:
            found, learnt, pushed, taken_back, not_kept = self._learn(said_dice, entry.get("type") == "correct", game)
        except OSError as exc:  # a full or failing SD card: the game goes on, the profile learns nothing
            log.warning("the table profile could not keep a correction: %s", exc)
            found, learnt, pushed, taken_back, not_kept = True, [], 0, 0, 1
        if not_kept and not learnt and not taken_back:
            return Text("The camera could not keep what this correction taught it: the companion's card could "
                        "not be written.", "La caméra n’a pas pu garder ce que cette correction lui apprenait : "
                        "la carte du compagnon n’a pas pu être écrite.")
        if not found and not pips_only:
            return Text("The camera learns from corrections of pip dice only: this game's colour die is read as "
                        "shipped.", "La caméra n’apprend que des corrections de dés à points : le dé de couleur de "
                        "ce jeu est lu tel quel.")
        if not found:
            return Text(f"The camera learnt nothing from this: it does not hold this roll's pictures (it keeps "
                        f"those of its last {ROLLS_KEPT} rolls, until a restart).",
                        "La caméra n’en a rien appris : elle n’a pas les images de ce lancer (elle garde celles de "
                        f"ses {ROLLS_KEPT} derniers lancers, jusqu’à un redémarrage).")
        if not learnt and not taken_back:
            return None
        return learnt_words(learnt, len(self.store.snapshot()), self.store.most, pushed, taken_back, not_kept)

    def journaled(self, dice: Sequence[DieReading]) -> None:
        """A kept roll's dice take the faces the camera's entry was journaled with."""
        with self._lock:
            roll, pairs = self._match(dice)
            for k, die in pairs.items() if roll is not None else ():
                roll.dice[k] = replace(roll.dice[k], value=die.value, unread=die.unread)

    def learn(self, said: Sequence[DieReading], corrected: bool, game: str = "") -> int:
        """Keep what the players ``said`` about a kept roll's dice (matched by box); how many examples were kept.
        ``corrected``: a correction of a played roll (dice left as read teach nothing); else a roll the players
        sent themselves after the camera's doubt (dice left as read are confirmed)."""
        return len(self._learn(said, corrected, game)[1])

    def _learn(self, said: Sequence[DieReading], corrected: bool,
               game: str) -> tuple[bool, list[Example], int, int, int]:
        """``learn``: whether a kept roll was found, the examples kept, how many old ones the bound pushed out, how
        many were taken back, and how many lessons the card refused (the first refusal stops the rest: those kept
        before it stay, and are said). A die said again as before teaches nothing new; a corrected die (or one
        taken out) said back to its read face takes its lesson back (a mistaken tap mended); a confirmed one
        stays."""
        with self._lock:
            roll, pairs = self._match(said)
            if roll is None:
                return False, [], 0, 0, 0
            lessons = self._lessons(roll, pairs, corrected, {e.id: e for e in self.store.snapshot()})
            learnt, taken_back, pushed_before = [], 0, self.store.pushed_out
            for done, (k, lesson, before) in enumerate(lessons):
                try:
                    if lesson is None:  # taken back
                        if self.store.remove(before.id):
                            del roll.learnt[k]
                            taken_back += 1
                        continue
                    label, how, colour, read = lesson
                    example = self.store.add(roll.crops[k], label, game, colour, how,
                                             around=roll.around[k] if label == NOT_A_DIE else None,
                                             replaces=before.id if before is not None else None, read=read)
                except OSError as exc:  # a full or failing card: what was kept before stays kept
                    log.warning("the table profile kept %d of a correction's %d lessons: %s", done, len(lessons), exc)
                    return True, learnt, self.store.pushed_out - pushed_before, taken_back, len(lessons) - done
                roll.learnt[k] = example.id
                self._features[example.id] = roll.features[k]
                learnt.append(example)
            return True, learnt, self.store.pushed_out - pushed_before, taken_back, 0

    @staticmethod
    def _lessons(roll: SettledCrops, pairs: dict[int, DieReading], corrected: bool,
                 known: dict[str, Example]) -> list[tuple[int, tuple | None, Example | None]]:
        """What each die of ``roll`` teaches: (die index, (label, how, colour, face read) or None to take its lesson
        back, the example it has taught already)."""
        lessons = []
        for k, die in enumerate(roll.dice):
            told, before = pairs.get(k), known.get(roll.learnt.get(k, ""))
            if told is None:
                if die.unread:
                    continue  # a "?" left alone: nothing was said about it
                label, how, colour = NOT_A_DIE, "not a die", die.color
            elif die.unread or told.value != die.value:
                label, how, colour = told.value, "corrected", told.color
            elif not corrected:
                label, how, colour = told.value, "confirmed", told.color
            else:
                if before is not None and before.how != "confirmed":
                    lessons.append((k, None, before))
                continue
            if before is not None and (before.label, before.how, before.colour) == (label, how, colour):
                continue  # said already: the same lesson again
            lessons.append((k, (label, how, colour, None if die.unread else die.value), before))
        return lessons

    def _match(self, said: Sequence[DieReading]) -> tuple[SettledCrops | None, dict[int, DieReading]]:
        """The newest kept roll most of whose dice ``said`` names by their boxes, and which said die each is."""
        best, best_pairs = None, {}
        for roll in reversed(self._rolls):
            pairs = {}
            for told in said:
                k = _same_place(told, roll.dice, pairs)
                if k is not None:
                    pairs[k] = told
            if len(pairs) > len(best_pairs):
                best, best_pairs = roll, pairs
        if best is None or 2 * len(best_pairs) < len(said):
            return None, {}
        return best, best_pairs


def learnt_words(learnt: Sequence[Example], total: int, most: int, pushed: int = 0, taken_back: int = 0,
                 not_kept: int = 0) -> Text:
    """What the players are told when a correction taught the camera (or took a lesson back): each die's lesson,
    those the card refused, the count the settings show (dice learnt: a roll confirmed as read teaches each of its
    dice), and, once the profile is full, that the oldest went."""
    learnt = sorted(learnt, key=lambda e: (e.label == NOT_A_DIE, e.label))  # faces first, then "not a die"
    en = [("not a die" if e.label == NOT_A_DIE else f"a {e.label}") + (" as read" if e.how == "confirmed" else "")
          for e in learnt]
    fr = [("pas un dé" if e.label == NOT_A_DIE else f"un {e.label}") + (" tel que lu" if e.how == "confirmed" else "")
          for e in learnt]
    said = Text(f"The camera learnt: {', '.join(en)}." if en else "", f"La caméra a appris : {', '.join(fr)}." if fr
                else "")
    if taken_back:
        # counted in dice, as the count after it: a correction taken back forgets each die it taught
        said = Text(f"{said.en} The camera forgot " + ("1 die whose correction was taken back." if taken_back == 1
                                                         else f"{taken_back} dice whose correction was taken back."),
                    f"{said.fr} La caméra a oublié " + ("un dé dont la correction a été reprise." if taken_back == 1
                                                        else f"{taken_back} dés dont la correction a été reprise."))
    if not_kept:
        said = Text(f"{said.en} The companion's card could not be written: "
                    + ("1 die of this correction was not kept." if not_kept == 1 else
                       f"{not_kept} dice of this correction were not kept."),
                    f"{said.fr} La carte du compagnon n’a pas pu être écrite : "
                    + ("un dé de cette correction n’a pas été gardé." if not_kept == 1 else
                       f"{not_kept} dés de cette correction n’ont pas été gardés."))
    count = Text(f"It has learnt from {total} {'die' if total == 1 else 'dice'} at this table.",
                 f"Elle a appris de {total} dés à cette table." if total != 1 else
                 "Elle a appris d’un dé à cette table.")
    if not total:
        count = Text("Nothing learnt at this table now.", "Plus rien d’appris à cette table.")
    full = Text("", "")
    if pushed:
        full = Text(f" It keeps {most} dice: the oldest {'was' if pushed == 1 else f'{pushed} were'} forgotten.",
                    f" Elle en garde {most} : " + ("le plus ancien a été oublié." if pushed == 1 else
                                                   f"les {pushed} plus anciens ont été oubliés."))
    return Text(f"{said.en} {count.en}{full.en}".strip(), f"{said.fr} {count.fr}{full.fr}".strip())


def _same_place(told: DieReading, dice: Sequence[DieReading], taken: dict) -> int | None:
    """The die of ``dice`` (not yet ``taken``) whose box is ``told``'s (a phone sends a camera die's box back)."""
    tx0, ty0, tx1, ty1 = told.box
    for k, die in enumerate(dice):
        if k in taken or die.box is None:
            continue
        x0, y0, x1, y1 = die.box
        if max(abs(tx0 - x0), abs(ty0 - y0), abs(tx1 - x1), abs(ty1 - y1)) <= 0.1 * max(x1 - x0, y1 - y0, 1.0):
            return k
    return None


def photo_examples(reader, folder: str | Path) -> tuple[np.ndarray, list[int], list[str]]:
    """The crops and labels a labelled folder (images/ + labels/, YOLO, as ../shared/data/dice-real/) teaches, and
    the photos used; ProfileFolderError naming the file when the folder cannot be used: missing, empty, a label
    file without its photo or with a class outside 0-5, a photo that cannot be read (a 0-byte JPEG)."""
    from companion.vision.labels import IMAGE_SUFFIXES

    folder = Path(folder)
    images, labels = folder / "images", folder / "labels"
    if not folder.is_dir():
        raise ProfileFolderError(f"{folder}: no such folder")
    if not images.is_dir() or not labels.is_dir():
        raise ProfileFolderError(f"{folder}: needs an images/ and a labels/ folder")
    photos = {p.stem: p for p in sorted(images.iterdir()) if p.suffix.lower() in IMAGE_SUFFIXES}
    for label in sorted(labels.glob("*.txt")):
        if label.stem not in photos:
            raise ProfileFolderError(f"{label}: a label file without its photo in {images}")
    pairs = [(photo, labels / f"{stem}.txt") for stem, photo in photos.items() if (labels / f"{stem}.txt").exists()]
    if not pairs:
        raise ProfileFolderError(f"{folder}: no labelled photo (images/NAME.jpg with labels/NAME.txt)")
    return examples_from(reader, pairs)


def examples_from(reader, pairs: Sequence[tuple[Path, Path]]) -> tuple[np.ndarray, list[int], list[str]]:
    """Crops and labels of (photo, label file) pairs, read by ``reader`` (one with ``unread`` on finds more)."""
    from companion.vision.labels import read_yolo_labels
    from companion.vision.scoring import match

    crops, values, used = [], [], []
    for photo, label in pairs:
        image = cv2.imread(str(photo), cv2.IMREAD_COLOR) if photo.stat().st_size else None
        if image is None:
            size = photo.stat().st_size
            raise ProfileFolderError(f"{photo}: not a readable image" + (" (0 bytes)" if not size else ""))
        height, width = image.shape[:2]
        try:
            labelled = read_yolo_labels(label, width, height)
        except (ValueError, UnicodeDecodeError) as exc:
            raise ProfileFolderError(str(exc) if str(label) in str(exc) else f"{label}: {exc}") from exc
        dice = [d for d in reader.read(image) if d.box is not None]
        if not dice:
            continue
        found = dict(match([(d.value, d.box) for d in dice], [(d.value, d.box) for d in labelled]))
        crops.append(reader.cut_crops(image, rects(dice)))
        values += [labelled[found[k]].value if k in found else NOT_A_DIE for k in range(len(dice))]
        used.append(photo.name)
    size = getattr(reader, "crop_size", 1)
    return (np.concatenate(crops) if crops else np.zeros((0, size, size, 3), np.uint8)), values, used

