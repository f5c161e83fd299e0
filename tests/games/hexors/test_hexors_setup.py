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
    assert tiles["b1"]["faces"]["S"] == [1, "red"]  # [value, colour]
    assert tiles["a1"]["faces"]["N"] == [1, "red"]


def test_the_player_who_chose_the_last_monster_starts():
    """« Au début d'une partie, le joueur qui a choisi le dernier carreau monstre commence. »"""
    assert game(first="B").state.player.id == "B"
    assert game().state.player.id == "A"


def test_no_action_tiles_at_the_beginner_level():
    """« Pour jouer au niveau débutant, il faut seulement le Coffret de départ et un peu de chance. »"""
    engine = create_game("hexors")
    event = {"type": "setup", "players": [{"id": "A", "tiles": side("A", "d1", {}), "actions": ["zombie"]},
                                          {"id": "B", "tiles": side("B", "d9", {}), "actions": ["zombie"]}]}
    refused = engine.apply(event)
    assert rules_of(refused) == ["hex.setup.actions"] and kinds(refused) == ["illegal"] and engine.state is None
    quote = "« Pour jouer au niveau débutant, il faut seulement le Coffret de départ et un peu de chance. »"
    assert quote in refused[0].message.en and quote in refused[0].message.fr
    assert "carreau personnage" not in refused[0].message.fr


def test_real_tiles_are_given_inline_and_example_tiles_are_marked():
    from companion.games.hexors.tiles import example_tiles
    examples = example_tiles(["red", "orange", "yellow", "green", "blue", "purple"])
    assert len(examples) == 10 and all(t.example and "example" in t.id for t in examples.values())
    engine = create_game("hexors")
    bad = side("A", "d1", {})
    bad[0]["tile"]["faces"][0]["colour"] = "orange"        # two orange faces
    with pytest.raises(EventError, match="the six faces must carry the six die colours once each"):
        setup(engine, bad, side("B", "d9", {}))
    with pytest.raises(EventError, match="unknown tile 'no-such-tile'"):
        setup(engine, [{"id": "x", "tile": "no-such-tile", "cell": "d1"}], side("B", "d9", {}))
    assert engine.state is None


@pytest.mark.parametrize("options", [{"level": "expert"}, {"colours": ["red"] * 6}, {"arena_columns": 40},
                                     {"start_cells": [["z1"], ["d9"]]}, {"genesis_range": -1}])
def test_bad_options_are_refused(options):
    with pytest.raises(OptionsError):
        create_game("hexors", options)


def named_setup(a, b, level="beginner", **extra):
    """A setup of example tiles (printed names) under ids that are not names: the refusal's English and French."""
    engine = create_game("hexors", {"level": level})
    tiles = [[{"id": f"t-{side}{i}", "tile": f"example-{name}", "cell": cell} for i, (name, cell) in enumerate(tiles)]
             for side, tiles in (("a", a), ("b", b))]
    players = [{"id": "A", "tiles": tiles[0], **extra}, {"id": "B", "tiles": tiles[1], **extra}]
    refused = engine.apply({"type": "setup", "players": players})
    assert kinds(refused) == ["illegal"] and engine.state is None
    message = refused[0].message
    assert "t-a" not in message.en + message.fr and "example" not in message.en + message.fr, message
    return refused[0].rule, message.en, message.fr


def test_setup_refusals_name_the_tiles_as_printed():
    """« En début de jeu, les carreaux monstres ne doivent pas être placés à plus de 2 cases du carreau
    personnage » — the refusals name tiles as players read them on the tiles (French names where the glossary
    has them), never by the setup's ids."""
    b = [("kaiba", "d9"), ("kuriboh", "c9")]
    rule, en, fr = named_setup([("yugi", "d1"), ("dark-magician", "d4")], b)
    assert rule == "hex.setup.monster_range"
    assert en.startswith("Dark Magician is more than 2 cells from Yugi, A's character")
    assert fr.startswith("Magicien Sombre est à plus de 2 cases de Yugi, le personnage d’A")
    rule, en, fr = named_setup([("yugi", "d1"), ("dark-magician", "c1"), ("mystical-elf", "c1")], b)
    assert rule == "hex.setup"
    assert en.startswith("Dark Magician and Mystical Elf are both on c1")
    assert fr.startswith("Magicien Sombre et Elfe Mystique sont tous deux en c1")
    rule, en, fr = named_setup([("yugi", "a1"), ("dark-magician", "a2")], b)
    assert rule == "hex.setup.start_cell"
    assert en.startswith("Yugi, A's character, must stand on a grey starting cell")
    assert fr.startswith("Yugi, le personnage d’A, doit être sur une case de départ grise")
    rule, en, fr = named_setup([("yugi", "d1"), ("kaiba", "c1"), ("mystical-elf", "e1")], b)
    assert rule == "hex.setup.equal"
    assert en.startswith("A has 2 character tiles (Yugi and Kaiba): exactly one each")
    assert fr.startswith("A a 2 carreaux personnages (Yugi et Kaiba) : exactement un chacun")


def test_the_same_name_twice_is_told_apart_by_id():
    """Two tiles of one name on one cell: each is named with its id, as the verdicts do."""
    engine = create_game("hexors")
    a = [{"id": "yugi", "tile": "example-yugi", "cell": "d1"}, {"id": "k1", "tile": "example-kuriboh", "cell": "c1"},
         {"id": "k2", "tile": "example-kuriboh", "cell": "c1"}]
    refused = engine.apply({"type": "setup", "players": [{"id": "A", "tiles": a},
                                                         {"id": "B", "tiles": side("B", "d9", {})}]})
    assert refused[0].message.en.startswith("Kuriboh (k1) and Kuriboh (k2) are both on c1")
