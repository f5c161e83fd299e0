"""The offers loop puts the Tesseract's state back once per button tried (GameEngine.available_actions): from a copy
of the state (``GameState.fresh_copy``) rather than its JSON, and its cubes read from JSON are shared (a cube never
changes). Either must give exactly the state the JSON would, share nothing that changes, and refuse what the JSON
refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.games.tesseract.cube import Cube
from companion.games.tesseract.state import GameState
from companion.referee import create_game
from tests.games.state_copies import shared

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "rules" / "examples"


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("tesseract-*.jsonl")))
def test_a_fresh_copy_is_the_state_its_json_gives_and_shares_nothing_that_changes(name):
    engine = create_game("tesseract", {})
    for line in (EXAMPLES / name).read_text(encoding="utf-8").splitlines():
        engine.apply(json.loads(line))
        if engine.state is None:
            continue
        state = engine.state
        copied, read = state.fresh_copy(), GameState.from_json(state.to_json())
        assert copied.to_json() == read.to_json()
        assert vars(copied).keys() == vars(read).keys()
        assert not shared(state, copied)


def test_cubes_read_from_json_are_shared_yet_a_bad_one_is_still_refused():
    """One cube a colour and value (the offers loop reads the 64 cubes again per button): true and false are not
    values (an int in Python, and a cache keyed by value would take True for 1), a colour name is still lowered."""
    assert Cube.from_json({"color": "Red", "value": 4}) == Cube("red", 4)
    assert Cube.from_json({"color": "red", "value": 4}) is Cube.from_json({"color": "red", "value": 4})
    assert Cube.from_json({"color": "red", "value": 1}).value == 1  # read first: True must not find it
    for bad in ({"color": "red", "value": True}, {"color": "red", "value": 7}, {"color": "", "value": 1},
                {"color": "red"}, {"color": 3, "value": 1}, ["red", 4]):
        with pytest.raises(ValueError):
            Cube.from_json(bad)
