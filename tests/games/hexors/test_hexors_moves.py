"""Moves: advance one cell, chains of jumps over allied tiles, stopping face to face with an enemy."""

from __future__ import annotations

import pytest

from companion.referee import EventError

from hex_helpers import game, kinds, put, rules_of, side


def move(engine, tile, *path, **extra):
    return engine.apply({"type": "move", "tile": tile, "path": list(path), **extra})


def test_advance_one_cell_into_a_free_cell():
    """« Pour avancer, le joueur déplace un carreau monstre ou un carreau personnage de un espace dans une case
    libre. »"""
    engine = game()
    verdicts = move(engine, "a1", "c2")
    assert rules_of(verdicts) == ["hex.move.advance", "hex.turn"]
    assert engine.state.arena.name(engine.state.pieces["a1"].cell) == "c2"
    assert engine.state.player.id == "B"


def test_advance_into_an_occupied_cell_or_two_cells_is_refused():
    """« Pour avancer, le joueur déplace un carreau monstre ou un carreau personnage de un espace dans une case
    libre. »: not into an occupied cell, not two cells."""
    engine = game()
    assert rules_of(move(engine, "a1", "d1")) == ["hex.move.advance"]          # A's character stands there
    assert kinds(move(engine, "a1", "c3")) == ["illegal"]                      # two cells away, no ally between
    assert kinds(move(engine, "a1", "c2", "c3")) == ["illegal"]                # two advances


def test_a_player_moves_only_its_own_tiles_and_only_on_its_turn():
    """« Le joueur no° 1 déplace un de ses carreaux Hexor »"""
    engine = game()
    assert rules_of(move(engine, "b1", "c8")) == ["hex.turn"]
    assert rules_of(move(engine, "a1", "c2", player="B")) == ["hex.turn"]
    move(engine, "a1", "c2")
    assert rules_of(move(engine, "a2", "e2")) == ["hex.turn"]                  # now B's turn


def test_jump_over_an_allied_tile_in_a_straight_line():
    """« Le joueur ne peut faire sauter son carreau que de l'autre côté du carreau allié, et seulement si la case
    est libre. »"""
    engine = game()
    put(engine, a1="d4", a2="d5")
    assert rules_of(move(engine, "a1", "d6")) == ["hex.move.jump", "hex.turn"]


def test_no_jump_over_an_enemy_nor_off_a_straight_line():
    """« Pour sauter, le carreau monstre ou le carreau personnage doit être directement en face d'un carreau ALLIÉ »"""
    engine = game()
    put(engine, a1="d3", b1="d4")
    assert rules_of(move(engine, "a1", "d5")) == ["hex.move.jump"]             # over an enemy: refused
    put(engine, a1="e5", a2="d4", b1="c9")
    assert rules_of(move(engine, "a1", "c5")) == ["hex.move.jump"]             # two cells away, not in a line
    assert rules_of(move(engine, "a1", "c4")) == ["hex.move.jump", "hex.turn"]  # e5 -> over d4 (SW) -> c4


def test_several_jumps_in_a_row_each_over_one_ally():
    """« Le joueur peut faire sauter son carreau plusieurs fois de suite, du moment qu'il saute par-dessus un seul
    carreau allié à la fois et qu'il atterrit chaque fois sur une case libre. »"""
    engine = game()
    put(engine, A="d1", a1="d2", a2="d4")
    verdicts = move(engine, "A", "d3", "d5")
    assert rules_of(verdicts) == ["hex.move.jump", "hex.turn"]
    assert verdicts[0].message.en == "A jumps to d3 then d5"


def test_no_advance_before_or_after_a_jump():
    """« Il ne peut déplacer son carreau avant ou après un saut. »"""
    engine = game()
    put(engine, a1="d3", a2="d4")
    assert rules_of(move(engine, "a1", "d5", "d6")) == ["hex.move"]            # jump then advance
    assert rules_of(move(engine, "a1", "c3", "c5")) == ["hex.move"]            # advance then jump


