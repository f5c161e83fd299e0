"""The setup event's checks: the first player's roll, each keeper's card and cube, at least two teams.

« Tous les joueurs lancent un dé. Le résultat le plus haut devient le Premier Joueur »; each new cube must share
edges with the tiles already in play (option ``min_shared_edges``).
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Verdict, verdict
from companion.referee.engine import EventError
from companion.words import fact, of_fr, plural_en, plural_fr

from .board import PlacementError, cube_from_spec
from .cards import resolve_card
from .state import GameState, Player
from .texts import die_values as _values, illegal as _illegal


def set_up(event: Mapping[str, Any], options: Mapping[str, Any]) -> tuple[GameState | None, list[Verdict]]:
    """The game the setup event describes and its verdict, or None and the refusal."""
    players = event["players"]
    if not isinstance(players, list) or len(players) < 2:
        raise EventError('"players" must list at least two players, first player first, then clockwise')
    refused = _first_player_roll(players)
    if refused:
        return None, refused
    state = GameState()
    for entry in players:
        pid = str(entry["id"])
        if pid in state.players:
            raise EventError(f"player {pid!r} is listed twice")
        card = resolve_card(entry["card"])
        try:
            cube = cube_from_spec(pid, entry["cube"])
            state.board.place(cube, options["min_shared_edges"])
        except PlacementError as exc:
            return None, _illegal(exc.rule, exc.en, exc.fr, [pid])
        state.players[pid] = Player(pid, card, str(entry.get("team", pid)), card.power_dice, cell=cube.start)
    if len({p.team for p in state.players.values()}) < 2:
        raise EventError("at least two teams are needed")
    state.turn.player = state.order()[0]
    return state, [verdict("info", "nk.setup",
                           f"Nexus of {len(state.board.cubes)} cubes set up; {state.turn.player} plays first",
                           f"Nexus de {len(state.board.cubes)} cubes installé ; {state.turn.player} commence",
                           state.order())]


def setup_facts(options: Mapping[str, Any]) -> list[dict[str, str]]:
    """What the players do to set up, in order, as the phone's Game details say it before the setup event: who
    unfolds a cube first and who next, what each cube must touch (option ``min_shared_edges``), where keepers stand.
    The setup is one event, so who has placed what is the phone's wizard's to show, not the referee's."""
    n = options["min_shared_edges"]
    return [
        fact("Setting up: each player picks a keeper card and a team (two teams at least)",
             "Mise en place : chaque joueur choisit une carte Keeper et une équipe (deux équipes au moins)"),
        fact("The highest die roll plays first and unfolds their Nexus Cube first",
             "Le plus haut résultat au dé commence et déploie son cube Nexus le premier"),
        fact(f"Then each in turn, clockwise: five tiles touching the tiles in play along at least {n} "
             f"{plural_en(n, 'edge')}",
             f"Puis chacun à son tour, dans le sens horaire : cinq tuiles touchant les tuiles en jeu par au moins {n} "
             f"{plural_fr(n, 'tranche')}"),
        fact("No tile directly behind a Portal", "Aucune tuile juste derrière une Porte"),
        fact("Last, each keeper stands on its Starting Tile, in front of its Portal",
             "Enfin, chaque Keeper se place sur sa Tuile de départ, devant sa Porte"),
    ]


def _first_player_roll(players: list) -> list[Verdict]:
    """'Tous les joueurs lancent un dé. Le résultat le plus haut devient le Premier Joueur': where the setup gives each
    player's ``roll``, the first listed must hold the highest (a tie is rolled again, off the record)."""
    if not all(isinstance(entry, Mapping) for entry in players):
        raise EventError('each of "players" must be an object with an "id", a "card" and a "cube"')
    given = [entry for entry in players if "roll" in entry]
    if not given:
        return []
    if len(given) != len(players):
        raise EventError('give every player\'s first-player "roll", or none')
    rolls = {str(entry["id"]): _values([entry["roll"]], "roll")[0] for entry in players}
    first, best = str(players[0]["id"]), max(rolls.values())
    if rolls[first] == best:
        return []
    highest = [pid for pid, value in rolls.items() if value == best]
    top = ", ".join(highest)
    return _illegal("nk.setup.first", f"{first} rolled {rolls[first]} for first player, lower than {top}'s {best}: "
                    f"the highest roll plays first",
                    f"{first} a fait {rolls[first]} pour le premier joueur, moins que le {best} {of_fr(top)} : "
                    f"le plus haut résultat commence", [first, *highest])
