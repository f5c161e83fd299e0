"""The colour labels made for the real byler photos: complete, well-formed, and scored as documented."""

import json

import pytest

from companion.core import DIE_COLOURS
from companion.vision.labels import colour_labels_for, list_labelled, load_colour_labels, read_yolo_labels
from companion.vision.scoring import ColourScore
from tests.conftest import SHARED

BYLER = SHARED / "data" / "dice-real" / "byler-d6"


def test_every_labelled_photo_has_one_colour_per_die():
    labels = load_colour_labels(colour_labels_for(BYLER))
    pairs = {image.name: label for image, label in list_labelled(BYLER, "all")}
    heldout = {image.name for image, _ in list_labelled(BYLER, "heldout")}
    assert heldout <= set(labels) <= set(pairs)
    assert len(set(labels) - heldout) >= 40  # training photos too: the colour rule was tuned on those
    for name, colours in labels.items():
        assert len(colours) == len(read_yolo_labels(pairs[name], 640, 640)), name
    used = {c for colours in labels.values() for c in colours}
    assert used >= set(DIE_COLOURS) - {"orange"}  # the set has no orange die


def test_unknown_colour_names_are_refused(tmp_path):
    bad = tmp_path / "x-colours.json"
    bad.write_text(json.dumps({"images": {"a.jpg": ["red", "teal"]}}))
    with pytest.raises(ValueError, match="teal"):
        load_colour_labels(bad)
    assert colour_labels_for(tmp_path / "no-such-set") is None


def test_colour_score_counts_right_unsure_and_wrong_and_skips_other():
    score = ColourScore()
    for read, label in (("red", "red"), (None, "blue"), ("black", "purple"), ("orange", "other")):
        score.add(read, label)
    assert (score.named, score.right, score.unsure) == (3, 1, 1)
    assert score.accuracy == pytest.approx(1 / 3) and score.wrong == pytest.approx(1 / 3)
