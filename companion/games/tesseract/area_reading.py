"""The priming areas say what a die's face should be: « Placez-le ensuite dans la zone d'amorçage, sous l'icône
correspondant à sa nouvelle valeur ».

A die in a priming area read as another value, which the reader was not sure of (under ``vision.sure_reading``'s
default) and which gave the area's value at least ``vision.reread_floor``'s default, is read as the area's value
(the engine has no settings but its options) and the players are told:
the rules-aware reading's "read again", with the mat as the expectation (a blue 3 with dark pips read 2 at 0.49,
3 at 0.35, lying under the icon of 3). A die read clearly as another value stays as read: the players may have put
it under the wrong icon, and the referee says so.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Mapping, Sequence

from companion.core import DieReading, Verdict
from companion.referee.aware import VISION
from companion.words import colour_fr

from . import rules
from .flow import parse_roll

KEY = "read_by_area"  # the event's list of the dice read again: {"area", "read", "color"}


def read_by_area(dice: Sequence[DieReading], areas: Sequence[int | None]) -> tuple[list[DieReading], list[dict]]:
    """The dice, each unsure one read as its area's value where the reader allows it, and what was read again."""
    out: list[DieReading] = []
    again: list[dict[str, Any]] = []
    for die, area in zip(dice, areas):
        probs = die.probabilities
        if area is not None and die.value != area and probs and probs[die.value - 1] < VISION["sure_reading"] \
                and probs[area - 1] >= VISION["reread_floor"]:
            again.append({"area": area, "read": die.value, "color": die.color})
            die = replace(die, value=area)
        out.append(die)
    return out, again


def notes(event: Mapping[str, Any]) -> list[Verdict]:
    """What the players are told of the dice an event's reading read again by their area."""
    again = event.get(KEY, [])
    if not isinstance(again, list) or not all(isinstance(d, Mapping) for d in again):
        raise ValueError(f'"{KEY}" must list the dice read again, [{{"area": 1-6, "read": 1-6, "color"}}]')
    out = []
    for die in again:
        area, read = parse_roll(die.get("area"), "area"), parse_roll(die.get("read"), "read")
        colour, couleur = (f"{die['color']} ", f"{colour_fr(die['color'])} ") if isinstance(die.get("color"), str) \
            else ("", "")
        out.append(rules.info(rules.CAMERA_REREAD, f"Read again: the {colour}die in priming area {area}, read as "
                              f"{read}, is a {area} (the area's value, which the reader also gave it)",
                              f"Relu : le dé {couleur}de la zone d’amorçage {area}, lu comme {read}, est un {area} "
                              "(la valeur de la zone, que la lecture lui donnait aussi)"))
    return out
