"""Simulated Hexors duellists for the simulated camera: the starter game (the example tiles, each carrying its
identification sticker), played on the arena mat.

Each turn the current player moves one tile, a legal advance or jump chain chosen to close on the enemy, and only
puts it down: the camera reads the stickers and the referee plays the move it sees (``camera.py``). In a duel each
roll is a pip die thrown into the mat's dice zone (option ``die_reading`` "value"), read by the camera; the
attacker names the enemy to fight first on the phone when several face the moved tile. What the camera did not
read when the next scene comes (a die or a tile it could not place) is entered by hand, as a player would.

What lies on the mat mirrors the referee's state: every tile on the arena in its cell, its hole pointing away from
its owner; a beaten tile leaves the mat, and the die is picked up once read.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np

from companion.capture.simulated_game import MatPlayers, Scene, players_named
from companion.tablevision.cells import cell_centre
from companion.tablevision.render import DiePlacement, PiecePlacement

from .arena import distance
from .movement import legal_moves
from .state import OVER, GameState
from .table_layout import ARENA, COLUMNS, ROWS, mat_cell, table_layout

log = logging.getLogger(__name__)
SOURCE = "simulated player"
PLAYERS = ("Yugi", "Kaiba")
#: the book's starter set: each side's character on its middle grey cell, its monsters around it
SIDES = ((("example-yugi", "d1"), ("example-kuriboh", "d2"), ("example-gaia-the-fierce-knight", "c1"),
          ("example-dark-magician", "e1"), ("example-mystical-elf", "e2")),
         (("example-kaiba", "d9"), ("example-celtic-guardian", "d8"), ("example-thousand-dragon", "c9"),
          ("example-blue-eyes-white-dragon", "e9"), ("example-saggi-the-dark-clown", "e8")))
THROW_SPOTS = (-75.0, -38.0, 0.0, 38.0, 75.0)  # mm from the dice zone's centre, along it


@dataclass
class Pending:
    """What the players put on the table for the camera to read: a tile moved, or a die thrown in a duel."""

    turn: int
    tile: str = ""
    path: tuple[str, ...] = ()
    rolls: int = -1
    value: int = 0


def setup_event(seed: int, players=PLAYERS) -> dict:
    return {"type": "setup", "level": "beginner", "arena": {"columns": COLUMNS, "rows": ROWS},
            "players": [{"id": pid, "tiles": [{"id": tid, "tile": tid, "cell": cell} for tid, cell in tiles]}
                        for pid, tiles in zip(players, SIDES)],
            "first": players[seed % 2]}


class TableBot(MatPlayers):
    def __init__(self, rng: np.random.Generator) -> None:
        super().__init__(rng, table_layout())
        self.dice_zone = next(z for z in self.layout.zones if z.name == "dice").centre
        self.pending: Pending | None = None
        self.spot = 0

    # -- what lies on the mat ------------------------------------------------------
    def _scene(self, state: GameState, moved: tuple[str, str] | None = None, die: int = 0) -> Scene:
        pieces = []
        for piece in state.on_arena():
            name = moved[1] if moved is not None and piece.id == moved[0] else state.arena.name(piece.cell)
            if piece.id in self.stickers:
                pieces.append(PiecePlacement(self.stickers[piece.id], cell_centre(ARENA, mat_cell(name)),
                                             60.0 * piece.facing))
        dice = []
        if die:  # a throw lands away from the last (the camera takes the same die in the same place for no roll)
            self.spot = (self.spot + int(self.rng.integers(1, len(THROW_SPOTS)))) % len(THROW_SPOTS)
            x, y = self.dice_zone
            dice.append(DiePlacement((x + THROW_SPOTS[self.spot] + float(self.rng.uniform(-8, 8)),
                                      y + float(self.rng.uniform(-5, 5))), die, "white"))
        return Scene(pieces, dice, thrown=bool(die))

    # -- the players -----------------------------------------------------------------
    def next_scene(self, table) -> Scene:
        if table.record.game != "hexors":
            return Scene()
        engine = table.engine
        state = engine.state
        if state is None:
            self.pending = None
            table.submit(setup_event(self.random.randrange(2), players_named(table, PLAYERS)), source=SOURCE)
            return self._scene(engine.state)
        if state.phase == OVER:
            table.new_game("hexors", dict(engine.options), list(table.record.players))
            self.pending = None
            return Scene()
        self._enter_what_the_camera_missed(table, state)
        state = engine.state
        if state.phase == OVER:
            return self._scene(state)
        duel = state.duel
        if duel is not None and duel.defender is None:
            table.submit({"type": "challenge", "target": self.random.choice(duel.remaining)}, source=SOURCE)
            return self._scene(engine.state)
        if duel is not None and len(duel.rolls) < 2:
            value = self.random.randint(1, 6)
            if engine.options["die_reading"] != "value":  # a colour die is not drawn: its colour is tapped in
                table.submit({"type": "roll", "colour": state.colours[value - 1]}, source=SOURCE)
                return self._scene(engine.state)
            self.pending = Pending(state.turn, rolls=len(duel.rolls), value=value)
            return self._scene(state, die=value)
        if duel is not None:  # both rolled, the strike values wait for "compare" (option duel_confirm)
            table.submit({"type": "compare"}, source=SOURCE)
            return self._scene(engine.state)
        move = self._choose(state, engine.options)
        if move is None:
            return self._scene(state)
        self.pending = Pending(state.turn, tile=move["tile"], path=tuple(move["path"]))
        return self._scene(state, moved=(move["tile"], move["path"][-1]))

    def scene_now(self, table) -> Scene:
        """The mat as the referee has the game now (what a person entered on a phone), entering nothing."""
        state = table.engine.state if table.record.game == "hexors" else None
        return Scene() if state is None else self._scene(state)

    def _enter_what_the_camera_missed(self, table, state: GameState) -> None:
        """The tile moved or the die thrown for the last scene, entered by hand when the referee did not get it."""
        pending, self.pending = self.pending, None
        if pending is None or pending.turn != state.turn:
            return
        if pending.tile:
            piece = state.pieces.get(pending.tile)
            if state.moved is None and piece is not None and piece.cell is not None:
                table.submit({"type": "move", "tile": pending.tile, "path": list(pending.path)}, source=SOURCE)
        elif state.duel is not None and len(state.duel.rolls) == pending.rolls:
            table.submit({"type": "roll", "dice": [{"value": pending.value}]}, source=SOURCE)

    def _choose(self, state: GameState, options) -> dict | None:
        """A legal move, most often one that ends nearest an enemy tile (so duels come), else any."""
        moves = legal_moves(state, state.player.id, options)
        if not moves:
            return None
        enemies = [p.cell for p in state.on_arena() if state.controller(p) != state.player.id]
        if not enemies or self.random.random() < 0.25:
            return self.random.choice(moves)

        def gap(move: dict) -> int:
            return min(distance(state.arena.parse(move["path"][-1]), e) for e in enemies)

        best = min(gap(m) for m in moves)
        return self.random.choice([m for m in moves if gap(m) == best])
