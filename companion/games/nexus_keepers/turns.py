"""Turn boundaries: portal closures, returns after a fall, bonus turns, eliminations and the win."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Verdict, verdict
from companion.words import colour_fr, of_fr, plural_en, plural_fr

from .board import Board, cubes_to_reconnect, suggest_reconnection
from .dice import dice_allowed
from .state import ELIMINATED, FALLEN, ON_BOARD, GameState, Turn
from .places import placement_words, terrain_words, tile_words
from .texts import terrain_fr




def check_win(state: GameState) -> list[Verdict]:
    """'si un ou plusieurs Keepers d'une même équipe sont les derniers sur le plateau, toute l'équipe remporte la
    victoire.'"""
    if state.winners:
        return []
    teams = {p.team for p in state.alive()}
    if len(teams) > 1:
        return []
    team = teams.pop() if teams else None
    state.winners = [p.id for p in state.players.values() if p.team == team]
    state.turn.phase = "over"
    names = ", ".join(state.winners)
    if state.winners == [team]:
        en, fr = (f"{names} wins the game: the last keeper standing in the Nexus",
                  f"{names} gagne la partie : dernier Keeper debout dans le Nexus")
    else:
        standing = [p.id for p in state.alive()]
        n = len(standing)
        en = f"Team {team} wins the game ({names}): last {plural_en(n, 'keeper')} standing in the Nexus: {', '.join(standing)}"
        fr = (f"L’équipe {colour_fr(team, feminine=True)} gagne la partie ({names}) : "
              f"{plural_fr(n, 'dernier Keeper', 'derniers Keepers')} debout dans le Nexus : {', '.join(standing)}")
    return [verdict("win", "nk.win", en, fr, state.winners)]


def keeper_left_board(state: GameState, keeper: str, through_portal: bool) -> list[Verdict]:
    """A keeper pushed off: through a Portal it is eliminated, otherwise it waits behind its own Portal."""
    player = state.players[keeper]
    en, fr = tile_words(state.board, player.cell, "en"), tile_words(state.board, player.cell, "fr")
    player.cell = None
    if through_portal:
        player.status = ELIMINATED
        return [verdict("elimination", "nk.portal.elimination",
                        f"{keeper} is pushed through a Portal from {en} and leaves the game",
                        f"{keeper} est poussé à travers un Portail depuis {fr} et quitte la partie", [keeper])]
    player.status = FALLEN
    return [verdict("fall", "nk.fall",
                    f"{keeper} falls off the board from {en}; back on its Starting Tile at its next turn",
                    f"{keeper} tombe du plateau depuis {fr} ; retour sur sa Tuile de départ à son prochain tour",
                    [keeper])]


def end_turn(state: GameState, options: Mapping[str, Any], reason: str = "") -> list[Verdict]:
    """Close the turn and decide who plays next (the same player again after pushing someone off)."""
    turn = state.turn
    if turn.phase == "over":
        return []
    player = state.players[turn.player]
    player.turns_played += 1
    if turn.offs:
        state.pending_bonus += turn.offs if options["bonus_turn_per_keeper"] else 1
    out = [verdict("info", "nk.turn.end", f"End of {player.id}'s turn{reason}", f"Fin du tour de {player.id}{reason}",
                   [player.id])]
    if state.pending_bonus and player.status != ELIMINATED:
        state.pending_bonus -= 1
        depth = turn.bonus_depth + 1
        dice_en, dice_fr = ("1 die", "1 dé") if depth == 1 else (f"{depth} dice", f"{depth} dés")
        out.append(verdict("info", "nk.bonus",
                           f"{player.id} pushed a keeper off the board and plays again with {dice_en} fewer",
                           f"{player.id} a poussé un Keeper hors du plateau et rejoue avec {dice_fr} de moins",
                           [player.id]))
        state.turn = Turn(player=player.id, bonus_depth=depth)
    else:
        state.pending_bonus = 0
        state.turn = Turn(player=next_player(state, player.id))
    return out


def next_player(state: GameState, after: str) -> str:
    order = state.order()
    i = order.index(after)
    for k in range(1, len(order) + 1):
        candidate = order[(i + k) % len(order)]
        if state.players[candidate].status != ELIMINATED:
            return candidate
    return after


def seats_passed(state: GameState) -> set[str]:
    """The eliminated players whose seats play has just gone past to reach this turn (none for a bonus turn): the
    turns that would have been theirs."""
    if state.turn.bonus_depth:
        return set()
    order = state.order()
    at = order.index(state.turn.player)
    passed = set()
    for k in range(1, len(order)):
        seat = state.players[order[at - k]]
        if seat.status != ELIMINATED:
            break
        passed.add(seat.id)
    return passed


