"""The colour die: how a roll (typed, or a die reading from the camera) becomes one of the six colours.

« L'attaquant commence et roule le dé de couleur. » The book does not say which
colour is on which face, nor that the faces carry pips. Two readings (option
``die_reading``, choice D1 in docs/rules/hexors.md):

* ``"value"`` (default): the die's face value 1-6 picks the colour at that place
  in option ``colours`` (1 → the first colour…). Any pip d6 the camera already
  reads will do, with a printed value → colour card beside the arena.
* ``"color"``: the reading's colour is the rolled colour (a colour die read by
  its top face's colour).

A roll event may also name the colour directly: ``{"type": "roll", "colour": "green"}``.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence


def colour_of_reading(die: Mapping[str, Any], colours: Sequence[str], reading: str) -> str:
    if not isinstance(die, Mapping):
        raise ValueError('a die is an object like {"value": 4, "color": "green"}')
    if reading == "color":
        colour = die.get("color", die.get("colour"))
        if not isinstance(colour, str) or colour.lower() not in colours:
            raise ValueError(f"the die's colour must be one of {', '.join(colours)}, got {colour!r}")
        return colour.lower()
    value = die.get("value")
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= len(colours):
        raise ValueError(f"the die's value must be 1-{len(colours)}, got {value!r}")
    return colours[value - 1]


def rolled_colour(event: Mapping[str, Any], colours: Sequence[str], reading: str) -> str:
    """The colour a roll event shows: ``"colour"`` directly, or exactly one die in ``"dice"``."""
    if "colour" in event or "color" in event:
        colour = event.get("colour", event.get("color"))
        if not isinstance(colour, str) or colour.lower() not in colours:
            raise ValueError(f'"colour" must be one of {", ".join(colours)}, got {colour!r}')
        return colour.lower()
    dice = event["dice"]
    if not isinstance(dice, list) or len(dice) != 1:
        raise ValueError('"dice" must hold exactly one die: each player rolls the colour die in turn')
    return colour_of_reading(dice[0], colours, reading)
