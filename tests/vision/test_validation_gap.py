"""models/validation_gap.py: the paired bootstrap that says whether a candidate's lead on validation photos is more
than the luck of which photos were set aside."""

import numpy as np
import pytest

from companion.vision.labels import load_labelled
from tests.conftest import REPO, SHARED, models_script

validation_gap = models_script("validation_gap")
PENLINGTON = SHARED / "data" / "dice-real" / "penlington-wood"


def test_a_lead_on_many_photos_is_told_apart_and_one_on_a_single_photo_is_not():
    a = np.zeros((40, 2), dtype=np.int64)
    broad = a.copy()
    broad[::4, 0] = 1  # one die more read right on every fourth photo
    total, low, high = validation_gap.gap(a, broad, resamples=2000, seed=1)
    assert total[0] == 10 and 0 < low[0] <= 10 <= high[0]
    narrow = a.copy()
    narrow[0, 0] = 10  # ten more dice, all on one photo
    total, low, high = validation_gap.gap(a, narrow, resamples=2000, seed=1)
    assert total[0] == 10 and low[0] == 0  # drawn again without that photo: no lead at all
    total, low, high = validation_gap.gap(a, a)
    assert total.tolist() == [0, 0] and low.tolist() == [0, 0] and high.tolist() == [0, 0]


def test_readings_of_different_photos_are_refused():
    with pytest.raises(ValueError, match="different photos"):
        validation_gap.gap(np.zeros((3, 2)), np.zeros((4, 2)))


def test_the_shipped_models_against_themselves_read_every_validation_photo_and_show_no_gap(capsys):
    assert validation_gap.main([str(REPO / "models"), str(REPO / "models"), "--data", str(PENLINGTON)]) == 0
    lines = capsys.readouterr().out.splitlines()
    photos = len(load_labelled(PENLINGTON, "validation"))
    row = next(line for line in lines if line.startswith("penlington-wood"))
    assert f"{photos:3d} photos" in row and row.count("+0 [+0, +0]") == 2
    rows = validation_gap.per_photo(validation_gap.reader_for(REPO / "models"), PENLINGTON)
    dice = sum(len(item.dice) for item in load_labelled(PENLINGTON, "validation"))
    assert rows.shape == (photos, 2) and 0.9 * dice <= rows[:, 0].sum() <= dice  # reads most of them right
