"""What a phone needs to set up a Hexors game and explain a duel: the example tiles, the mat, strike values by colour.

Read-only plain JSON, so the phone draws from the engine's words rather than its internals.
"""

from __future__ import annotations

from typing import Any, Mapping

from .arena import Arena, distance
from .setup import start_cells
from .state import GameState
from .strike import strike
from .tiles import example_tiles


def _mat(arena: Arena, grey: list[list[str]]) -> list[dict[str, Any]]:
    sides = {c: i for i, side in enumerate(grey) for c in side}
    out = []
    for cell in arena.cells():
        name = arena.name(cell)
        x, y = Arena.centre(cell)
        out.append({"cell": name, "x": x, "y": y, "start_side": sides.get(name)})
    return out


def near_cells(arena: Arena, centre_name: str, side: int, reach: int = 2) -> list[str]:
    """Cells within ``reach`` of a grey cell, nearest first, then nearest the side's own end (monsters' places)."""
    centre = arena.parse(centre_name)
    home = arena.end_row(side)
    cells = [c for c in arena.within(centre, reach) if c != centre]
    cells.sort(key=lambda c: (distance(c, centre), abs(arena.row(c) - home), c[0]))
    return [arena.name(c) for c in cells]


def setup_choices(options: Mapping[str, Any]) -> dict[str, Any]:
    """What a setup screen offers: the mat with its grey cells, where monsters may stand, the example tiles."""
    arena = Arena(options["arena_columns"], options["arena_rows"])
    grey = start_cells(arena, options)
    colours = list(options["colours"])
    tiles = [t.to_json() for t in example_tiles(colours).values()]
    return {
        "arena": {"columns": arena.columns, "rows": arena.rows, "cells": _mat(arena, grey)},
        "start_cells": grey,
        # « les carreaux monstres ne doivent pas être placés à plus de 2 cases du carreau personnage »
        "near": {c: near_cells(arena, c, side) for side, cells in enumerate(grey) for c in cells},
        "tiles": tiles, "colours": colours, "levels": ["beginner", "advanced"], "level": options["level"],
    }


def strike_parts(state: GameState, options: Mapping[str, Any]) -> dict[str, dict[str, Any]] | None:
    """For the duel under way: each side's strike value for every colour, with its parts (printed, bonuses, total)."""
    duel = state.duel
    if duel is None or duel.defender is None:
        return None
    return {side: {c: strike(state, state.pieces[tid], c, options) for c in state.colours}
            for side, tid in (("attacker", duel.attacker), ("defender", duel.defender))}
