"""Base events: revealing a symbol, queueing its effect, and resolving it with the players' dice and choices.

« Un événement est appliqué dès qu'il est révélé, indépendamment de la phase ou
de l'action en cours. » Effects that need no choice and no die are applied at
once; the others wait, at the head of the queue, for a "resolve" event that
carries the rolled dice and choices (nothing else is accepted meanwhile).
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Text, Verdict
from companion.words import colour_fr, plural_en, plural_fr

from . import bases, rules
from .cube import Cube
from .flow import advance_turn, check_breaches, end_game, lab_owner, parse_cube, parse_roll
from .state import THREAT, GameState

ROW_BONUS = "row_bonus"
ACC = bases.ACCELERATION


def remove_from_tesseract(state: GameState, column: str, options: Mapping[str, Any], how: Text | None,
                          moved: bool = False) -> tuple[Cube, list[Verdict]]:
    """Take a column's top cube; an emptied column reveals its symbol and queues the event. ``how``: the way the
    cube went ("taken by Ann", « prélevé par Ann »), kept when it is the last to leave: the empty-Tesseract loss
    says it.
    A ``moved`` cube (« RESTRUCTURER : déplacez un cube amovible dans le Tesseract ») stays in it: never the last
    one removed."""
    cube, emptied = state.tesseract.remove(column)
    out: list[Verdict] = []
    if emptied and column in state.layout:
        event = state.layout[column]
        name = bases.event_name(event)
        state.pending.append({"event": event, "column": column})
        out.append(rules.info(rules.EVENT, f"Column {column} is empty: {name.en}! {bases.EVENTS[event][1].en}",
                              f"La colonne {column} est vide : {name.fr} ! {bases.EVENTS[event][1].fr}"))
    if state.tesseract.is_empty() and not moved:
        state.last_cube = {"cube": cube.to_json(), "column": column, "how": how.to_json()}
        if options["empty_loss"] == "last_cube":
            out.append(lose_empty(state, at_threat=False))
    return cube, out


def lose_empty(state: GameState, at_threat: bool) -> Verdict:
    """The empty-Tesseract loss, naming the cube that emptied it and how it went (the outcome's ``last_cube``):
    « Vous ÉCHOUEZ si l'une de ces deux situations se produit : - le dernier cube du Tesseract est retiré ; »
    or, by default, « s'il ne reste plus aucun cube dans le Tesseract au début d'une phase Menace »."""
    record = state.last_cube
    last_en, last_fr = ("the last cube", "le dernier cube") if at_threat else \
        ("the last cube of the Tesseract", "le dernier cube du Tesseract")
    if record:
        cube, how, column = Cube.from_json(record["cube"]), Text.from_json(record["how"]), record["column"]
        last_en = f"{last_en}, {cube.describe()} from {column}, was {how.en}"
        last_fr = f"{last_fr}, {cube.describe('fr')} en {column}, a été {how.fr}"
    else:  # a state set by hand, or a snapshot older than the record
        last_en, last_fr = f"{last_en} was removed", f"{last_fr} a été retiré"
    if at_threat:
        en = f"The Tesseract implodes: no cube is left in it at the start of the Threat phase ({last_en})"
        fr = f"Le Tesseract implose : il ne reste aucun cube au début de la phase Menace ({last_fr})"
    else:
        en, fr = f"The game is lost: {last_en}", f"La partie est perdue : {last_fr}"
    said = end_game(state, "loss", rules.LOSS_EMPTY, en, fr)
    if record:
        state.outcome["last_cube"] = dict(record)
    return said


def queue_row_bonus(state: GameState, colour: str) -> list[Verdict]:
    if not state.destroyed:
        return [rules.info(rules.BONUS_ROW, f"Row {colour} complete, but no destroyed cube can be returned",
                           f"Ligne {colour_fr(colour, feminine=True)} complète, mais aucun cube détruit à replacer")]
    state.pending.append({"event": ROW_BONUS, "color": colour})
    return [rules.info(rules.BONUS_ROW,
                       f"Row {colour} complete: choose a destroyed cube, roll it and place it on the Tesseract",
                       f"Ligne {colour_fr(colour, feminine=True)} complète : prenez un cube détruit, lancez-le et "
                       "posez-le sur le Tesseract")]


def _needs_input(state: GameState, item: Mapping[str, Any]) -> bool:
    event, tess = item["event"], state.tesseract
    if event == ACC:
        return len(tess.lowest_removable()) > 1
    if event in (bases.INTERPHASE, bases.SHOCK_WAVE):
        return False
    if event == bases.SHIELD:
        return bool(state.zone.cubes)
    if event == bases.CHAIN_REACTION:
        return not tess.is_empty()
    if event == bases.FISSION:
        return not tess.is_empty() or bool(state.destroyed)
    if event in (bases.ELECTROSTATIC_DISCHARGE, bases.ELECTROMAGNETIC_PULSE):
        return any(state.labs.cubes[n] for n in state.labs.names)
    return bool(state.destroyed)  # row bonus


def drain(state: GameState, options: Mapping[str, Any]) -> list[Verdict]:
    """Apply queued effects that need no input; end the Threat phase once nothing is left to resolve."""
    out: list[Verdict] = []
    while state.pending and state.outcome is None and not _needs_input(state, state.pending[0]):
        out.extend(_resolve_item(state, state.pending.pop(0), {}, options))
    if state.pending and state.outcome is None:
        item = state.pending[0]
        label = bases.event_name(item["event"]) if item["event"] in bases.EVENTS else None
        en = label.en if label else "Row bonus"
        fr = label.fr if label else "Bonus de ligne"
        out.append(rules.info(rules.EVENT, f"Waiting for the dice and choices of {en}",
                              f"En attente des dés et des choix pour {fr}"))
    if state.phase == THREAT and not state.pending and state.outcome is None and state.primed_this_phase:
        out.append(advance_turn(state))
    return out


def resolve(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    if not state.pending:
        raise rules.Illegal(rules.EVENT, "No event is waiting to be resolved", "Aucun événement n’attend de résolution")
    item = state.pending.pop(0)
    return _resolve_item(state, item, event, options) + drain(state, options)


def _lowest_column(state: GameState, event: Mapping[str, Any]) -> str:
    choices = state.tesseract.lowest_removable()
    column = event.get("column")
    if column is None and len(choices) == 1:
        return choices[0]
    if column not in choices:
        raise rules.Illegal(rules.PRIME, f"The lowest removable cube is in {' or '.join(choices)}, not {column}",
                            f"Le cube amovible le plus bas est en {' ou '.join(choices)}, pas en {column}")
    return column


def _prime_from_tesseract(state, event, options, by: str, roll_key="rolled") -> tuple[list[Verdict], int | None]:
    """Chain reaction's or Fission's (``by``) prime of the lowest removable cube."""
    if state.tesseract.is_empty():
        return [], None
    column = _lowest_column(state, event)
    rolled = parse_roll(event.get(roll_key), roll_key)
    name = bases.event_name(by)
    cube, out = remove_from_tesseract(state, column, options, Text(f"primed by {name.en}", f"amorcé par {name.fr}"))
    primed = cube.with_value(rolled)
    state.zone.add(primed)
    state.last_primed = primed
    out.insert(0, rules.info(rules.PRIME, f"Primed {primed.describe()} from {column}",
                             f"{primed.describe('fr')} amorcé depuis {column}"))
    return out, rolled


def _reroll_labs(state: GameState, names: list[str], rolls: Any) -> list[Verdict]:
    if not isinstance(rolls, Mapping):
        raise ValueError('"rolls" must map each rerolled lab to its new values, in the lab\'s listed order')
    out = []
    for name in names:
        cubes = list(state.labs.cubes[name])
        if not cubes:
            continue
        values = rolls.get(name)
        if not isinstance(values, list) or len(values) != len(cubes):
            raise ValueError(f'"rolls" needs {len(cubes)} values for {name}\'s lab')
        state.labs.cubes[name] = sorted(c.with_value(parse_roll(v, "rolls")) for c, v in zip(cubes, values))
        out.append(rules.info(rules.EVENT, f"{name}'s lab rerolled", f"Labo de {name} relancé", [name]))
    return out


def _resolve_item(state: GameState, item: Mapping[str, Any], event: Mapping[str, Any],
                  options: Mapping[str, Any]) -> list[Verdict]:
    kind = item["event"]
    zone = state.zone
    if kind == ACC:
        if state.tesseract.is_empty():
            return []
        column = _lowest_column(state, event)
        name = bases.event_name(ACC)
        cube, out = remove_from_tesseract(state, column, options, Text(f"destroyed by {name.en}",
                                                                      f"détruit par {name.fr}"))
        state.destroy(cube)
        return [rules.info(rules.EVENT, f"{name.en} destroys {cube.describe()} from {column}",
                           f"{name.fr} détruit {cube.describe('fr')} en {column}")] + out
    if kind == bases.SHIELD:
        if not zone.cubes:
            return []
        low = min(c.value for c in zone.cubes)
        choices = sorted({c for c in zone.cubes if c.value == low})
        target = choices[0] if len(choices) == 1 and "color" not in event else \
            parse_cube({"color": event["color"], "value": low}, state)
        if target not in choices:
            raise rules.Illegal(rules.EVENT, f"Shield rerolls a primed cube of value {low}",
                                f"Bouclier relance un cube amorcé de valeur {low}")
        new = target.with_value(parse_roll(event.get("rolled")))
        zone.replace(target, new)
        said = rules.info(rules.EVENT, f"Shield rerolls {target.describe()} to {new.value}",
                          f"Bouclier relance {target.describe('fr')} : {new.value}")
        return [said] + check_breaches(state, [new.value])
    if kind == bases.CHAIN_REACTION:
        out, rolled = _prime_from_tesseract(state, event, options, kind)
        return out + (check_breaches(state, [rolled]) if rolled and state.outcome is None else [])
    if kind == bases.FISSION:
        out, rolled = _prime_from_tesseract(state, event, options, kind)
        values = [rolled] if rolled else []
        if state.destroyed and state.outcome is None:
            pick = Cube.from_json(event["destroyed"]) if "destroyed" in event else None
            if pick is None and len(set(state.destroyed)) == 1:
                pick = state.destroyed[0]
            if pick not in state.destroyed:
                raise rules.Illegal(rules.EVENT, "Fission: say which destroyed cube was drawn at random",
                                    "Fission : indiquez le cube détruit tiré au hasard")
            state.destroyed.remove(pick)
            primed = pick.with_value(parse_roll(event.get("destroyed_rolled"), "destroyed_rolled"))
            zone.add(primed)
            state.last_primed = primed
            values.append(primed.value)
            out.append(rules.info(rules.PRIME, f"Fission primes destroyed {primed.color} cube as {primed.value}",
                                  f"Fission amorce le cube détruit {colour_fr(primed.color)} : {primed.value}"))
        return out + (check_breaches(state, values) if values and state.outcome is None else [])
    if kind == bases.ELECTROSTATIC_DISCHARGE:
        if "spared" not in event:  # the players choose (choice V3)
            raise rules.Illegal(rules.EVENT, "Electrostatic discharge: say which lab is spared",
                                "Décharge électrostatique : indiquez quel labo est épargné")
        spared = lab_owner(state, event, "spared")
        names = [n for n in state.labs.names if n != spared]
        return _reroll_labs(state, names, event.get("rolls", {}))
    if kind == bases.ELECTROMAGNETIC_PULSE:
        return _reroll_labs(state, list(state.labs.names), event.get("rolls", {}))
    if kind == bases.INTERPHASE:
        changed = []
        for i, cube in enumerate(zone.cubes):
            if cube.value % 2 == 0 and cube.value < 6:
                zone.cubes[i] = cube.with_value(cube.value + 1)
                changed.append(cube.value + 1)
        n = len(changed)
        return [rules.info(rules.EVENT, f"Interphase raises {n} even primed {plural_en(n, 'cube')}",
                           f"Interphase augmente {n} {plural_fr(n, 'cube amorcé pair', 'cubes amorcés pairs')}")] + \
            (check_breaches(state, changed) if changed else [])
    if kind == bases.SHOCK_WAVE:
        if state.last_primed is None:
            return []
        value = state.last_primed.value
        lost = 0
        for name in state.labs.names:
            for cube in [c for c in state.labs.cubes[name] if c.value == value]:
                state.labs.remove(name, cube)
                state.destroy(cube, "lab", name)
                lost += 1
        return [rules.info(rules.EVENT, f"Shock wave destroys {lost} lab {plural_en(lost, 'cube')} of value {value}",
                           f"Onde de choc détruit {lost} {plural_fr(lost, 'cube')} de valeur {value} dans les labos")]
    # row bonus: « prenez le cube détruit de votre choix. Lancez-le et posez-le sur l'emplacement de votre choix du
    # Tesseract. »
    if not state.destroyed:
        return [rules.info(rules.BONUS_ROW, "No destroyed cube is left to return",
                           "Plus aucun cube détruit à replacer")]
    pick = Cube.from_json(event["cube"])
    if pick not in state.destroyed:
        raise rules.Illegal(rules.BONUS_ROW, f"No destroyed {pick.describe()} to return",
                            f"Aucun {pick.describe('fr')} détruit à replacer")
    column = event.get("column")
    if column not in state.tesseract.columns or state.tesseract.height(column) >= 4:
        raise rules.Illegal(rules.BONUS_ROW, f"Cannot place a cube on column {column!r} (4 levels at most)",
                            f"Impossible de poser un cube en {column!r} (4 étages au plus)")
    state.destroyed.remove(pick)
    placed = pick.with_value(parse_roll(event.get("rolled")))
    state.tesseract.place(column, placed)
    return [rules.info(rules.BONUS_ROW, f"{placed.describe()} returns to the Tesseract on {column}",
                       f"{placed.describe('fr')} retourne sur le Tesseract en {column}")]
