"""Which table layout a game uses: each game declares its own in ``companion/games/<game>/table_layout.py``.

A game without one (free roll) is played on the dice tray sheet: four anchors around an A4 area where every die
counts. A layout file (``vision.layout`` in the config, or ``--layout``) replaces the game's own.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any, Mapping

from .dictionary import marker_count
from .layout import TableLayout, corner_anchors, load_layout

TRAY_SIZE = (297.0, 210.0)


def tray_layout() -> TableLayout:
    return TableLayout(name="dice-tray", size=TRAY_SIZE, anchors=corner_anchors(TRAY_SIZE, side=25.0),
                       dice_anywhere=True)


def layout_for(game: str, path: str | Path | None = None) -> TableLayout:
    if path:
        return load_layout(path)
    from companion.games import game_part

    module = game_part(game, "table_layout")
    return module.table_layout() if module is not None else tray_layout()


def configured_layout(game: str, table_settings: Mapping[str, Any], path: str | Path | None = None) -> TableLayout:
    """``game``'s mat as the configuration (section ``[table]``) has it: its layout file (or ``path``) in place of
    the game's own, its marker dictionary in place of the layout's. LayoutError or DictionaryError names the fault."""
    layout = layout_for(game, path or table_settings.get("layout") or None)
    if table_settings.get("dictionary"):
        marker_count(table_settings["dictionary"])
        layout = dataclasses.replace(layout, dictionary=table_settings["dictionary"], _by_id={})
    return layout
