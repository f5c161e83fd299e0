"""The second look: a frame whose first pass failed is read again at a smaller scale; other frames pay nothing."""

import cv2
import pytest

from companion.config import load_config
from companion.core import DieReading
from companion.vision import DiceReader
from companion.vision.labels import load_labelled
from companion.vision.scoring import Score
from companion.vision.second_look import better_of, fragmented, needs_second_look
from tests.conftest import SHARED, models_script

BYLER = SHARED / "data" / "dice-real" / "byler-d6"


def _die(value, x, y, side, confidence=0.8):
    return DieReading(value, None, (x, y, x + side, y + side), confidence)


def test_a_die_found_twice_one_box_holding_the_other_centre_is_fragments():
    assert fragmented([_die(3, 100, 100, 60), _die(3, 110, 105, 40)])
    assert not fragmented([_die(3, 100, 100, 60), _die(5, 162, 100, 60)])  # two dice side by side, touching


def test_three_ones_in_a_chain_closer_than_dice_lie_are_the_pips_of_one_die():
    pips = [_die(1, 100, 100, 20), _die(1, 125, 100, 20), _die(1, 150, 100, 20)]  # 25 px apart, boxes 20 px
    assert fragmented(pips)
    assert not fragmented(pips[:2])  # two 1s side by side may be two dice: the chain needs three
    assert not fragmented([_die(1, 100 + 32 * k, 100, 20) for k in range(3)])  # 1.6 sides apart: dice
    assert not fragmented([_die(v, 100 + 25 * k, 100, 20) for k, v in enumerate((1, 4, 1))])  # not all 1s


def test_the_second_look_is_asked_for_only_when_the_first_pass_failed():
    one_die = [_die(4, 100, 100, 40)]
    assert needs_second_look([], candidates=3)  # candidates, none of them read as a die
    assert not needs_second_look([], candidates=0)  # nothing die-like at all: an empty table
    assert not needs_second_look(one_die, candidates=1)


def test_the_more_confident_reading_is_kept():
    first = [_die(1, 100, 100, 20, 0.4), _die(1, 125, 100, 20, 0.3)]
    again = [_die(6, 90, 90, 60, 0.9)]
    assert better_of(first, again) == again
    assert better_of([], again) == again
    assert better_of(first, []) == first
    assert better_of(first, [_die(6, 90, 90, 60, 0.2)]) == first


def test_the_second_look_keeps_the_first_pass_dice_away_from_what_it_read():
    # the first pass broke a close-up 6 into pips and read two small dice elsewhere; the second scale reads the 6
    # and loses the small dice: the 6 replaces its pips, the small dice stay
    pips = [_die(1, 100, 100, 20, 0.4), _die(1, 125, 100, 20, 0.3)]
    small = [_die(2, 300, 300, 18, 0.5), _die(5, 330, 300, 18, 0.35)]
    again = [_die(6, 90, 90, 60, 0.9)]
    assert better_of([*pips, *small], again) == [again[0], small[0], small[1]]


def test_the_reader_takes_the_shipped_setting_and_refuses_a_fraction_outside_zero_to_one():
    vision = load_config(None)["vision"]
    assert DiceReader.from_config(vision, threads=1).second_look == vision["second_look"] > 0
    assert DiceReader(threads=1).second_look == vision["second_look"]  # the class default is the shipped one
    for bad in (-0.1, 1.0, 2.0):
        with pytest.raises(ValueError, match="second_look"):
            DiceReader(threads=1, second_look=bad)


def _close_up(name: str, index: int, fill: float):
    """A byler training photo's die enlarged so its box is ``fill`` of a 480 x 480 frame (models/second_look.py)."""
    item = next(i for i in load_labelled(BYLER, "train") if i.path.name == name)
    die = item.dice[index]
    frame, _ = models_script("second_look").close_up(cv2.imread(str(item.path)), (die.value, die.box), fill)
    return frame, die.value


@pytest.mark.parametrize("name, index, fill, first_pass", [
    ("IMG_20191208_111803.jpg", 2, 0.6, "pips"),  # a 6 filling 60% of the frame: its pips read as small dice
    ("IMG_20191208_111228.jpg", 2, 0.45, "nothing"),  # a 5 filling 45%: candidates, none read as a die
])
def test_a_close_up_die_the_first_pass_misses_is_read_at_the_second_scale(name, index, fill, first_pass):
    frame, value = _close_up(name, index, fill)
    first = DiceReader(threads=1, read_colour=False, second_look=0.0).read(frame)
    if first_pass == "pips":
        assert len(first) >= 3 and 1 in {r.value for r in first} and fragmented(first)
    else:
        assert first == []
    reader = DiceReader(threads=1, read_colour=False)
    readings = reader.read(frame)
    assert reader.second_looks == 1
    assert [r.value for r in readings] == [value]
    x1, y1, x2, y2 = readings[0].box
    assert x1 < 240 < x2 and y1 < 240 < y2  # on the die, in the frame's own pixels


def test_a_frame_the_first_pass_reads_costs_no_second_look(monkeypatch):
    # a held-out tray of 22 dice that the first pass reads entirely right
    item = next(i for i in load_labelled(BYLER, "heldout") if i.path.name == "IMG_20191208_111642.jpg")
    image = cv2.imread(str(item.path))
    reader = DiceReader(threads=1, read_colour=False)
    runs = []
    read_at = reader._read_at
    monkeypatch.setattr(reader, "_read_at", lambda img, pixels: runs.append(pixels) or read_at(img, pixels))
    readings = reader.read(image)
    assert runs == [None] and reader.second_looks == 0  # the detector ran once, with all of its pixels
    assert len(item.dice) == 22 and Score().add(item.path.name, [(r.value, r.box) for r in readings],
                                                [(d.value, d.box) for d in item.dice])
    assert readings == DiceReader(threads=1, read_colour=False, second_look=0.0).read(image)


def test_a_picture_sized_by_the_table_plane_gets_no_second_look():
    frame, _ = _close_up("IMG_20191208_111803.jpg", 2, 0.6)
    reader = DiceReader(threads=1, read_colour=False)
    reader.read(frame, pixels=reader.input_pixels)  # the dice window says how big the dice are
    assert reader.second_looks == 0
