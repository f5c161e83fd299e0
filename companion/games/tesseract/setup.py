"""Setting the table: the 64 cubes, the scientists and their labs, the starting research cards, the primed cubes.

« MODE SOLO : installez 2 fiches Labo, chacune associée à une carte Scientifique. »
« Demandez à chaque personne de choisir 1 cube (dé) présent sur l'un des coins supérieurs du Tesseract
avant de le lancer et de le placer sur sa fiche Labo. »
"""

from __future__ import annotations

import random
from typing import Any, Mapping

from companion.core import Text, Verdict
from companion.words import colour_fr, colour_word

from . import rules
from .bases import base_layout
from .cube import CORNERS, CUBES_PER_COLOUR, MAX_LEVELS, SIZE, VALUES, Cube, Tesseract
from .events import remove_from_tesseract
from .flow import parse_roll
from .labs import Labs, Research
from .state import ACTION, GameState


def initial_prime_choices(tess: Tesseract, scientists: int, step: int, first: str | None) -> list[str]:
    """Columns allowed for the ``step``-th (0 or 1) cube primed at setup.

    « 1 à 2 scientifiques : les cubes des coins supérieurs restants.
    3 scientifiques : le cube du coin supérieur restant, puis le cube de plus basse valeur des coins de l'étage
    inférieur.
    4 scientifiques : le cube de plus basse valeur des coins de l'étage inférieur puis le cube juste sous lui. »
    """
    top = [c for c in CORNERS if tess.height(c) == MAX_LEVELS]
    lower = [c for c in CORNERS if tess.height(c) == MAX_LEVELS - 1]
    if scientists <= 2 or (scientists == 3 and step == 0):
        return top
    if scientists == 4 and step == 1:
        return [first] if first and tess.height(first) else []
    if not lower:
        return []
    low = min(tess.top(c).value for c in lower)
    return [c for c in lower if tess.top(c).value == low]


def _picks(event: Mapping[str, Any], key: str, count: int, rng: random.Random | None) -> list[dict[str, Any]]:
    picks = event.get(key)
    if picks is None:
        if rng is None:
            raise ValueError(f'setup without a "seed" needs "{key}" (a list of {{"column", "rolled"}})')
        return [{} for _ in range(count)]
    if not isinstance(picks, list) or len(picks) != count or not all(isinstance(p, Mapping) for p in picks):
        raise ValueError(f'"{key}" must list {count} choices like {{"column": "a1", "rolled": 4}}')
    return picks


def _column_and_roll(pick: Mapping[str, Any], choices: list[str], rng: random.Random | None, what: str):
    column = pick.get("column")
    if column is None and (len(choices) == 1 or rng is not None) and choices:
        column = choices[0]
    if column not in choices:
        raise rules.Illegal(rules.SETUP, f"{what}: choose among {', '.join(choices) or 'nothing'}, not {column}",
                            f"{what} : choisissez parmi {', '.join(choices) or 'rien'}, pas {column}")
    rolled = pick.get("rolled")
    if rolled is None and rng is not None:
        rolled = rng.randint(1, 6)
    return column, parse_roll(rolled)


def built_tower(data: Any, colours: list[str]) -> list[Cube]:
    """The tower the players built, as entered (64 cubes, bottom level first), checked against the box: 64 dice, 16
    of each of the game's colours, each showing 1 to 6. A tower that differs is refused in players' words."""
    if not isinstance(data, list):
        raise ValueError('"cubes" must list the 64 cubes, bottom level first')
    cubes = [Cube.from_json(c) for c in data]
    strangers = sorted({c.color for c in cubes} - set(colours))
    if strangers:
        raise ValueError(f"colours {strangers} are not this game's colours ({', '.join(colours)})")
    if any(not isinstance(c.value, int) or isinstance(c.value, bool) or c.value not in VALUES for c in cubes):
        raise ValueError("each cube shows a value 1 to 6")
    total = SIZE * SIZE * MAX_LEVELS
    per_colour = {c: sum(1 for x in cubes if x.color == c) for c in colours}
    off = [(c, n) for c, n in per_colour.items() if n != CUBES_PER_COLOUR]
    if len(cubes) != total or off:
        en = ", ".join(f"{n} {colour_word(c)}" for c, n in off) or f"{len(cubes)} cubes"
        fr = ", ".join(f"{n} {colour_fr(c, plural=n > 1)}" for c, n in off) or f"{len(cubes)} cubes"
        raise rules.Illegal(rules.SETUP, f"The tower holds {total} cubes, {CUBES_PER_COLOUR} of each colour: this one "
                            f"has {en}", f"La tour compte {total} cubes, {CUBES_PER_COLOUR} de chaque couleur : "
                            f"celle-ci a {fr}")
    return cubes


def setup_game(event: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[GameState, list[Verdict]]:
    players = event["players"]
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
        raise ValueError('"players" must be 1 to 4')
    count = max(players, 2)
    names = event.get("scientists") or [f"S{i + 1}" for i in range(count)]
    if not isinstance(names, list) or len(names) != count or len(set(map(str, names))) != count:
        raise ValueError(f'"scientists" must list {count} distinct names'
                         + (" (solo plays two labs)" if players == 1 else ""))
    names = [str(n) for n in names]
    colours = list(options["colours"])
    seed = event.get("seed")
    rng = random.Random(seed) if seed is not None else None
    if "cubes" in event:
        cubes = built_tower(event["cubes"], colours)
    elif rng is not None:
        cubes = Tesseract.random_cubes(rng, colours)
    else:
        raise ValueError('setup needs "cubes" (64 cubes, bottom level first) or a "seed"')
    base = str(event.get("base", "1"))
    state = GameState(colours=colours, lab_slots=options["lab_slots"], scientists=names, base=base,
                      layout=base_layout(base, options["base_layout"]), tesseract=Tesseract.from_cubes(cubes),
                      labs=Labs(names, options["lab_slots"]), research=Research(names))
    out: list[Verdict] = []
    if not options["start_without_research"]:
        for name in names:
            state.research.draw(name, 2)
    for name, pick in zip(names, _picks(event, "lab_picks", count, rng)):
        choices = [c for c in CORNERS if state.tesseract.height(c) == MAX_LEVELS]
        column, rolled = _column_and_roll(pick, choices, rng, f"{name}'s starting cube")
        cube, _ = state.tesseract.remove(column)
        state.labs.add(name, cube.with_value(rolled))
    extra = options["extra_primed"]
    first = None
    for step, pick in enumerate(_picks(event, "primed", 2 + extra, rng)):
        if step < 2:
            choices = initial_prime_choices(state.tesseract, count, step, first)
        else:
            choices = state.tesseract.lowest_removable()
        column, rolled = _column_and_roll(pick, choices, rng, "Setup priming")
        first = first or column
        # extra primes can empty a corner
        cube, revealed = remove_from_tesseract(state, column, options,
                                               Text("primed at setup", "amorcé à la mise en place"))
        out.extend(revealed)
        state.zone.add(cube.with_value(rolled))
        state.last_primed = cube.with_value(rolled)
    state.phase = ACTION
    zone, zone_fr = (", ".join(c.describe(lang) for c in state.zone.cubes) for lang in ("en", "fr"))
    out.append(rules.info(rules.SETUP,
                          f"Setup done: {count} scientists, base {base}, primed: {zone}. {names[0]} starts",
                          f"Mise en place terminée : {count} scientifiques, socle {base}, amorcés : {zone_fr}. "
                          f"{names[0]} commence", names))
    return state, out
