"""Dice vision: read d6 values and colours from camera frames, and report each roll once it settles."""

from companion.vision.colour import die_colour
from companion.vision.detector import DEFAULT_MODEL, DiceReader, ModelError
from companion.vision.settle import RollSettler, SettledRoll, same_dice

__all__ = ["DEFAULT_MODEL", "DiceReader", "ModelError", "RollSettler", "SettledRoll", "die_colour", "same_dice"]
