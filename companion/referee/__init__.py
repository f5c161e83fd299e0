"""Referee core: the engine protocol every game implements, and the game registry."""

from companion.referee.engine import EventError, GameEngine, OptionsError
from companion.referee.options import OneOf, Range
from companion.referee.registry import available_games, create_game, game_class, register, restore_game

__all__ = [
    "EventError",
    "GameEngine",
    "OneOf",
    "OptionsError",
    "Range",
    "available_games",
    "create_game",
    "game_class",
    "register",
    "restore_game",
]
