"""Rules found by reading the book sentence by sentence against the engine: each test quotes the sentence it checks."""

from __future__ import annotations

from hex_helpers import game, kinds, put, roll, rules_of, side

SMALL = {"arena_columns": 3, "arena_rows": 3, "start_cells": [["a1", "b1", "c1"], ["a3", "b3", "c3"]]}


def move(engine, tile, *path, **extra):
    return engine.apply({"type": "move", "tile": tile, "path": list(path), **extra})


def launch(engine, player, action, **extra):
    return engine.apply({"type": "launch", "player": player, "action": action, **extra})


def blocked_advanced(stars: int, b_actions):
    """A 3x3 mat: after A's a1 advances c1 -> c2, B has no free cell it can reach (advanced level)."""
    engine = game("advanced", options={**SMALL, "starting_stars": stars},
                  a_tiles=side("A", "b1", {"a1": "a1", "a2": "c1", "a3": "a2"}),
                  b_tiles=side("B", "b3", {"b1": "a3", "b2": "c3", "b3": "c2"}),
                  a_actions=["disarm"] * len(b_actions), b_actions=b_actions)
    put(engine, A="c3", a1="c1", a2="b2", a3="b1", B="a1", b1="a2", b2="a3", b3="b3")
    return engine


def test_a_blocked_player_whose_stars_pay_for_no_tile_in_hand_loses_at_once():
    """« S'il en est incapable, il perd la partie. » At the advanced level a launch might free a move, but only a tile
    the fund pays for: « ils doivent avoir suffisamment d'étoiles dans leur fonds pour les payer »."""
    engine = blocked_advanced(2, ["zombie"])                     # Zombie costs 3: B cannot launch anything
    verdicts = move(engine, "a1", "c2")
    assert rules_of(verdicts) == ["hex.move.advance", "hex.turn", "hex.move.none", "hex.win"]
    assert engine.state.outcome["loser"] == "B"


def test_a_blocked_player_who_can_pay_for_a_tile_is_warned_then_confirms_the_loss():
    engine = blocked_advanced(1, ["setting_sun"])
    verdicts = move(engine, "a1", "c2")
    assert rules_of(verdicts) == ["hex.move.advance", "hex.turn", "hex.move.none"] and kinds(verdicts)[-1] == "warning"
    assert engine.state.outcome is None
    assert rules_of(engine.apply({"type": "cannot_move"})) == ["hex.move.none", "hex.win"]


def test_a_tile_in_the_discard_pile_is_out_of_play_for_the_rest_of_the_game():
    """« Les carreaux de l'écart sont hors jeu pour le reste de la partie. » Moving one, or aiming an action at it,
    is refused as the rule, not as a malformed event; Genèse alone brings one back."""
    engine = game("advanced", options={"starting_stars": 9}, a_actions=["setting_sun", "genesis"],
                  b_actions=["zombie", "disarm"])
    put(engine, a1=None, b1=None)
    before = engine.state_json()
    for refused in (move(engine, "a1", "c2"), launch(engine, "A", "setting_sun", target="a1"),
                    launch(engine, "A", "setting_sun", target="b1"),
                    launch(engine, "B", "zombie", target="a1")):
        assert rules_of(refused) == ["hex.duel.discard"] and kinds(refused) == ["illegal"]
        assert "Les carreaux de l'écart sont hors jeu pour le reste de la partie." in refused[0].message.fr
    assert engine.state_json() == before
    assert rules_of(launch(engine, "A", "genesis", tile="a1", cell="c2"))[-1] == "hex.action.effect"


def test_genesis_within_two_cells_or_exactly_two_as_the_players_choose():
    """« Ce carreau doit être placé à deux cases de son carreau personnage » — where the book means "within" it says
    so (« les carreaux monstres ne doivent pas être placés à plus de 2 cases du carreau personnage »); read literally,
    « à deux cases » is two cells away: option ``genesis_distance``."""
    def genesis_one_cell_then_two(distance):
        engine = game("advanced", options={"starting_stars": 9, "genesis_distance": distance},
                      a_actions=["genesis", "genesis"], b_actions=["disarm", "disarm"])
        put(engine, a1=None, a2=None)
        return (launch(engine, "A", "genesis", tile="a2", cell="d2"),         # one cell from A (d1)
                launch(engine, "A", "genesis", tile="a1", cell="d3"))         # two cells

    near, far = genesis_one_cell_then_two("within")
    assert rules_of(near)[-1] == rules_of(far)[-1] == "hex.action.effect"
    near, far = genesis_one_cell_then_two("exactly")
    assert kinds(near) == ["illegal"] and rules_of(far)[-1] == "hex.action.effect"
    assert "exactly 2 cells" in near[0].message.en and "à exactement 2 cases" in near[0].message.fr


def test_stars_given_at_the_beginner_level_are_refused_not_dropped():
    """« Pour ce niveau, les 6 ÉTOILES (billes de verre) ne sont pas utilisées, alors mettez-les de côté. »"""
    from companion.referee import create_game
    engine = create_game("hexors")
    players = [{"id": "A", "tiles": side("A", "d1", {}), "stars": 3}, {"id": "B", "tiles": side("B", "d9", {})}]
    refused = engine.apply({"type": "setup", "players": players})
    assert rules_of(refused) == ["hex.setup.stars"] and kinds(refused) == ["illegal"] and engine.state is None
    players[0]["stars"] = 0
    assert rules_of(engine.apply({"type": "setup", "players": players})) == ["hex.setup"]
