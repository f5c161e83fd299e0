"""From a point in table millimetres to the game's places: a zone, a square cell or a hex cell.

A point closer than the layout's margin to an edge is reported ``uncertain``: the referee is told "between
two cells", never a guess. Facing (a marker's turn on the table) is snapped to the grid's sides the same way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .layout import Grid, Point, TableLayout, Zone

SQRT3 = math.sqrt(3.0)
SQUARE_SIDES = ("N", "E", "S", "W")  # facing 0, 90, 180, 270 degrees clockwise from the sheet's top
HEX_SIDES = ("NE", "E", "SE", "SW", "W", "NW")  # pointy-top hexagons: faces at 30 + 60k degrees
FLAT_HEX_SIDES = ("N", "NE", "SE", "S", "SW", "NW")  # flat-top hexagons: faces at 60k degrees


@dataclass(frozen=True)
class Place:
    """Where a point is: its zone (or None), its grid and cell (or None), and whether that is certain."""

    zone: str | None
    grid: str | None
    cell: tuple[int, int] | None
    uncertain: bool
    edge_mm: float  # distance to the nearest edge of the cell (or zone) it was placed in

    def to_json(self) -> dict:
        return {"zone": self.zone, "grid": self.grid, "cell": list(self.cell) if self.cell else None,
                "uncertain": self.uncertain}


def zone_at(zones: tuple[Zone, ...], point: Point) -> tuple[Zone | None, float]:
    """The first zone holding ``point`` and the point's distance to its edge (for a point outside every zone:
    None and the distance to the nearest zone's edge)."""
    nearest = math.inf
    for zone in zones:
        poly = np.asarray(zone.polygon, np.float32).reshape(-1, 1, 2)
        d = cv2.pointPolygonTest(poly, (float(point[0]), float(point[1])), True)
        if d >= 0:
            return zone, float(d)
        nearest = min(nearest, -float(d))
    return None, nearest


def square_cell(grid: Grid, point: Point) -> tuple[tuple[int, int] | None, float]:
    fx = (point[0] - grid.origin[0]) / grid.cell
    fy = (point[1] - grid.origin[1]) / grid.cell
    col, row = math.floor(fx), math.floor(fy)
    edge = min(fx - col, col + 1 - fx, fy - row, row + 1 - fy) * grid.cell
    if not (0 <= col < grid.cols and 0 <= row < grid.rows):
        return None, edge
    return (col, row), edge


def hex_centre(grid: Grid, cell: tuple[int, int]) -> Point:
    col, row = cell
    if grid.orientation == "flat":
        return (grid.origin[0] + 1.5 * grid.cell * col, grid.origin[1] + SQRT3 * grid.cell * (row - 0.5 * (col & 1)))
    w = SQRT3 * grid.cell
    return (grid.origin[0] + w * (col + 0.5 * (row & 1)), grid.origin[1] + 1.5 * grid.cell * row)


def hexagon(centre: Point, radius: float, flat: bool) -> list[Point]:
    """A regular hexagon's corners: flat-topped (the first corner east) or pointy-topped (the first north-east)."""
    first = 0.0 if flat else -30.0
    return [(centre[0] + radius * math.cos(math.radians(first + 60 * k)),
             centre[1] + radius * math.sin(math.radians(first + 60 * k))) for k in range(6)]


def hex_corners(grid: Grid, cell: tuple[int, int], scale: float = 1.0) -> list[Point]:
    """The six corners of a hex cell (``scale`` shrinks the hexagon about its centre)."""
    return hexagon(hex_centre(grid, cell), grid.cell * scale, grid.orientation == "flat")


