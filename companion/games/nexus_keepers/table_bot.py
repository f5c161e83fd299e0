"""Simulated Nexus Keepers players for the simulated camera: they lay their cubes' tiles on the mat, stand their
keepers, throw the dice the turn allows, move a keeper to one of the engine's legal outcomes and press end turn.

The referee gets the setup from the camera's board, the rolls from the camera and the moves from the camera at
the end of the turn; the players only enter what a real table enters by hand (setup, end of turn, a new game).
"""

from __future__ import annotations

import logging
from typing import Any

import numpy as np

from companion.capture.simulated_game import Scene, players_named
from companion.tablevision.cells import cell_centre
from companion.tablevision.render import DiePlacement, PiecePlacement
from companion.tablevision.scenes import random_dice

from .camera import setup_from_board
from .state import ON_BOARD
from .table_layout import MAX_PLAYERS, table_layout

log = logging.getLogger(__name__)
SOURCE = "simulated player"
PLAYERS = ("Ada", "Bo")
CARDS = ("example-ember-warden", "example-tide-runner", "example-stone-sentinel", "example-gale-dancer")
FACING = {"N": 0.0, "E": 90.0, "S": 180.0, "W": 270.0}
# Straight cubes across the mat, one a row, each Portal facing out: the first unfolds east from (1, 1), Portal west;
# the second west from (5, 2), Portal east; a third east from (1, 3); a fourth west from (5, 0) (a game for 3 or 4)
CUBES = (([(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)], "W"), ([(5, 2), (4, 2), (3, 2), (2, 2), (1, 2)], "E"),
         ([(1, 3), (2, 3), (3, 3), (4, 3), (5, 3)], "W"), ([(5, 0), (4, 0), (3, 0), (2, 0), (1, 0)], "E"))


class TableBot:
    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng
        self.layout = table_layout()
        self.grid = self.layout.grid("nexus")
        self.stickers = {p.name: p for p in self.layout.pieces}
        self.keepers: dict[int, Any] = {}  # player number -> [x, y] on the mat, or None once off it
        self.dice: list[DiePlacement] = []
        self.waiting: str | None = None  # "roll": dice thrown, not yet read; "end": keeper moved, turn not ended
        self.seated = 2  # how many players' tiles lie on the mat

    def _tiles(self) -> list[PiecePlacement]:
        out = []
        for n, (cells, portal) in enumerate(CUBES[:self.seated], start=1):
            for t, cell in enumerate(cells, start=1):
                out.append(PiecePlacement(self.stickers[f"tile-{n}-{t}"], cell_centre(self.grid, cell),
                                          FACING[portal] if t == 1 else 0.0))
        return out

    def _scene(self, thrown: bool = False) -> Scene:
        keepers = [PiecePlacement(self.stickers[f"keeper-{n}"], cell_centre(self.grid, tuple(cell)))
                   for n, cell in self.keepers.items() if cell is not None]
        return Scene(self._tiles() + keepers, list(self.dice), thrown)

    def next_scene(self, table) -> Scene:
        engine, state = table.engine, table.engine.state
        if table.record.game != "nexus-keepers":
            return Scene()
        if not state.set_up:
            # no keeper or die lies on the mat before the setup: a game started on a phone leaves none of the last
            # game's keepers on its tiles (the camera would not see them, and refuse the setup)
            self.keepers, self.dice = {}, []
            players = players_named(table, PLAYERS, MAX_PLAYERS)
            if len(players) != self.seated:  # the tiles of as many players as the game was started for
                self.seated = len(players)
                return self._scene()
            if table.camera_board is None or not any(v.get("kind") == "tile" for v in table.camera_board.values()):
                return self._scene()  # lay the tiles; the camera reads them
            cubes, problems = setup_from_board(table.camera_board, players)
            if problems:
                log.warning("simulated players: the camera's setup is refused (%s); the tiles stay",
                            "; ".join(p.en for p in problems))
                return self._scene()
            table.submit({"type": "setup", "players": [{**c, "card": card} for c, card in zip(cubes, CARDS)]},
                         source=SOURCE)
            self.keepers = {n: list(CUBES[n - 1][0][0]) for n in range(1, len(cubes) + 1)}
            return self._scene()
        turn = state.turn
        if turn.phase == "over" or turn.phase == "reconnect":
            table.new_game("nexus-keepers", {}, players_named(table, PLAYERS, MAX_PLAYERS))
            self.keepers, self.dice, self.waiting = {}, [], None
            return self._scene()
        if turn.phase == "idle":  # the next player takes the dice: the referee says how many
            # a turn the referee ended itself (a maladresse) was read: its dice are not the next player's throw
            self.waiting = None
            table.submit({"type": "turn_start"}, source=SOURCE)
            turn = table.engine.state.turn
        if turn.phase == "start":
            if self.waiting == "roll":  # the camera did not read the throw: entered by hand, as a player would
                table.submit({"type": "roll", "dice": [d.value for d in self.dice]}, source=SOURCE)
                self.waiting = None
                return self._scene()
            self.waiting = "roll"
            self.dice = random_dice(self.layout, self.rng, turn.dice_allowed)
            return self._scene(thrown=True)
        if turn.phase == "rolling" and self.waiting != "end":
            self.waiting = "end"
            outcomes = engine.legal_moves()
            if outcomes:
                choice = outcomes[int(self.rng.integers(len(outcomes)))]
                order = list(state.players)
                for pid, where in choice["positions"].items():
                    self.keepers[order.index(pid) + 1] = list(where) if isinstance(where, list) else None
            return self._scene()
        # the move is on the table: the player presses end turn (the referee checks what the camera saw), then
        # the dice are picked up and the keepers stand where the referee has them
        self.waiting = None
        table.submit({"type": "end_turn"}, source=SOURCE)
        self.dice = []
        self._sync_keepers(state)
        return self._scene()

    def scene_now(self, table) -> Scene:
        """The keepers where the referee has them (a move a person entered on a phone), the dice left lying."""
        if table.record.game == "nexus-keepers" and table.engine.state.set_up:
            self._sync_keepers(table.engine.state)
        return self._scene()

    def _sync_keepers(self, state) -> None:
        """After the referee's word, keepers stand where the referee has them (a refused move is put back)."""
        for n, p in enumerate(state.players.values(), start=1):
            self.keepers[n] = list(p.cell) if p.status == ON_BOARD else None
