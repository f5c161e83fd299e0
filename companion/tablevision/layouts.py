"""Which table layout a game uses: each game declares its own in ``companion/games/<game>/table_layout.py``.

A game without one (free roll) is played on the dice tray sheet: four anchors around an A4 area where every die
counts. A layout file (``vision.layout`` in the config, or ``--layout``) replaces the game's own.

Every game's mat carries anchors no other mat carries (``mat_owners``: the tray 96-99, Tesseract 92-95, Nexus
Keepers 88-91, Hexors 84-87, Nexus 80-83, above every sticker id), so the camera can say which game a mat is for.
"""

from __future__ import annotations

import dataclasses
import pkgutil
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from .dictionary import marker_count
from .layout import TableLayout, corner_anchors, load_layout

TRAY_SIZE = (297.0, 210.0)


def tray_layout() -> TableLayout:
    return TableLayout(name="dice-tray", size=TRAY_SIZE, anchors=corner_anchors(TRAY_SIZE, side=25.0, first_id=96),
                       dice_anywhere=True, former_anchors=corner_anchors(TRAY_SIZE, side=25.0))


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


@lru_cache(maxsize=1)
def mat_owners() -> dict[int, str]:
    """Each printed mat's anchor id -> the game it is for ("free-roll": the dice tray); built from the games' own
    layouts, so a new game's mat is known by its anchors."""
    import companion.games
    from companion.games import game_part

    owners = {a.id: "free-roll" for a in tray_layout().anchors}
    for module in pkgutil.iter_modules(companion.games.__path__):
        part = game_part(module.name, "table_layout") if module.ispkg else None
        if part is not None:
            owners.update((a.id, module.name.replace("_", "-")) for a in part.table_layout().anchors)
    return owners


def other_mats(layout: TableLayout) -> dict[int, str]:
    """The anchors of the other games' mats (id -> game): any of them in sight, and none of ``layout``'s, shows
    that another game's mat lies on the table. Ids ``layout`` uses itself are its own, whatever mat had them."""
    return {i: game for i, game in mat_owners().items() if layout.marker(i) is None and i not in layout.former_ids}


def mat_game(layout: TableLayout) -> str | None:
    """The game whose printed mat ``layout`` is (None: a layout file's own anchors)."""
    owners = mat_owners()
    games = {owners.get(i) for i in layout.anchor_ids}
    return games.pop() if len(games) == 1 else None


def mat_name(game: str) -> str:
    """A game's printed mat as ``companion table`` and the doctor call it: "the Hexors mat", "the free-roll dice
    tray" (the phone has its own words for them, in both languages: web/js/views/camera.js)."""
    from companion.referee.registry import game_class

    return "the free-roll dice tray" if game == "free-roll" else f"the {game_class(game).title.en} mat"
