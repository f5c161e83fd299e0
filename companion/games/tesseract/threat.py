"""The end of the Action phase (win check) and the Threat phase: priming, breaches, the empty-Tesseract loss."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Text, Verdict
from companion.words import colour_fr, plural_en, plural_fr

from . import area_reading, rules
from .camera import game_colour, rolled_misread_note
from .cube import Cube
from .events import drain, lose_empty, remove_from_tesseract
from .flow import check_breaches, check_zone_breach, end_game, parse_roll, require_no_pending
from .state import ACTION, THREAT, GameState


def some_action_possible(state: GameState) -> bool:
    """Whether the current scientist could still act (if not, the Action phase may end early)."""
    me = state.scientist
    labs = state.labs
    if labs.cubes[me] or state.zone.cubes:
        return True  # any cube can be calibrated one way or the other (a primed 1 to 0)
    if labs.has_room(me) and (state.tesseract.removable() or any(labs.cubes[n] for n in labs.names)):
        return True  # take, or transfer a cube in
    hand = state.research.hands[me]
    return any(hand[lvl] and state.research.decks.get(lvl + 1, 0) > 0 for lvl in (2, 3))


def end_actions(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    """« Si à la fin d'une phase Action le plateau Confinement est complété, vous RÉUSSISSEZ. »
    « Si au début d'une phase Menace il ne reste aucun cube dans le Tesseract, vous ÉCHOUEZ. »"""
    if state.phase != ACTION:
        raise rules.Illegal(rules.PHASE, "The Action phase is not under way", "La phase Action n’est pas en cours")
    require_no_pending(state)
    left = state.actions_left
    # a full board wins now: the actions left need not be spent first (choice E2)
    if left > 0 and not options["allow_pass"] and not state.board.is_full() and some_action_possible(state):
        raise rules.Illegal(rules.ACTION_REMAINING,
                            f"{state.scientist} still has {left} {plural_en(left, 'action')} to take",
                            f"Il reste {left} {plural_fr(left, 'action')} à {state.scientist}", [state.scientist],
                            quote=True)
    if state.board.is_full():
        return [end_game(state, "win", rules.WIN, "The containment board is full: the Tesseract is neutralised!",
                         "Le plateau Confinement est complet : le Tesseract est désactivé !")]
    state.phase = THREAT
    state.primed_this_phase = False
    if state.tesseract.is_empty():
        return [lose_empty(state, at_threat=True)]
    out: list[Verdict] = []
    every_value = options["breach_scope"] == "all_values"
    for value, n in sorted(state.zone.by_value().items()):
        if n < 2:
            continue
        if n >= 3 and every_value:
            en = f"The priming zone holds {n} cubes of value {value}: this Threat phase will breach"
            fr = f"La zone d’amorçage contient {n} cubes de valeur {value} : cette phase Menace fera brèche"
        else:
            en = f"The priming zone holds {n} cubes of value {value}: a {value} primed now means a breach"
            fr = f"La zone d’amorçage contient {n} cubes de valeur {value} : un {value} amorcé maintenant fait brèche"
        out.append(rules.warning(rules.BREACH_WARNING, en, fr))
    choices = state.tesseract.lowest_removable()
    out.append(rules.info(rules.PRIME, f"Threat phase: prime the lowest removable cube ({' or '.join(choices)})",
                          f"Phase Menace : amorcez le cube amovible le plus bas ({' ou '.join(choices)})"))
    return out


def _rolled(state: GameState, event: Mapping[str, Any], column: str, options: Mapping[str, Any]) -> int:
    """The value the cube is primed with: ``rolled``, or the camera's reading of the die (``dice``: the one die,
    as read, which the players can correct on the phone); a die of another of the game's colours is not that
    cube (one read in a colour the game has not, or in none, may be: see ``_misread_note``)."""
    if "dice" not in event:
        return parse_roll(event["rolled"])
    dice = event["dice"]
    if "rolled" in event or not isinstance(dice, list) or len(dice) != 1 or not isinstance(dice[0], Mapping):
        raise ValueError('a prime gives "rolled", or "dice": the one die primed as read, [{"value", "color"}]')
    seen, colour = game_colour(dice[0].get("color"), options), state.tesseract.top(column).color
    if seen in state.colours and seen != colour:
        raise rules.Illegal(rules.PRIME, f"The cube from {column} is {colour}: the {seen} die is not it",
                            f"Le cube de {column} est {colour_fr(colour)} : le dé {colour_fr(seen)} n’est pas lui")
    return parse_roll(dice[0].get("value"), "dice")


def _misread_note(state: GameState, event: Mapping[str, Any], cube: Cube, options: Mapping[str, Any]) -> list[Verdict]:
    """A camera prime whose die was read in a colour the game has not, or in none: the cube it must be, said."""
    dice = event.get("dice")
    seen = game_colour(dice[0].get("color"), options) if dice else None
    if not dice or seen in state.colours:
        return []
    return [rolled_misread_note(cube, seen)]


def prime(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    """« Identifiez le cube amovible le plus bas en hauteur et en valeur [...] L'emplacement l'emporte sur la valeur.
    Si les cubes les plus bas ont la même valeur, vous pouvez choisir quel cube amorcer. »"""
    if state.phase != THREAT or state.primed_this_phase:
        raise rules.Illegal(rules.PHASE, "Priming happens once, in the Threat phase (once the actions are ended)",
                            "L’amorçage a lieu une fois, pendant la phase Menace (une fois les actions terminées)")
    require_no_pending(state)
    choices = state.tesseract.lowest_removable()
    column = event.get("column")
    if column is None and len(choices) == 1:
        column = choices[0]
    if column not in choices:
        raise rules.Illegal(rules.PRIME, f"The lowest removable cube is in {' or '.join(choices)}, not {column}",
                            f"Le cube amovible le plus bas est en {' ou '.join(choices)}, pas en {column}")
    rolled, read_again = _rolled(state, event, column, options), area_reading.notes(event)
    cube, revealed = remove_from_tesseract(state, column, options,
                                           Text("primed in the Threat phase", "amorcé en phase Menace"))
    primed = cube.with_value(rolled)
    revealed = read_again + _misread_note(state, event, primed, options) + revealed
    state.zone.add(primed)
    state.last_primed = primed
    state.primed_this_phase = True
    out = [rules.info(rules.PRIME, f"{cube.describe()} from {column} is primed as {rolled}",
                      f"{cube.describe('fr')} en {column} est amorcé : {rolled}")] + revealed
    if state.outcome is None:
        # « Amorçage », then « Brèche », then « ÉVÉNEMENT » (the rule book's summary order).
        if options["breach_scope"] == "all_values":
            out.extend(check_zone_breach(state))
        else:
            out.extend(check_breaches(state, [rolled]))
    return out + drain(state, options)
