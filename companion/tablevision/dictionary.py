"""Which printed markers the camera looks for: an OpenCV ArUco/AprilTag dictionary chosen by name.

Why a name and not an object: the dictionary is a setting (config, layout files, ``--dictionary``), and
players and docs use OpenCV's own names (``DICT_5X5_100``, ``DICT_APRILTAG_36h11``). A dictionary kept in a
file (``custom:PATH.yml``, OpenCV's ``writeDictionary`` format) is accepted too.

The default, ``DICT_5X5_100``: 100 ids cover every game's anchors, tiles and pieces; 5x5 bits (7 cells a side
with the border) still read at about 20 px of marker side, where 6x6 dictionaries need more pixels; and any two
of its markers differ in at least 7 bits under every rotation (``min_distance``), so a misread bit or two can
never turn one piece into another (4x4 dictionaries keep only 3-4 bits apart). docs/vision/table.md has the table.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # OpenCV and numpy are loaded by the functions that draw or find markers, not by a layout's check
    import cv2
    import numpy as np

DEFAULT_DICTIONARY = "DICT_5X5_100"
CUSTOM_PREFIX = "custom:"
#: How many markers OpenCV's predefined dictionaries hold besides DICT_<n>X<n>_<count>, by name (either case of the
#: AprilTag suffix), so that a layout's marker ids are checked without loading OpenCV (tests compare with cv2.aruco).
PREDEFINED_SIZES = {"DICT_ARUCO_ORIGINAL": 1024, "DICT_APRILTAG_16h5": 30, "DICT_APRILTAG_25h9": 35,
                    "DICT_APRILTAG_36h10": 2320, "DICT_APRILTAG_36h11": 587, "DICT_ARUCO_MIP_36h12": 250}
_SQUARE = re.compile(r"DICT_([4-7])X\1_(50|100|250|1000)")


class DictionaryError(ValueError):
    """A dictionary name OpenCV does not know, or a custom dictionary file that cannot be read."""


def predefined_names() -> list[str]:
    import cv2

    return sorted(n for n in dir(cv2.aruco) if n.startswith("DICT_") and isinstance(getattr(cv2.aruco, n), int))


@lru_cache(maxsize=16)
def marker_dictionary(name: str = DEFAULT_DICTIONARY) -> cv2.aruco.Dictionary:
    """The OpenCV dictionary called ``name`` (``DICT_...`` or ``custom:PATH.yml``)."""
    import cv2

    _check_name(name)
    if name.startswith(CUSTOM_PREFIX):
        return _read_custom(Path(name[len(CUSTOM_PREFIX):]))
    value = getattr(cv2.aruco, name, None) if name.startswith("DICT_") else None
    if not isinstance(value, int):
        raise _unknown(name)
    return cv2.aruco.getPredefinedDictionary(value)


def marker_count(name: str = DEFAULT_DICTIONARY) -> int:
    """How many markers the dictionary called ``name`` holds (ids 0 to this, excluded); an OpenCV predefined name
    is answered without loading OpenCV (the service checks its layout at start, before its first answer)."""
    _check_name(name)
    square = _SQUARE.fullmatch(name)
    if square:
        return int(square.group(2))
    known = {**PREDEFINED_SIZES, **{key.upper(): size for key, size in PREDEFINED_SIZES.items()}}.get(name)
    if known is not None:
        return known
    return dictionary_size(marker_dictionary(name))  # a custom file, or a name newer than this table


def _check_name(name: str) -> None:
    if not isinstance(name, str) or not name:
        raise DictionaryError(f"a marker dictionary must be an OpenCV name such as {DEFAULT_DICTIONARY}, got {name!r}")
    if not name.startswith((CUSTOM_PREFIX, "DICT_")):
        raise _unknown(name)


def _unknown(name: str) -> DictionaryError:
    return DictionaryError(f"unknown marker dictionary {name!r}; use one of OpenCV's names, e.g. "
                           f"{DEFAULT_DICTIONARY}, DICT_4X4_50, DICT_6X6_250, DICT_APRILTAG_36h11, or custom:FILE.yml")


def _read_custom(path: Path) -> cv2.aruco.Dictionary:
    import cv2

    if not path.is_file():
        raise DictionaryError(f"custom marker dictionary {path}: no such file")
    storage = cv2.FileStorage(str(path), cv2.FILE_STORAGE_READ)
    try:  # the FileStorage must stay open while the dictionary is read from its root node
        dictionary = cv2.aruco.Dictionary()
        if not storage.isOpened() or not dictionary.readDictionary(storage.root()):
            raise DictionaryError(f"custom marker dictionary {path}: not an OpenCV dictionary file")
    finally:
        storage.release()
    return dictionary


def dictionary_size(dictionary: cv2.aruco.Dictionary) -> int:
    return int(dictionary.bytesList.shape[0])


def min_distance(dictionary: cv2.aruco.Dictionary) -> int:
    """The fewest bits by which any two markers differ, over the four turns of the second one."""
    import cv2
    import numpy as np

    size = dictionary.markerSize
    n = dictionary_size(dictionary)
    bits = np.stack([np.asarray(cv2.aruco.Dictionary.getBitsFromByteList(dictionary.bytesList[i:i + 1], size))
                     .reshape(size, size) for i in range(n)]).astype(np.int8)
    turns = np.stack([np.rot90(bits, k, axes=(1, 2)).reshape(n, -1) for k in range(4)])  # (4, n, bits)
    flat = turns[0]
    best = size * size
    for i in range(n - 1):
        diff = (turns[:, i + 1:, :] != flat[i]).sum(axis=2)
        best = min(best, int(diff.min()))
    return best


def marker_image(dictionary: cv2.aruco.Dictionary, marker_id: int, side_px: int) -> np.ndarray:
    """A printable marker (black on white, no quiet zone) of ``side_px`` pixels, via OpenCV."""
    import cv2

    if not 0 <= marker_id < dictionary_size(dictionary):
        raise DictionaryError(f"marker id {marker_id} is not in this dictionary (0-{dictionary_size(dictionary) - 1})")
    return cv2.aruco.generateImageMarker(dictionary, int(marker_id), int(side_px))