def hex_cell(grid: Grid, point: Point) -> tuple[tuple[int, int] | None, float]:
    """The cell whose centre is nearest (that is the hexagon holding the point), and the distance to its edge."""
    size = grid.cell
    px, py = point[0] - grid.origin[0], point[1] - grid.origin[1]
    flat = grid.orientation == "flat"
    best, best_d = None, math.inf
    if flat:
        col_guess = round(px / (1.5 * size))
        candidates = [(c, r) for c in (col_guess - 1, col_guess, col_guess + 1)
                      for r0 in [round(py / (SQRT3 * size) + 0.5 * (c & 1))] for r in (r0 - 1, r0, r0 + 1)]
    else:
        row_guess = round(py / (1.5 * size))
        candidates = [(c, r) for r in (row_guess - 1, row_guess, row_guess + 1)
                      for c0 in [round(px / (SQRT3 * size) - 0.5 * (r & 1))] for c in (c0 - 1, c0, c0 + 1)]
    for cell in candidates:
        cx, cy = hex_centre(grid, cell)
        d = math.hypot(point[0] - cx, point[1] - cy)
        if d < best_d:
            best, best_d = cell, d
    cx, cy = hex_centre(grid, best)
    dx, dy = point[0] - cx, point[1] - cy
    inradius = SQRT3 / 2 * size
    # edge normals: pointy-top at 0, 60 and 120 degrees; flat-top at 30, 90 and 150
    normals = (math.pi / 6, math.pi / 2, 5 * math.pi / 6) if flat else (0.0, math.pi / 3, 2 * math.pi / 3)
    reach = max(abs(dx * math.cos(a) + dy * math.sin(a)) for a in normals)
    edge = inradius - reach
    col, row = best
    if not (0 <= col < grid.cols and 0 <= row < grid.rows):
        return None, edge
    return best, edge


def cell_centre(grid: Grid, cell: tuple[int, int]) -> Point:
    if grid.kind == "hex":
        return hex_centre(grid, cell)
    return (grid.origin[0] + (cell[0] + 0.5) * grid.cell, grid.origin[1] + (cell[1] + 0.5) * grid.cell)


def covered_from(point: Point, side: str | None, span: int, cell: float) -> Point:
    """Where to read the cell of a piece ``span`` square cells long whose sticker (at ``point``) is in its middle:
    (span - 1) / 2 cells back along its length, so the cell read is the first it covers. It lies across the
    sheet (left to right) facing N or S, along it facing E or W: a Nexus card's top-left half. A facing in doubt
    (None) leaves the point, whose place is then as doubtful as the facing."""
    back = (span - 1) / 2 * cell
    if side in ("N", "S"):
        return (point[0] - back, point[1])
    if side in ("E", "W"):
        return (point[0], point[1] - back)
    return point


def locate(layout: TableLayout, point: Point, grid_name: str | None = None) -> Place:
    """The zone and (when ``grid_name`` is given) the cell of ``point``."""
    zone, zone_edge = zone_at(layout.zones, point)
    uncertain = zone_edge < layout.margin
    if grid_name is None:
        return Place(zone.name if zone else None, None, None, uncertain, zone_edge)
    grid = layout.grid(grid_name)
    cell, edge = (hex_cell if grid.kind == "hex" else square_cell)(grid, point)
    # off the grid but within the margin of it is as doubtful as a cell edge
    return Place(zone.name if zone else None, grid.name, cell, edge < layout.margin, edge)


def facing(grid_kind: str | None, angle_deg: float, tolerance_deg: float = 10.0,
           orientation: str = "pointy") -> tuple[str | None, bool]:
    """The side a piece faces, from its turn on the table (degrees clockwise from the sheet's top), and whether
    that is uncertain (within ``tolerance_deg`` of halfway between two sides)."""
    flat = grid_kind == "hex" and orientation == "flat"
    sides = FLAT_HEX_SIDES if flat else HEX_SIDES if grid_kind == "hex" else SQUARE_SIDES
    step = 360.0 / len(sides)
    offset = 30.0 if grid_kind == "hex" and not flat else 0.0
    k = (angle_deg - offset) / step
    nearest = round(k)
    off_by = abs(k - nearest) * step
    return sides[nearest % len(sides)], off_by > step / 2 - tolerance_deg
