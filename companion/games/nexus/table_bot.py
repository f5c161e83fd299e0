"""Simulated Nexus players for the simulated camera: two players and the example deck, each card carrying its
sticker, played on the Nexus mat.

Each turn the current player draws the next card of a shuffled deck and lays it where it scores most on the mat's
printed half-card grid (the automatic player, ``players.py``), then puts a counter of their colour on a node; they
only put things down: the referee plays the card it reads from the sticker and the counter it finds by its colour
(``camera.py``). What the camera did not read when the next scene comes is entered by hand. When no legal spot is
left on the grid, the players clear the mat and start a new game (the camera places cards only on the grid).

What lies on the mat mirrors the referee's state: every card played, in its place and turn, and every counter.
"""

from __future__ import annotations

import logging

import numpy as np

from companion.capture.simulated_game import MatPlayers, Scene, players_named
from companion.tablevision.render import PiecePlacement
from companion.vision.render import DIE_BODY_BGR

from .camera import board_mm, card_centre
from .cards import example_deck
from .grid import cells_of
from .players import card_event, counter_event
from .state import CARD, COUNTER, GameState
from .table_layout import GRID, ORIGIN, table_layout

log = logging.getLogger(__name__)
SOURCE = "simulated player"
PLAYERS = ("Ann", "Bob")
COUNTER_MM = 4.5  # a counter's radius


def on_mat(x: int, y: int, rotation: int) -> bool:
    """Whether a card there lies on the mat's printed grid (the camera places cards only there)."""
    return all(0 <= cx + ORIGIN[0] < GRID.cols and 0 <= cy + ORIGIN[1] < GRID.rows
               for cx, cy in cells_of(x, y, rotation in (0, 180)))


class TableBot(MatPlayers):
    def __init__(self, rng: np.random.Generator) -> None:
        super().__init__(rng, table_layout())
        self.order: list[str] = []  # the shuffled deck still to draw, top first
        self.pending: dict | None = None  # what was put down for the camera to read: the event it should give

    # -- what lies on the mat ------------------------------------------------------
    def _scene(self, state: GameState, card: dict | None = None, counter: dict | None = None) -> Scene:
        placed = [(p.card, p.x, p.y, p.rotation) for p in state.board.placements]
        if card is not None:
            placed.append((card["card"], card["x"], card["y"], card["rotation"]))
        pieces = [PiecePlacement(self.stickers[c], card_centre(x, y, r), float(r))
                  for c, x, y, r in placed if c in self.stickers]
        counters = dict(state.counters)
        if counter is not None:
            counters[counter["node"]] = state.player
        discs = [(board_mm(state.node_point(nid)), DIE_BODY_BGR.get(state.colours[who], (128, 128, 128)), COUNTER_MM)
                 for nid, who in counters.items()]
        return Scene(pieces, [], discs=discs)

    # -- the players -----------------------------------------------------------------
    def next_scene(self, table) -> Scene:
        if table.record.game != "nexus":
            return Scene()
        engine = table.engine
        if engine.state is None:
            self.order = [c.id for c in example_deck()]
            self.random.shuffle(self.order)
            table.submit({"type": "setup", "players": players_named(table, PLAYERS), "deck": "example",
                          "first_card": self.order.pop(0)}, source=SOURCE)
            self.pending = None
            return self._scene(engine.state)
        if engine.state.outcome is not None:
            table.new_game("nexus", dict(engine.options), list(table.record.players))
            return Scene()
        self._enter_what_the_camera_missed(table)
        state = engine.state
        if state.outcome is not None:
            return self._scene(state)
        if state.phase == CARD:
            card = self._card(engine)
            if card is None:  # the mat is full: the players clear it and start again
                table.new_game("nexus", dict(engine.options), [])
                return Scene()
            self.pending = card
            return self._scene(state, card=card)
        if state.phase == COUNTER and engine.legal_counters():
            counter = counter_event(engine, self.random)
            self.pending = counter
            return self._scene(state, counter=counter)
        return self._scene(state)

    def scene_now(self, table) -> Scene:
        """The mat as the referee has the game now (what a person entered on a phone), entering nothing."""
        state = table.engine.state if table.record.game == "nexus" else None
        return Scene() if state is None else self._scene(state)

    def _enter_what_the_camera_missed(self, table) -> None:
        """The card or counter put down for the last scene, entered by hand when the referee did not get it."""
        pending, self.pending = self.pending, None
        state = table.engine.state
        if pending is None:
            return
        if pending["type"] == "play_card" and state.phase == CARD and pending["card"] in state.deck:
            table.submit(pending, source=SOURCE)
        elif pending["type"] == "place_counter" and state.phase == COUNTER and pending["player"] == state.player:
            table.submit(pending, source=SOURCE)

    def _card(self, engine) -> dict | None:
        """The next card of the deck where it scores most on the printed grid; None when no legal spot is left
        there (the camera places cards only on the grid)."""
        state = engine.state
        while self.order and self.order[0] not in state.deck:
            self.order.pop(0)  # played by hand meanwhile
        if not self.order:
            return None
        card = card_event(engine, self.order[0], self.random, allowed=on_mat)
        if card is not None:
            self.order.pop(0)
        return card
