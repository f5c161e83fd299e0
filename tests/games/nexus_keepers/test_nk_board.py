"""Setup: unfolding Nexus Cubes, joining them by two edges, nothing behind a Portal."""

from __future__ import annotations

import pytest

from companion.games.nexus_keepers.board import (Board, PlacementError, cube_from_spec, cubes_to_reconnect,
                                                 properly_connected, shared_edges)
from companion.referee import EventError, create_game


def setup_event(*cubes):
    cards = ["example-ember-warden", "example-tide-runner", "example-stone-sentinel"]
    return {"type": "setup", "players": [{"id": "ABC"[i], "card": cards[i], "cube": c} for i, c in enumerate(cubes)]}


def test_cube_unfolds_to_five_tiles_in_a_line_by_default():
    """FR: « 5 stickers Terrain ... doivent être collés sur chacune des 5 tuiles qui s'alignent lorsque le cube est
    ouvert et déployé. » EN: "These must be applied to the five tiles that align when the cube is opened and unfolded."
    """
    cube = cube_from_spec("A", {"origin": [2, 3], "direction": "S"})
    assert cube.tiles == ((2, 3), (2, 4), (2, 5), (2, 6), (2, 7))
    assert cube.start == (2, 3)
    # The Portal stands on the Starting Tile's outer side, away from the other tiles.
    assert cube.portal == "N" and cube.behind_portal == (2, 2)


def test_cube_shape_is_configurable_and_rotates_with_its_direction():
    l_shape = [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]]
    east = cube_from_spec("A", {"origin": [0, 0], "direction": "E", "shape": l_shape})
    west = cube_from_spec("A", {"origin": [0, 0], "direction": "W", "shape": l_shape})
    assert east.tiles == ((0, 0), (1, 0), (2, 0), (2, 1), (2, 2))
    assert west.tiles == ((0, 0), (-1, 0), (-2, 0), (-2, -1), (-2, -2))
    with pytest.raises(PlacementError) as err:
        cube_from_spec("A", {"origin": [0, 0], "shape": [[0, 0], [1, 0], [3, 0], [4, 0], [5, 0]]})
    assert err.value.rule == "nk.setup.shape"


def test_portal_sticker_goes_on_the_starting_tile_and_terrain_is_per_tile():
    """FR: « Ce sticker doit absolument être collé sur la Tuile de départ, au pied de la porte. Les autres Stickers
    peuvent être collés où vous voulez ! » EN: "this one must be placed on the Starting Tile, right at the base of the
    portal. The other stickers can be placed wherever you like!"
    """
    cube = cube_from_spec("A", {"origin": [0, 0], "terrain": ["volcano", "ice", "plain", "water", "plain"]})
    board = Board([cube])
    assert board.terrain_at((0, 0)) == "volcano" and board.terrain_at((3, 0)) == "water"
    assert board.terrain_at((9, 9)) is None
    assert board.portal_sides() == {(0, 0): "W"}


def test_new_cube_must_touch_tiles_in_play_along_two_edges():
    """FR: « Les autres joueurs déploient alors à leur tour (dans le sens horaire) leur Cube Nexus en connectant au
    moins deux tranches de Tuiles Terrain à une ou plusieurs Tuiles Terrain déjà en jeu. »
    EN: "ensuring that at least two edges of their Terrain Tiles connect to one or more Terrain Tiles already in play."
    """
    engine = create_game("nexus-keepers")
    # End to end: B's line continues A's line, one shared edge only.
    verdicts = engine.apply(setup_event({"origin": [0, 0], "direction": "E"}, {"origin": [9, 0], "direction": "W"}))
    assert [(v.kind.value, v.rule) for v in verdicts] == [("illegal", "nk.setup.edges")]
    assert "1 edge" in verdicts[0].message.en
    assert engine.summary()["phase"] == "setup" and "board" not in engine.summary()  # refused: nothing was set up
    # Rows overlapping by one tile: one shared edge, refused too.
    verdicts = engine.apply(setup_event({"origin": [0, 0], "direction": "E"}, {"origin": [8, 1], "direction": "W"}))
    assert [v.rule for v in verdicts] == ["nk.setup.edges"]
    # Rows overlapping by two tiles share exactly two edges: accepted.
    verdicts = engine.apply(setup_event({"origin": [0, 0], "direction": "E"}, {"origin": [7, 1], "direction": "W"}))
    assert [v.rule for v in verdicts] == ["nk.setup"]
    assert shared_edges(engine.state.board.cubes[1].tiles, engine.state.board.cubes[0].tiles) == 2


def test_two_edge_rule_is_an_option():
    engine = create_game("nexus-keepers", {"min_shared_edges": 1})
    verdicts = engine.apply(setup_event({"origin": [0, 0], "direction": "E"}, {"origin": [9, 0], "direction": "W"}))
    assert [v.rule for v in verdicts] == ["nk.setup"]


