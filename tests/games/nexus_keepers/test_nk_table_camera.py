"""Nexus Keepers read from rendered frames of its mat: the cubes' layout at setup, keepers' cells at the end of
a turn. The whole table-vision path runs (markers, plane, cells, settling); the rules are the engine's."""

from __future__ import annotations

import numpy as np
import pytest

from companion.bus import EventBus
from companion.core import Observation
from companion.games.nexus_keepers.camera import setup_from_board
from companion.journal import Journal
from companion.table import Table
from companion.tablevision import layout_for
from companion.tablevision.cells import cell_centre
from companion.tablevision.render import CameraPose, PiecePlacement, render_table
from companion.tablevision.stage import TableStage

LAYOUT = layout_for("nexus-keepers")
GRID = LAYOUT.grid("nexus")
STICKER = {p.name: p for p in LAYOUT.pieces}
FACING = {"N": 0.0, "E": 90.0, "S": 180.0, "W": 270.0}
# Two straight cubes, as in the rules tests: A's unfolds east from (0, 0), Portal west; B's west from (4, 1),
# Portal east.
CUBES = {1: ([(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], "W"), 2: ([(4, 1), (3, 1), (2, 1), (1, 1), (0, 1)], "E")}
CARDS = {"A": "example-ember-warden", "B": "example-tide-runner"}


def pieces(keepers: dict[int, tuple[int, int]], cubes=CUBES, portal_turn=None):
    out = []
    for n, (cells, portal) in cubes.items():
        for t, cell in enumerate(cells, start=1):
            angle = FACING[portal] if t == 1 else 0.0
            if t == 1 and portal_turn is not None:
                angle = portal_turn
            out.append(PiecePlacement(STICKER[f"tile-{n}-{t}"], cell_centre(GRID, cell), angle))
    out += [PiecePlacement(STICKER[f"keeper-{n}"], cell_centre(GRID, cell)) for n, cell in keepers.items()]
    return out


def settled(stage, frames_of, rng, look=3, pose=CameraPose(height=520, tilt=8)):
    """Still frames of ``frames_of`` through the stage until a board settles; that board's pieces."""
    for i in range(12):
        frame = render_table(LAYOUT, frames_of, [], pose, rng, look=look)
        _, board = stage.process(frame.image, [], i, i / 8)
        if board is not None:
            return board.pieces
    raise AssertionError("the board never settled")


@pytest.fixture
def rng():
    return np.random.default_rng(11)


def test_the_cubes_read_from_the_mat_set_the_game_up(rng):
    """« Les autres joueurs déploient alors à leur tour (dans le sens horaire) leur Cube Nexus en connectant au
    moins deux tranches de Tuiles Terrain à une ou plusieurs Tuiles Terrain déjà en jeu. »"""
    board = settled(TableStage(LAYOUT), pieces({}), rng)
    cubes, problems = setup_from_board(board, ["A", "B"])
    assert problems == []
    assert cubes == [{"id": "A", "cube": {"tiles": [list(c) for c in CUBES[1][0]], "portal": "W"}},
                     {"id": "B", "cube": {"tiles": [list(c) for c in CUBES[2][0]], "portal": "E"}}]
    from companion.referee import create_game

    engine = create_game("nexus-keepers")
    verdicts = engine.apply({"type": "setup", "players": [{**c, "card": CARDS[c["id"]]} for c in cubes]})
    assert [v.rule for v in verdicts] == ["nk.setup"]


def test_a_tile_just_behind_a_portal_is_found_from_the_camera(rng):
    """« Aucune Tuile Terrain ne peut se trouver juste derrière une Porte en jeu. »"""
    # B's Portal turned to face north, where A's tile (4, 0) lies
    board = settled(TableStage(LAYOUT), pieces({}, portal_turn=None, cubes={
        1: CUBES[1], 2: (CUBES[2][0], "N")}), rng)
    _, problems = setup_from_board(board, ["A", "B"])
    assert any("just behind a Portal" in p.en and "juste derrière une Porte" in p.fr for p in problems)


def test_a_cube_touching_by_one_edge_is_refused_from_the_camera(rng):
    lonely = {1: CUBES[1], 2: ([(5, 1), (5, 2), (5, 3), (6, 3), (7, 3)], "N")}  # touches none of A's tiles
    board = settled(TableStage(LAYOUT), pieces({}, cubes=lonely), rng)
    _, problems = setup_from_board(board, ["A", "B"])
    assert any("shares 0 edges" in p.en or "shares 1 edge " in p.en for p in problems)
    assert any("par 0 bord ;" in p.fr or "par 1 bord ;" in p.fr for p in problems)


def table_with_game(tmp_path, board):
    table = Table(Journal(tmp_path / "journal.sqlite3"), EventBus(), default_game="nexus-keepers")
    cubes, problems = setup_from_board(board, ["A", "B"])
    assert not problems
    table.submit({"type": "setup", "players": [{**c, "card": CARDS[c["id"]]} for c in cubes]})
    return table


def rolled_with_keepers_home(tmp_path, rng):
    """A game set up from the camera's board, both keepers seen on their Starting Tiles, 2 2 3 4 6 rolled: the
    stage, the table, whose turn it is and that player's keeper number."""
    stage = TableStage(LAYOUT)
    table = table_with_game(tmp_path, settled(stage, pieces({}), rng))
    table.observe(Observation(pieces=settled(stage, pieces({1: (0, 0), 2: (4, 1)}), rng), source="camera"))
    table.submit({"type": "roll", "dice": [2, 2, 3, 4, 6]})
    player = table.engine.state.turn.player
    return stage, table, player, 1 if player == "A" else 2


def test_a_legal_move_seen_by_the_camera_is_explained_at_the_end_of_the_turn(tmp_path, rng):
    stage, table, player, n = rolled_with_keepers_home(tmp_path, rng)
    move = next(o for o in table.engine.legal_moves() if o["to"] != list(table.engine.state.players[player].cell))
    keepers = {1: (0, 0), 2: (4, 1)}
    keepers[n] = tuple(move["to"])
    table.observe(Observation(pieces=settled(stage, pieces(keepers), rng), source="camera"))
    verdicts = table.submit({"type": "end_turn"}, source="panel")
    assert [v.rule for v in verdicts][0] == "nk.move.explained"
    assert list(table.engine.state.players[player].cell) == move["to"]
    assert table.engine.state.turn.player != player  # the turn ended


def test_an_illegal_jump_seen_by_the_camera_stops_the_end_of_the_turn(tmp_path, rng):
    stage, table, player, n = rolled_with_keepers_home(tmp_path, rng)
    reachable = {tuple(o["to"]) for o in table.engine.legal_moves()}
    far = next((c, r) for c in range(GRID.cols) for r in range(2) if (c, r) not in reachable)
    keepers = {1: (0, 0), 2: (4, 1)}
    keepers[n] = far
    table.observe(Observation(pieces=settled(stage, pieces(keepers), rng), source="camera"))
    verdicts = table.submit({"type": "end_turn"}, source="panel")
    assert [(v.kind.value, v.rule) for v in verdicts] == [("illegal", "nk.move.unexplained")]
    assert table.engine.state.turn.player == player  # put it right, or enter the move, before the turn ends


def test_the_phone_names_the_keepers_and_tiles_the_camera_sees(tmp_path, rng):
    """The phone's "The camera sees" line in the game's words: keeper N is the N-th player's, on the tile the
    verdicts name, in both languages; the same names come with the board's live event."""
    stage = TableStage(LAYOUT)
    table = table_with_game(tmp_path, settled(stage, pieces({}), rng))
    table.observe(Observation(pieces=settled(stage, pieces({1: (0, 0), 2: (4, 1)}), rng), source="camera"))
    names = table.state()["camera_names"]
    assert names["keeper-1"] == {"en": "A's keeper on A's Starting Tile",
                                 "fr": "gardien d’A sur la Tuile de départ d’A"}
    assert names["keeper-2"]["en"] == "B's keeper on B's Starting Tile" and names["tile-2-1"]["en"] == "B's tile 1"
    board_events = [e for e in table.bus.since(0)[0] if e.topic == "board"]
    assert board_events[-1].data["names"] == names
