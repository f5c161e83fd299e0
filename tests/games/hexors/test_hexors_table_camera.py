"""Hexors read from rendered frames of its arena mat: each tile's cell and facing come from its identification
sticker through the whole table-vision path (markers, plane, flat-topped hex cells, settling)."""

from __future__ import annotations

import json

import numpy as np

from companion.core import Observation
from companion.referee import create_game
from companion.games.hexors.table_layout import mat_cell
from companion.tablevision import layout_for
from companion.tablevision.cells import cell_centre
from companion.tablevision.render import CameraPose, PiecePlacement, render_table
from companion.tablevision.stage import TableStage

from hex_helpers import EXAMPLES, game, put, rules_of, side

LAYOUT = layout_for("hexors")
ARENA = LAYOUT.grid("arena")
STICKERS = {p.name: p for p in LAYOUT.pieces}


def board(tiles: dict[str, tuple[str, float]], look=4):
    """The settled board the camera reports for tiles {id: (cell name, turn in degrees)}."""
    rng = np.random.default_rng(9)
    stage = TableStage(LAYOUT)
    pieces = [PiecePlacement(STICKERS[t], cell_centre(ARENA, mat_cell(c)), a) for t, (c, a) in tiles.items()]
    for i in range(12):
        frame = render_table(LAYOUT, pieces, [], CameraPose(height=640, tilt=10, size=(1280, 960)), rng, look=look)
        _, settled = stage.process(frame.image, [], i, i / 8)
        if settled is not None:
            return settled.pieces
    raise AssertionError("the board never settled")


def new_game():
    return game(a_tiles=side("hexor-1", "d1", {"hexor-2": "c1", "hexor-3": "e1"}),
                b_tiles=side("hexor-4", "d9", {"hexor-5": "c9", "hexor-6": "e9"}))


START = {"hexor-1": ("d1", 0.0), "hexor-2": ("c1", 0.0), "hexor-3": ("e1", 0.0),
         "hexor-4": ("d9", 180.0), "hexor-5": ("c9", 180.0), "hexor-6": ("e9", 180.0)}


def test_the_arena_as_set_up_is_confirmed_by_the_camera():
    """« Les joueurs doivent toujours placer leurs carreaux à l'endroit, c'est-à-dire que le trou dans le haut de
    chaque carreau doit être orienté dans le sens opposé au propriétaire du carreau. »"""
    engine = new_game()
    event = engine.observation_event(Observation(pieces=board(START)))
    assert event["tiles"]["hexor-2"] == {"cell": "c1", "facing": 0}
    assert event["tiles"]["hexor-5"] == {"cell": "c9", "facing": 3}
    assert rules_of(engine.apply(event)) == ["hex.camera.match"]


def test_an_advance_seen_by_the_camera_is_played():
    """« Pour avancer, le joueur déplace un carreau monstre ou un carreau personnage de un espace dans une case
    libre. »"""
    engine = new_game()
    moved = dict(START, **{"hexor-2": ("c2", 0.0)})
    verdicts = engine.apply(engine.observation_event(Observation(pieces=board(moved))))
    assert rules_of(verdicts)[0].startswith("hex.move")
    assert engine.state.arena.name(engine.state.pieces["hexor-2"].cell) == "c2"


def test_a_tile_turned_the_wrong_way_is_named():
    engine = new_game()
    turned = dict(START, **{"hexor-3": ("e1", 120.0)})
    verdicts = engine.apply(engine.observation_event(Observation(pieces=board(turned))))
    assert [(v.rule, v.message.en) for v in verdicts] == [
        ("hex.camera.facing", "hexor-3 is not placed the right way up: its hole points SE, it should point N")]


def test_a_beaten_tile_hidden_since_a_hand_passed_is_not_asked_off_the_arena():
    """« Les carreaux monstres battus sont retirés de l'arène et placés dans l'ÉCART »: a beaten tile the camera
    still sees is named, but one it only lost under the hand that took it off is not: the first board after a duel
    does not ask to take off a tile already gone."""
    engine = new_game()
    put(engine, **{"hexor-5": None})
    seen = board(START)
    verdicts = engine.apply(engine.observation_event(Observation(pieces=seen)))
    assert [v.message.en for v in verdicts] == ["hexor-5 is in the discard pile: take it off the arena"]
    seen["hexor-5"]["status"] = "occluded"
    assert rules_of(engine.apply(engine.observation_event(Observation(pieces=seen)))) == ["hex.camera.match"]


