"""Dice vision: read d6 values and colours from camera frames, and report each roll once it settles.

The names below are imported from their module on first use: the service opens its table profile's store
(``profile_store``) at start without loading OpenCV, numpy or the models.
"""

from __future__ import annotations

from companion.lazy import lazy_names

_HOMES = {"die_colour": "colour", "DiceReader": "detector", "DEFAULT_MODEL": "model_files", "ModelError": "model_files",
          "RollSettler": "settle", "SettledRoll": "settle", "same_dice": "settle", "models_dir": "shipped"}

__all__ = sorted(_HOMES)

__getattr__ = lazy_names(__name__, _HOMES)
