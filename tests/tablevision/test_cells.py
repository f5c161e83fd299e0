"""Millimetres to cells: square and hex grids, zones, uncertainty near edges, and facing."""

from __future__ import annotations

import pytest

from companion.tablevision.cells import cell_centre, facing, locate
from companion.tablevision.layouts import layout_for


def test_square_cell_and_its_edges():
    layout = layout_for("nexus-keepers")  # 40 mm cells from (50, 14), margin 3 mm
    assert locate(layout, (71, 35), "nexus").cell == (0, 0)
    assert locate(layout, (131, 75), "nexus").cell == (2, 1)
    near_edge = locate(layout, (89, 35), "nexus")  # 1 mm from the line between (0, 0) and (1, 0)
    assert near_edge.uncertain and near_edge.cell == (0, 0)
    assert not locate(layout, (80, 35), "nexus").uncertain
    assert locate(layout, (10, 35), "nexus").cell is None  # off the grid


def test_hex_cells_centres_and_edges(hex_layout):
    grid = hex_layout.grid("arena")
    for cell in [(0, 0), (3, 2), (6, 5), (2, 1), (5, 4)]:
        cx, cy = cell_centre(grid, cell)
        place = locate(hex_layout, (cx + 3, cy - 2), "arena")
        assert place.cell == cell and not place.uncertain
    # halfway between (0, 0) and its east neighbour (1, 0): on the shared edge
    a, b = cell_centre(grid, (0, 0)), cell_centre(grid, (1, 0))
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    assert locate(hex_layout, mid, "arena").uncertain
    # odd rows are shifted half a cell right: (0, 1) lies below and right of (0, 0)
    below = cell_centre(grid, (0, 1))
    assert below[0] > a[0] and below[1] > a[1]


def test_zones_and_their_edges():
    layout = layout_for("tesseract")  # priming-1 is x 60-110, y 14-76
    assert locate(layout, (85, 40)).zone == "priming-1"
    assert locate(layout, (135, 40)).zone == "priming-2"
    assert locate(layout, (111, 40)).uncertain  # 1 mm into priming-3... or out of priming-2: doubtful
    assert locate(layout, (10, 150)).zone is None


@pytest.mark.parametrize("angle, side, doubt", [(2, "N", False), (88, "E", False), (181, "S", False),
                                                (275, "W", False), (359, "N", False), (44, "N", True),
                                                (46, "E", True)])
def test_square_facing(angle, side, doubt):
    assert facing("square", angle) == (side, doubt)


@pytest.mark.parametrize("angle, side", [(30, "NE"), (90, "E"), (150, "SE"), (210, "SW"), (270, "W"), (330, "NW"),
                                         (355, "NW"), (5, "NE")])
def test_hex_facing(angle, side):
    assert facing("hex", angle)[0] == side
    assert facing("hex", 60.5)[1]  # halfway between NE and E
