"""The Nexus Keepers referee: events in, verdicts out (see docs/rules/nexus-keepers.md)."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Text, Verdict, verdict
from companion.referee.engine import EventError, GameEngine
from companion.referee.options import DICE_OPTIONS, Range
from companion.referee.registry import register
from companion.words import of_fr, plural_en, plural_fr, won

from . import moves, rules
from .dice import allocations, infer_reroll, minus, remaining_budgets
from .endings import EndingsMixin
from .places import step_words
from .search import PORTAL
from .setup import set_up
from .state import ON_BOARD, GameState, Player
from .texts import budget_text, budgets_text, die_values as _values, illegal as _illegal, pushed, show as _show
from .turns import check_win, end_turn, keeper_left_board, start_turn
from .views import MAX_REROLLS, ViewsMixin


@register
class NexusKeepers(EndingsMixin, ViewsMixin, GameEngine):
    """Nexus Keepers referee. Events: see ``EVENTS`` and docs/rules/nexus-keepers.md."""

    name = "nexus-keepers"
    title = Text("Nexus Keepers", "Nexus Keepers")
    rule_words_table = rules.WORDS
    dice_options = DICE_OPTIONS
    option_defaults = {
        "split_groups": (True, "a group of four or more equal dice may also be used as several groups of two or more"),
        "leap_over_run": (True, "one leap may clear several keepers standing in a row, one jump step per keeper"),
        "split_pushes": (True, "a group's push steps may push several keepers, or one keeper several times (a "
                               "triple pushes two keepers one space each); off: one push per group, groups adding up"),
        "bonus_turn_per_keeper": (False, "one bonus turn per keeper pushed off in a turn "
                                         "(default: one bonus turn per turn)"),
        "maladresse_ones": (3, "how many 1s in a turn lose it (MALADRESSE); 0 turns the rule off", Range(0, 12)),
        "maladresse_counts_reserve": (False, "a reserved 1 counts towards MALADRESSE with the turn's rolled 1s"),
        "portal_closes_on_its_turn": (False, "an eliminated player's cube leaves at the start of the turn that would "
                                             "have been theirs (default: at the start of the next turn)"),
        "min_shared_edges": (2, "edges a new cube must share with the tiles already in play", Range(1, 12)),
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
        return verdict("win", "nk.win", *won(self.state.winners), self.state.winners)

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
        state, out = set_up(event, self.options)
        if state is not None:
            self.state = state
        return out

    def _on_turn_start(self, event: Mapping[str, Any]) -> list[Verdict]:
        out = self._close_turn_if_open()
        if self.state.turn.phase == "over":
            return out
        wanted = event.get("player")
        if self.state.turn.phase == "reconnect":
            return _illegal("nk.portal.closure", f"Reconnect {', '.join(self.state.reconnect)} first",
                            f"Reconnectez d’abord {', '.join(self.state.reconnect)}")
        if wanted is not None and wanted != self.state.turn.player:
            return _illegal("nk.turn.order", f"It is {self.state.turn.player}'s turn, not {wanted}'s",
                            f"C’est au tour {of_fr(self.state.turn.player)}, pas {of_fr(wanted)}", [str(wanted)])
        return out + self._start(once=True)   # nothing to do when the turn has already started

    def _start(self, once: bool = False) -> list[Verdict]:
        """Start the turn; a roll keeps starting turns while players are eliminated at a blocked portal."""
        out: list[Verdict] = []
        while self.state.turn.phase == "idle":
            out += start_turn(self.state, self.options)
            if once:
                break
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
            return _illegal("nk.turn.phase", "Nothing to reroll: roll first", "Rien à relancer : lancez d’abord")
        alone = _power_alone(event, turn.pool)
        if alone:   # no die picked up: power dice rolled on their own, no reroll spent
            return self._on_power({"dice": alone})
        if turn.rerolls_done >= MAX_REROLLS:
            return _illegal("nk.reroll.limit", f"{player.id} already rerolled twice",
                            f"{player.id} a déjà relancé deux fois", [player.id], quote=True)
        if turn.acted:
            return _illegal("nk.reroll.limit", "No reroll once actions have begun",
                            "Pas de relance après le début des actions", [player.id])
        power = _values(event.get("power", []), "power")
        if "dice" in event:
            after = _values(event["dice"])
            named = "power" in event  # else the camera's form: the dice beyond the pool are power dice
            extra = len(power) if named else max(0, len(after) - len(turn.pool))
            if len(after) != len(turn.pool) + extra:
                raise EventError(f'"dice" must show the whole pool: {len(turn.pool) + extra} dice')
            picked, new = infer_reroll(turn.pool, after)
            if named:
                new = minus(new, power)
            else:  # which new dice they are changes nothing, so a correction of their faces keeps the event whole
                power, new = new[:extra], new[extra:]
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
                            f"{player.id} a relancé un 1 : les 1 ne peuvent jamais être relancés", [player.id],
                            quote=True)
        if len(power) > player.power_left:
            return self._no_power(player)
        player.power_left -= len(power)
        turn.pool = minus(turn.pool, picked) + new + power
        turn.rerolls_done += 1
        return self._after_dice(f"{player.id} rerolls {_show(picked)} (reroll {turn.rerolls_done}/2): "
                                f"{_show(turn.pool)}",
                                f"{player.id} relance {_show(picked)} (relance {turn.rerolls_done}/2) : "
                                f"{_show(turn.pool)}")

    def _single(self, player: Player) -> list[Verdict]:
        return _illegal("nk.reroll.single",
                        f"{player.id} rerolled a single die: a reroll takes at least two dice (or a power die)",
                        f"{player.id} a relancé un dé seul : une relance prend au moins deux dés (ou un dé de pouvoir)",
                        [player.id], quote=True)

    def _no_power(self, player: Player) -> list[Verdict]:
        return _illegal("nk.power.none", f"{player.id} has only {player.power_left} power die/dice left",
                        f"{player.id} n’a plus que {player.power_left} dé(s) de pouvoir", [player.id], quote=True)

    def _on_power(self, event: Mapping[str, Any]) -> list[Verdict]:
        turn = self.state.turn
        if turn.phase not in ("rolling", "acted"):   # 'à n'importe quel moment': after the moves too, for the reserve
            return _illegal("nk.turn.phase", "Power dice join a roll: roll first",
                            "Les dés de pouvoir s’ajoutent à un lancer : lancez d’abord")
        player = self.state.players[turn.player]
        dice = _values(event["dice"])
        if not dice:
            raise EventError('"dice" must hold at least one power die')
        if len(dice) > player.power_left:
            return self._no_power(player)
        player.power_left -= len(dice)
        turn.pool = turn.pool + dice
        # as a player says it, "adds a power die: 4"; the dash kept after the die (\u00a0), never starting a line
        return self._after_dice(f"{player.id} adds {plural_en(len(dice), 'a power die', 'power dice')}: "
                                f"{_show(dice)}\u00a0— dice now {_show(turn.pool)}",
                                f"{player.id} ajoute {plural_fr(len(dice), 'un dé', 'des dés')} de pouvoir : "
                                f"{_show(dice)}\u00a0— ses dés : {_show(turn.pool)}")

    def _after_dice(self, en: str, fr: str) -> list[Verdict]:
        """MALADRESSE check, then what the dice now allow. A 1 is never rerolled, so a reserved 1 that counts (an
        option) makes the final result's 1s known as soon as the rolled ones are."""
        turn = self.state.turn
        player = self.state.players[turn.player]
        counted = turn.final_values if self.options["maladresse_counts_reserve"] else turn.pool
        ones, limit = counted.count(1), self.options["maladresse_ones"]
        if limit and ones >= limit:
            out = [verdict("warning", "nk.maladresse",
                           f"MALADRESSE: {ones} ones in {player.id}'s turn, the turn is lost",
                           f"MALADRESSE : {ones} résultats de 1 pour {player.id}, le tour est perdu", [player.id])]
            return out + end_turn(self.state, self.options, " (maladresse)")
        budgets = allocations(turn.final_values, player.card, self.options["split_groups"],
                              self.options["split_pushes"])
        out = [verdict("info", "nk.roll", f"{en}; allows {budgets_text(budgets)}",
                       f"{fr} ; permet : {budgets_text(budgets, 'fr')}", [player.id])]
        for skill in player.card.skills:
            if skill.triggered_by(turn.final_values):
                out.append(verdict("info", "nk.skill", f"{player.id} may use {skill.name['en']}: {skill.text['en']}",
                                   f"{player.id} peut utiliser {skill.name['fr']} : {skill.text['fr']}", [player.id]))
        return out

    # -- actions and positions ---------------------------------------------------
    def _budgets(self, used=None, values=None, pushes=None) -> list:
        turn = self.state.turn
        card = self.state.players[turn.player].card
        return remaining_budgets(turn.final_values if values is None else values, card,
                                 turn.used if used is None else used, self.options["split_groups"],
                                 self.options["split_pushes"], turn.pushes if pushes is None else pushes)

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
                return _illegal("nk.action.illegal", f"Action {i + 1}: {cost[0]}", f"Action {i + 1} : {cost[1]}",
                                [turn.player])
            used = tuple(u + c for u, c in zip(turn.used, cost))
            pushes = turn.pushes + [cost[2]] if action["action"] == "push" else turn.pushes
            if not self._budgets(used, pushes=pushes):
                return _illegal("nk.action.dice",
                                f"Action {i + 1}: the dice {_show(turn.final_values)} do not allow it "
                                f"(it would use {budget_text(used)})",
                                f"Action {i + 1} : les dés {_show(turn.final_values)} ne le permettent pas "
                                f"(il faudrait {budget_text(used, 'fr')})", [turn.player])
            turn.used, turn.pushes = used, pushes
            here = self.state.players[turn.player].cell
            en, fr = (_action_text(action, self.state.board, here, lang) for lang in ("en", "fr"))
            out.append(verdict("info", "nk.action", f"{turn.player} {en}", f"{turn.player} {fr}", [turn.player]))
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
            problems.append((f"{turn.player} cannot leave the board by its own actions",
                             f"{turn.player} ne peut pas quitter le plateau par ses propres actions"))
        budgets = self._budgets()
        if problems:
            return self._unexplained(problems)
        found = moves.explain(self.state, budgets, goal, self.options["leap_over_run"])
        if found is None:
            return self._unexplained(moves.unexplained_reasons(self.state, budgets, goal,
                                                               self.options["leap_over_run"]))
        steps, final, guessed = found
        turn.acted = True
        here = self.state.players[turn.player].cell
        how = moves.describe_steps(steps, g, self.state.order(), self.state.board, here)
        how_fr = moves.describe_steps(steps, g, self.state.order(), self.state.board, here, "fr")
        out = [verdict("info", "nk.move.explained", f"{turn.player} {how}", f"{turn.player} {how_fr}", [turn.player])]
        out += self._place(final, guessed)
        if turn.phase == "rolling":
            turn.phase = "acted"
        return out

    def _unexplained(self, reasons: list[tuple[str, str]]) -> list[Verdict]:
        en, fr = "; ".join(r[0] for r in reasons), "; ".join(r[1] for r in reasons)
        return _illegal("nk.move.unexplained", f"No legal sequence of actions explains these positions: {en}",
                        f"Aucune suite d’actions légale n’explique ces positions : {fr}", [self.state.turn.player])

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
                out.append(verdict("warning", "nk.move.exit-guess",
                                   f"{p.id} left the board where only a Portal explains it",
                                   f"{p.id} a quitté le plateau là où seul un Portail l’explique", [p.id]))
            out += keeper_left_board(self.state, p.id, through_portal=(c == PORTAL))
            self.state.turn.offs += 1
            out += check_win(self.state)
        return out


def _power_alone(event: Mapping[str, Any], pool: list[int]) -> list[int]:
    """The power dice of a reroll that picks up no die of the pool: they are rolled on their own (« Les dés de pouvoir
    sont également les seuls dés que vous pouvez lancer seuls. »), not a reroll of one die. [] for any other reroll."""
    power = _values(event.get("power", []), "power")
    if "dice" in event:
        added = minus(_values(event["dice"]), pool)          # None: a die of the pool changed
        if not added or ("power" in event and sorted(added) != sorted(power)):
            return []
        return added
    if event.get("rerolled") == [] and event.get("results") == []:
        return power
    return []


EVENTS = ("setup", "turn_start", "roll", "reroll", "power", "actions", "positions", "reserve", "end_turn", "reconnect")


def _action_text(action: Mapping[str, Any], board, here, lang: str) -> str:
    """An explicit action after the keeper's name: "jumps north-east onto the ice", « pousse Bo de 1 case »."""
    if action["action"] == "push":
        return f"{'pousse' if lang == 'fr' else 'pushes'} {pushed(action['target'], action.get('distance', 1), lang)}"
    return step_words(action["action"], board, here, tuple(action["to"]), lang)
