"""Reconciling a settled camera reading of the priming zone with the engine's priming zone.

The reading never changes the state: a difference is a warning naming the die.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from companion.core import Observation, Verdict

from . import rules
from .cube import Cube
from .state import GameState

AREA_KEY = "priming_zone"


def _inside(box, area) -> bool:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return area[0] <= cx <= area[2] and area[1] <= cy <= area[3]


def primed_dice(observation: Observation) -> list | None:
    """With table vision: the dice lying in the mat's priming areas (zones ``priming-1`` .. ``priming-6``);
    None when the observation has no places (no table plane)."""
    if not observation.places:
        return None
    return [d for d, place in zip(observation.dice, observation.places)
            if place is not None and str(place.get("zone") or "").startswith("priming-")]


def reading_event(observation: Observation, options: Mapping[str, Any],
                  state: GameState | None = None) -> dict[str, Any] | None:
    """The Threat phase's primed die as a ``prime`` event when the camera sees exactly it newly in the priming
    zone; otherwise a ``priming_zone_reading`` of the dice in the zone (the mat's priming areas when the table
    plane is known, else those whose box centre lies in ``pieces["priming_zone"]``, else all dice when the
    option says the frame is the zone)."""
    on_mat = primed_dice(observation)
    if on_mat is not None:
        event = prime_event(state, on_mat, options) if state is not None else None
        return event or {"type": "priming_zone_reading", "dice": [d.to_json() for d in on_mat]}
    area = observation.pieces.get(AREA_KEY) if isinstance(observation.pieces, Mapping) else None
    if area is None and not options["camera_frame_is_priming_zone"]:
        return None
    if area is not None:
        if not isinstance(area, (list, tuple)) or len(area) != 4:
            raise ValueError('pieces["priming_zone"] must be [x1, y1, x2, y2]')
        dice = [d for d in observation.dice if d.box is not None and _inside(d.box, area)]
    else:
        dice = list(observation.dice)
    return {"type": "priming_zone_reading", "dice": [d.to_json() for d in dice]}


def prime_event(state: GameState, dice: list, options: Mapping[str, Any]) -> dict[str, Any] | None:
    """« lancez-le et placez-le dans la zone d'amorçage »: in the Threat phase, before the cube is primed, a
    reading with exactly one die more than the engine's zone — the others all matching — whose colour is that of
    a lowest removable cube, is that cube primed with the value the die shows. Anything else is not guessed."""
    from .state import THREAT

    if state is None or state.phase != THREAT or state.primed_this_phase or state.pending:
        return None
    seen = Counter()
    for d in dice:
        colour = game_colour(d.color, options)
        if colour not in state.colours:
            return None
        seen[Cube(colour, d.value)] += 1
    extra = seen - Counter(state.zone.cubes)
    if sum(extra.values()) != 1 or sum((Counter(state.zone.cubes) - seen).values()) != 0:
        return None
    (new,) = extra.elements()
    columns = [c for c in state.tesseract.lowest_removable() if state.tesseract.top(c).color == new.color]
    if len(columns) != 1:
        return None
    return {"type": "prime", "column": columns[0], "rolled": new.value}


def game_colour(name: Any, options: Mapping[str, Any]) -> str | None:
    if not isinstance(name, str):
        return None
    name = name.lower()
    return options["camera_colours"].get(name, name)


def reconcile(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    dice = event["dice"]
    if not isinstance(dice, list):
        raise ValueError('"dice" must be a list of {"value", "color"}')
    seen: Counter = Counter()
    unknown: list[str] = []
    for d in dice:
        value = d["value"]
        if not isinstance(value, int) or not 1 <= value <= 6:
            raise ValueError(f"die value must be 1-6, got {value!r}")
        colour = game_colour(d.get("color"), options)
        if colour not in state.colours:
            unknown.append(f"{d.get('color')} {value}")
        else:
            seen[Cube(colour, value)] += 1
    engine = Counter(state.zone.cubes)
    out: list[Verdict] = []
    for cube in sorted(set(seen) | set(engine)):
        extra, missing = seen[cube] - engine[cube], engine[cube] - seen[cube]
        if extra > 0:
            out.append(rules.warning(rules.CAMERA,
                                     f"The camera sees {extra} primed {cube.describe()} the referee does not have",
                                     f"La caméra voit {extra} {cube.describe()} amorcé(s) absent(s) pour l'arbitre"))
        if missing > 0:
            out.append(rules.warning(rules.CAMERA,
                                     f"The referee has {missing} primed {cube.describe()} the camera does not see",
                                     f"L'arbitre a {missing} {cube.describe()} amorcé(s) que la caméra ne voit pas"))
    for die in unknown:
        out.append(rules.warning(rules.CAMERA, f"The camera sees a die of unknown colour in the priming zone: {die}",
                                 f"La caméra voit un dé de couleur inconnue dans la zone d'amorçage : {die}"))
    if not out:
        out.append(rules.info(rules.CAMERA_OK, "The camera agrees with the priming zone",
                              "La caméra confirme la zone d'amorçage"))
    return out