@pytest.mark.parametrize("second", [
    {"origin": [-1, 1], "direction": "N", "shape": [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2]]},  # tile behind A's portal
    {"origin": [0, 1], "direction": "E", "portal": "N"},                                 # own portal faces A's tile
])
def test_no_tile_directly_behind_a_portal(second):
    """FR: « Aucune Tuile Terrain ne peut se trouver juste derrière une Porte en jeu. »
    EN: "No Terrain Tile may be placed directly behind an active Portal."
    """
    engine = create_game("nexus-keepers")
    verdicts = engine.apply(setup_event({"origin": [0, 0], "direction": "E"}, second))
    assert [(v.kind.value, v.rule) for v in verdicts] == [("illegal", "nk.setup.portal")]


def test_cubes_cannot_overlap_and_keepers_start_on_their_starting_tile():
    """FR: « Tous les joueurs peuvent maintenant placer leur Keeper sur leur Tuile de départ, devant la Porte de leur
    Cube Nexus. » EN: "Each player now places their Keeper on their Starting Tile, right in front of their Nexus
    Cube's Portal."
    """
    engine = create_game("nexus-keepers")
    verdicts = engine.apply(setup_event({"origin": [0, 0], "direction": "E"}, {"origin": [4, 0], "direction": "W"}))
    assert [v.rule for v in verdicts] == ["nk.setup.overlap"]
    engine.apply(setup_event({"origin": [0, 0], "direction": "E"}, {"origin": [4, 1], "direction": "W"}))
    assert engine.summary()["positions"] == {"A": [0, 0], "B": [4, 1]}
    assert engine.summary()["turn"] == "A"  # first listed player plays first, then clockwise


def test_the_highest_first_player_roll_plays_first():
    """FR: « Tous les joueurs lancent un dé. Le résultat le plus haut devient le Premier Joueur et déploie son cube
    Nexus sur l'espace de jeu. » EN: "All players roll a die. The highest roll determines the First Player" — where
    the setup gives each player's roll; a tie for the highest is rolled again, off the record."""
    cubes = ({"origin": [0, 0], "direction": "E"}, {"origin": [4, 1], "direction": "W"},
             {"origin": [0, 2], "direction": "E"})
    engine = create_game("nexus-keepers")
    event = setup_event(*cubes)
    for entry, roll in zip(event["players"], (4, 6, 2)):
        entry["roll"] = roll
    verdicts = engine.apply(event)
    assert [(v.kind.value, v.rule, v.players) for v in verdicts] == [("illegal", "nk.setup.first", ("A", "B"))]
    assert verdicts[0].message.en == "A rolled 4 for first player, lower than B's 6: the highest roll plays first"
    assert verdicts[0].message.fr == ("A a fait 4 pour le premier joueur, moins que le 6 de B : "
                                      "le plus haut résultat commence")
    assert engine.summary()["phase"] == "setup"
    event["players"][0]["roll"] = 6                                          # a tie with B, rolled again: A won it
    assert [v.rule for v in engine.apply(event)] == ["nk.setup"]
    with pytest.raises(EventError, match="every player's"):
        del event["players"][2]["roll"]
        create_game("nexus-keepers").apply(event)
    assert [v.rule for v in create_game("nexus-keepers").apply(setup_event(*cubes))] == ["nk.setup"]  # no rolls given


def test_allies_only_in_a_game_of_more_than_two(nk):
    """FR: « Dans le cas d'une partie à plus de deux joueurs, décidez entre vous si vous voulez que vos Keepers soit
    alliés ou adversaires. » EN: "In a game with more than two players, decide whether your Keepers will work
    together or compete against each other." — two players are always opponents, and so are two teams at least."""
    with pytest.raises(EventError, match="two teams"):
        nk.game(2, teams=["sun", "sun"])
    with pytest.raises(EventError, match="two teams"):
        nk.game(3, teams=["sun", "sun", "sun"])
    assert nk.game(3, teams=["sun", "moon", "sun"]).state.players["C"].team == "sun"


def test_largest_properly_connected_group_stays_and_the_fewest_cubes_move():
    """FR: « il doit toujours déplacer le minimum de cubes possibles et ne peut pas arranger les cubes qui sont déjà
    correctement connectés entre eux. » EN: "must move the minimum number of cubes possible and cannot rearrange cubes
    that are already properly connected."
    """
    rows = [cube_from_spec(p, {"origin": [0 if i % 2 == 0 else 4, i], "direction": "E" if i % 2 == 0 else "W"})
            for i, p in enumerate("ABCD")]
    assert properly_connected(rows, 2)
    without_b = [c for c in rows if c.player != "B"]
    assert not properly_connected(without_b, 2)
    # {C, D} stay together (two cubes), so only A has to move.
    assert cubes_to_reconnect(without_b, 2) == ["A"]
    assert cubes_to_reconnect([c for c in rows if c.player != "D"], 2) == []
