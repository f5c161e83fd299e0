"""Which games the companion can referee, by name."""

from __future__ import annotations

import importlib
from typing import Any, Mapping

from companion.referee.engine import GameEngine, OptionsError

# Modules under companion.games that register an engine when imported.
GAME_MODULES = ("free_roll", "tesseract", "nexus_keepers", "nexus", "hexors")

_GAMES: dict[str, type[GameEngine]] = {}


def register(cls: type[GameEngine]) -> type[GameEngine]:
    """Class decorator: make an engine available under ``cls.name``."""
    _GAMES[cls.name] = cls
    return cls


def _load() -> None:
    for module in GAME_MODULES:
        importlib.import_module(f"companion.games.{module}")


def _load_one(name: str) -> None:
    """Import the module of game ``name`` alone (its module is the name with ``_`` for ``-``): a restart into a free
    roll does not load the four board games before its first answer."""
    module = name.replace("-", "_")
    if module in GAME_MODULES:
        importlib.import_module(f"companion.games.{module}")


def available_games() -> dict[str, type[GameEngine]]:
    _load()
    return dict(sorted(_GAMES.items()))


def game_class(name: str) -> type[GameEngine]:
    if isinstance(name, str) and name not in _GAMES:
        _load_one(name)  # the game asked for, not every game
    if name not in _GAMES:
        _load()
    try:
        return _GAMES[name]
    except KeyError:
        raise OptionsError(f"unknown game {name!r} (known: {', '.join(sorted(_GAMES))})") from None


def create_game(name: str, options: Mapping[str, Any] | None = None) -> GameEngine:
    return game_class(name)(options)


def restore_game(snapshot: Mapping[str, Any]) -> GameEngine:
    return game_class(snapshot["game"]).from_snapshot(snapshot)
