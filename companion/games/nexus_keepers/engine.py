"""The Nexus Keepers referee: events in, verdicts out (see docs/rules/nexus-keepers.md)."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Observation, Text, Verdict, verdict
from companion.referee.engine import EventError, GameEngine
from companion.referee.registry import register

from . import moves
from .board import PlacementError, cube_from_spec, properly_connected
from .cards import resolve_card
from .dice import allocations, budget_json, infer_reroll, minus, remaining_budgets
from .search import FELL, PORTAL
from .state import ELIMINATED, ON_BOARD, GameState, Player
from .turns import check_win, end_turn, fmt, keeper_left_board, start_turn

MAX_REROLLS = 2


def _values(dice: Any, what: str = "dice") -> list[int]:
    """Die values from ints or DieReading-like objects."""
    if not isinstance(dice, list):
        raise EventError(f'"{what}" must be a list of die values')
    out = []
    for d in dice:
        v = d.get("value") if isinstance(d, Mapping) else d
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 6:
            raise EventError(f'"{what}" must hold die values 1-6, got {d!r}')
        out.append(v)
    return out


def _illegal(rule: str, en: str, fr: str, players=()) -> list[Verdict]:
    return [verdict("illegal", rule, en, fr, players)]


@register
class NexusKeepers(GameEngine):
    name = "nexus-keepers"
    title = Text("Nexus Keepers", "Nexus Keepers")
    option_defaults = {
        "split_groups": (True, "a group of four or more equal dice may also be used as several groups of two or more"),
        "leap_over_run": (True, "one leap may clear several keepers standing in a row, one jump step per keeper"),
        "bonus_turn_per_keeper": (False, "one bonus turn per keeper pushed off in a turn (default: one bonus turn per turn)"),
        "maladresse_ones": (3, "how many 1s in a turn lose it (MALADRESSE); 0 turns the rule off"),
        "min_shared_edges": (2, "edges a new cube must share with the tiles already in play"),
    }

    def setup(self) -> None:
        self.state = GameState()

    # -- state -----------------------------------------------------------------
    def state_json(self) -> dict[str, Any]:
        return self.state.to_json()

    def load_state_json(self, state: Mapping[str, Any]) -> None:
        self.state = GameState.from_json(state)

    @property
    def outcome(self) -> Verdict | None:
        if not self.state.winners:
            return None
        names = ", ".join(self.state.winners)
        return verdict("win", "nk.win", f"{names} won", f"{names} a/ont gagné", self.state.winners)

    # -- events ----------------------------------------------------------------
    def _apply(self, event: Mapping[str, Any]) -> list[Verdict]:
        kind = event["type"]
        handler = getattr(self, f"_on_{kind}", None) if kind in EVENTS else None
        if handler is None:
            raise EventError(f"nexus-keepers has no {kind!r} event (known: {', '.join(EVENTS)})")
        if kind != "setup" and not self.state.set_up:
            raise EventError('the game needs a "setup" event first')
        if kind != "setup" and self.state.turn.phase == "over":
            return _illegal("nk.game.over", "The game is over", "La partie est terminée")
        return handler(event)

    def _on_setup(self, event: Mapping[str, Any]) -> list[Verdict]:
        if self.state.set_up:
            return _illegal("nk.setup.done", "The game is already set up", "La partie est déjà installée")
        players = event["players"]
        if not isinstance(players, list) or len(players) < 2:
            raise EventError('"players" must list at least two players, first player first, then clockwise')
        state = GameState()
        for entry in players:
            pid = str(entry["id"])
            if pid in state.players:
                raise EventError(f"player {pid!r} is listed twice")
            card = resolve_card(entry["card"])
            try:
                cube = cube_from_spec(pid, entry["cube"])
                state.board.place(cube, self.options["min_shared_edges"])
            except PlacementError as exc:
                return _illegal(exc.rule, exc.en, exc.fr, [pid])
            state.players[pid] = Player(pid, card, str(entry.get("team", pid)), card.power_dice, cell=cube.start)
        if len({p.team for p in state.players.values()}) < 2:
            raise EventError("at least two teams are needed")
        state.turn.player = state.order()[0]
        self.state = state
        return [verdict("info", "nk.setup", f"Nexus of {len(state.board.cubes)} cubes set up; {state.turn.player} plays first",
                        f"Nexus de {len(state.board.cubes)} cubes installé ; {state.turn.player} commence", state.order())]

    def _on_turn_start(self, event: Mapping[str, Any]) -> list[Verdict]:
        out = self._close_turn_if_open()
        if self.state.turn.phase == "over":
            return out
        wanted = event.get("player")
        if self.state.turn.phase == "reconnect":
            return _illegal("nk.portal.closure", f"Reconnect {', '.join(self.state.reconnect)} first",
                            f"Reconnectez d'abord {', '.join(self.state.reconnect)}")
        if self.state.turn.phase == "start":
            return out
        if wanted is not None and wanted != self.state.turn.player:
            return _illegal("nk.turn.order", f"It is {self.state.turn.player}'s turn, not {wanted}'s",
                            f"C'est au tour de {self.state.turn.player}, pas de {wanted}", [str(wanted)])
        return out + self._start()

    def _start(self) -> list[Verdict]:
        out: list[Verdict] = []
        while self.state.turn.phase == "idle":
            out += start_turn(self.state, self.options)
        return out

    def _close_turn_if_open(self, reason: str = "") -> list[Verdict]:
        if self.state.turn.phase in ("rolling", "acted"):
            return end_turn(self.state, self.options, reason)
        return []

    def _on_roll(self, event: Mapping[str, Any]) -> list[Verdict]:
        dice = _values(event["dice"])
        power = _values(event.get("power", []), "power")
        out = self._close_turn_if_open()
        out += self._start()
        turn = self.state.turn
        if turn.phase == "over":
            return out
        if turn.phase == "reconnect":
            return _illegal("nk.portal.closure", f"Reconnect {', '.join(self.state.reconnect)} before rolling",
                            f"Reconnectez {', '.join(self.state.reconnect)} avant de lancer")
        player = self.state.players[turn.player]
        if len(dice) != turn.dice_allowed:
            return _illegal("nk.roll.dice-count", f"{player.id} must roll {turn.dice_allowed} dice, not {len(dice)}",
                            f"{player.id} doit lancer {turn.dice_allowed} dés, pas {len(dice)}", [player.id])
        if len(power) > player.power_left:
            return self._no_power(player)
        player.power_left -= len(power)
        turn.pool = dice + power
        turn.phase = "rolling"
        return out + self._after_dice(f"{player.id} rolls {_show(turn.pool)}", f"{player.id} lance {_show(turn.pool)}")

    def _on_reroll(self, event: Mapping[str, Any]) -> list[Verdict]:
        turn = self.state.turn
        player = self.state.players.get(turn.player)
        if turn.phase != "rolling":
            return _illegal("nk.turn.phase", "Nothing to reroll: roll first", "Rien à relancer : lancez d'abord")
        if turn.rerolls_done >= MAX_REROLLS:
            return _illegal("nk.reroll.limit", f"{player.id} already rerolled twice ('jusqu'à deux fois de suite')",
                            f"{player.id} a déjà relancé deux fois", [player.id])
        if turn.acted:
            return _illegal("nk.reroll.limit", "No reroll once actions have begun", "Pas de relance après le début des actions",
                            [player.id])
        power = _values(event.get("power", []), "power")
        if "dice" in event:
            after = _values(event["dice"])
            if len(after) != len(turn.pool) + len(power):
                raise EventError(f'"dice" must show the whole pool: {len(turn.pool) + len(power)} dice')
            picked, new = infer_reroll(turn.pool, after)
            new = minus(new, power)
            if new is None or len(new) != len(picked):
                raise EventError('"power" dice must be among the new "dice"')
            spare = [v for v in minus(turn.pool, picked) if v != 1]
            padding = max(0, 2 - len(picked) - len(power))
            if 1 not in picked and padding > len(spare):
                return self._single(player)
        else:
            picked, new = _values(event["rerolled"], "rerolled"), _values(event["results"], "results")
            if len(picked) != len(new):
                raise EventError('"rerolled" and "results" must have the same length')
            if minus(turn.pool, picked) is None:
                return _illegal("nk.reroll.dice", f"{_show(picked)} are not all in the pool {_show(turn.pool)}",
                                f"{_show(picked)} ne sont pas tous dans le lancer {_show(turn.pool)}", [player.id])
            if len(picked) + len(power) < 2:
                return self._single(player)
        if 1 in picked:
            return _illegal("nk.reroll.ones", f"{player.id} rerolled a 1: 1s can never be rerolled",
                            f"{player.id} a relancé un 1 : les 1 ne peuvent jamais être relancés", [player.id])
        if len(power) > player.power_left:
            return self._no_power(player)
        player.power_left -= len(power)
        turn.pool = minus(turn.pool, picked) + new + power
        turn.rerolls_done += 1
        return self._after_dice(f"{player.id} rerolls {_show(picked)} (reroll {turn.rerolls_done}/2): {_show(turn.pool)}",
                                f"{player.id} relance {_show(picked)} (relance {turn.rerolls_done}/2) : {_show(turn.pool)}")

    def _single(self, player: Player) -> list[Verdict]:
        return _illegal("nk.reroll.single", f"{player.id} rerolled a single die: a reroll takes at least two dice (or a power die)",
                        f"{player.id} a relancé un dé seul : une relance prend au moins deux dés (ou un dé de pouvoir)",
                        [player.id])

    def _no_power(self, player: Player) -> list[Verdict]:
        return _illegal("nk.power.none", f"{player.id} has only {player.power_left} power die/dice left",
                        f"{player.id} n'a plus que {player.power_left} dé(s) de pouvoir", [player.id])

    def _on_power(self, event: Mapping[str, Any]) -> list[Verdict]:
        turn = self.state.turn
        if turn.phase != "rolling":
            return _illegal("nk.turn.phase", "Power dice join a roll: roll first", "Les dés de pouvoir s'ajoutent à un lancer : lancez d'abord")
        player = self.state.players[turn.player]
        dice = _values(event["dice"])
        if not dice:
            raise EventError('"dice" must hold at least one power die')
        if len(dice) > player.power_left:
            return self._no_power(player)
        player.power_left -= len(dice)
        turn.pool = turn.pool + dice
        return self._after_dice(f"{player.id} adds power dice {_show(dice)}: {_show(turn.pool)}",
                                f"{player.id} ajoute les dés de pouvoir {_show(dice)} : {_show(turn.pool)}")

    def _after_dice(self, en: str, fr: str) -> list[Verdict]:
        """MALADRESSE check, then what the dice now allow."""
        turn = self.state.turn
        player = self.state.players[turn.player]
        ones, limit = turn.pool.count(1), self.options["maladresse_ones"]
        if limit and ones >= limit:
            out = [verdict("warning", "nk.maladresse", f"MALADRESSE: {ones} ones in {player.id}'s turn, the turn is lost",
                           f"MALADRESSE : {ones} résultats de 1 pour {player.id}, le tour est perdu", [player.id])]
            return out + end_turn(self.state, self.options, " (maladresse)")
        budgets = allocations(turn.final_values, player.card, self.options["split_groups"])
        can = " or ".join(_budget_text(b) for b in budgets)
        out = [verdict("info", "nk.roll", f"{en}; allows {can}", f"{fr} ; permet {can}", [player.id])]
        for skill in player.card.skills:
            if skill.triggered_by(turn.final_values):
                out.append(verdict("info", "nk.skill", f"{player.id} may use {skill.name['en']}: {skill.text['en']}",
                                   f"{player.id} peut utiliser {skill.name['fr']} : {skill.text['fr']}", [player.id]))
        return out

    # -- actions and positions ---------------------------------------------------
    def _budgets(self, used=None, values=None) -> list:
        turn = self.state.turn
        card = self.state.players[turn.player].card
        return remaining_budgets(turn.final_values if values is None else values, card,
                                 turn.used if used is None else used, self.options["split_groups"])

    def _on_actions(self, event: Mapping[str, Any]) -> list[Verdict]:
        turn = self.state.turn
        if turn.phase != "rolling":
            return _illegal("nk.turn.phase", "Actions come after the roll and before the turn ends",
                            "Les actions viennent après le lancer et avant la fin du tour")
        actions = event["actions"]
        if not isinstance(actions, list):
            raise EventError('"actions" must be a list')
        out: list[Verdict] = []
        turn.acted = True
        for i, action in enumerate(actions):
            if not isinstance(action, Mapping):
                raise EventError("each action must be an object with an \"action\"")
            pos, cost = moves.apply_action(self.state, action, self.options["leap_over_run"])
            if pos is None:
                return _illegal("nk.action.illegal", f"Action {i + 1}: {cost}", f"Action {i + 1} : {cost}", [turn.player])
            used = tuple(u + c for u, c in zip(turn.used, cost))
            if not self._budgets(used):
                return _illegal("nk.action.dice", f"Action {i + 1}: the dice {_show(turn.final_values)} do not allow it "
                                f"(would use {_budget_text(used)})",
                                f"Action {i + 1} : les dés {_show(turn.final_values)} ne le permettent pas", [turn.player])
            turn.used = used
            out += self._place(pos, guessed_portal=False)
            if turn.phase == "over":
                return out
        return out

    def _on_positions(self, event: Mapping[str, Any]) -> list[Verdict]:
        turn = self.state.turn
        if turn.phase != "rolling":
            return _illegal("nk.turn.phase", "Positions are checked after a roll, once per turn",
                            "Les positions se vérifient après un lancer, une fois par tour")
        g = moves.geometry(self.state.board)
        goal, problems = moves.goal_positions(self.state, g, event["keepers"])
        active = self.state.order().index(turn.player)
        if goal[active] < 0:
            problems.append(f"{turn.player} cannot leave the board by its own actions")
        budgets = self._budgets()
        if problems:
            return self._unexplained(problems)
        found = moves.explain(self.state, budgets, goal, self.options["leap_over_run"])
        if found is None:
            return self._unexplained(moves.unexplained_reasons(self.state, budgets, goal, self.options["leap_over_run"]))
        steps, final, guessed = found
        turn.acted = True
        how = moves.describe_steps(steps, g, self.state.order())
        out = [verdict("info", "nk.move.explained", f"{turn.player}: {how}", f"{turn.player} : {how}", [turn.player])]
        out += self._place(final, guessed)
        if turn.phase == "rolling":
            turn.phase = "acted"
        return out

    def _unexplained(self, reasons: list[str]) -> list[Verdict]:
        text = "; ".join(reasons)
        return _illegal("nk.move.unexplained", f"No legal sequence of actions explains these positions: {text}",
                        f"Aucune suite d'actions légale n'explique ces positions : {text}", [self.state.turn.player])

    def _place(self, final, guessed_portal: bool) -> list[Verdict]:
        """Move every keeper to ``final``; keepers that left the board fall or are eliminated."""
        g = moves.geometry(self.state.board)
        out: list[Verdict] = []
        for p, c in zip(list(self.state.players.values()), final):
            if p.status != ON_BOARD:
                continue
            if c >= 0:
                p.cell = g.cell(c)
                continue
            if guessed_portal and c == PORTAL:
                out.append(verdict("warning", "nk.move.exit-guess", f"{p.id} left the board where only a Portal explains it",
                                   f"{p.id} a quitté le plateau là où seul un Portail l'explique", [p.id]))
            out += keeper_left_board(self.state, p.id, through_portal=(c == PORTAL))
            self.state.turn.offs += 1
            out += check_win(self.state)
        return out

    def legal_moves(self, keeper: str | None = None) -> list[dict[str, Any]]:
        """Every outcome the active keeper can still bring about with the current dice (for the phone)."""
        turn = self.state.turn
        if turn.phase != "rolling" or (keeper is not None and keeper != turn.player):
            return []
        return moves.legal_outcomes(self.state, self._budgets(), self.options["leap_over_run"])

    def explain_positions(self, keepers: Mapping[str, Any]) -> tuple[bool, str]:
        """Whether some legal sequence explains ``keepers`` now, and how (or why not), changing nothing."""
        g = moves.geometry(self.state.board)
        goal, problems = moves.goal_positions(self.state, g, keepers)
        if problems:
            return False, "; ".join(problems)
        budgets = self._budgets()
        found = moves.explain(self.state, budgets, goal, self.options["leap_over_run"])
        if found is None:
            return False, "; ".join(moves.unexplained_reasons(self.state, budgets, goal, self.options["leap_over_run"]))
        return True, moves.describe_steps(found[0], g, self.state.order())

    # -- end of turn -------------------------------------------------------------
    def _on_reserve(self, event: Mapping[str, Any]) -> list[Verdict]:
        turn = self.state.turn
        value = _values([event["value"]], "value")[0]
        if turn.phase not in ("rolling", "acted"):
            return _illegal("nk.turn.phase", "A die is reserved at the end of a turn", "On réserve un dé à la fin de son tour")
        player = self.state.players[turn.player]
        rest = minus(turn.final_values, [value, value])
        if rest is None:
            return _illegal("nk.reserve.double", f"No double {value} in {_show(turn.final_values)} to reserve from",
                            f"Pas de double {value} dans {_show(turn.final_values)} à réserver", [player.id])
        if not self._still_explained(rest):
            return _illegal("nk.reserve.used", f"The double {value} was needed for this turn's actions",
                            f"Le double {value} a servi aux actions de ce tour", [player.id])
        replaced = player.reserve
        player.reserve = value
        note = f" (replacing {replaced})" if replaced is not None else ""
        out = [verdict("info", "nk.reserve", f"{player.id} reserves a {value} for the next turn{note}",
                       f"{player.id} réserve un {value} pour le prochain tour", [player.id])]
        return out + end_turn(self.state, self.options)

    def _still_explained(self, values: list[int]) -> bool:
        turn = self.state.turn
        g = moves.geometry(self.state.board)
        start = tuple(
            g.index[tuple(v)] if isinstance(v, list) else (PORTAL if v == ELIMINATED else FELL)
            for v in (turn.start_positions[k] for k in self.state.order()))
        now = moves.current_positions(self.state, g)
        if start == now and turn.used == (0, 0, 0):
            return True
        budgets = self._budgets(used=(0, 0, 0), values=values)
        if turn.used != (0, 0, 0) and not any(all(b >= u for b, u in zip(bud, turn.used)) for bud in budgets):
            return False
        return moves.explain(self.state, budgets, now, self.options["leap_over_run"], start=start) is not None

    def _on_end_turn(self, event: Mapping[str, Any]) -> list[Verdict]:
        if self.state.turn.phase not in ("rolling", "acted", "start"):
            return _illegal("nk.turn.phase", "No turn in progress to end", "Aucun tour en cours à terminer")
        return end_turn(self.state, self.options)

    def _on_reconnect(self, event: Mapping[str, Any]) -> list[Verdict]:
        state = self.state
        if state.turn.phase != "reconnect":
            return _illegal("nk.turn.phase", "No cube needs reconnecting", "Aucun cube à reconnecter")
        specs = event["cubes"]
        if not isinstance(specs, list):
            raise EventError('"cubes" must be a list of cube placements with a "player"')
        movers = [str(s["player"]) for s in specs]
        if sorted(movers) != sorted(set(movers)) or len(movers) != len(state.reconnect):
            return _illegal("nk.portal.reconnect", f"Move exactly {len(state.reconnect)} cube(s), the fewest possible",
                            f"Déplacez exactement {len(state.reconnect)} cube(s), le minimum possible")
        min_edges = self.options["min_shared_edges"]
        kept = [c for c in state.board.cubes if c.player not in movers]
        if len(kept) == len(state.board.cubes) - len(movers) and not properly_connected(kept, min_edges):
            return _illegal("nk.portal.reconnect", "The cubes left in place must stay properly connected",
                            "Les cubes laissés en place doivent rester correctement connectés")
        old = {c.player: c for c in state.board.cubes}
        for pid in movers:
            if pid not in old:
                raise EventError(f"no cube of {pid!r} in play")
            state.board.remove(pid)
        for spec in specs:
            pid = str(spec["player"])
            try:
                cube = cube_from_spec(pid, spec, terrain=old[pid].terrain)
                state.board.place(cube, min_edges)
            except PlacementError as exc:
                return _illegal("nk.portal.reconnect", exc.en, exc.fr, [pid])
            for p in state.players.values():
                if p.status == ON_BOARD and p.cell in old[pid].tiles:
                    p.cell = cube.tiles[old[pid].tiles.index(p.cell)]
        state.reconnect = []
        state.turn.phase = "idle"
        out = [verdict("info", "nk.portal.reconnect", f"Reconnected {', '.join(movers)}", f"Reconnecté : {', '.join(movers)}", movers)]
        return out + self._start()

    # -- camera and phone ----------------------------------------------------------
    def observation_event(self, observation: Observation) -> dict[str, Any] | None:
        """A settled observation as an event: positions, a power die, a reroll or a new roll."""
        turn = self.state.turn
        if not self.state.set_up or turn.phase in ("over", "reconnect"):
            return None
        if observation.pieces and turn.phase == "rolling":
            keepers = {}
            for p in self.state.players.values():
                if p.status == ON_BOARD:
                    seen = observation.pieces.get(p.id)
                    keepers[p.id] = list(seen) if isinstance(seen, (list, tuple)) else None
            return {"type": "positions", "keepers": keepers}
        values = [d.value for d in observation.dice]
        if not values:
            return None
        if turn.phase == "rolling":
            if sorted(values) == sorted(turn.pool):
                return None
            if len(values) > len(turn.pool) and minus(values, turn.pool) is not None and \
                    len(values) - len(turn.pool) <= self.state.players[turn.player].power_left:
                return {"type": "power", "dice": minus(values, turn.pool)}
            if turn.rerolls_done < MAX_REROLLS and not turn.acted and len(values) >= len(turn.pool):
                extra = len(values) - len(turn.pool)
                _picked, new = infer_reroll(turn.pool, values)
                return {"type": "reroll", "dice": values, "power": new[:extra]}
        return {"type": "roll", "dice": values}

    def summary(self) -> dict[str, Any]:
        state, turn = self.state, self.state.turn
        if not state.set_up:
            return {"phase": "setup"}
        player = state.players.get(turn.player)
        rolled = turn.phase in ("rolling", "acted")
        return {
            "turn": turn.player, "phase": turn.phase, "bonus_depth": turn.bonus_depth,
            "dice_allowed": turn.dice_allowed, "dice": list(turn.pool), "reserved_die": turn.reserved_die,
            "rerolls_left": (MAX_REROLLS - turn.rerolls_done) if turn.phase == "rolling" and not turn.acted else 0,
            "power_dice_left": {p.id: p.power_left for p in state.players.values()},
            "actions": [budget_json(b) for b in self._budgets()] if turn.phase == "rolling" else [],
            "skills": [s.id for s in player.card.skills if rolled and s.triggered_by(turn.final_values)],
            "fallen": [p.id for p in state.players.values() if p.status == "fallen"],
            "eliminated": [p.id for p in state.players.values() if p.status == ELIMINATED],
            "positions": {p.id: list(p.cell) if p.cell else p.status for p in state.players.values()},
            "reconnect": list(state.reconnect), "winners": list(state.winners),
        }


EVENTS = ("setup", "turn_start", "roll", "reroll", "power", "actions", "positions", "reserve", "end_turn", "reconnect")


def _show(values) -> str:
    return "-".join(str(v) for v in values) or "nothing"


def _budget_text(b) -> str:
    return ", ".join(f"{k} {v}" for k, v in budget_json(b).items() if v) or "no action"