def test_the_camera_says_nothing_once_the_game_is_over():
    """« Si un carreau personnage est battu, la partie est terminée »: the tiles left on the mat are no move, and a
    reading of them is no illegal event ('The game is over' would follow every win)."""
    engine = create_game("hexors")
    for line in (EXAMPLES / "hexors-beginner-win.jsonl").read_text().splitlines():
        engine.apply(json.loads(line))
    assert engine.state.phase == "over"
    assert engine.observation_event(Observation(pieces={"magician": {"cell": "d8"}})) is None


def test_a_cell_name_and_the_mats_cell_round_trip():
    from companion.games.hexors.table_layout import cell_name

    names = [f"{c}{r}" for c in "abcdefg" for r in range(1, 10)]
    assert [cell_name(mat_cell(n)) for n in names] == names
    assert mat_cell("d1") == (3, 8) and mat_cell("a9") == (0, 0)


def test_the_phone_names_the_tiles_the_camera_sees_by_their_names_and_the_arenas_cells():
    """The phone's "The camera sees" line, in the game's words: a tile by its name, its cell by the arena's name
    ("c1"), not the sticker's mat column and row ("[2, 8]"); a tile taken away by its name alone; a sticker of no
    tile in this game is named by its number ("Hexor 9"), an example tile's sticker by the tile's name, never by the
    sticker's id ("hexor-9", "example-gaia-the-fierce-knight")."""
    monsters = side("hexor-1", "d1", {"hexor-2": "c1", "hexor-3": "e1"})
    monsters[1]["tile"]["name"] = "Gaia the Fierce Knight (example)"
    engine = game(a_tiles=monsters, b_tiles=side("hexor-4", "d9", {"hexor-5": "c9", "hexor-6": "e9"}))
    seen = board(START)
    names = engine.camera_names(seen)
    assert seen["hexor-2"]["cell"] == [2, 8]
    assert (names["hexor-2"].en, names["hexor-2"].fr) == ("Gaia the Fierce Knight on c1",
                                                          "Gaia the Fierce Knight en c1")
    assert names["hexor-5"].en == "hexor-5 on c9"
    gone = {**seen, "hexor-3": {**seen["hexor-3"], "status": "gone", "cell": None}, "hexor-9": seen["hexor-6"]}
    names = engine.camera_names(gone)
    assert names["hexor-3"].en == "hexor-3" and names["hexor-9"].en == "Hexor 9 on e9"
    before = type(engine)().camera_names({"example-gaia-the-fierce-knight": seen["hexor-2"]})
    assert before["example-gaia-the-fierce-knight"].en == "Gaia the Fierce Knight on c1"


def test_a_cell_already_named_by_the_arena_or_unreadable_is_named_without_stopping_the_observation():
    """A reading giving the arena's own cell ("d4", as the phone's arena events do) is named by it; a cell that is
    neither that nor the mat's [col, row] leaves the tile named alone; neither raises inside Table.observe, and the
    reading is judged."""
    engine = game(a_tiles=side("hexor-1", "d1", {"hexor-2": "c1", "hexor-3": "e1"}),
                  b_tiles=side("hexor-4", "d9", {"hexor-5": "c9", "hexor-6": "e9"}))
    names = engine.camera_names({"hexor-2": {"kind": "tile", "cell": "d4"}, "hexor-3": {"kind": "tile", "cell": "?"},
                                 "hexor-5": {"kind": "tile", "cell": [2, "x"]}})
    assert names["hexor-2"].en == "hexor-2 on d4" and names["hexor-2"].fr == "hexor-2 en d4"
    assert names["hexor-3"].en == "hexor-3" and names["hexor-5"].en == "hexor-5"
