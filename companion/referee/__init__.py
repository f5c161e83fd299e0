"""Referee core: the engine protocol every game implements, and the game registry."""

from companion.referee.engine import EventError, GameEngine, OptionsError
from companion.referee.registry import available_games, create_game, game_class, register, restore_game

__all__ = [
    "EventError",
    "GameEngine",
    "OptionsError",
    "available_games",
    "create_game",
    "game_class",
    "register",
    "restore_game",
]
