"""Dice the camera sees lying in the priming zone or in a lab but cannot read (``Observation.unread``): a die with
pips of the body's brightness, a glare, a crowded mat that leaves the face readers no time for a second look.

The mat tells what the face would: « placez-le dans la zone d'amorçage, sous l'icône correspondant à sa nouvelle
valeur », so a die in priming area 6 was placed as a 6. An unread die in the area of a primed cube the camera does not
otherwise see, in that cube's colour (or in a colour the game has not, or in none), is that cube lying where it
should: said so, not warned of as missing, and it does not stop the camera from seeing the next prime. Any other
unread die is said to be unread. Neither is ever played: the referee only compares.

A lab says which scientist's cube a die is, not its value: an unread die in a lab is the one cube of that lab the
camera does not otherwise see (in the die's colour, when read in one of the game's), or said to be unread.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Mapping, Sequence

from companion.core import Observation, Verdict
from companion.words import of_fr

from . import rules
from .cube import Cube
from .flow import parse_roll
from .table_layout import priming_value


def unread_primed(observation: Observation) -> list[dict[str, Any]]:
    """The unread dice lying in the mat's priming areas, as read (``DieReading.to_json``) with their area's value
    (``area``: 4 for ``priming-4``)."""
    out = []
    for die, place in zip(observation.unread, observation.unread_places):
        area = priming_value((place or {}).get("zone"))
        if area is not None:
            out.append({**die.to_json(), "area": area})
    return out


def parse_unread(event: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """A reading's ``unread`` dice: each names its priming ``area`` (1-6), and may name the ``color`` read."""
    unread = event.get("unread", [])
    if not isinstance(unread, list) or not all(isinstance(d, Mapping) for d in unread):
        raise ValueError('"unread" must list the dice seen but not read, [{"area": 1-6, "color"}]')
    for die in unread:
        parse_roll(die.get("area"), "area")  # an unread die's priming area's value
    return unread


def in_area(cube: Cube, die: Mapping[str, Any]) -> bool:
    """Whether an unread die in the priming zone may be ``cube``: it lies under the icon of the cube's value."""
    return cube.value == die["area"]


def cover(missing: Counter, unread: Sequence[Mapping[str, Any]], colours: Sequence[str],
          colour_of: Callable[[Any], str | None],
          may_be: Callable[[Cube, Mapping[str, Any]], bool] = in_area) -> tuple[list[Cube], list[Mapping[str, Any]]]:
    """The cubes of ``missing`` (the referee's, not seen read) that unread dice lie in place of: the one cube a die
    ``may_be`` (in the priming zone: in the area of its value) read in its colour, or in one not among ``colours``
    when one kind of cube is missing there. Returns (the cubes covered, one per die that covers, in order; the other
    unread dice)."""
    covered: Counter = Counter()
    cubes: list[Cube] = []
    stray: list[Mapping[str, Any]] = []
    for die in unread:
        colour = colour_of(die.get("color"))
        there = {cube for cube in missing - covered if may_be(cube, die)}
        fits = [cube for cube in there if cube.color == colour] if colour in colours else list(there)
        if len(fits) == 1:
            covered[fits[0]] += 1
            cubes.append(fits[0])
        else:
            stray.append(die)
    return cubes, stray


def notes(covered: Sequence[Cube], stray: Sequence[Mapping[str, Any]], priming: bool) -> list[Verdict]:
    """What the players are told of the unread dice: each cube one lies in place of, and each other one (``priming``:
    the cube is still to be primed this Threat phase, and such a die may be it)."""
    out = [rules.info(rules.CAMERA_UNSURE, f"The camera sees a die it cannot read in priming area {cube.value}, "
                      f"where the referee has the {cube.describe()}", f"La caméra voit un dé qu’elle ne lit pas dans "
                      f"la zone d’amorçage {cube.value}, où l’arbitre a le {cube.describe('fr')}") for cube in covered]
    then_en = ": if it is the cube just rolled, prime it on the phone" if priming else ""
    then_fr = " : si c’est le cube lancé, amorcez-le sur le téléphone" if priming else ""
    for die in stray:
        out.append(rules.info(rules.CAMERA_UNSURE, f"The camera sees a die in priming area {die['area']} it cannot "
                              f"read{then_en}", f"La caméra voit dans la zone d’amorçage {die['area']} un dé qu’elle "
                              f"ne lit pas{then_fr}"))
    return out


def lab_notes(name: str, covered: Sequence[Cube], stray: Sequence[Mapping[str, Any]]) -> list[Verdict]:
    """What the players are told of the unread dice in ``name``'s lab: each cube one lies in place of, and each
    other one."""
    out = [rules.info(rules.CAMERA_UNSURE, f"The camera sees a die it cannot read in {name}'s lab, where the referee "
                      f"has the {cube.describe()}",
                      f"La caméra voit un dé qu’elle ne lit pas dans le labo {of_fr(name)}, "
                      f"où l’arbitre a le {cube.describe('fr')}") for cube in covered]
    return out + [rules.info(rules.CAMERA_UNSURE, f"The camera sees a die in {name}'s lab it cannot read",
                             f"La caméra voit dans le labo {of_fr(name)} un dé qu’elle ne lit pas") for _ in stray]
