"""Card placement on the half-card grid: where a card lies, what it touches, and the basketweave.

Board coordinates are in half-card units (the short edge): a card at ``(x, y)`` lying landscape
(rotation 0 or 180) covers the cells ``(x, y)`` and ``(x + 1, y)``; standing portrait (90 or 270) it
covers ``(x, y)`` and ``(x, y + 1)``. ``y`` grows towards the bottom of the board view. Two cards
*touch* when they share an edge segment; a shared corner alone is not touching.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Iterator, Mapping

from .cards import PORTS, rotate

LATTICE = 4  # card-local units per half-card cell (a card is 8 x 4 of them)
SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass(frozen=True)
class Placement:
    """A card as it lies on the table: which card, where (its top-left cell) and turned how far clockwise."""

    card: str
    x: int
    y: int
    rotation: int

    @property
    def landscape(self) -> bool:
        return self.rotation in (0, 180)

    def cells(self) -> tuple[tuple[int, int], tuple[int, int]]:
        return cells_of(self.x, self.y, self.landscape)

    def lattice(self, point: tuple[float, float]) -> tuple[float, float]:
        """A card-local point in board lattice units (LATTICE per cell)."""
        px, py = rotate(point, self.rotation)
        return self.x * LATTICE + px, self.y * LATTICE + py

    def board_point(self, point: tuple[float, float]) -> tuple[float, float]:
        """A card-local point in board (cell) units, for drawing."""
        lx, ly = self.lattice(point)
        return lx / LATTICE, ly / LATTICE

    def to_json(self) -> dict:
        return {"card": self.card, "x": self.x, "y": self.y, "rotation": self.rotation}

    @classmethod
    def from_json(cls, data: Mapping) -> "Placement":
        return cls(data["card"], data["x"], data["y"], data["rotation"])


def cells_of(x: int, y: int, landscape: bool) -> tuple[tuple[int, int], tuple[int, int]]:
    return ((x, y), (x + 1, y)) if landscape else ((x, y), (x, y + 1))


def neighbours(cells: Iterable[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """Cells sharing an edge with the given block, outside it."""
    block = set(cells)
    for cx, cy in block:
        for dx, dy in SIDES:
            cell = (cx + dx, cy + dy)
            if cell not in block:
                yield cell


@dataclass(frozen=True)
class PlacementCheck:
    """Why a placement is refused (``problem`` is None when it is allowed)."""

    problem: str | None  # "overlap", "touch" or "basketweave"
    touching: tuple[int, ...] = ()  # indexes of the played cards it shares an edge with
    clash: int | None = None  # for "overlap"/"basketweave": the played card in the way


def check_placement(occupied: Mapping[tuple[int, int], int], landscape_of: list[bool],
                    x: int, y: int, landscape: bool, anywhere: bool = False) -> PlacementCheck:
    """Overlap, touching and the basketweave for a card at ``(x, y)`` (``occupied``: cell -> played card index)."""
    cells = cells_of(x, y, landscape)
    for cell in cells:
        if cell in occupied:
            return PlacementCheck("overlap", clash=occupied[cell])
    touching = sorted({occupied[c] for c in neighbours(cells) if c in occupied})
    for index in touching:
        if landscape_of[index] == landscape:  # same orientation: long edge to long edge or short to short
            return PlacementCheck("basketweave", tuple(touching), index)
    if not touching and occupied and not anywhere:
        return PlacementCheck("touch")
    return PlacementCheck(None, tuple(touching))


def open_spots(occupied: Mapping[tuple[int, int], int], landscape_of: list[bool]) -> list[dict]:
    """Every (x, y, landscape) a new card may take next to the played cards, for the board view."""
    seen, spots = set(), []
    for cell in {c for c in neighbours(occupied) if c not in occupied}:
        cx, cy = cell
        for x, y, landscape in ((cx, cy, True), (cx - 1, cy, True), (cx, cy, False), (cx, cy - 1, False)):
            if (x, y, landscape) in seen:
                continue
            seen.add((x, y, landscape))
            if check_placement(occupied, landscape_of, x, y, landscape).problem is None:
                spots.append({"x": x, "y": y, "rotations": [0, 180] if landscape else [90, 270]})
    return sorted(spots, key=lambda s: (s["y"], s["x"], s["rotations"]))


def apart_spots(occupied: Mapping[tuple[int, int], int]) -> list[dict]:
    """Spots touching no card, one half-card off the board: where a card apart may go under the variant « place
    cards anywhere on the table as long as they match the existing grid » (the phone offers this ring; the camera
    and typed events take any spot)."""
    near = set(occupied) | set(neighbours(occupied))
    seen, spots = set(), []
    for cx, cy in set(neighbours(near)):
        for x, y, landscape in ((cx, cy, True), (cx - 1, cy, True), (cx, cy, False), (cx, cy - 1, False)):
            if (x, y, landscape) not in seen and not near.intersection(cells_of(x, y, landscape)):
                spots.append({"x": x, "y": y, "rotations": [0, 180] if landscape else [90, 270]})
            seen.add((x, y, landscape))
    return sorted(spots, key=lambda s: (s["y"], s["x"], s["rotations"]))


def card_ports(placement: Placement) -> dict[str, tuple[int, int]]:
    """Each port of a played card -> its board lattice point (integers: ports meet exactly)."""
    out = {}
    for name, point in PORTS.items():
        lx, ly = placement.lattice(point)
        out[name] = (int(lx), int(ly))
    return out


def port_cells(lattice_point: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two cells on either side of the edge a port lies on."""
    lx, ly = lattice_point
    if lx % LATTICE == 0:  # on a vertical edge line
        return (lx // LATTICE - 1, ly // LATTICE), (lx // LATTICE, ly // LATTICE)
    return (lx // LATTICE, ly // LATTICE - 1), (lx // LATTICE, ly // LATTICE)

