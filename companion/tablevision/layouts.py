"""Which table layout a game uses: each game declares its own in ``companion/games/<game>/table_layout.py``.

A game without one (free roll) is played on the dice tray sheet: four anchors around an A4 area where every die
counts. A layout file (``vision.layout`` in the config, or ``--layout``) replaces the game's own.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from .layout import TableLayout, corner_anchors, load_layout

TRAY_SIZE = (297.0, 210.0)


def tray_layout() -> TableLayout:
    return TableLayout(name="dice-tray", size=TRAY_SIZE, anchors=corner_anchors(TRAY_SIZE, side=25.0),
                       dice_anywhere=True)


def layout_for(game: str, path: str | Path | None = None) -> TableLayout:
    if path:
        return load_layout(path)
    module_name = f"companion.games.{game.replace('-', '_')}.table_layout"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name not in (module_name, module_name.rsplit(".", 1)[0]):
            raise
        return tray_layout()
    return module.table_layout()
