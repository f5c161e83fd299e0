"""Dice the camera sees but cannot read are reported apart, flagged unread, where the reader is asked to; the dice
it reads are the same either way, and an unread candidate on a read die is that die again."""

import cv2
import pytest

from companion.core import DieReading
from companion.vision import DiceReader
from companion.vision.labels import load_labelled
from companion.vision.scoring import match
from companion.vision.unread import away_from
from tests.conftest import SHARED

EPANEMU = SHARED / "data" / "dice-real" / "epanemu-dice"


def _die(value, x, y, side, confidence=0.8, unread=False):
    return DieReading(value, None, (x, y, x + side, y + side), confidence, unread=unread)


def test_an_unread_candidate_on_or_beside_a_read_die_is_that_die_and_two_on_one_spot_are_one():
    read = [_die(6, 100, 100, 60)]
    pip = _die(1, 115, 115, 14, 0.1, unread=True)  # one of the 6's pips
    half = _die(4, 140, 100, 60, 0.1, unread=True)  # the same die, its box slid 40 px: a third of it shared
    apart = _die(2, 300, 100, 50, 0.12, unread=True)
    again = _die(5, 305, 104, 48, 0.09, unread=True)  # the die apart, found a second time
    assert away_from([pip, half, again, apart], read) == [apart]
    assert away_from([], read) == [] and away_from([apart], []) == [apart]


@pytest.fixture(scope="module")
def readers():
    return DiceReader(threads=1, read_colour=False), DiceReader(threads=1, read_colour=False, unread=True)


@pytest.mark.parametrize("name", ["dice_142_48e390.jpg", "dice_233_2e8758.jpg"])
def test_a_die_whose_face_the_reader_cannot_read_is_reported_unread_where_it_lies(readers, name):
    """Two dice on epanemu photos: one read, the other seen (the face readers call it a die) but its face read
    with too little confidence. Without ``unread`` it is dropped and the roll looks one die short."""
    item = next(i for i in load_labelled(EPANEMU, "all") if i.path.name == name)
    assert len(item.dice) == 2
    image = cv2.imread(str(item.path))
    plain, with_unread = (reader.read(image) for reader in readers)
    read = [d for d in with_unread if not d.unread]
    assert read == plain and len(plain) == 1  # the dice read are the same either way
    unread = [d for d in with_unread if d.unread]
    assert len(unread) == 1 and unread[0].confidence < readers[1].confidence
    labels = [(d.value, d.box) for d in item.dice]
    (_, read_label), = match([(d.value, d.box) for d in plain], labels)
    missed = [labels[1 - read_label]]
    assert match([(0, unread[0].box)], missed) == [(0, 0)]  # the unread die is the one the reader missed
    assert with_unread.index(unread[0]) == len(with_unread) - 1  # after the read dice