def close_portals(state: GameState, options: Mapping[str, Any]) -> list[Verdict]:
    """'Au début de son tour, si le Cube Nexus d'un joueur éliminé est encore en jeu, il retire son Cube Nexus.'
    At the start of any turn, or (option) of the turn that would have been the eliminated player's."""
    out: list[Verdict] = []
    due = seats_passed(state) if options["portal_closes_on_its_turn"] else None
    for p in state.players.values():
        cube = state.board.cube_of(p.id)
        if p.status != ELIMINATED or cube is None or (due is not None and p.id not in due):
            continue
        state.board.remove(p.id)
        out.append(verdict("info", "nk.portal.closure", f"{p.id}'s Portal closes: its Nexus Cube leaves the board",
                           f"Le Portail de {p.id} se ferme : son Cube Nexus quitte le plateau", [p.id]))
        for other in state.players.values():
            if other.status == ON_BOARD and other.cell in cube.tiles:
                other.status, other.cell = FALLEN, None
                out.append(verdict("fall", "nk.fall",
                                   f"{other.id} stood on {p.id}'s removed cube and falls off the board",
                                   f"{other.id} se trouvait sur le cube retiré {of_fr(p.id)} et tombe du plateau",
                                   [other.id]))
        to_move = cubes_to_reconnect(state.board.cubes, options["min_shared_edges"])
        if to_move:
            state.reconnect = to_move
            names = ", ".join(to_move)
            hint_en = hint_fr = ""
            suggestion = state.reconnect_hint = suggest_reconnection(state.board, to_move, options["min_shared_edges"])
            if suggestion:
                staying = Board(c for c in state.board.cubes if c.player not in to_move)
                where = "; ".join(placement_words(staying, s, "en") for s in suggestion)
                where_fr = "; ".join(placement_words(staying, s, "fr") for s in suggestion)
                hint_en, hint_fr = f"; for example {where}", f" ; par exemple {where_fr}"
            out.append(verdict("warning", "nk.portal.closure",
                               f"Cubes no longer joined by {options['min_shared_edges']} edges: "
                               f"reconnect the fewest cubes, {len(to_move)}: {names}{hint_en}",
                               f"Cubes qui ne sont plus reliés par {options['min_shared_edges']} tranches : "
                               f"reconnectez le minimum de cubes, {len(to_move)} : {names}{hint_fr}",
                               [p.id, *to_move]))
            return out
    return out


def start_turn(state: GameState, options: Mapping[str, Any]) -> list[Verdict]:
    """Closures, then the keeper's return after a fall (or its elimination at a blocked portal), then the dice count.

    Leaves the turn in phase "start" (ready to roll), "reconnect", "idle" (the player
    was eliminated and the next player is up) or "over".
    """
    out = close_portals(state, options)
    if state.reconnect:
        state.turn.phase = "reconnect"
        return out
    turn = state.turn
    player = state.players[turn.player]
    if player.status == FALLEN:
        start = state.board.cube_of(player.id).start
        blocker = state.keeper_at(start)
        if blocker is not None:
            player.status = ELIMINATED
            out.append(verdict("elimination", "nk.portal.blocked",
                               f"{player.id} cannot come back: {blocker} stands on its Starting Tile; "
                               f"{player.id} is eliminated",
                               f"{player.id} ne peut pas revenir : {blocker} occupe sa Tuile de départ ; "
                               f"{player.id} est éliminé",
                               [player.id, blocker]))
            out += check_win(state)
            if state.turn.phase != "over":
                state.pending_bonus = 0
                state.turn = Turn(player=next_player(state, player.id))
            return out
        player.status, player.cell = ON_BOARD, start
        out.append(verdict("info", "nk.fall.return", f"{player.id} comes back on its Starting Tile",
                           f"{player.id} revient sur sa Tuile de départ", [player.id]))
    terrain = state.board.terrain_at(player.cell)
    turn.dice_allowed = dice_allowed(player.turns_played == 0, terrain, player.card, turn.bonus_depth)
    turn.reserved_die, player.reserve = player.reserve, None
    turn.phase = "start"
    turn.start_positions = {p.id: (list(p.cell) if p.cell else p.status) for p in state.players.values()}
    state.turns += 1
    extra = (f" (+ reserved {turn.reserved_die} after rerolls)" if turn.reserved_die is not None else "")
    extra_fr = (f" (+ le {turn.reserved_die} réservé après les relances)" if turn.reserved_die is not None else "")
    out.append(verdict("info", "nk.turn.start",
                       f"{player.id}'s turn on {terrain_words(terrain, 'en')}: roll {turn.dice_allowed} dice{extra}",
                       f"Tour de {player.id} sur {terrain_fr(terrain)} : lancez {turn.dice_allowed} dés{extra_fr}",
                       [player.id]))
    return out
