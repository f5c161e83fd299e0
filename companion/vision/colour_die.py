"""ColourDieReader: a die whose faces are colours, not pips (Hexors' « dé de couleur »), read by its top face.

Why a model of its own: a colour die's faces are blank, so the pip-dice detector does not take it for a die at
all (it is trained to find pips). ``models/colour_dice.onnx`` is the same kind of network as ``dice.onnx`` (a
die-centre heatmap, a class map and box sizes) trained on rendered colour dice among pip dice and coloured tokens;
its six classes are the six face colours. A reading's value is the colour's place in ``COLOUR_DIE_COLOURS``
(red 1 … purple 6, the default order of Hexors' ``colours`` option) and its colour is the colour's name.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np

from companion.core import DieReading
from companion.vision.detector import DiceReader
from companion.vision.model_files import DEFAULT_MODEL, ModelError

COLOUR_DIE_COLOURS = ("red", "orange", "yellow", "green", "blue", "purple")
DEFAULT_COLOUR_MODEL = DEFAULT_MODEL.with_name("colour_dice.onnx")


class ColourDieReader:
    """Every colour die in a BGR image, its top face's colour named. ``confidence``: the lowest reported score
    (centre score x the colour's probability): 0.4, the best frames-read-entirely-right on rendered frames of
    another seed than the benchmark's (models/colour_dice.md)."""

    def __init__(self, model_path: str | Path | None = None, threads: int = 1, confidence: float = 0.4):
        self.model_path = Path(model_path) if model_path is not None else DEFAULT_COLOUR_MODEL
        # no pip rules: a colour die has no pips to be taken for dice (inside_die, second_look off)
        self.detector = DiceReader(self.model_path, threads=threads, confidence=confidence, faces=False,
                                   read_colour=False, detector_vote=1.0, inside_die=1.1, second_look=0.0)
        meta = self.detector.session.get_modelmeta().custom_metadata_map.get("companion")
        classes = json.loads(meta).get("classes") if meta else None
        if not classes or len(classes) != 6 or any(c not in COLOUR_DIE_COLOURS for c in classes):
            raise ModelError(f"{self.model_path} is not a colour-die model: it does not name its six face colours "
                             f"(metadata 'classes', one of {', '.join(COLOUR_DIE_COLOURS)} each)")
        self.colours = tuple(classes)

    @property
    def input_pixels(self) -> int:
        return self.detector.input_pixels

    def read(self, image_bgr: np.ndarray, pixels: int | None = None) -> list[DieReading]:
        readings = []
        for die in self.detector.read(image_bgr, pixels=pixels):
            colour = self.colours[die.value - 1]
            readings.append(dataclasses.replace(die, value=COLOUR_DIE_COLOURS.index(colour) + 1, color=colour))
        return readings
