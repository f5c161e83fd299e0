"""Events that close a turn or repair the Nexus: reserve, end_turn, reconnect."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Verdict, verdict
from companion.referee.engine import EventError
from companion.words import plural_en, plural_fr

from . import moves
from .board import PlacementError, cube_from_spec, properly_connected
from .dice import minus
from .search import FELL, PORTAL
from .state import ELIMINATED, ON_BOARD
from .texts import die_values, illegal, show
from .turns import end_turn


class EndingsMixin:
    """Event handlers for the end of a turn and for reconnecting cubes after a Portal closure."""

    def _on_reserve(self, event: Mapping[str, Any]) -> list[Verdict]:
        """'À la fin de votre tour, vous pouvez placer un dé d'un double non utilisé sur la réserve.' Ends the turn."""
        turn = self.state.turn
        value = die_values([event["value"]], "value")[0]
        if turn.phase not in ("rolling", "acted"):
            return illegal("nk.turn.phase", "A die is reserved at the end of a turn, after rolling",
                           "On réserve un dé à la fin de son tour, après avoir lancé")
        player = self.state.players[turn.player]
        rest = minus(turn.final_values, [value, value])
        if rest is None:
            return illegal("nk.reserve.double", f"No double {value} in {show(turn.final_values)} to reserve from",
                           f"Pas de double {value} dans {show(turn.final_values)} à réserver", [player.id], quote=True)
        if not self._still_explained(rest):
            return illegal("nk.reserve.used", f"The double {value} was needed for this turn's actions",
                           f"Le double {value} a servi aux actions de ce tour", [player.id], quote=True)
        replaced, player.reserve = player.reserve, value
        note = f" (replacing a {replaced})" if replaced is not None else ""
        note_fr = f" (remplace un {replaced})" if replaced is not None else ""
        out = [verdict("info", "nk.reserve", f"{player.id} reserves a {value} for the next turn{note}",
                       f"{player.id} réserve un {value} pour le prochain tour{note_fr}", [player.id])]
        return out + end_turn(self.state, self.options)

    def _still_explained(self, values: list[int]) -> bool:
        """Can this turn's actions be explained without the dice set aside for the reserve?"""
        turn = self.state.turn
        g = moves.geometry(self.state.board)
        start = tuple(g.index[tuple(v)] if isinstance(v, list) else (PORTAL if v == ELIMINATED else FELL)
                      for v in (turn.start_positions[k] for k in self.state.order()))
        now = moves.current_positions(self.state, g)
        if start == now and turn.used == (0, 0, 0):
            return True
        budgets = self._budgets(used=(0, 0, 0), values=values, pushes=[])
        if turn.used != (0, 0, 0) and not self._budgets(values=values):  # the explicit actions no longer fit
            return False
        return moves.explain(self.state, budgets, now, self.options["leap_over_run"], start=start) is not None

    def _on_end_turn(self, event: Mapping[str, Any]) -> list[Verdict]:
        if self.state.turn.phase not in ("rolling", "acted", "start"):
            return illegal("nk.turn.phase", "No turn in progress to end", "Aucun tour en cours à terminer")
        return end_turn(self.state, self.options)

    def _on_reconnect(self, event: Mapping[str, Any]) -> list[Verdict]:
        """'il doit toujours déplacer le minimum de cubes possibles et ne peut pas arranger les cubes qui sont déjà
        correctement connectés'"""
        state = self.state
        if state.turn.phase != "reconnect":
            return illegal("nk.turn.phase", "No cube needs reconnecting", "Aucun cube à reconnecter")
        specs = event["cubes"]
        if not isinstance(specs, list) or not all(isinstance(s, Mapping) for s in specs):
            raise EventError('"cubes" must be a list of cube placements, each with a "player"')
        movers = [str(s["player"]) for s in specs]
        old = {c.player: c for c in state.board.cubes}
        for pid in movers:
            if pid not in old:
                raise EventError(f"no cube of {pid!r} in play")
        if len(set(movers)) != len(movers) or len(movers) != len(state.reconnect):
            n = len(state.reconnect)
            return illegal("nk.portal.reconnect", f"Move exactly {n} {plural_en(n, 'cube')}, the fewest possible",
                           f"Déplacez exactement {n} {plural_fr(n, 'cube')}, le minimum possible")
        min_edges = self.options["min_shared_edges"]
        kept = [c for c in state.board.cubes if c.player not in movers]
        if not properly_connected(kept, min_edges):
            return illegal("nk.portal.reconnect", "The cubes left in place must be properly connected already",
                           "Les cubes laissés en place doivent déjà être correctement connectés")
        riders = {p.id: (owner, old[owner].tiles.index(p.cell)) for p in state.players.values()
                  for owner in movers if p.status == ON_BOARD and p.cell in old[owner].tiles}
        for pid in movers:
            state.board.remove(pid)
        placed = {}
        for spec in specs:
            pid = str(spec["player"])
            try:
                placed[pid] = cube_from_spec(pid, spec, terrain=old[pid].terrain)
                state.board.place(placed[pid], min_edges)
            except PlacementError as exc:
                return illegal("nk.portal.reconnect", exc.en, exc.fr, [pid])
        for keeper, (owner, index) in riders.items():
            state.players[keeper].cell = placed[owner].tiles[index]
        state.reconnect, state.reconnect_hint = [], None
        state.turn.phase = "idle"
        names = ", ".join(movers)
        out = [verdict("info", "nk.portal.reconnect", f"Reconnected: {names}",
                       f"{plural_fr(len(movers), 'Reconnecté')} : {names}", movers)]
        return out + self._start(once=True)
