"""Tile positions from table vision: a move checked from the positions before and after, and warnings."""

from __future__ import annotations

from companion.core import Observation

from hex_helpers import game, kinds, put, rules_of


def seen(engine, **changes):
    """What the camera would see: every tile on the arena where the referee has it, the right way up, plus changes."""
    state = engine.state
    tiles = {p.id: {"cell": state.arena.name(p.cell), "facing": p.facing} for p in state.on_arena()}
    for tid, where in changes.items():
        if where is None:
            tiles.pop(tid)
        else:
            tiles[tid] = where if isinstance(where, dict) else {"cell": where, "facing": tiles[tid]["facing"]}
    return {"type": "positions", "tiles": tiles}


def test_matching_positions_are_confirmed():
    engine = game()
    assert rules_of(engine.apply(seen(engine))) == ["hex.camera.match"]


def test_one_of_the_current_players_tiles_moved_is_checked_as_a_move():
    """« Pour sauter, le carreau monstre ou le carreau personnage doit être directement en face d'un carreau ALLIÉ »"""
    engine = game()
    put(engine, a1="d3", a2="d4")
    verdicts = engine.apply(seen(engine, a1="d5"))
    assert rules_of(verdicts) == ["hex.move.jump", "hex.turn"]
    assert engine.state.player.id == "B"


def test_an_impossible_move_seen_by_the_camera_is_illegal_and_changes_nothing():
    engine = game()
    before = engine.state_json()
    verdicts = engine.apply(seen(engine, a1="c5"))
    assert kinds(verdicts) == ["illegal"] and "put it back" in verdicts[0].message.en
    assert engine.state_json() == before


def test_other_differences_are_warnings_that_change_nothing():
    engine = game()
    before = engine.state_json()
    verdicts = engine.apply(seen(engine, b1="c7", a1=None))
    assert kinds(verdicts) == ["warning", "warning"]
    assert engine.state_json() == before


def test_a_beaten_tile_left_on_the_mat_is_flagged_and_the_move_still_read():
    engine = game()
    put(engine, b2=None)
    event = seen(engine, a1="c2")
    event["tiles"]["b2"] = {"cell": "e9", "facing": 3}
    verdicts = engine.apply(event)
    assert rules_of(verdicts) == ["hex.camera.mismatch", "hex.move.advance", "hex.turn"]
    assert "take it off" in verdicts[0].message.en


def test_a_tile_not_placed_the_right_way_up_is_flagged():
    """« Les joueurs doivent toujours placer leurs carreaux à l'endroit, c'est-à-dire que le trou dans le haut de chaque
    carreau doit être orienté dans le sens opposé au propriétaire du carreau. »"""
    engine = game()
    verdicts = engine.apply(seen(engine, b1={"cell": "c9", "facing": 0}))
    assert rules_of(verdicts) == ["hex.camera.facing"] and "should point S" in verdicts[0].message.en


def test_an_observation_with_tile_cells_becomes_a_positions_event_when_it_may_show_a_move():
    engine = game()
    tiles = seen(engine, a1="c2")["tiles"]
    obs = Observation(pieces={**tiles, "x": [1, 2, 3, 4]})
    assert engine.observation_event(obs) == {"type": "positions", "tiles": tiles}
    assert engine.observation_event(Observation()) is None


def test_an_arena_that_shows_no_move_is_a_reading_and_undo_takes_back_the_move_before_it():
    """The camera reads the arena again when a hand has passed or a beaten tile was taken off: nothing to play.
    That reading only compares: undo takes back the move before it, not the reading (which would change nothing)."""
    engine = game()
    before = engine.state_json()
    assert rules_of(engine.apply(seen(engine, a1="c2"))) == ["hex.move.advance", "hex.turn"]
    moved = engine.state_json()
    again = engine.observation_event(Observation(pieces=seen(engine)["tiles"]))
    assert again["type"] == "arena_reading" and "arena_reading" in engine.readings
    assert rules_of(engine.apply(again)) == ["hex.camera.match"] and engine.state_json() == moved
    elsewhere = engine.observation_event(Observation(pieces=seen(engine, b1="c7", a1=None)["tiles"]))
    assert kinds(engine.apply(elsewhere)) == ["warning", "warning"] and engine.state_json() == moved
    engine.undo()
    assert engine.state_json() == before
