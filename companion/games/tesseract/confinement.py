"""The Confine action: valid sets and runs, the board slot, the identical primed cube, the reroll for a card."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.core import Verdict

from . import rules
from .cube import Cube
from .events import queue_row_bonus
from .flow import parse_cube, parse_roll
from .labs import LEVELS
from .state import GameState


def group_kind(cubes: Sequence[Cube], colour_rule: str) -> str | None:
    """"set", "run" or None.

    « SÉRIE : cubes d'une même valeur » ; « SUITE : cubes qui se suivent » ;
    « elle comprend au minimum 3 cubes, ET elle rassemble des cubes de même couleur OU de couleurs différentes. »
    """
    if len(cubes) < 3:
        return None
    if colour_rule == "same_or_distinct":
        colours = [c.color for c in cubes]
        if len(set(colours)) not in (1, len(colours)):
            return None
    values = sorted(c.value for c in cubes)
    if len(set(values)) == 1:
        return "set"
    if all(b - a == 1 for a, b in zip(values, values[1:])):
        return "run"
    return None


def confine_cube(state: GameState, cube: Cube) -> list[Verdict]:
    """Place a cube on its slot, destroy one identical primed cube, and grant the board's bonuses.

    « Cet effet s'applique dès qu'un cube est confiné, qu'il s'agisse d'une action ou de l'effet d'une carte. »
    """
    if not state.board.is_free(cube):
        raise rules.Illegal(rules.CONFINE_SLOT, f"The {cube.describe()} slot is already filled",
                            f"L’emplacement {cube.describe('fr')} est déjà occupé")
    bonuses = state.board.place(cube)
    out = [rules.info(rules.CONFINE, f"{cube.describe()} confined ({len(state.board.filled)}/{state.board.size})",
                      f"{cube.describe('fr')} confiné ({len(state.board.filled)}/{state.board.size})")]
    if state.zone.has(cube):
        state.zone.remove(cube)
        state.destroy(cube, "priming")
        out.append(rules.info(rules.CONFINE_DESTROY, f"The identical primed {cube.describe()} is destroyed",
                              f"Le cube amorcé identique {cube.describe('fr')} est détruit"))
    for kind, what in bonuses:
        if kind == "reveal":
            out.append(rules.info(rules.BONUS_REVEAL, f"Confinement card {what} is turned face up",
                                  f"La carte Confinement {what} est retournée face visible"))
        elif kind == "unlock":
            out.append(rules.info(rules.BONUS_UNLOCK, f"Confinement card {what} is unlocked for everyone",
                                  f"La carte Confinement {what} est débloquée pour toute l’équipe"))
        else:
            out.extend(queue_row_bonus(state, what))
    return out


def confine_action(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    """{"type": "confine", "cubes": [...], "chosen": {...}, "reroll": [new values of the rest] (optional)}."""
    name = state.scientist
    group_json = event["cubes"]
    if not isinstance(group_json, list):
        raise ValueError('"cubes" must list the set or run, like [{"color": "red", "value": 3}, ...]')
    group = [parse_cube(c, state) for c in group_json]
    chosen = parse_cube(event["chosen"], state)
    lab = list(state.labs.cubes[name])
    for cube in group:
        if cube not in lab:
            raise rules.Illegal(rules.LAB_CUBE, f"{name}'s lab holds no (further) {cube.describe()}",
                                f"Le labo de {name} ne contient pas (d’autre) {cube.describe('fr')}", [name])
        lab.remove(cube)
    kind = group_kind(group, options["confine_colours"])
    if kind is None:
        raise rules.Illegal(rules.CONFINE_SET,
                            "Not a valid set or run: at least 3 cubes of one value or of consecutive values, "
                            + ("all of one colour or all of different colours" if options["confine_colours"] ==
                               "same_or_distinct" else "any colours"),
                            "Ni série ni suite valide : au moins 3 cubes de même valeur ou qui se suivent, "
                            + ("de même couleur ou de couleurs différentes" if options["confine_colours"] ==
                               "same_or_distinct" else "couleurs libres"), [name])
    if chosen not in group:
        raise rules.Illegal(rules.CONFINE_SET, f"{chosen.describe()} is not part of the {kind}",
                            f"{chosen.describe('fr')} ne fait pas partie de la {'série' if kind == 'set' else 'suite'}",
                            [name])
    state.labs.remove(name, chosen)
    out = confine_cube(state, chosen)
    rest = list(group)
    rest.remove(chosen)
    reroll = event.get("reroll")
    if reroll is not None:
        if not isinstance(reroll, list) or len(reroll) != len(rest):
            raise ValueError(f'"reroll" must give the {len(rest)} new values of the rest of the {kind}, in order')
        for old, value in zip(rest, reroll):
            state.labs.replace(name, old, old.with_value(parse_roll(value, "reroll")))
        level = min(len(rest), max(LEVELS))
        if level in LEVELS and state.research.draw(name, level):
            out.append(rules.info(rules.CONFINE_REROLL,
                                  f"{name} rerolls {len(rest)} cubes and draws a level {level} card",
                                  f"{name} relance {len(rest)} cubes et pioche une carte N {level}", [name]))
        else:
            out.append(rules.info(rules.CONFINE_REROLL, f"{name} rerolls {len(rest)} cubes; no level {level} card left",
                                  f"{name} relance {len(rest)} cubes ; plus de carte N {level}", [name]))
    return out
