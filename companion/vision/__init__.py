"""Dice vision: read d6 values and colours from camera frames, and report each roll once it settles."""

from companion.vision.colour import die_colour
from companion.vision.detector import DiceReader
from companion.vision.model_files import DEFAULT_MODEL, ModelError
from companion.vision.settle import RollSettler, SettledRoll, same_dice
from companion.vision.shipped import models_dir

__all__ = [
    "DEFAULT_MODEL", "DiceReader", "ModelError", "RollSettler", "SettledRoll", "die_colour", "models_dir", "same_dice",
]
