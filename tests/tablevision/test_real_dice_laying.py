"""The truth of benchmark section 7 (benchmarks/table_real_dice.py; its dice: benchmarks/real_dice_laying.py): a die
cut from a photo lands on the mat where and as large as the truth says, and the places drawn for dice lie wholly inside
the game's dice zones, apart."""

from __future__ import annotations

import math
import sys

import cv2
import numpy as np

from companion.tablevision import layout_for
from tests.conftest import REPO

sys.path.insert(0, str(REPO))
from benchmarks.real_dice_laying import MAT_PX_PER_MM, CutDie, _face_side, dice_spots, lay_die  # noqa: E402


def test_a_cut_die_lands_centred_on_its_place_at_its_size_turned():
    photo = np.full((120, 160, 3), 128, np.uint8)
    cv2.rectangle(photo, (90, 30), (119, 59), (0, 0, 255), -1)  # a red face 30 px across, centred at (104.5, 44.5)
    cut = CutDie(photo, (104.5, 44.5), 30.0, 30.0, 3, "test", "photo.jpg", ((3, (90, 30, 120, 60)),), 0)
    for angle in (0.0, 30.0):
        mat = np.full((300, 400, 3), 255, np.uint8)
        lay_die(mat, cut, (40.0, 30.0), 16.0, angle, (0.1, 0.1))
        red = (mat[..., 2] > 200) & (mat[..., 1] < 60) & (mat[..., 0] < 60)
        ys, xs = np.nonzero(red)
        assert math.dist((xs.mean(), ys.mean()), (40 * MAT_PX_PER_MM, 30 * MAT_PX_PER_MM)) < 1.5
        side = math.sqrt(red.sum())  # the face's area, whatever its turn
        assert abs(side - 16 * MAT_PX_PER_MM) < 4, (angle, side)
    assert (mat[..., :] < 250).any(axis=2).sum() > red.sum()  # the grey margin and the shadow came with it


def test_an_oblique_photos_die_is_laid_by_its_top_face_with_its_sides():
    """epanemu-dice boxes the whole die, its sides too: the top face, not the box, is scaled to the die's size, and
    the cut keeps the sides the photo shows."""
    photo = np.full((120, 160, 3), 128, np.uint8)
    cv2.rectangle(photo, (90, 20), (119, 49), (0, 0, 255), -1)  # the top face, 30 px
    cv2.rectangle(photo, (90, 50), (119, 65), (255, 0, 0), -1)  # a side below it: the box is 30 x 46
    label = type("Die", (), {"box": (90, 20, 120, 66), "value": 3})()
    side = _face_side("epanemu-dice", label)
    assert side < 46 and _face_side("byler-d6", label) == 46
    cut = CutDie(photo, (105.0, 43.0), 30.0, 46.0, 3, "epanemu-dice", "photo.jpg", ((3, label.box),), 0)
    mat = np.full((300, 400, 3), 255, np.uint8)
    lay_die(mat, cut, (40.0, 30.0), 16.0, 0.0, (0.0, 0.0))
    red = (mat[..., 2] > 200) & (mat[..., 1] < 60) & (mat[..., 0] < 60)
    blue = (mat[..., 0] > 200) & (mat[..., 1] < 60) & (mat[..., 2] < 60)
    assert abs(math.sqrt(red.sum()) - 16 * MAT_PX_PER_MM) < 4
    assert blue.sum() > 0.48 * red.sum()  # the side came whole with it (30 x 16 px beside the face's 30 x 30)


def test_dice_places_lie_wholly_in_the_dice_zones_and_apart():
    rng = np.random.default_rng(7)
    for game in ("nexus-keepers", "hexors", "tesseract", "free-roll"):
        layout = layout_for(game)
        zones = [np.float32(z.polygon) for z in layout.zones if z.dice]
        size = 18.4
        for _ in range(5):
            spots = dice_spots(layout, rng, 6, size)
            assert spots
            for mm in spots:
                if zones:  # every corner of the die, turned any way, inside one zone
                    assert any(cv2.pointPolygonTest(z.reshape(-1, 1, 2), mm, True) >= size / math.sqrt(2)
                               for z in zones), (game, mm)
                else:
                    assert 40 <= mm[0] <= layout.size[0] - 40 and 40 <= mm[1] <= layout.size[1] - 40
            assert all(math.dist(a, b) > 1.7 * size for i, a in enumerate(spots) for b in spots[i + 1:])


def test_a_neighbours_corner_is_not_cut_with_the_die():
    """The photo's other dice are masked out of the cut: a neighbour's corner in the margin stays behind."""
    photo = np.full((120, 160, 3), 128, np.uint8)
    cv2.rectangle(photo, (60, 40), (89, 69), (0, 0, 255), -1)  # the die: a red face 30 px
    cv2.rectangle(photo, (91, 40), (130, 79), (255, 0, 0), -1)  # a blue neighbour two px beside it
    labels = ((3, (60, 40, 90, 70)), (5, (91, 40, 131, 80)))
    cut = CutDie(photo, (75.0, 55.0), 30.0, 30.0, 3, "test", "photo.jpg", labels, 0)
    mat = np.full((300, 400, 3), 255, np.uint8)
    lay_die(mat, cut, (40.0, 30.0), 16.0, 0.0, (0.0, 0.0))
    red = (mat[..., 2] > 200) & (mat[..., 1] < 60) & (mat[..., 0] < 60)
    blue = (mat[..., 0] > 150) & (mat[..., 1] < 100) & (mat[..., 2] < 100)
    assert abs(math.sqrt(red.sum()) - 16 * MAT_PX_PER_MM) < 4
    assert blue.sum() == 0
