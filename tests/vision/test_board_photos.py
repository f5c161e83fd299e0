"""Our list of the epanemu photos that show a game board (models/labels/epanemu-dice-boards.json)."""

import json

import pytest

from companion.vision.labels import board_photos_for, is_heldout, list_labelled, load_board_photos
from tests.conftest import SHARED

EPANEMU = SHARED / "data" / "dice-real" / "epanemu-dice"


def test_the_list_names_photos_of_the_set_held_out_and_training_alike():
    boards = load_board_photos(board_photos_for(EPANEMU))
    photos = {image.name for image, _ in list_labelled(EPANEMU)}
    assert boards <= photos and len(boards) == 113
    held_out = {name for name in boards if is_heldout(name)}
    assert len(held_out) == 26 and len(boards - held_out) == 87
    # the set was shot in sessions: the board photos are dice_196 to dice_368, less dice_203 (a plain table)
    numbers = {int(name.split("_")[1]) for name in boards}
    assert min(numbers) == 196 and max(numbers) == 368 and 203 not in numbers


def test_a_set_without_a_list_has_none():
    assert board_photos_for(SHARED / "data" / "dice-real" / "byler-d6") is None


def test_a_list_naming_a_photo_twice_is_refused(tmp_path):
    path = tmp_path / "x-boards.json"
    path.write_text(json.dumps({"images": ["a.jpg", "a.jpg"]}))
    with pytest.raises(ValueError, match="once"):
        load_board_photos(path)
