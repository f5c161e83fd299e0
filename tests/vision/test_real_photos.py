"""The shipped model on real photographs it never trained on (the held-out split of each real set).

Floors sit a few points under what benchmarks/dice.py measured for the shipped model (see
models/README.md), so a worse model fails here; they are floors, not the targets.
"""

import collections

import cv2
import pytest

from companion.vision import DiceReader
from companion.vision.labels import (board_photos_for, colour_labels_for, is_heldout, load_board_photos,
                                     load_colour_labels, load_labelled)
from companion.vision.scoring import ColourScore, Score, match
from tests.conftest import SHARED

REAL = SHARED / "data" / "dice-real"

# set name -> (floor on dice read correctly, floor on exact-roll rate), held-out split.
# Measured for the shipped models (benchmarks/dice.py, threshold 0.25, both face readers within 31 looks a frame,
# doubtful dice read again, each frame at its own shape, the pip rule, the second look, one die found twice counted
# once): byler 95.88% / 81.25%, penlington 100.00% / 100.00%, epanemu 86.60% / 69.01% (models/README.md; the detector
# and the face readers trained on epanemu's fit photos, never these); with numpy 1.26 and OpenCV 4.11 (make test's
# second run) byler 96.15% / 81.25%, penlington the same, epanemu 86.60% / 70.42%.
FLOORS = {
    "byler-d6": (0.95, 0.75),
    "penlington-wood": (0.98, 0.95),
    "epanemu-dice": (0.84, 0.66),
}


@pytest.fixture(scope="module")
def reader():
    return DiceReader(threads=2)


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_held_out_photos_are_read(reader, name):
    items = load_labelled(REAL / name, "heldout")
    assert len(items) >= 40 and all(is_heldout(i.path.name) for i in items)
    score = Score()
    for item in items:
        readings = reader.read(cv2.imread(str(item.path), cv2.IMREAD_COLOR))
        score.add(item.path.name, [(r.value, r.box) for r in readings], [(d.value, d.box) for d in item.dice])
    read_floor, exact_floor = FLOORS[name]
    assert score.read_correctly >= read_floor, f"{name}: read {score.read_correctly:.3f}, failures {score.failures}"
    assert score.exact_roll >= exact_floor, f"{name}: exact {score.exact_roll:.3f}"


# Dice found on epanemu's held-out photos of a game board (models/labels/epanemu-dice-boards.json) that are dice:
# measured 97.67%, 42 of 43 (numpy 1.26: 97.73%, 43 of 44) (models/README.md); the face readers before them, which
# never saw a board, 81.40%.
BOARD_PRECISION_FLOOR = 0.92


def test_board_art_on_held_out_photos_is_rarely_taken_for_dice(reader):
    folder = REAL / "epanemu-dice"
    boards = load_board_photos(board_photos_for(folder))
    items = [i for i in load_labelled(folder, "heldout") if i.path.name in boards]
    assert len(items) == 26
    score = Score()
    for item in items:
        readings = reader.read(cv2.imread(str(item.path), cv2.IMREAD_COLOR))
        score.add(item.path.name, [(r.value, r.box) for r in readings], [(d.value, d.box) for d in item.dice])
    assert score.precision >= BOARD_PRECISION_FLOOR, f"board precision {score.precision:.3f}"


# Colours of the found dice on byler's held-out photos, against colour labels made by eye
# (models/labels/byler-d6-colours.json): measured right 99.39%, wrong 0.61% (models/README.md).
COLOUR_FLOOR, COLOUR_WRONG_CEILING = 0.96, 0.03


def test_held_out_dice_colours_are_named(reader):
    folder = REAL / "byler-d6"
    labels = load_colour_labels(colour_labels_for(folder))
    items = load_labelled(folder, "heldout")
    assert {i.path.name for i in items} <= set(labels)  # every held-out photo carries colour labels
    score = ColourScore()
    for item in items:
        readings = reader.read(cv2.imread(str(item.path), cv2.IMREAD_COLOR))
        for i, j in match([(r.value, r.box) for r in readings], [(d.value, d.box) for d in item.dice]):
            score.add(readings[i].color, labels[item.path.name][j])
    assert score.named >= 300
    assert score.accuracy >= COLOUR_FLOOR, f"colour right {score.accuracy:.3f}"
    assert score.wrong <= COLOUR_WRONG_CEILING, f"colour wrong {score.wrong:.3f}"


def test_held_out_penlington_dice_are_white_ones_included(reader):
    # the penlington set's dice are all white (its README); its box of a 1 is drawn round the pip, so a 1's
    # colour is read from a wider patch (colour.ONE_MIN_CROP). Measured: 100.00% of 197 found dice white;
    # 94.24% before ONE_MIN_CROP, the 11 others all 1s read black or blue (measured when it was added: git log).
    items = load_labelled(REAL / "penlington-wood", "heldout")
    colours, ones = [], []
    for item in items:
        for r in reader.read(cv2.imread(str(item.path), cv2.IMREAD_COLOR)):
            colours.append(r.color)
            if r.value == 1:
                ones.append(r.color)
    assert len(colours) >= 180 and len(ones) >= 20
    assert colours.count("white") >= 0.97 * len(colours), collections.Counter(colours)
    assert ones.count("white") >= 0.9 * len(ones), collections.Counter(ones)
