"""The arena: a hex grid of cells, and the one definition of "directly in front".

The starter mat is only shown as a picture in the rule book, so its size and its
grey starting cells are options (see docs/rules/hexors.md, choice A1).

Geometry: flat-topped hexagons in columns ``a, b, c…`` and rows ``1, 2, 3…``;
row 1 is the first player's end ("south"), the last row the second player's
("north"); odd columns (b, d, f…) stand half a cell further north. Internally a
cell is ``(col, h)`` in doubled-height coordinates (``h = 2*row0 + col % 2``), so
the six directions are constant vectors and straight lines are easy.

Directions (and tile faces) are numbered clockwise from north:
0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Iterable, Iterator

Cell = tuple[int, int]  # (col, doubled height)

DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1))
DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
NORTH, SOUTH = 0, 3

_NAME = re.compile(r"^([a-z])([1-9][0-9]?)$")


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def step(cell: Cell, direction: int, times: int = 1) -> Cell:
    dc, dh = DIRECTIONS[direction]
    return cell[0] + dc * times, cell[1] + dh * times


def direction_between(a: Cell, b: Cell) -> int | None:
    """The direction from ``a`` to its neighbour ``b``; None when they are not neighbours."""
    delta = (b[0] - a[0], b[1] - a[1])
    return DIRECTIONS.index(delta) if delta in DIRECTIONS else None


def distance(a: Cell, b: Cell) -> int:
    """Hex distance (number of steps) between two cells."""
    dc, dh = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dc + max(0, (dh - dc) // 2)


def in_front(a: Cell, b: Cell) -> bool:
    """« directement en face » : two tiles are directly in front of each other when their cells share an edge.

    Every tile on the arena is a hexagon standing in a hexagonal cell, so a
    tile's six faces touch the six neighbouring cells, one face each; a face on
    the mat's edge has nothing in front of it (choice A2)."""
    return direction_between(a, b) is not None


def facing_face(facing: int, direction: int) -> int:
    """Which face of a tile (0 = the hole's face, clockwise) points in ``direction``."""
    return (direction - facing) % 6


@dataclass(frozen=True)
class Arena:
    columns: int
    rows: int

    def __post_init__(self) -> None:
        if not 2 <= self.columns <= 26 or not 3 <= self.rows <= 99:
            raise ValueError("the arena must have 2-26 columns and 3-99 rows")

    # -- cells and names -------------------------------------------------------
    def contains(self, cell: Cell) -> bool:
        col, h = cell
        return 0 <= col < self.columns and (h - col % 2) % 2 == 0 and 0 <= (h - col % 2) // 2 < self.rows

    def cells(self) -> Iterator[Cell]:
        for col in range(self.columns):
            for row in range(self.rows):
                yield col, 2 * row + col % 2

    def row(self, cell: Cell) -> int:
        """1-based row number (1 = the first player's end)."""
        return (cell[1] - cell[0] % 2) // 2 + 1

    def name(self, cell: Cell) -> str:
        return f"{chr(ord('a') + cell[0])}{self.row(cell)}"

    def parse(self, name: object) -> Cell:
        """A cell from its name (``"d4"``); ValueError for anything else or a cell off the mat."""
        if not isinstance(name, str) or not _NAME.match(name.strip().lower()):
            raise ValueError(f"a cell is named like 'd4' (column letter, row number), got {name!r}")
        m = _NAME.match(name.strip().lower())
        col, row = ord(m.group(1)) - ord("a"), int(m.group(2))
        cell = (col, 2 * (row - 1) + col % 2)
        if not self.contains(cell):
            raise ValueError(f"cell {name!r} is not on the {self.columns}x{self.rows} arena")
        return cell

    def neighbours(self, cell: Cell) -> list[tuple[int, Cell]]:
        """(direction, cell) for each neighbour on the mat."""
        out = []
        for d in range(6):
            n = step(cell, d)
            if self.contains(n):
                out.append((d, n))
        return out

    def within(self, centre: Cell, reach: int) -> Iterable[Cell]:
        return (c for c in self.cells() if distance(c, centre) <= reach)

    def end_row(self, side: int) -> int:
        """The row number at a side's end: side 0 sits at row 1, side 1 at the last row."""
        return 1 if side == 0 else self.rows

    def default_start_cells(self, side: int) -> list[str]:
        """Grey starting cells by default: the middle three cells of a side's end row."""
        mid = self.columns // 2
        cols = [c for c in (mid - 1, mid, mid + 1) if 0 <= c < self.columns]
        row = self.end_row(side) - 1
        return [self.name((c, 2 * row + c % 2)) for c in cols]

    @staticmethod
    def centre(cell: Cell) -> tuple[float, float]:
        """Drawing position of a cell's centre, in hexagon radii, x east and y north."""
        return round(1.5 * cell[0], 3), round(math.sqrt(3) / 2 * cell[1], 3)
