"""Labelled dice photos (YOLO text labels) and the fixed held-out split nobody trains on.

Why here: training, the benchmark and the tests must agree on which photos are held out,
so the split is a pure function of the file name (no random state, no list to keep in sync).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from companion.vision.shipped import CHECKOUT_MODELS

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp")
COLOUR_LABELS = CHECKOUT_MODELS / "labels"  # <set>-colours.json, labelled by eye (a checkout's, never installed)
MISSING_DICE = COLOUR_LABELS  # <set>-missing.json: dice a training photo shows but its label file lacks
VALUE_FIXES = COLOUR_LABELS  # <set>-values.json: training label lines whose value plainly differs from the die shown
AUDITS = COLOUR_LABELS  # <set>-audit.json: held-out label lines two blind looks both saw showing another value
BOARDS = COLOUR_LABELS  # <set>-boards.json: the photos that show a printed game board, where board art passes for dice
NO_PRODUCT_COLOUR = "other"  # a die none of the product's colour names fits (gold, brown, lime): not scored
SPLITS = ("heldout", "train", "all", "fit", "validation")  # fit + validation = train


def is_heldout(image_name: str) -> bool:
    """About one photo in five, chosen by a hash of the file name: never trained on or tuned on."""
    digest = hashlib.sha1(Path(image_name).name.encode("utf-8")).digest()
    return digest[0] % 5 == 0


def is_validation(image_name: str) -> bool:
    """About one training photo in five (another byte of the same hash): a training config that trains on the
    "fit" split leaves them out, so models can be compared on photos they have not seen without the held-out."""
    digest = hashlib.sha1(Path(image_name).name.encode("utf-8")).digest()
    return not is_heldout(image_name) and digest[1] % 5 == 0


@dataclass(frozen=True)
class LabelledDie:
    value: int
    box: tuple[float, float, float, float]  # x1, y1, x2, y2 in pixels


@dataclass(frozen=True)
class LabelledImage:
    path: Path
    dice: tuple[LabelledDie, ...]


def read_yolo_labels(label_path: Path, width: int, height: int) -> tuple[LabelledDie, ...]:
    """`CLASS CX CY W H` relative to the image; CLASS 0..5 is face value 1..6."""
    dice = []
    for line_no, line in enumerate(Path(label_path).read_text().splitlines(), 1):
        parts = line.split()
        if not parts:
            continue
        if len(parts) != 5:
            raise ValueError(f"{label_path}:{line_no}: expected 'CLASS CX CY W H', got {line!r}")
        cls, cx, cy, w, h = int(parts[0]), *(float(p) for p in parts[1:])
        if not 0 <= cls <= 5:
            raise ValueError(f"{label_path}:{line_no}: class {cls} is not a face 0..5")
        dice.append(LabelledDie(cls + 1, ((cx - w / 2) * width, (cy - h / 2) * height,
                                          (cx + w / 2) * width, (cy + h / 2) * height)))
    return tuple(dice)


def list_labelled(folder: str | Path, split: str = "all") -> list[tuple[Path, Path]]:
    """(image, label) path pairs of a folder laid out as images/ + labels/, filtered by split."""
    if split not in SPLITS:
        raise ValueError(f"split must be one of {SPLITS}, got {split!r}")
    folder = Path(folder)
    images_dir = folder / "images"
    if not images_dir.is_dir():
        raise FileNotFoundError(f"{folder} has no images/ folder")
    pairs = []
    for image in sorted(images_dir.iterdir()):
        if image.suffix.lower() not in IMAGE_SUFFIXES:
            continue
        if not _in_split(image.name, split):
            continue
        pairs.append((image, folder / "labels" / (image.stem + ".txt")))
    return pairs


def _in_split(image_name: str, split: str) -> bool:
    if split == "all":
        return True
    if split == "heldout":
        return is_heldout(image_name)
    if split == "train":
        return not is_heldout(image_name)
    return is_validation(image_name) == (split == "validation") and not is_heldout(image_name)  # fit, validation


def load_labelled(folder: str | Path, split: str = "all", add_missing: bool = False,
                  fix_values: bool = False, audited: bool = False) -> list[LabelledImage]:
    """Every labelled photo of the split, with boxes in pixels (reads each image's size).

    ``add_missing``: also the dice our own list (models/labels/<set>-missing.json) adds to training photos
    whose label file lacks them; ``fix_values``: with the values our list (models/labels/<set>-values.json)
    corrects on training photos. Held-out photos keep the labels as given, unless ``audited``: then with the
    values our blind audit of every held-out die (models/labels/<set>-audit.json) changed. Training never
    asks for that, so nothing learns from the audit; only the benchmark offers it, beside the labels as given.
    """
    import cv2

    listed = missing_dice_for(folder) if add_missing else None
    missing = load_missing_dice(listed) if listed else {}
    fixes_path = value_fixes_for(folder) if fix_values else None
    fixes = load_value_fixes(fixes_path) if fixes_path else {}
    audit_path = audit_for(folder) if audited else None
    audit = load_audit(audit_path) if audit_path else {}
    out = []
    for image, label in list_labelled(folder, split):
        img = cv2.imread(str(image), cv2.IMREAD_UNCHANGED)
        if img is None:
            raise ValueError(f"{image} is not a readable image")
        h, w = img.shape[:2]
        dice = read_yolo_labels(label, w, h) if label.exists() else ()
        if not is_heldout(image.name):
            dice = _fixed(dice, fixes.get(image.name, {}), label) + missing.get(image.name, ())
        else:
            dice = _fixed(dice, audit.get(image.name, {}), label)
        out.append(LabelledImage(image, dice))
    return out


def missing_dice_for(folder: str | Path) -> Path | None:
    """The list of dice missing from a real set's training labels (models/labels/<set>-missing.json), if any."""
    return _our_file(MISSING_DICE, folder, "missing")


def load_missing_dice(path: str | Path) -> dict[str, tuple[LabelledDie, ...]]:
    """Image name -> the dice its label file lacks (value 1..6, box x1, y1, x2, y2 in pixels)."""
    import json

    out = {}
    for name, dice in json.loads(Path(path).read_text())["images"].items():
        out[name] = tuple(LabelledDie(int(d["value"]), tuple(float(v) for v in d["box"])) for d in dice)
        for die in out[name]:
            x1, y1, x2, y2 = die.box
            if not 1 <= die.value <= 6 or not (x1 < x2 and y1 < y2):
                raise ValueError(f"{path}: {name} has a die with value {die.value} and box {list(die.box)}")
    return out


def value_fixes_for(folder: str | Path) -> Path | None:
    """The list of value corrections to a real set's training labels (models/labels/<set>-values.json), if any."""
    return _our_file(VALUE_FIXES, folder, "values")


def load_value_fixes(path: str | Path) -> dict[str, dict[int, tuple[int, int]]]:
    """Image name -> {label line number (from 1): (value labelled, value shown)}."""
    import json

    out: dict[str, dict[int, tuple[int, int]]] = {}
    for name, fixes in json.loads(Path(path).read_text())["images"].items():
        for fix in fixes:
            line, labelled, shown = int(fix["line"]), int(fix["labelled"]), int(fix["value"])
            if line < 1 or not (1 <= labelled <= 6 and 1 <= shown <= 6) or labelled == shown:
                raise ValueError(f"{path}: {name} line {line} cannot change value {labelled} to {shown}")
            if line in out.get(name, {}):
                raise ValueError(f"{path}: {name} line {line} is listed twice")
            out.setdefault(name, {})[line] = (labelled, shown)
    return out


def audit_for(folder: str | Path) -> Path | None:
    """Our audit of a real set's held-out values (models/labels/<set>-audit.json), if there is one."""
    return _our_file(AUDITS, folder, "audit")


def load_audit(path: str | Path) -> dict[str, dict[int, tuple[int, int]]]:
    """Like load_value_fixes; an audit that names a training photo is refused (training has its own list)."""
    audit = load_value_fixes(path)
    trained_on = sorted(name for name in audit if not is_heldout(name))
    if trained_on:
        raise ValueError(f"{path}: {', '.join(trained_on)} are training photos, not held-out ones")
    return audit


def _fixed(dice: tuple[LabelledDie, ...], fixes: dict[int, tuple[int, int]], label: Path) -> tuple[LabelledDie, ...]:
    """The label file's dice with the listed values corrected; a list that no longer fits the file is refused."""
    dice = list(dice)
    for line, (labelled, shown) in fixes.items():
        if line > len(dice) or dice[line - 1].value != labelled:
            raise ValueError(f"{label}: line {line} is not a {labelled} as our value list says: "
                             "the label file has changed, so check the list again")
        dice[line - 1] = LabelledDie(shown, dice[line - 1].box)
    return tuple(dice)


def board_photos_for(folder: str | Path) -> Path | None:
    """The list of a real set's photos that show a game board (models/labels/<set>-boards.json), if any."""
    return _our_file(BOARDS, folder, "boards")


def load_board_photos(path: str | Path) -> frozenset[str]:
    """The names of the photos the list says show a game board."""
    import json

    names = json.loads(Path(path).read_text())["images"]
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names) or len(set(names)) != len(names):
        raise ValueError(f"{path}: 'images' must list each photo's file name once")
    return frozenset(names)


def colour_labels_for(folder: str | Path) -> Path | None:
    """The colour-label file of a real set (models/labels/<set>-colours.json), if there is one."""
    return _our_file(COLOUR_LABELS, folder, "colours")


def _our_file(directory: Path, folder: str | Path, kind: str) -> Path | None:
    """``directory``/<set>-<kind>.json, one of the files we made about a real set, if there is one."""
    path = directory / f"{Path(folder).name}-{kind}.json"
    return path if path.is_file() else None


def load_colour_labels(path: str | Path) -> dict[str, tuple[str, ...]]:
    """Image name -> body colour of each die, in the order of the image's label lines."""
    import json

    from companion.core import DIE_COLOURS

    images = json.loads(Path(path).read_text())["images"]
    for name, colours in images.items():
        unknown = set(colours) - set(DIE_COLOURS) - {NO_PRODUCT_COLOUR}
        if unknown:
            raise ValueError(f"{path}: {name} has unknown colours {sorted(unknown)}")
    return {name: tuple(colours) for name, colours in images.items()}
