"""models/label_sheets.py: every labelled die on the sheet of the value its label gives, centred in its tile."""

import json

import cv2
import numpy as np

from tests.conftest import models_script

sheets = models_script("label_sheets")


def _set(tmp_path):
    """Two photos: a white square labelled 2 and one labelled 5 on the first, a square labelled 2 on the second."""
    folder = tmp_path / "set"
    (folder / "images").mkdir(parents=True)
    (folder / "labels").mkdir()
    for name, squares in {"a.jpg": [(2, 20, 20), (5, 120, 60)], "b.jpg": [(2, 60, 30)]}.items():
        image = np.zeros((100, 200, 3), np.uint8)
        lines = []
        for value, x, y in squares:
            cv2.rectangle(image, (x, y), (x + 19, y + 19), (255, 255, 255), -1)
            lines.append(f"{value - 1} {(x + 10) / 200} {(y + 10) / 100} {20 / 200} {20 / 100}")
        cv2.imwrite(str(folder / "images" / name), image)
        (folder / "labels" / (name[:-4] + ".txt")).write_text("\n".join(lines) + "\n")
    return folder


def test_each_value_gets_a_sheet_and_each_tile_names_its_photo_and_line(tmp_path):
    out = tmp_path / "out"
    assert sheets.main([str(_set(tmp_path)), "--split", "all", "--out", str(out)]) == 0
    index = json.loads((out / "index.json").read_text())["tiles"]
    assert index == {"2-1": {"image": "a.jpg", "line": 1, "labelled": 2},
                     "2-2": {"image": "b.jpg", "line": 1, "labelled": 2},
                     "5-1": {"image": "a.jpg", "line": 2, "labelled": 5}}
    assert sorted(p.name for p in out.glob("*.png")) == ["value-2.png", "value-5.png"]  # no sheet for no dice
    two = cv2.imread(str(out / "value-2.png"))
    tile = sheets.TILE + sheets.CAPTION
    assert two.shape == (tile, sheets.COLUMNS * sheets.TILE, 3)
    for k in range(2):  # the die is in the middle of its tile, its surroundings dark; the unused tiles are white
        crop = two[:sheets.TILE, k * sheets.TILE:(k + 1) * sheets.TILE]
        assert crop[sheets.TILE // 2, sheets.TILE // 2].min() > 200 and crop[3, 3].max() < 60
    assert two[:sheets.TILE, 2 * sheets.TILE:].min() == 255


def test_a_box_at_the_edge_is_cut_inside_the_photo():
    image = np.zeros((50, 50, 3), np.uint8)
    tile = sheets.die_tile(image, (0, 0, 10, 10), 1.8, "1-1")
    assert tile.shape == (sheets.TILE + sheets.CAPTION, sheets.TILE, 3)
