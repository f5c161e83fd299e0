"""Counters found by their colour (Nexus's stones, spots.py): a coloured spot counts only if it is a counter's size
and shape, lies on a card (where the nodes are) and stays for the settling frames. Rendered Nexus mats."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from companion.games.nexus.camera import card_centre
from companion.tablevision import layout_for
from companion.tablevision.render import CameraPose, PiecePlacement, render_table
from companion.tablevision.things import Thing
from companion.tablevision.settle import BoardSettler
from companion.tablevision.stage import TableStage

LAYOUT = layout_for("nexus")
STICKERS = {p.name: p for p in LAYOUT.pieces}
RED, BLUE, ORANGE = (40, 40, 210), (200, 90, 30), (30, 140, 240)


def cards():
    return [PiecePlacement(STICKERS["ex-cross-1"], card_centre(0, 0, 0), 0.0),
            PiecePlacement(STICKERS["ex-split-1"], card_centre(2, 0, 90), 90.0)]


def spots_seen(discs=(), things=(), seed=3):
    stage = TableStage(LAYOUT)
    frame = render_table(LAYOUT, cards(), [], CameraPose(height=520, tilt=8), np.random.default_rng(seed), look=2,
                         discs=discs, things=things)
    view, _ = stage.process(frame.image, [], 0, 0.0)
    return [(s["colour"], s["mm"]) for s in view.spots]


def test_a_counter_on_a_card_is_a_spot():
    on_card = card_centre(0, 0, 0)
    seen = spots_seen(discs=[((on_card[0] - 20, on_card[1]), RED, 4.5)])
    assert [c for c, _ in seen] == ["red"]
    assert abs(seen[0][1][0] - (on_card[0] - 20)) < 2 and abs(seen[0][1][1] - on_card[1]) < 2


def test_a_counter_sized_colour_off_the_cards_is_no_counter():
    """The wood at the mat's edge, a bead or a crumb of the player's colour beside the cards: no card, no node."""
    assert spots_seen(discs=[((40.0, 150.0), ORANGE, 4.5), ((380.0, 40.0), BLUE, 5.0)]) == []


@pytest.mark.parametrize("thing", [Thing("pen", (215.0, 120.0), 16.0, 0.0),  # on the first card
                                   Thing("cup", (230.0, 130.0), 80.0), Thing("hand", (175.0, 110.0), 120.0, 200.0)])
def test_a_pen_a_cup_or_a_hand_on_the_cards_is_no_counter(thing):
    assert spots_seen(things=[thing]) == []


def test_a_spot_counts_only_once_it_stayed_for_the_settling_frames():
    stage = TableStage(LAYOUT, settle_frames=3)
    frame = render_table(LAYOUT, cards(), [], CameraPose(height=520, tilt=8), np.random.default_rng(5), look=2)
    view, _ = stage.process(frame.image, [], 0, 0.0)
    counter = {"mm": [200.0, 110.0], "colour": "red"}
    glint = {"mm": [150.0, 100.0], "colour": "orange"}
    settler, boards = BoardSettler(stable_frames=3), []
    for i, spots in enumerate([[counter], [counter, glint], [counter], [counter], [counter, glint], [counter]]):
        board = settler.update(dataclasses.replace(view, index=i, spots=tuple(spots)))
        if board is not None:
            boards.append(sorted(p["colour"] for p in board.pieces.values() if p["kind"] == "spot"))
    assert boards == [["red"]]  # the glint seen on one frame in three never counts, nor stops the board settling
