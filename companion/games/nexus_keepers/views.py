"""What the phone and the camera need: legal moves, dry-run validation, observations, summary."""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from companion.core import Observation, Text
from companion.referee.engine import EventError
from companion.referee.expectations import RollExpectation
from companion.referee.offers import compact
from companion.words import fact, plural_en, plural_fr

from . import moves
from .camera import camera_names, is_camera_board, positions_from_board
from .dice import budget_json, infer_reroll
from .setup import setup_facts
from .display import display, reservable, setup_choices
from .state import ELIMINATED, FALLEN, ON_BOARD, GameState
from .texts import die_values
from .turns import end_turn, start_turn

MAX_REROLLS = 2


class ViewsMixin:
    """Read-only views of a NexusKeepers engine (they never change the state)."""

    def legal_moves(self, keeper: str | None = None) -> list[dict[str, Any]]:
        """Every outcome the active keeper can still bring about with the current dice.

        Each entry: {"to": [x, y] of the keeper, "positions": every keeper's place,
        [x, y], "fell" or "portal"}. Empty when ``keeper`` is not the one to act.
        """
        turn = self.state.turn
        if turn.phase != "rolling" or (keeper is not None and keeper != turn.player):
            return []
        return moves.legal_outcomes(self.state, self._budgets(), self.options["leap_over_run"])

    def camera_positions(self, pieces: Mapping[str, Any]) -> dict[str, Any] | None:
        """The ``positions`` event a settled camera board shows at the end of a turn (None: nothing to check)."""
        if not self.state.set_up or not is_camera_board(pieces):
            return None
        return positions_from_board(self.state, pieces)[0]

    def camera_names(self, pieces: Mapping[str, Any]) -> dict[str, Text]:
        return camera_names(self.state, pieces)

    def explain_positions(self, keepers: Mapping[str, Any]) -> tuple[bool, str]:
        """Whether some legal sequence explains ``keepers`` now, and how (or why not)."""
        g = moves.geometry(self.state.board)
        goal, problems = moves.goal_positions(self.state, g, keepers)
        if problems:
            return False, "; ".join(en for en, _fr in problems)
        budgets = self._budgets()
        found = moves.explain(self.state, budgets, goal, self.options["leap_over_run"])
        if found is None:
            reasons = moves.unexplained_reasons(self.state, budgets, goal, self.options["leap_over_run"])
            return False, "; ".join(en for en, _fr in reasons)
        here = self.state.players[self.state.turn.player].cell
        return True, moves.describe_steps(found[0], g, self.state.order(), self.state.board, here)

    def observation_event(self, observation: Observation) -> dict[str, Any] | None:
        """A settled observation as an event: positions, power dice, a reroll or a new roll.

        Pieces (keeper id -> grid [x, y]) during a rolled turn are the positions after
        the turn; an on-board keeper the camera no longer sees is taken as off the board.
        Dice are the rolled dice only (the reserved die stays on the card). A roll, a reroll or power dice keep the
        dice as read (value, colour, where): a die the camera misread is then corrected on that event
        (``Table.correct``), not played again as a new roll or a reroll of one die.
        """
        turn = self.state.turn
        if not self.state.set_up or turn.phase in ("over", "reconnect"):
            return None
        if is_camera_board(observation.pieces):
            return None  # the table holds the camera's board and reads it at the end of the turn
        if observation.pieces and turn.phase == "rolling":
            keepers: dict[str, Any] = {}
            for p in self.state.players.values():
                if p.status == ON_BOARD:
                    seen = observation.pieces.get(p.id)
                    if isinstance(seen, (list, tuple)) and len(seen) == 2 and all(
                            isinstance(v, (int, float)) and not isinstance(v, bool) for v in seen):
                        seen = [int(round(v)) for v in seen]
                    keepers[p.id] = seen     # missing: off the board; anything else is refused by the event
            return {"type": "positions", "keepers": keepers}
        values = [d.value for d in observation.dice]
        if not values:
            return None
        if turn.phase in ("acted", "rolling") and sorted(values) == sorted(turn.pool):
            return None     # the dice still lying there: nothing new (an idle camera refs nothing)
        read = [d.to_json() for d in observation.dice]
        if turn.phase in ("rolling", "acted"):  # power dice join « à n'importe quel moment », after the moves too
            extra = len(values) - len(turn.pool)
            power_left = self.state.players[turn.player].power_left
            added = _added(read, turn.pool)
            if 0 < extra <= power_left and len(added) == extra:  # the whole pool still lies there, and more
                return {"type": "power", "dice": added}
            rerolling = turn.phase == "rolling" and turn.rerolls_done < MAX_REROLLS and not turn.acted
            if rerolling and 0 <= extra <= power_left:
                return {"type": "reroll", "dice": read}  # the dice beyond the pool are power dice
        return {"type": "roll", "dice": read}

    def thrown_dice(self, event: Mapping[str, Any]) -> list[Any] | None:
        """A reroll given as the pool after it (the camera's ``dice``) threw the dice that were not in the pool
        before it (« Il peut ensuite relancer autant de dés qu'il veut »; power dice included), as the referee
        infers them (``infer_reroll``); a die thrown again onto its old face cannot be told from one left lying and
        is not counted. Of several equal faces, which one is taken as new is arbitrary."""
        if event.get("type") != "reroll" or "dice" not in event or self.state.turn.phase != "rolling":
            return None
        try:
            values = die_values(event["dice"])
        except EventError:
            return None
        left = Counter(infer_reroll(self.state.turn.pool, values)[1])
        thrown = []
        for die, value in zip(event["dice"], values):
            if left[value]:
                left[value] -= 1
                thrown.append(die)
        return thrown

    def expected_roll(self) -> RollExpectation | None:
        """The camera's next roll lands in the mat's dice zone with the turn's dice count (« Lors du premier tour
        ... 5 dés. Lors des tours suivants, ils lancent 6 dés », give or take the terrain and bonus turns); after a
        roll, the same pool rerolled, with power dice added; a roll that ends the turn, the next turn's count."""
        state, turn = self.state, self.state.turn
        if not state.set_up or turn.phase in ("over", "reconnect"):
            return None
        counts = set()
        if turn.phase == "start":
            counts.add(turn.dice_allowed)
        else:
            if turn.phase in ("rolling", "acted"):
                power = state.players[turn.player].power_left
                counts.update(range(len(turn.pool), len(turn.pool) + power + 1))
            scratch = GameState.from_json(state.to_json())  # the next turn, without touching the game
            if scratch.turn.phase in ("rolling", "acted"):
                end_turn(scratch, self.options)
            while scratch.turn.phase == "idle":
                start_turn(scratch, self.options)
            if scratch.turn.phase == "start":
                counts.add(scratch.turn.dice_allowed)
        return RollExpectation(counts=tuple(sorted(counts)) or None, zones=("dice",))

    def offers(self) -> dict[str, dict[str, Any]]:
        """The turn's buttons as the events they send: start the turn, keep a die of each double, end the turn."""
        state, turn = self.state, self.state.turn
        if not state.set_up:
            return {}
        out: dict[str, dict[str, Any]] = {}
        if turn.phase == "idle":
            out["turn_start"] = {"type": "turn_start"}
        if turn.phase in ("rolling", "acted"):
            for value in reservable(state):
                out[f"reserve:{value}"] = {"type": "reserve", "value": value}
        if turn.phase in ("rolling", "acted", "start"):
            out["end_turn"] = {"type": "end_turn"}
        return out

    def _facts(self) -> list[dict[str, str]]:
        """The game's details in words (the phone's "Game details"): dice, rerolls, power dice and reserves."""
        state, turn = self.state, self.state.turn
        out = [fact(f"{turn.player}'s turn" + (" (a bonus turn)" if turn.bonus_depth else ""),
                    f"Au tour de {turn.player}" + (" (tour bonus)" if turn.bonus_depth else ""))]
        if turn.phase in ("start", "rolling", "acted"):
            n = turn.dice_allowed
            out.append(fact(f"{n} {plural_en(n, 'die', 'dice')} to roll this turn",
                            f"{n} {plural_fr(n, 'dé')} à lancer ce tour-ci"))
        if turn.phase == "rolling" and not turn.acted:
            n = MAX_REROLLS - turn.rerolls_done
            out.append(fact(f"{n} {plural_en(n, 'reroll')} left",
                            f"{n} {plural_fr(n, 'relance')} {plural_fr(n, 'restante')}"))
        for p in state.players.values():
            k = p.power_left
            out.append(fact(f"{p.id}: {k} power {plural_en(k, 'die', 'dice')} left",
                            f"{p.id} : {k} {plural_fr(k, 'dé')} de pouvoir {plural_fr(k, 'restant')}"))
            if p.reserve is not None:
                out.append(fact(f"{p.id} keeps a {p.reserve} for the next turn",
                                f"{p.id} garde un {p.reserve} pour le prochain tour"))
        return out

    def seats(self) -> list[str]:
        return self.state.order() if self.state.set_up else []

    def to_act(self) -> str | None:
        """The summary's ``turn``, until the game is over."""
        state = self.state
        return state.turn.player if state.set_up and state.turn.phase != "over" else None

    def summary(self) -> dict[str, Any]:
        """Whose turn, the dice allowed, rerolls left, the actions the dice allow, who has fallen."""
        state, turn = self.state, self.state.turn
        if not state.set_up:
            return {"phase": "setup", "setup": setup_choices(), "facts": setup_facts(self.options)}
        player = state.players[turn.player]
        rolled = turn.phase in ("rolling", "acted")
        return {
            "turn": turn.player, "phase": turn.phase, "bonus_depth": turn.bonus_depth,
            "dice_allowed": turn.dice_allowed, "dice": list(turn.pool), "reserved_die": turn.reserved_die,
            "rerolls_left": (MAX_REROLLS - turn.rerolls_done) if turn.phase == "rolling" and not turn.acted else 0,
            "power_dice_left": {p.id: p.power_left for p in state.players.values()},
            "actions": [budget_json(b) for b in self._budgets()] if turn.phase == "rolling" else [],
            "skills": [s.id for s in player.card.skills if rolled and s.triggered_by(turn.final_values)],
            "fallen": [p.id for p in state.players.values() if p.status == FALLEN],
            "eliminated": [p.id for p in state.players.values() if p.status == ELIMINATED],
            "positions": {p.id: list(p.cell) if p.cell else p.status for p in state.players.values()},
            "reserves": {p.id: p.reserve for p in state.players.values()},
            "reconnect": list(state.reconnect), "winners": list(state.winners),
            "reconnect_suggestion": state.reconnect_hint if state.reconnect else None,
            "available": compact(self.available_actions()),
            "facts": self._facts(),
            **display(state, self.options),
        }


def _added(read: list[dict[str, Any]], pool: list[int]) -> list[dict[str, Any]]:
    """The dice as read that the pool does not hold: the power dice just added. Of two dice showing one face, either
    will do: the pool's faces come out the same."""
    left, added = list(pool), []
    for die in read:
        if die["value"] in left:
            left.remove(die["value"])
        else:
            added.append(die)
    return added
