"""models/compare.py: the box jitter it stresses face readers with is bounded, repeatable and really applied."""

import numpy as np
import pytest

from companion.vision import DiceReader
from companion.vision.render import render_table
from tests.conftest import models_script

compare = models_script("compare")


def test_jitter_grows_or_shrinks_a_box_within_bounds_and_the_same_way_each_time():
    sizes = []
    for k in range(200):
        box = [10.0 * k, 5.0 * k, 40.0, 30.0]
        x, y, w, h = compare.jitter_box(box)
        assert compare.jitter_box(box) == [x, y, w, h]
        assert 0.7 * 40 - 1e-9 <= w <= 1.8 * 40 + 1e-9 and h / w == pytest.approx(30 / 40)
        sizes.append(w / 40)
    assert min(sizes) < 0.8 and max(sizes) > 1.6
    assert compare.jitter_box(box, draw=1) != compare.jitter_box(box)  # another draw, another redrawing


def test_jittered_reader_reads_other_crops_than_the_plain_one():
    img, _ = render_table(np.random.default_rng(3), 480, 640, n_dice=3, size_range=(40, 50), occlude=False)
    plain = DiceReader(threads=1, read_colour=False, second_opinion="off")
    jittered = compare.JitteredReader(threads=1, read_colour=False, second_opinion="off")
    boxes = [[d.box[0], d.box[1], d.box[2] - d.box[0], d.box[3] - d.box[1]] for d in plain.read(img)]
    assert len(boxes) == 3
    scores, uniform = np.ones(3), np.full((3, 6), 1 / 6)
    plain_probs, plain_boxes = plain._read_all(img, boxes, scores, uniform)
    jittered_probs, jittered_boxes = jittered._read_all(img, boxes, scores, uniform)
    assert not np.allclose(plain_probs, jittered_probs)
    assert jittered_boxes != plain_boxes
    assert len(jittered.read(img)) == 3  # the whole reading path runs with the jitter in it


def test_a_widened_photo_keeps_its_dice_where_they_were_on_the_table():
    from companion.vision.labels import LabelledDie, LabelledImage

    image = np.full((90, 120, 3), 200, np.uint8)
    image[30:50, 40:60] = (20, 20, 20)  # a dark die on a light table
    item = LabelledImage(path=None, dice=(LabelledDie(value=3, box=(40.0, 30.0, 60.0, 50.0)),))
    wide_item, wide = compare.widened(item, image, 16 / 9)
    assert wide.shape == (90, 160, 3)
    (die,) = wide_item.dice
    assert die.value == 3 and die.box == (60.0, 30.0, 80.0, 50.0)
    assert (wide[30:50, 60:80] == 20).all()  # the die moved with its box
    assert (wide[:, :20] == 200).all() and (wide[:, 140:] == 200).all()  # the sides are the table's colour
    same_item, same = compare.widened(item, image, 1.0)  # already wider than asked: unchanged
    assert same.shape == image.shape and same_item == item
