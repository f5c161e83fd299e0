"""One die found twice is reported once; two dice side by side, or a twin read as another value, are kept."""

import cv2

from companion.core import DieReading
from companion.vision import DiceReader, detector
from companion.vision.labels import load_labelled
from companion.vision.scoring import Score
from companion.vision.twins import one_die, without_twins
from tests.conftest import SHARED

EPANEMU = SHARED / "data" / "dice-real" / "epanemu-dice"


def _die(value, x, y, side, confidence=0.8):
    return DieReading(value, None, (x, y, x + side, y + side), confidence)


def test_two_boxes_each_holding_the_other_centre_are_one_die_and_dice_side_by_side_are_two():
    assert one_die((100, 100, 160, 160), (110, 105, 150, 145))  # the die at two sizes
    assert one_die((100, 100, 160, 160), (125, 100, 185, 160))  # re-placed 25 px apart, under half a side
    assert not one_die((100, 100, 160, 160), (162, 100, 222, 160))  # touching, a side apart
    assert not one_die((100, 100, 160, 160), (100, 135, 160, 195))  # stacked in a column, 35 px apart


def test_the_surer_of_two_readings_of_one_die_is_kept_in_the_order_given():
    sure, twin = _die(3, 100, 100, 60, 0.9), _die(3, 112, 104, 56, 0.5)
    beside = _die(3, 170, 100, 60, 0.7)  # another 3 touching it
    assert without_twins([twin, beside, sure]) == [beside, sure]
    assert without_twins([sure, twin]) == [sure]


def test_twins_reading_different_values_are_both_kept_for_the_referee_to_weigh():
    readings = [_die(3, 100, 100, 60, 0.9), _die(5, 112, 104, 56, 0.5)]
    assert without_twins(readings) == readings
    unplaced = DieReading(3, None, None, 0.4)  # a reading with no box (a phone's) is never a twin
    assert without_twins([readings[0], unplaced]) == [readings[0], unplaced]


# Training photos (never held-out ones) where the shipped models find one die twice, the face reader re-placing two
# detector peaks onto it: two dice on a printed board (numpy 2), fifteen on cloth (numpy 1.26, make test's second run).
TWINNED = ("dice_204_12350e.jpg", "dice_394_3b6703.jpg")


def _twins(readings):
    """The pairs of readings that are one die read twice with one value (what twins.without_twins drops)."""
    return [(a, b) for i, a in enumerate(readings) for b in readings[i + 1:]
            if one_die(a.box, b.box) and a.value == b.value]


def test_a_die_the_reader_finds_twice_in_a_photo_is_reported_once(monkeypatch):
    photos = [i for i in load_labelled(EPANEMU, "train") if i.path.name in TWINNED]
    assert len(photos) == len(TWINNED)
    reader = DiceReader(threads=1, read_colour=False)
    twinned = 0
    for item in photos:
        image = cv2.imread(str(item.path))
        labels = [(d.value, d.box) for d in item.dice]
        monkeypatch.setattr(detector, "without_twins", without_twins)
        readings = reader.read(image)
        monkeypatch.setattr(detector, "without_twins", list)
        raw = reader.read(image)
        pairs = _twins(raw)
        twinned += bool(pairs)
        assert len(readings) == len(raw) - len(pairs) <= len(labels)  # each twin reported once, and no die more
        assert not _twins(readings)
        if item.path.name == TWINNED[0] and pairs:
            assert Score().add(item.path.name, [(r.value, r.box) for r in readings], labels)  # read entirely right
    assert twinned >= 1
