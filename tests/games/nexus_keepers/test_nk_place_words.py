"""Places in the referee's words (issue 53): a keeper moves "east onto the volcano", never "to (1, 0)"; players see
tiles and terrain on the table, not the engine's grid."""

from __future__ import annotations

import json
import re
from pathlib import Path

from companion.referee import create_game

EXAMPLE = Path(__file__).resolve().parents[3] / "docs" / "rules" / "examples" / "nexus-keepers-full-game.jsonl"
GRID = re.compile(r"\(-?\d+, ?-?\d+\)|\[-?\d+, ?-?\d+\]")

# A's cube unfolds east from [0, 0]: plain (its Starting Tile), volcano, ice, plain, plain; B's lies south of it.
TERRAINS = [{"origin": [0, 0], "direction": "E", "terrain": ["plain", "volcano", "ice", "plain", "plain"]},
            {"origin": [4, 1], "direction": "W", "terrain": ["water", "plain", "mountain", "plain", "plain"]}]


def test_explicit_moves_name_the_terrain_and_the_way(nk):
    """EN: "This symbol represents the Move action: when your Keeper moves, they step into an adjacent space in a
    straight line." / "Move diagonally to an adjacent space." The verdict says which way and onto which terrain."""
    engine = nk.rolled(nk.game(2, cubes=TERRAINS), "A", [2, 2, 3, 3, 6], {"A": [0, 0], "B": [4, 1]})
    verdicts = engine.apply({"type": "actions", "actions": [{"action": "move", "to": [1, 0]}]})
    assert [(v.message.en, v.message.fr) for v in verdicts] == [
        ("A moves east onto the volcano", "A avance vers l’est sur le volcan")]
    verdicts = engine.apply({"type": "actions", "actions": [{"action": "jump", "to": [2, 1]}]})
    assert [(v.message.en, v.message.fr) for v in verdicts] == [
        ("A jumps south-east onto the mountain", "A saute vers le sud-est sur la montagne")]


def test_a_refused_move_says_where_in_words(nk):
    engine = nk.rolled(nk.game(2, cubes=TERRAINS), "A", [2, 2, 4, 5, 6], {"A": [0, 0], "B": [4, 1]})
    verdicts = engine.apply({"type": "actions", "actions": [{"action": "move", "to": [2, 0]}]})
    assert verdicts[0].kind.value == "illegal"
    assert verdicts[0].message.en == "Action 1: A cannot move 2 spaces east onto the ice"
    assert verdicts[0].message.fr == "Action 1 : A ne peut pas avancer de 2 cases vers l’est sur la glace"


def test_a_fall_names_the_tile_it_fell_from(nk):
    """EN: "The character is then pushed one space in the opposite direction" — off the edge here."""
    engine = nk.rolled(nk.game(2, cubes=TERRAINS), "A", [4, 4, 2, 3, 6], {"A": [2, 1], "B": [2, 0]})
    verdicts = engine.apply({"type": "actions", "actions": [{"action": "push", "target": "B"}]})
    assert [v.message.en for v in verdicts][-1] == (
        "B falls off the board from the ice; back on its Starting Tile at its next turn")
    assert [v.message.fr for v in verdicts][-1] == (
        "B tombe du plateau depuis la glace ; retour sur sa Tuile de départ à son prochain tour")


def test_no_verdict_of_the_example_game_shows_grid_cells():
    engine = create_game("nexus-keepers")
    said = [text for line in EXAMPLE.read_text(encoding="utf-8").splitlines()
            for v in engine.apply(json.loads(line)) for text in (v.message.en, v.message.fr)]
    assert any(" onto " in text for text in said) and any(" sur " in text for text in said)
    assert [text for text in said if GRID.search(text)] == []


def test_the_camera_s_keepers_are_named_by_the_tile_they_stand_on(nk):
    engine = nk.game(2, cubes=TERRAINS)
    names = engine.camera_names({"keeper-1": {"cell": [1, 0]}, "keeper-2": {"cell": [2, 3]},
                                 "tile-1-2": {"cell": [1, 0]}})
    assert (names["keeper-1"].en, names["keeper-1"].fr) == ("A's keeper on the volcano", "gardien d’A sur le volcan")
    assert (names["keeper-2"].en, names["keeper-2"].fr) == ("B's keeper off the tiles", "gardien de B hors des tuiles")
    assert names["tile-1-2"].en == "A's tile 2"
