"""Nexus cards read from rendered frames of the mat: a card's sticker gives which card, where on the half-card grid
and turned how far; a card laid on the mat becomes the turn's play_card, refused like any other when illegal."""

from __future__ import annotations

import numpy as np

from companion.core import Observation
from companion.games.nexus.camera import board_mm, card_centre, card_placement
from companion.games.nexus.table_layout import GRID
from companion.referee import create_game
from companion.tablevision import layout_for
from companion.tablevision.cells import covered_from
from companion.tablevision.render import CameraPose, PiecePlacement, render_table
from companion.tablevision.stage import TableStage

LAYOUT = layout_for("nexus")
STICKERS = {p.name: p for p in LAYOUT.pieces}


def settled(cards):
    rng = np.random.default_rng(4)
    stage = TableStage(LAYOUT)
    pieces = [PiecePlacement(STICKERS[c], card_centre(x, y, r), float(r)) for c, (x, y, r) in cards.items()]
    for i in range(12):
        frame = render_table(LAYOUT, pieces, [], CameraPose(height=520, tilt=8), rng, look=2)
        _, board = stage.process(frame.image, [], i, i / 8)
        if board is not None:
            return board.pieces
    raise AssertionError("the board never settled")


def new_game():
    engine = create_game("nexus")
    engine.apply({"type": "setup", "players": ["A", "B"], "first_card": "ex-cross-1"})
    return engine


def test_the_sticker_gives_the_card_its_cell_and_rotation():
    """The sticker in a card's middle lies on the edge between its two half-card cells: table vision reads the
    card's top-left cell, sure of it, and the card's place on the board follows."""
    cards = {"ex-cross-1": (0, 0, 0), "ex-split-1": (2, 0, 90), "ex-rod-1": (-2, -1, 180), "ex-fork-1": (1, 1, 270)}
    board = settled(cards)
    for card, (x, y, r) in cards.items():
        assert board[card]["uncertain"] is False and not board[card]["facing_uncertain"], board[card]
        assert card_placement(board[card]) == {"x": x, "y": y, "rotation": r}


def test_a_card_whose_cell_or_turn_is_in_doubt_is_not_placed():
    sure = {"cell": [4, 2], "grid": "cards", "uncertain": False, "facing": "N", "facing_uncertain": False}
    assert card_placement(sure) == {"x": 0, "y": 0, "rotation": 0}
    assert card_placement({**sure, "uncertain": True}) is None
    assert card_placement({**sure, "facing_uncertain": True}) is None
    assert card_placement({**sure, "cell": None}) is None


def test_a_two_cell_piece_is_read_on_its_first_cell_along_the_way_it_lies():
    cx, cy = card_centre(0, 0, 0)  # a landscape card's middle, on the edge between its two cells
    assert covered_from((cx, cy), "N", 2, GRID.cell) == (cx - GRID.cell / 2, cy)
    assert covered_from((cx, cy), "S", 2, GRID.cell) == (cx - GRID.cell / 2, cy)
    assert covered_from((cx, cy), "E", 2, GRID.cell) == (cx, cy - GRID.cell / 2)
    assert covered_from((cx, cy), None, 2, GRID.cell) == (cx, cy)  # a turn in doubt: left on the edge, doubtful
    assert covered_from((cx, cy), "N", 1, GRID.cell) == (cx, cy)


def test_a_card_laid_on_the_mat_is_played_from_the_camera():
    """« New cards much touch existing cards. »"""
    engine = new_game()
    board = settled({"ex-cross-1": (0, 0, 0), "ex-split-1": (2, 0, 90)})
    event = engine.observation_event(Observation(pieces=board))
    assert event == {"type": "play_card", "card": "ex-split-1", "x": 2, "y": 0, "rotation": 90}
    verdicts = engine.apply(event)
    assert not any(v.kind.value == "illegal" for v in verdicts)


def test_a_card_laid_short_edge_to_short_edge_is_refused():
    """« Cards must be played in a “basketweave” pattern, with short edges always touching long edges »"""
    engine = new_game()
    board = settled({"ex-cross-1": (0, 0, 0), "ex-split-1": (2, 0, 0)})
    verdicts = engine.apply(engine.observation_event(Observation(pieces=board)))
    assert [v.rule for v in verdicts if v.kind.value == "illegal"] == ["nexus.card.basketweave"]


COLOURS_BGR = {"red": (40, 40, 210), "blue": (200, 90, 30), "green": (60, 170, 40), "yellow": (30, 210, 235)}


def settled_with(cards, counters):
    rng = np.random.default_rng(6)
    stage = TableStage(LAYOUT)
    pieces = [PiecePlacement(STICKERS[c], card_centre(x, y, r), float(r)) for c, (x, y, r) in cards.items()]
    discs = [(mm, COLOURS_BGR[colour], 4.5) for mm, colour in counters]
    for i in range(12):
        frame = render_table(LAYOUT, pieces, [], CameraPose(height=520, tilt=8), rng, look=2, discs=discs)
        _, board = stage.process(frame.image, [], i, i / 8)
        if board is not None:
            return board.pieces
    raise AssertionError("the board never settled")


def test_a_counter_of_the_players_colour_is_placed_from_the_camera():
    """« 3: Placing a Stone: After you have played your card and scored any closed Nexuses, place one counter on an
    unoccupied Node. »"""
    engine = new_game()
    engine.apply({"type": "play_card", "card": "ex-split-1", "x": 2, "y": 0, "rotation": 90})
    player = engine.state.player
    colour = engine.state.colours[player]
    target = engine.legal_counters()[0]
    other = next(c for c in COLOURS_BGR if c != colour)
    board = settled_with({"ex-cross-1": (0, 0, 0), "ex-split-1": (2, 0, 90)},
                         [(board_mm(engine.state.node_point(target)), colour),
                          (board_mm(engine.state.node_point(engine.legal_counters()[-1])), other)])  # on a card
    spots = [p for p in board.values() if p["kind"] == "spot"]
    assert sorted(s["colour"] for s in spots) == sorted([colour, other])
    event = engine.observation_event(Observation(pieces=board))
    assert event["type"] == "place_counter"
    verdicts = engine.apply(event)
    assert not any(v.kind.value == "illegal" for v in verdicts)
    assert engine.state.counters[target] == player


def test_the_phone_names_the_cards_the_camera_sees_as_the_verdicts_do():
    """The phone's "The camera sees" line names a card as the verdicts do ("the first card"; one not played yet by
    where it lies from the cards down), not by its sticker's id and mat cell; a card whose turn is in doubt by its name
    alone."""
    engine = new_game()
    board = settled({"ex-cross-1": (0, 0, 0), "ex-split-1": (2, 0, 90)})
    names = engine.camera_names(board)
    assert (names["ex-cross-1"].en, names["ex-cross-1"].fr) == ("the first card", "la première carte")
    assert names["ex-split-1"].en == "Split east of the first card, reaching south"
    assert names["ex-split-1"].fr == "Embranchement à l’est de la première carte, dépassant vers le sud"
    doubtful = engine.camera_names({"ex-split-1": {**board["ex-split-1"], "facing_uncertain": True}})
    assert doubtful["ex-split-1"].en == "Split"
