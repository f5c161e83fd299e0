"""Setup: characters on grey starting cells, monsters near them, equal numbers, tiles the right way up."""

from __future__ import annotations

import pytest

from companion.referee import EventError, OptionsError, create_game

from hex_helpers import game, kinds, rules_of, side


def setup(engine, a, b, **extra):
    return engine.apply({"type": "setup", "players": [{"id": "A", "tiles": a}, {"id": "B", "tiles": b}], **extra})


def test_character_on_a_grey_starting_cell_at_its_end():
    """« Chaque joueur place son carreau personnage sur une case de départ grise à une extrémité de l'arène. »"""
    engine = create_game("hexors")
    assert rules_of(setup(engine, side("A", "a1", {}), side("B", "d9", {}))) == ["hex.setup.start_cell"]
    assert rules_of(setup(engine, side("A", "d9", {}), side("B", "d1", {}))) == ["hex.setup.start_cell"]
    assert rules_of(setup(engine, side("A", "d1", {}), side("B", "e9", {}))) == ["hex.setup"]


def test_monsters_within_two_cells_of_the_character():
    """« En début de jeu, les carreaux monstres ne doivent pas être placés à plus de 2 cases du carreau
    personnage; il n'est pas nécessaire qu'ils se touchent ou qu'ils touchent le carreau personnage. »"""
    engine = create_game("hexors")
    assert rules_of(setup(engine, side("A", "d1", {"a1": "d4"}), side("B", "d9", {"b1": "d8"}))) == \
        ["hex.setup.monster_range"]
    assert rules_of(setup(engine, side("A", "d1", {"a1": "f2"}), side("B", "d9", {"b1": "d7"}))) == ["hex.setup"]


def test_equal_numbers_of_monsters():
    """« À tour de rôle, les joueurs choisissent des carreaux monstres jusqu'à ce qu'ils en aient un nombre égal. »"""
    engine = create_game("hexors")
    assert rules_of(setup(engine, side("A", "d1", {"a1": "c1"}), side("B", "d9", {}))) == ["hex.setup.equal"]


def test_tiles_face_away_from_their_owner():
    """« Les joueurs doivent toujours placer leurs carreaux à l'endroit, c'est-à-dire que le trou dans le haut de
    chaque carreau doit être orienté dans le sens opposé au propriétaire du carreau. »"""
    tiles = {t["id"]: t for t in game().summary()["tiles"]}
    assert tiles["a1"]["facing"] == "N" and tiles["b1"]["facing"] == "S"
    # The far player's tile is turned round: its hole's face (face 0) points south.
    assert tiles["b1"]["faces"]["S"] == {"value": 1, "colour": "red"}
    assert tiles["a1"]["faces"]["N"] == {"value": 1, "colour": "red"}


def test_the_player_who_chose_the_last_monster_starts():
    """« Au début d'une partie, le joueur qui a choisi le dernier carreau monstre commence. »"""
    assert game(first="B").state.player.id == "B"
    assert game().state.player.id == "A"


def test_no_action_tiles_at_the_beginner_level():
    """« Pour jouer au niveau débutant, il faut seulement le Coffret de départ et un peu de chance. »"""
    engine = create_game("hexors")
    event = {"type": "setup", "players": [{"id": "A", "tiles": side("A", "d1", {}), "actions": ["zombie"]},
                                          {"id": "B", "tiles": side("B", "d9", {}), "actions": ["zombie"]}]}
    assert rules_of(engine.apply(event)) == ["hex.setup"]
    assert kinds(engine.apply(event)) == ["illegal"]


def test_real_tiles_are_given_inline_and_example_tiles_are_marked():
    from companion.games.hexors.tiles import example_tiles
    examples = example_tiles(["red", "orange", "yellow", "green", "blue", "purple"])
    assert len(examples) == 10 and all(t.example and "example" in t.id for t in examples.values())
    engine = create_game("hexors")
    bad = side("A", "d1", {})
    bad[0]["tile"]["faces"][0]["colour"] = "orange"        # two orange faces
    with pytest.raises(EventError):
        setup(engine, bad, side("B", "d9", {}))
    with pytest.raises(EventError):
        setup(engine, [{"id": "x", "tile": "no-such-tile", "cell": "d1"}], side("B", "d9", {}))
    assert engine.state is None


@pytest.mark.parametrize("options", [{"level": "expert"}, {"colours": ["red"] * 6}, {"arena_columns": 40},
                                     {"start_cells": [["z1"], ["d9"]]}, {"genesis_range": -1}])
def test_bad_options_are_refused(options):
    with pytest.raises(OptionsError):
        create_game("hexors", options)
