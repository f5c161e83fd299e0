"""Simulated Tesseract scientists for the simulated camera: the automatic player (``players.py``) takes the
Action phase's decisions, entered as a phone would; in the Threat phase the cube to prime is rolled onto the mat
and the referee reads it from the camera when it settles in the priming zone, under its value's icon.

What lies on the mat mirrors the referee's state: primed cubes in the priming areas, each lab's cubes in its area
(six at most are drawn: the mat's lab areas hold six dice), confined cubes on their slots.
"""

from __future__ import annotations

import logging

import numpy as np

from companion.capture.simulated_game import MatPlayers, Scene, players_named
from companion.tablevision.cells import cell_centre
from companion.tablevision.render import DiePlacement

from .players import PLAYERS
from .state import ACTION, OVER, THREAT
from .table_layout import table_layout

log = logging.getLogger(__name__)
SOURCE = "simulated player"
SPOTS = [(-12, -18), (12, -18), (-12, 4), (12, 4), (-12, 24), (12, 24)]  # within a 50 x 62 mm priming area
LAB_SPOTS = [(-26, -14), (0, -14), (26, -14), (-26, 10), (0, 10), (26, 10)]  # within an 80 x 64 mm lab area


class TableBot(MatPlayers):
    def __init__(self, rng: np.random.Generator) -> None:
        super().__init__(rng, table_layout())
        self.zones = {z.name: z for z in self.layout.zones}
        self.throw: tuple[str, DiePlacement] | None = None  # (column, die) thrown, not yet read

    def _scene(self, state, extra: DiePlacement | None = None) -> Scene:
        dice: list[DiePlacement] = []
        per_value: dict[int, int] = {}
        for cube in state.zone.cubes:
            k = per_value.get(cube.value, 0)
            per_value[cube.value] = k + 1
            if k < len(SPOTS):
                cx, cy = self.zones[f"priming-{cube.value}"].centre
                dice.append(DiePlacement((cx + SPOTS[k][0], cy + SPOTS[k][1]), cube.value, cube.color))
        for i, name in enumerate(state.labs.names[:4], start=1):
            cx, cy = self.zones[f"lab-{i}"].centre
            for spot, cube in zip(LAB_SPOTS, state.labs.cubes[name]):
                dice.append(DiePlacement((cx + spot[0], cy + spot[1]), cube.value, cube.color))
        grid = self.layout.grid("confinement")
        for cube in sorted(state.board.filled):
            if cube.color in state.colours:
                dice.append(DiePlacement(cell_centre(grid, (cube.value - 1, state.colours.index(cube.color))),
                                         cube.value, cube.color))
        if extra is not None:
            dice.append(extra)
        return Scene([], dice, thrown=extra is not None)

    def scene_now(self, table) -> Scene:
        """The dice as the referee has them now (what a person entered on a phone), entering nothing."""
        state = table.engine.state if table.record.game == "tesseract" else None
        return Scene() if state is None else self._scene(state)

    def next_scene(self, table) -> Scene:
        if table.record.game != "tesseract":
            return Scene()
        engine = table.engine
        state = engine.state
        if state is None:
            table.submit({"type": "setup", "players": 2, "scientists": players_named(table, ("S1", "S2")),
                          "seed": self.random.randrange(2**31)}, source=SOURCE)
            return self._scene(engine.state)
        if state.phase == OVER:
            table.new_game("tesseract", dict(engine.options), list(table.record.players))
            self.throw = None
            return Scene()
        player = PLAYERS["greedy"](engine, self.random)
        if state.pending:
            table.submit(player.resolve_event(), source=SOURCE)
        elif state.phase == ACTION:
            table.submit(player.next_action() or {"type": "end_actions"}, source=SOURCE)
        elif state.phase == THREAT and not state.primed_this_phase:
            if self.throw is not None:  # the camera did not read it: entered by hand, as a scientist would
                column, die = self.throw
                self.throw = None
                table.submit({"type": "prime", "column": column, "rolled": die.value}, source=SOURCE)
                return self._scene(engine.state)
            column = state.tesseract.lowest_removable()[0]
            rolled = self.random.randint(1, 6)
            cx, cy = self.zones[f"priming-{rolled}"].centre
            k = state.zone.by_value().get(rolled, 0)
            spot = SPOTS[min(k, len(SPOTS) - 1)]
            die = DiePlacement((cx + spot[0], cy + spot[1]), rolled, state.tesseract.top(column).color)
            self.throw = (column, die)
            return self._scene(state, die)
        self.throw = None
        return self._scene(engine.state)
