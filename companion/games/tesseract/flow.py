"""Game flow shared by actions, events and the Threat phase: parsing, breaches, turn changes, the end."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Verdict, verdict

from . import rules
from .cube import Cube
from .state import ACTION, ACTIONS_PER_TURN, OVER, GameState

MAX_BREACHES = 7


def parse_cube(data: Any, state: GameState) -> Cube:
    cube = Cube.from_json(data)
    if cube.color not in state.colours:
        raise ValueError(f"colour {cube.color!r} is not one of this game's colours ({', '.join(state.colours)})")
    return cube


def parse_roll(value: Any, what: str = "rolled") -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        raise ValueError(f'"{what}" must be a die value 1-6, got {value!r}')
    return value


def end_game(state: GameState, kind: str, rule: str, en: str, fr: str) -> Verdict:
    result = verdict(kind, rule, en, fr, state.scientists)
    state.phase = OVER
    state.pending = []
    state.outcome = result.to_json()
    return result


def check_breaches(state: GameState, values=None) -> list[Verdict]:
    """Count breaches for the priming zone (all values, or only ``values``) and end the game at the 7th."""
    out: list[Verdict] = []
    for value, count, n in state.zone.breaches(values):
        state.breaches += n
        out.append(verdict(
            "breach", rules.BREACH,
            f"Breach: {count} primed cubes of value {value} (+{n}, {state.breaches}/{MAX_BREACHES})",
            f"Brèche : {count} cubes amorcés de valeur {value} (+{n}, {state.breaches}/{MAX_BREACHES})",
            state.scientists))
    return out + _breach_loss(state, out)


def check_zone_breach(state: GameState) -> list[Verdict]:
    """The whole zone at once (option ``breach_scope = "all_values"``), as the rule book's summary has it:
    « si la zone d'amorçage contient 3 cubes ou plus de même valeur, avancez le jeton Brèche de 1 case. Si elle
    contient 6 cubes ou plus de même valeur, avancez le jeton Brèche de 2 cases. » One step, or two, per phase —
    however many values are at 3+."""
    found = state.zone.breaches()
    if not found:
        return []
    n = max(steps for _value, _count, steps in found)
    state.breaches += n
    en = ", ".join(f"{count} cubes of value {value}" for value, count, _steps in found)
    fr = ", ".join(f"{count} cubes de valeur {value}" for value, count, _steps in found)
    out = [verdict("breach", rules.BREACH,
                   f"Breach: the priming zone holds {en} (+{n}, {state.breaches}/{MAX_BREACHES})",
                   f"Brèche : la zone d’amorçage contient {fr} (+{n}, {state.breaches}/{MAX_BREACHES})",
                   state.scientists)]
    return out + _breach_loss(state, out)


def _breach_loss(state: GameState, breaches: list[Verdict]) -> list[Verdict]:
    out: list[Verdict] = []
    if breaches and state.breaches >= MAX_BREACHES:
        out.append(end_game(
            state, "loss", rules.LOSS_BREACHES,
            f"The {MAX_BREACHES}th breach tears space-time apart: the game is lost",
            f"La {MAX_BREACHES}e brèche déchire l’espace-temps : la partie est perdue"))
    return out


def advance_turn(state: GameState) -> Verdict:
    state.current = (state.current + 1) % len(state.scientists)
    state.turn += 1
    state.phase = ACTION
    state.actions_left = ACTIONS_PER_TURN
    name = state.scientist
    return verdict("info", rules.TURN, f"{name}'s turn: Action phase, 3 actions",
                   f"Au tour de {name} : phase Action, 3 actions", [name])


def require_playing(state: GameState | None) -> None:
    if state is None:
        raise rules.Illegal(rules.SETUP, "Set the game up first", "Mettez d’abord la partie en place")
    if state.phase == OVER:
        raise rules.Illegal(rules.GAME_OVER, "The game is over", "La partie est terminée")


def require_no_pending(state: GameState) -> None:
    if state.pending:
        head = state.pending[0]
        raise rules.Illegal(rules.PENDING,
                            f"Resolve the pending {head['event']} first",
                            f"Résolvez d’abord l’effet en attente {head['event']}")


def lab_owner(state: GameState, event: Mapping[str, Any], key: str = "lab") -> str:
    return state.labs.check(event.get(key, state.scientist))
