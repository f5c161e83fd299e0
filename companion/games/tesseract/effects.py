"""Card and scientist effects, as the rule book's keywords (MOTS CLÉS) applied one after another.

The 41 research cards, 9 confinement cards and 11 scientists are not
transcribed in the rule book, so a card play or a Deepen action carries the
effects it produced, e.g. [{"op": "destroy", "zone": "priming", "cube": {...}}].
The engine checks each effect against the board (the cube exists, is
removable, the slot is free...) but cannot check it against the card's text.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Text, Verdict

from . import rules
from .cube import check_column
from .flow import lab_owner, parse_cube, parse_roll
from .labs import LEVELS
from .state import GameState

OPS = ("destroy", "reprogram", "invert", "calibrate", "reroll", "restructure", "take", "confine", "return", "draw")


def _take_from(state: GameState, effect: Mapping[str, Any]):
    """Remove the named cube from a lab or the priming zone; returns (cube, where, owner)."""
    where = effect.get("zone", "lab")
    cube = parse_cube(effect["cube"], state)
    if where == "lab":
        owner = lab_owner(state, effect)
        if not state.labs.has(owner, cube):
            raise rules.Illegal(rules.LAB_CUBE, f"{owner}'s lab holds no {cube.describe()}",
                                f"Le labo de {owner} ne contient pas de {cube.describe('fr')}", [owner])
        state.labs.remove(owner, cube)
        return cube, where, owner
    if where == "priming":
        if not state.zone.has(cube):
            raise rules.Illegal(rules.ZONE_CUBE, f"No primed {cube.describe()}", f"Aucun {cube.describe('fr')} amorcé")
        state.zone.remove(cube)
        return cube, where, None
    raise ValueError('"zone" must be "lab" or "priming"')


def _put_back(state: GameState, cube, where: str, owner: str | None) -> None:
    if where == "lab":
        state.labs.add(owner, cube)
    else:
        state.zone.add(cube)


def _removable_column(state: GameState, effect: Mapping[str, Any], key: str) -> str:
    column = check_column(effect[key])
    if not state.tesseract.columns[column] or not state.tesseract.is_removable(column):
        raise rules.Illegal(rules.TAKE_REMOVABLE, f"The cube on {column} is not removable",
                            f"Le cube en {column} n’est pas amovible", quote=True)
    return column


def apply_effect(state: GameState, effect: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    from .actions import calibrate_cube, take_cube  # the Take/Calibrate rules, reused for free
    from .confinement import confine_cube
    from .events import remove_from_tesseract

    if not isinstance(effect, Mapping) or effect.get("op") not in OPS:
        raise ValueError(f'each effect needs an "op" among {", ".join(OPS)}')
    op = effect["op"]
    if op == "take":
        return take_cube(state, effect, options, any_lab=True)
    if op == "calibrate":
        return calibrate_cube(state, effect, any_lab=True)
    if op == "draw":
        level = effect["level"]
        if level not in LEVELS:
            raise ValueError('"level" must be 2, 3 or 4')
        drawn = state.research.draw(state.scientist, level)
        return [rules.info(rules.EFFECT, f"Draw a level {level} card" + ("" if drawn else ": none left"),
                           f"Piocher une carte N {level}" + ("" if drawn else " : plus aucune"))]
    if op == "restructure":
        """« RESTRUCTURER : déplacez un cube amovible dans le Tesseract. Le Tesseract ne peut jamais dépasser
        4 étages. »"""
        source = _removable_column(state, effect, "from")
        target = check_column(effect["to"])
        if target == source or state.tesseract.height(target) >= 4:
            raise rules.Illegal(rules.EFFECT, f"Cannot move a cube onto {target} (4 levels at most)",
                                f"Impossible de déplacer un cube sur {target} (4 étages au plus)")
        cube, out = remove_from_tesseract(state, source, options, None, moved=True)
        state.tesseract.place(target, cube)
        return [rules.info(rules.EFFECT, f"{cube.describe()} moves from {source} to {target}",
                           f"{cube.describe('fr')} passe de {source} à {target}")] + out
    if op == "return":
        cube = parse_cube(effect["cube"], state)
        column = check_column(effect["column"])
        if cube not in state.destroyed or state.tesseract.height(column) >= 4:
            raise rules.Illegal(rules.EFFECT, f"Cannot return a destroyed {cube.describe()} to {column}",
                                f"Impossible de replacer un {cube.describe('fr')} détruit en {column}")
        state.destroyed.remove(cube)
        placed = cube.with_value(parse_roll(effect["rolled"]))
        state.tesseract.place(column, placed)
        return [rules.info(rules.EFFECT, f"{placed.describe()} returns to {column}",
                           f"{placed.describe('fr')} retourne en {column}")]
    if op == "destroy" and effect.get("zone") == "tesseract":
        column = _removable_column(state, effect, "column")
        cube, out = remove_from_tesseract(state, column, options,
                                          Text("destroyed by a card's effect", "détruit par l’effet d’une carte"))
        state.destroy(cube)
        return [rules.info(rules.EFFECT, f"{cube.describe()} destroyed from {column}",
                           f"{cube.describe('fr')} détruit en {column}")] + out
    cube, where, owner = _take_from(state, effect)
    if op == "destroy":
        state.destroy(cube, where, owner)
        return [rules.info(rules.EFFECT, f"{cube.describe()} destroyed", f"{cube.describe('fr')} détruit")]
    if op == "confine":
        return confine_cube(state, cube)
    if op == "reprogram":
        new = cube.with_value(parse_roll(effect["to"], "to"))
    elif op == "invert":
        new = cube.with_value(7 - cube.value)
    else:  # reroll
        new = cube.with_value(parse_roll(effect["rolled"]))
    _put_back(state, new, where, owner)
    return [rules.info(rules.EFFECT, f"{cube.describe()} becomes {new.value} ({op})",
                       f"{cube.describe('fr')} devient {new.value} ({op})")]


def apply_effects(state: GameState, effects: Any, options: Mapping[str, Any]) -> list[Verdict]:
    if not isinstance(effects, list):
        raise ValueError('"effects" must be a list of effect objects')
    out: list[Verdict] = []
    for effect in effects:
        out.extend(apply_effect(state, effect, options))
        if state.outcome is not None:
            break
    return out
