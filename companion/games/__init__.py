"""The games the companion referees, one package each; ``game_part`` finds a game's optional modules."""

from __future__ import annotations

import importlib
from types import ModuleType


def game_part(game: str, part: str) -> ModuleType | None:
    """``companion.games.<game>.<part>`` (a game's table layout, its simulated players...), None when the game has
    none; an import error inside an existing module is raised, never taken for "none"."""
    name = f"companion.games.{game.replace('-', '_')}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name not in (name, name.rsplit(".", 1)[0]):
            raise
        return None