def test_the_move_stops_face_to_face_with_an_enemy_and_a_duel_starts():
    """« Au cours du déplacement, si le carreau arrive en face d'un carreau de l'ennemi, le déplacement s'arrête et
    un DUEL s'amorce »"""
    engine = game()
    put(engine, A="d1", a1="d2", a2="d4", b1="e4")      # after the first jump (d3) A is in front of b1 (e4)
    assert rules_of(move(engine, "A", "d3", "d5")) == ["hex.move.stop"]
    verdicts = move(engine, "A", "d3")                   # a jump may end face to face with an enemy
    assert rules_of(verdicts) == ["hex.move.jump", "hex.duel", "hex.duel.roll"]
    assert engine.state.duel.attacker == "A" and engine.state.duel.defender == "b1"


def test_legal_moves_list_advances_and_jump_chains_that_stop_at_enemies():
    engine = game()
    put(engine, A="d1", a1="d2", a2="d4", b1="e4")
    moves = {(m["tile"], tuple(m["path"])) for m in engine.summary()["legal_moves"]}
    assert ("A", ("d3",)) in moves and ("A", ("d3", "d5")) not in moves
    assert ("a1", ("d3",)) in moves
    for tile, path in moves:   # every listed move is accepted
        assert engine.is_legal({"type": "move", "tile": tile, "path": list(path)}), (tile, path)


def test_forward_only_option_limits_advances_to_the_three_cells_ahead():
    engine = game(options={"advance_directions": "forward"})
    put(engine, a1="d4")
    assert rules_of(move(engine, "a1", "d3")) == ["hex.move.advance"]          # backwards: refused
    assert rules_of(move(engine, "a1", "c5")) == ["hex.move.advance", "hex.turn"]
    put(engine, b1="d6")
    assert rules_of(move(engine, "b1", "d7")) == ["hex.move.advance"]          # B's forward is south
    assert rules_of(move(engine, "b1", "e6")) == ["hex.move.advance", "hex.turn"]


SMALL = {"arena_columns": 3, "arena_rows": 3, "start_cells": [["a1", "b1", "c1"], ["a3", "b3", "c3"]]}


def blocked_game(level="beginner", **kw):
    """A 3x3 mat, eight tiles: after A's a1 advances c1 -> c2, B has no free cell it can reach."""
    engine = game(level, options=SMALL, a_tiles=side("A", "b1", {"a1": "a1", "a2": "c1", "a3": "a2"}),
                  b_tiles=side("B", "b3", {"b1": "a3", "b2": "c3", "b3": "c2"}), **kw)
    put(engine, A="c3", a1="c1", a2="b2", a3="b1", B="a1", b1="a2", b2="a3", b3="b3")
    return engine


def test_a_player_who_cannot_move_loses():
    """« Le joueur doit toujours déplacer son carreau personnage ou un carreau monstre à chacun de ses tours de
    jeu. S'il en est incapable, il perd la partie. »"""
    engine = blocked_game()
    verdicts = move(engine, "a1", "c2")
    assert rules_of(verdicts) == ["hex.move.advance", "hex.turn", "hex.move.none", "hex.win"]
    assert kinds(verdicts)[2:] == ["elimination", "win"]
    assert engine.outcome.players == ("A",) and engine.state.outcome["loser"] == "B"
    assert rules_of(move(engine, "b1", "b2")) == ["hex.game_over"]


def test_cannot_move_is_refused_while_a_move_exists():
    engine = game()
    assert rules_of(engine.apply({"type": "cannot_move"})) == ["hex.move.none"]
    assert kinds(engine.apply({"type": "cannot_move"})) == ["illegal"]


def test_malformed_moves_are_event_errors_and_change_nothing():
    engine = game()
    before = engine.state_json()
    for bad, words in (({"type": "move"}, "malformed 'move' event"),
                       ({"type": "move", "tile": "a1"}, 'a move needs "path"'),
                       ({"type": "move", "tile": "a1", "path": "c2"}, 'a move needs "path"'),
                       ({"type": "move", "tile": "zz", "path": ["c2"]}, "unknown tile 'zz'"),
                       ({"type": "move", "tile": "a1", "path": ["z9"]}, "cell 'z9' is not on the 7x9 arena")):
        with pytest.raises(EventError, match=words):  # the sender's mistake named, not an engine failure
            engine.apply(bad)
    assert engine.state_json() == before


def test_a_jump_must_land_on_a_free_cell():
    """« Le joueur ne peut faire sauter son carreau que de l'autre côté du carreau allié, et seulement si la case
    est libre. »"""
    engine = game()
    put(engine, a1="d3", a2="d4", A="d5")
    assert rules_of(move(engine, "a1", "d5")) == ["hex.move.jump"]
