"""Random game positions on a layout, with their truth: which piece is in which cell, facing which side.

Shared by the tests, ``benchmarks/table.py`` and the simulated camera, so all three measure the same thing.
A piece is put within ``jitter`` of its cell's centre (a player's hand is not exact), never closer to an edge
than the layout's margin, so that every truth is a cell a reader must get right (not an uncertain one). A tile
fills its cell: it can only shift and turn as far as the play between it and its neighbours allows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .cells import FLAT_HEX_SIDES, HEX_SIDES, SQUARE_SIDES, cell_centre
from .layout import TableLayout, Zone
from .render import TILE_SCALE, DiePlacement, PiecePlacement

DIE_COLOURS = ("white", "red", "blue", "green", "yellow", "black")


@dataclass(frozen=True)
class PieceTruth:
    name: str
    cell: tuple[int, int] | None
    zone: str | None
    facing: str | None


def random_position(layout: TableLayout, rng: np.random.Generator, n_pieces: int, jitter: float = 5.0,
                    turn_jitter: float = 6.0,
                    kinds: tuple[str, ...] | None = None) -> tuple[list[PiecePlacement], dict]:
    """``n_pieces`` pieces of ``layout`` (of ``kinds``) in distinct random cells; pieces and {name: PieceTruth}."""
    markers = [p for p in layout.pieces if p.grid is not None and (kinds is None or p.kind in kinds)]
    chosen = rng.choice(len(markers), size=min(n_pieces, len(markers)), replace=False)
    used: set[tuple[str, tuple[int, int]]] = set()
    placements, truth = [], {}
    for k in chosen:
        marker = markers[int(k)]
        grid = layout.grid(marker.grid)
        for _ in range(200):
            cell = (int(rng.integers(grid.cols)), int(rng.integers(grid.rows)))
            if (grid.name, cell) not in used:
                break
        used.add((grid.name, cell))
        cx, cy = cell_centre(grid, cell)
        inradius = grid.cell * (math.sqrt(3) / 2 if grid.kind == "hex" else 0.5)
        room = inradius - layout.margin - 1.0
        turn = turn_jitter
        if marker.kind == "tile":
            room = min(room, (1 - TILE_SCALE) * inradius)
            turn = min(turn_jitter, 4.0)
        r = min(jitter, room) * math.sqrt(rng.random())
        a = rng.uniform(0, 2 * math.pi)
        flat = grid.kind == "hex" and grid.orientation == "flat"
        sides = FLAT_HEX_SIDES if flat else HEX_SIDES if grid.kind == "hex" else SQUARE_SIDES
        side = int(rng.integers(len(sides)))
        base = (0.0 if flat else 30.0) + 60.0 * side if grid.kind == "hex" else 90.0 * side
        angle = (base + rng.uniform(-turn, turn)) % 360
        placements.append(PiecePlacement(marker, (cx + r * math.cos(a), cy + r * math.sin(a)), angle))
        truth[marker.name] = PieceTruth(marker.name, cell, None, sides[side])
    return placements, truth


def _inside(zone: Zone, rng: np.random.Generator, margin: float) -> tuple[float, float]:
    xs, ys = [p[0] for p in zone.polygon], [p[1] for p in zone.polygon]
    return (float(rng.uniform(min(xs) + margin, max(xs) - margin)),
            float(rng.uniform(min(ys) + margin, max(ys) - margin)))


def random_dice(layout: TableLayout, rng: np.random.Generator, n: int, size_mm: float = 16.0,
                avoid=()) -> list[DiePlacement]:
    """``n`` dice lying in the layout's dice zones, apart from each other and from the pieces in ``avoid``."""
    zones = [z for z in layout.zones if z.dice] or [Zone("mat", ((40, 40), (layout.size[0] - 40, 40),
                                                                   (layout.size[0] - 40, layout.size[1] - 40),
                                                                   (40, layout.size[1] - 40)), dice=True)]
    dice: list[DiePlacement] = []
    for _ in range(n * 30):
        if len(dice) >= n:
            break
        zone = zones[int(rng.integers(len(zones)))]
        mm = _inside(zone, rng, size_mm)
        if (all(math.dist(mm, d.mm) > 1.8 * size_mm for d in dice)
                and all(math.dist(mm, p.mm) > p.marker.side + size_mm for p in avoid)):
            dice.append(DiePlacement(mm, int(rng.integers(1, 7)), str(rng.choice(DIE_COLOURS)), size_mm))
    return dice
