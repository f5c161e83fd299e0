"""Rendered tables for the table-vision tests: a game's mat, pieces in random cells, a camera pose."""

from __future__ import annotations

import numpy as np
import pytest

from companion.tablevision.layout import layout_from_json

HEX_ARENA = {
    "name": "hex-arena", "size": [420, 297],
    "anchors": [{"id": 0, "centre": [23, 23], "side": 30}, {"id": 1, "centre": [397, 23], "side": 30},
                {"id": 2, "centre": [397, 274], "side": 30}, {"id": 3, "centre": [23, 274], "side": 30}],
    "grids": [{"name": "arena", "kind": "hex", "origin": [80, 50], "cell": 24, "cols": 7, "rows": 6}],
    "pieces": [{"id": 40 + i, "name": f"hex-tile-{i}", "kind": "tile", "side": 16, "grid": "arena"}
               for i in range(10)],
}


@pytest.fixture
def hex_layout():
    return layout_from_json(HEX_ARENA, "hex-arena")


@pytest.fixture
def rng():
    return np.random.default_rng(20261123)
