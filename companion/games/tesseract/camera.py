"""Reconciling a settled camera reading of the priming zone (and, on the printed mat, the labs and the
confinement board) with the engine's state.

The reading never changes the state: a difference is a warning naming the die.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping

from companion.core import Observation, Verdict, centre_inside
from companion.words import colour_fr, of_fr, plural_fr

from . import area_reading, rules, unread
from .cube import Cube
from .flow import parse_roll
from .state import THREAT, GameState
from .table_layout import priming_value, zone_number

AREA_KEY = "priming_zone"
UNKNOWN = "unknown colour"  # the name a die read in no colour is listed by


def primed_dice(observation: Observation) -> tuple[list, list] | None:
    """With table vision: the dice lying in the mat's priming areas (zones ``priming-1`` .. ``priming-6``), each
    unsure one read as its area's value where the reader allows it (``area_reading``), and what was read again;
    None when the observation has no places (no table plane)."""
    if not observation.places:
        return None
    dice, areas = [], []
    for die, place in zip(observation.dice, observation.places):
        area = priming_value((place or {}).get("zone"))
        if area is not None:
            dice.append(die)
            areas.append(area)
    return area_reading.read_by_area(dice, areas)


def reading_event(observation: Observation, options: Mapping[str, Any],
                  state: GameState | None = None) -> dict[str, Any] | None:
    """The Threat phase's primed die as a ``prime`` event when the camera sees exactly it newly in the priming
    zone; otherwise a ``priming_zone_reading`` of the dice in the zone (the mat's priming areas when the table
    plane is known, else those whose box centre lies in ``pieces["priming_zone"]``, else all dice when the
    option says the frame is the zone)."""
    primed = primed_dice(observation)
    if primed is not None:
        (on_mat, again), not_read = primed, unread.unread_primed(observation)
        event = prime_event(state, on_mat, options, not_read) if state is not None else None
        event = event or {"type": "priming_zone_reading", "dice": [d.to_json() for d in on_mat],
                          **({"unread": not_read} if not_read else {}), **mat_readings(observation, state)}
        return {**event, area_reading.KEY: again} if again else event
    area = observation.pieces.get(AREA_KEY) if isinstance(observation.pieces, Mapping) else None
    if area is None and not options["camera_frame_is_priming_zone"]:
        return None
    if area is not None:
        if not isinstance(area, (list, tuple)) or len(area) != 4:
            raise ValueError('pieces["priming_zone"] must be [x1, y1, x2, y2]')
        dice = [d for d in observation.dice if d.box is not None and centre_inside(d.box, area)]
    else:
        dice = list(observation.dice)
    return {"type": "priming_zone_reading", "dice": [d.to_json() for d in dice]}


def mat_readings(observation: Observation, state: GameState | None) -> dict[str, Any]:
    """The dice in each scientist's lab area (``lab-1`` is the first scientist's), those seen there but not read
    (``lab_unread``, when there are any), and the confinement slots holding a die ([column, row] of the board's 6 x 4
    grid), when the game is set up. A slot holds a die whether or not the camera could read its face
    (``Observation.unread``): the slot, not the face, says which cube it is."""
    if state is None:
        return {}
    labs: dict[str, list] = {name: [] for name in state.labs.names}
    not_read: dict[str, list] = {}
    for die, place in zip(observation.dice, observation.places):
        name = _lab_of(place, state)
        if name is not None:
            labs[name].append(die.to_json())
    for die, place in zip(observation.unread, observation.unread_places):
        name = _lab_of(place, state)
        if name is not None:
            not_read.setdefault(name, []).append(die.to_json())
    slots: list[list[int]] = []
    for place in (*observation.places, *observation.unread_places):
        if (place or {}).get("zone") == "confinement" and place.get("cell") is not None and not place.get("uncertain"):
            slots.append(list(place["cell"]))
    return {"labs": labs, **({"lab_unread": not_read} if not_read else {}), "confinement": sorted(slots)}


def _lab_of(place: Mapping[str, Any] | None, state: GameState) -> str | None:
    """The scientist whose lab area (``lab-1`` is the first scientist's) ``place`` lies in; None: no lab."""
    number = zone_number((place or {}).get("zone"), "lab-")
    return state.labs.names[number - 1] if number is not None and 1 <= number <= len(state.labs.names) else None


def prime_event(state: GameState, dice: list, options: Mapping[str, Any],
                not_read: list | None = None) -> dict[str, Any] | None:
    """« lancez-le et placez-le dans la zone d'amorçage »: in the Threat phase, before the cube is primed, a
    reading with exactly one die more than the engine's zone — the others all matching (``as_cubes``, or lying
    unread where they should: ``unread.cover``) — whose colour is that of one lowest removable cube, is that cube
    primed with the value the die shows. Anything else is not guessed."""
    if state is None:
        return None
    held = Counter(state.zone.cubes)
    seen, _, unknown, _ = _zone_seen(state, held, [(d.color, d.value) for d in dice], not_read or [], options)
    rolled = _rolled_die(state, held, seen, unknown)
    if rolled is None or len(rolled[1]) != 1:
        return None
    new, (column,) = rolled
    colour_read = unknown[0].color if unknown else new.color
    # the die as read (any of the dice showing that cube will do): the phone draws it and corrects a misread
    die = next(d for d in dice if (game_colour(d.color, options) or UNKNOWN) == colour_read and d.value == new.value)
    return {"type": "prime", "column": column, "dice": [die.to_json()]}


def _zone_seen(state: GameState, held: Counter, dice: list, not_read: list,
               options: Mapping[str, Any]) -> tuple[Counter, list, list[Cube], tuple[list[Cube], list]]:
    """The dice (colour name, value) read in the zone as the game's cubes (``as_cubes``), with the held cubes that
    dice seen but not read lie in place of (``unread.cover``). Returns (seen, misread, unknown, (the cubes unread
    dice lie in place of, the other unread dice))."""
    seen, misread, unknown = as_cubes(dice, held, state, options)
    in_place, stray = unread.cover(held - seen, not_read, state.colours, lambda c: game_colour(c, options))
    return seen + Counter(in_place), misread, unknown, (in_place, stray)


def _priming_now(state: GameState) -> bool:
    """Whether the Threat phase's cube is still to be rolled and primed (nothing pending)."""
    return state.phase == THREAT and not state.primed_this_phase and not state.pending


def _rolled_die(state: GameState, held: Counter, seen: Counter, unknown: list[Cube]) -> tuple[Cube, list[str]] | None:
    """The die rolled into the zone, when the reading holds the engine's zone (``held``) and one die more, in a
    colour of the game or not (``_rolled_cube``, ``_rolled_in_odd_colour``); None otherwise."""
    if held - seen:
        return None
    return _rolled_in_odd_colour(state, seen - held, unknown) if unknown else _rolled_cube(state, seen - held)


def _rolled_in_odd_colour(state: GameState, extra: Counter, unknown: list[Cube]) -> tuple[Cube, list[str]] | None:
    """The one die more than the zone, read in a colour this game has not (a yellow read as orange in warm light)
    or in none: when every lowest removable cube has one colour, it is that cube rolled (no other may be primed
    now), with the value read; as ``_rolled_cube``. None otherwise: which cube it is stays the players' to say."""
    if extra or len(unknown) != 1:
        return None
    colours = {state.tesseract.top(c).color for c in state.tesseract.lowest_removable()}
    if len(colours) != 1:
        return None
    return _rolled_cube(state, Counter([Cube(colours.pop(), unknown[0].value)]))


def game_colour(name: Any, options: Mapping[str, Any]) -> str | None:
    if not isinstance(name, str):
        return None
    name = name.lower()
    return options["camera_colours"].get(name, name)


def as_cubes(dice: Iterable[tuple[Any, int]], held: Counter, state: GameState,
             options: Mapping[str, Any]) -> tuple[Counter, list[tuple[str, Cube]], list[Cube]]:
    """The dice (colour name, value) seen where the referee holds ``held``, as the game's cubes.

    A die of a colour this game has not (a dark red read as black, a yellow as orange) cannot be what it was read
    as: it is taken as the one cube of its value that the referee holds there and no other die shows, and listed
    as misread (name read, cube). Without exactly one such cube it stays unknown (a cube of the name read).
    Returns (seen cubes, misread, unknown)."""
    seen: Counter = Counter()
    odd: list[tuple[str, int]] = []
    for name, value in dice:
        colour = game_colour(name, options)
        if colour in state.colours:
            seen[Cube(colour, value)] += 1
        else:
            odd.append((colour or UNKNOWN, value))
    misread, unknown = [], []
    for name, value in odd:
        candidates = [cube for cube in held - seen if cube.value == value]
        if len(candidates) == 1:
            seen[candidates[0]] += 1
            misread.append((name, candidates[0]))
        else:
            unknown.append(Cube(name, value))
    return seen, misread, unknown


def _misread_notes(misread: list[tuple[str, Cube]], what_en: str, what_fr: str) -> list[Verdict]:
    """``what_en``, ``what_fr``: where the cube lies, around ``{cube}`` ("primed {cube}", "{cube} amorcé")."""
    notes = []
    for name, cube in misread:
        en, fr = (what.replace("{cube}", cube.describe(lang)) for what, lang in ((what_en, "en"), (what_fr, "fr")))
        read_en, read_fr = read_as(name)
        notes.append(rules.info(rules.CAMERA_OK, f"The camera reads the {en} {read_en}",
                                f"La caméra lit le {fr} {read_fr}"))
    return notes


def rolled_misread_note(cube: Cube, name: str | None) -> Verdict:
    """The die rolled in the Threat phase, read in colour ``name`` (one the game has not, or None): the lowest
    removable cube, ``cube``, it must be."""
    read_en, read_fr = read_as(name)
    return rules.info(rules.CAMERA_OK, f"The camera reads the {cube.describe()} rolled {read_en}; the lowest "
                      f"removable cube is {cube.color}", f"La caméra lit le {cube.describe('fr')} lancé {read_fr} ; le "
                      f"cube amovible le plus bas est {colour_fr(cube.color)}")


def read_as(name: str | None) -> tuple[str, str]:
    """How a die read in colour ``name``, one this game has not (or in none: None, ``UNKNOWN``), was read."""
    if name is None or name == UNKNOWN:
        return "in no colour", "sans couleur"
    return f"as {name}: this game has no {name} cubes", f"comme {colour_fr(name)} : ce jeu n’a pas de cubes " \
        f"{colour_fr(name, plural=True)}"


def reconcile(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    dice = event["dice"]
    if not isinstance(dice, list):
        raise ValueError('"dice" must be a list of {"value", "color"}')
    for d in dice:
        if not isinstance(d, Mapping):
            raise ValueError('"dice" must be a list of {"value", "color"}')
        parse_roll(d.get("value"), "value")
    engine = Counter(state.zone.cubes)
    seen, misread, unknown, (in_place, stray) = _zone_seen(state, engine, [(d.get("color"), d["value"]) for d in dice],
                                                           unread.parse_unread(event), options)
    unsure = unread.notes(in_place, stray, _priming_now(state))
    out: list[Verdict] = []
    rolled, rolled_note = _rolled_die(state, engine, seen, unknown), []
    if rolled is not None and len(rolled[1]) > 1:
        (cube, columns), seen = rolled, engine  # the new die is the players' to place, not a disagreement
        if unknown:  # read in a colour the game has not: the lowest removable cubes' colour, said so
            rolled_note, unknown = [rolled_misread_note(cube, unknown[0].color)], []
        out.append(rules.info(rules.CAMERA_WHICH,
                              f"The camera sees a {cube.describe()} rolled into the priming zone: the cube from "
                              f"{' or '.join(columns)}? Say which on the phone",
                              f"La caméra voit un {cube.describe('fr')} lancé dans la zone d’amorçage : le cube de "
                              f"{' ou '.join(columns)} ? Dites lequel sur le téléphone"))
    for cube in sorted(set(seen) | set(engine)):
        extra, missing = seen[cube] - engine[cube], engine[cube] - seen[cube]
        if extra > 0:
            out.append(rules.warning(rules.CAMERA,
                                     f"The camera sees {extra} primed {cube.describe()} the referee does not have",
                                     f"La caméra voit {extra} {cube.describe('fr')} {plural_fr(extra, 'amorcé')} "
                                     f"{plural_fr(extra, 'absent')} pour l’arbitre"))
        if missing > 0:
            out.append(rules.warning(rules.CAMERA,
                                     f"The referee has {missing} primed {cube.describe()} the camera does not see",
                                     f"L’arbitre a {missing} {cube.describe('fr')} {plural_fr(missing, 'amorcé')} "
                                     "que la caméra ne voit pas"))
    for die in unknown:
        out.append(rules.warning(rules.CAMERA, f"The camera sees a die of unknown colour in the priming zone: "
                                 f"{die.describe()}", "La caméra voit un dé de couleur inconnue dans la zone "
                                 f"d’amorçage : {die.describe('fr')}"))
    labs, lab_notes = _labs(state, event.get("labs"), event.get("lab_unread", {}), options)
    out += labs + _confinement(state, event.get("confinement"))
    if not out and not unsure:
        out.append(rules.info(rules.CAMERA_OK, "The camera agrees with the priming zone",
                              "La caméra confirme la zone d’amorçage"))
    return out + rolled_note + unsure + area_reading.notes(event) + \
        _misread_notes(misread, "primed {cube}", "{cube} amorcé") + lab_notes


def _rolled_cube(state: GameState, extra: Counter) -> tuple[Cube, list[str]] | None:
    """In the Threat phase before priming, the one die more than the zone: the cube rolled, and the lowest removable
    columns whose top cube has its colour, which it may have come from (several: « vous pouvez choisir quel cube
    amorcer »); None otherwise."""
    if not _priming_now(state) or sum(extra.values()) != 1:
        return None
    (cube,) = extra.elements()
    return cube, [c for c in state.tesseract.lowest_removable() if state.tesseract.top(c).color == cube.color]


def _labs(state: GameState, labs: Any, not_read: Any,
          options: Mapping[str, Any]) -> tuple[list[Verdict], list[Verdict]]:
    """Each lab's differences (warnings), and the notes on its dice read in a colour the game has not and on those
    seen but not read (``not_read``: scientist -> dice; each in place of the one cube of the lab it may be)."""
    if labs is None:
        return [], []
    if not isinstance(labs, Mapping):
        raise ValueError('"labs" must map each scientist to the dice seen in their lab')
    if not isinstance(not_read, Mapping):
        raise ValueError('"lab_unread" must map scientists to the dice seen but not read in their lab')
    out: list[Verdict] = []
    notes: list[Verdict] = []
    for name in not_read:
        state.labs.check(name)
    for name, dice in labs.items():
        state.labs.check(name)
        unread_here = not_read.get(name, [])
        for what, listed in (("seen", dice), ("seen but not read", unread_here)):
            if not isinstance(listed, list) or not all(isinstance(d, Mapping) for d in listed):
                raise ValueError(f'the dice {what} in {name}\'s lab must be a list of {{"value", "color"}}')
        held = Counter(state.labs.cubes[name])
        seen, misread, unknown = as_cubes([(d.get("color"), parse_roll(d.get("value"), "value")) for d in dice], held,
                                           state, options)
        seen.update(unknown)
        in_place, stray = unread.cover(held - seen, unread_here, state.colours, lambda c: game_colour(c, options),
                                       lambda cube, die: True)
        seen.update(in_place)
        notes += _misread_notes(misread, "{cube} in " + f"{name}'s lab", "{cube} du labo de " + name)
        notes += unread.lab_notes(name, in_place, stray)
        for cube in sorted(set(seen) | set(held)):
            extra, missing = seen[cube] - held[cube], held[cube] - seen[cube]
            if extra > 0:
                out.append(rules.warning(rules.CAMERA, f"The camera sees {extra} {cube.describe()} in {name}'s lab "
                                         "the referee does not have",
                                         f"La caméra voit {extra} {cube.describe('fr')} dans le labo {of_fr(name)} "
                                         f"{plural_fr(extra, 'absent')} pour l’arbitre"))
            if missing > 0:
                out.append(rules.warning(rules.CAMERA, f"The referee has {missing} {cube.describe()} in {name}'s lab "
                                         "the camera does not see",
                                         f"L’arbitre a {missing} {cube.describe('fr')} dans le labo {of_fr(name)} "
                                         "que la caméra ne voit pas"))
    return out, notes


def _confinement(state: GameState, slots: Any) -> list[Verdict]:
    """The board's slot [value - 1, colour's row] holds a die exactly when the referee has that cube confined."""
    if slots is None:
        return []
    if not isinstance(slots, list):
        raise ValueError('"confinement" must list the [column, row] slots holding a die')
    seen = {(int(c), int(r)) for c, r in slots}
    held = {(c.value - 1, state.colours.index(c.color)) for c in state.board.filled if c.color in state.colours}
    out: list[Verdict] = []
    for col, row in sorted(seen ^ held):
        if not 0 <= row < len(state.colours):
            continue
        cube = Cube(state.colours[row], col + 1).describe()
        if (col, row) in seen:
            out.append(rules.warning(rules.CAMERA, f"The camera sees a cube on the confinement board's {cube} slot, "
                                     "which the referee has empty", f"La caméra voit un cube sur l’emplacement {cube} "
                                     "du plateau de confinement, vide pour l’arbitre"))
        else:
            out.append(rules.warning(rules.CAMERA, f"The referee has {cube} confined; the camera sees its slot empty",
                                     f"L’arbitre a {cube} confiné ; la caméra voit son emplacement vide"))
    return out
