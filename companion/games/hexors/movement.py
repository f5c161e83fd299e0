"""Who is an ally, an enemy or a wall for a player, and the legal moves: advances and chains of jumps.

« Un joueur peut déplacer un carreau de deux façons : EN AVANÇANT et en SAUTANT. »
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.words import of_fr

from . import rules
from .arena import Cell, distance, in_front, step
from .state import ARENA, ActionTile, GameState, Piece


def arena_piece(state: GameState, pid: object, who=()) -> Piece:
    """A tile an event names, refused when it is in a discard pile: « Les carreaux de l'écart sont hors jeu pour le
    reste de la partie. » (Genèse alone brings one back.) An unknown id is a ValueError."""
    piece = state.piece(pid, on_arena=False)
    if piece.status != ARENA:
        raise rules.Illegal(rules.DISCARD, f"{state.label(piece)} is in {piece.owner}'s discard pile, out of play",
                            f"{state.label(piece, 'fr')} est dans la pile d’écart {of_fr(piece.owner)}, hors jeu",
                            list(who))
    return piece


def trapped(state: GameState, piece: Piece) -> ActionTile | None:
    """The Coince-énergie on a monster, if any: « le monstre ne peut pas bouger, attaquer ou être attaqué »."""
    traps = state.in_play("energy_trap", piece.id)
    return traps[-1] if traps else None


def chained(state: GameState, piece: Piece) -> bool:
    """« Pendant les 3 prochains tours de jeu, le carreau monstre ne peut bouger ni attaquer. »"""
    return bool(state.in_play("divine_chain", piece.id))


def is_ally(state: GameState, pid: str, thing: Piece | ActionTile | None) -> bool:
    """An allied tile for ``pid`` (jumps and teams): its own tiles, its permanent action tiles in the arena.

    « Tout carreau d'action permanente jouée dans l'arène … compte comme un carreau allié pour le carreau
    personnage et les carreaux monstres du joueur quand le joueur fait sauter un carreau ou qu'il forme une
    ÉQUIPE. » A trapped monster is a wall allied to whoever launched the trap."""
    if thing is None:
        return False
    if isinstance(thing, ActionTile):
        return thing.owner == pid
    trap = trapped(state, thing)
    if trap is not None:
        return trap.owner == pid
    return state.controller(thing) == pid


def is_enemy(state: GameState, pid: str, thing: Piece | ActionTile | None) -> bool:
    """An enemy tile ``pid`` can duel: a character or monster it does not control that is not trapped."""
    return isinstance(thing, Piece) and state.controller(thing) != pid and trapped(state, thing) is None


def enemies_in_front(state: GameState, pid: str, cell: Cell, ignore: str | None = None) -> list[Piece]:
    return [p for p in state.on_arena()
            if p.id != ignore and p.cell is not None and in_front(cell, p.cell) and is_enemy(state, pid, p)]


def can_be_moved(state: GameState, piece: Piece) -> bool:
    return trapped(state, piece) is None and not chained(state, piece)


def _free(state: GameState, cell: Cell, mover: Piece) -> bool:
    if not state.arena.contains(cell):
        return False
    occupant = state.occupant(cell)
    return occupant is None or occupant is mover


def forward_directions(side: int) -> tuple[int, ...]:
    """The three directions away from a side's own end (option ``advance_directions: "forward"``)."""
    return (5, 0, 1) if side == 0 else (2, 3, 4)


def advances(state: GameState, piece: Piece, options: Mapping[str, Any]) -> list[Cell]:
    pid = state.controller(piece)
    dirs = range(6) if options["advance_directions"] == "any" else forward_directions(state.get_player(pid).side)
    return [step(piece.cell, d) for d in dirs if _free(state, step(piece.cell, d), piece)]


def jumps_from(state: GameState, piece: Piece, cell: Cell, visited: set[Cell]) -> list[Cell]:
    """Cells one jump away: over a directly adjacent ally, in a straight line, onto a free cell."""
    pid = state.controller(piece)
    out = []
    for d in range(6):
        over, land = step(cell, d), step(cell, d, 2)
        occupant = state.occupant(over)
        if occupant is not piece and is_ally(state, pid, occupant) and _free(state, land, piece) \
                and land not in visited:
            out.append(land)
    return out


def legal_paths(state: GameState, piece: Piece, options: Mapping[str, Any]) -> list[list[Cell]]:
    """Every legal path for a tile: one advance, or a chain of jumps that stops on meeting an enemy."""
    if not can_be_moved(state, piece):
        return []
    pid = state.controller(piece)
    paths = [[c] for c in advances(state, piece, options)]

    def chain(path: list[Cell]) -> None:
        here = path[-1] if path else piece.cell
        if path and enemies_in_front(state, pid, here, ignore=piece.id):
            return
        for land in jumps_from(state, piece, here, {piece.cell, *path}):
            paths.append(path + [land])
            chain(path + [land])

    chain([])
    return paths


def movable(state: GameState, pid: str) -> list[Piece]:
    return [p for p in state.on_arena() if state.controller(p) == pid and can_be_moved(state, p)]


def legal_moves(state: GameState, pid: str, options: Mapping[str, Any]) -> list[dict[str, Any]]:
    name = state.arena.name
    return [{"tile": p.id, "path": [name(c) for c in path]}
            for p in movable(state, pid) for path in legal_paths(state, p, options)]


def can_move(state: GameState, pid: str, options: Mapping[str, Any]) -> bool:
    return any(legal_paths(state, p, options) for p in movable(state, pid))


def check_path(state: GameState, piece: Piece, path: list[Cell], options: Mapping[str, Any]) -> str:
    """Raise Illegal unless ``path`` is a legal move for ``piece``; returns "advance" or "jump"."""
    pid = state.controller(piece)
    who = [pid]
    if trapped(state, piece) is not None:
        raise rules.Illegal(rules.MOVE, f"{state.label(piece)} is held by an Energy trap and cannot move",
                            f"{state.label(piece, 'fr')} est bloqué par un Coince-énergie et ne peut pas bouger", who)
    if chained(state, piece):
        raise rules.Illegal(rules.MOVE, f"{state.label(piece)} is bound by a Divine chain and cannot move",
                            f"{state.label(piece, 'fr')} est lié par une Chaîne divine et ne peut pas bouger", who)
    if not path:
        raise ValueError('"path" must list at least one cell')
    first = path[0]
    if distance(piece.cell, first) == 1:
        if len(path) > 1:
            raise rules.Illegal(rules.MOVE, "A tile advances one cell, or jumps: never both, never two advances",
                                "Un carreau avance d’une case, ou saute : jamais les deux, jamais deux avances", who)
        if first not in advances(state, piece, options):
            raise rules.Illegal(rules.ADVANCE, f"{state.label(piece)} cannot advance to {state.arena.name(first)}",
                                f"{state.label(piece, 'fr')} ne peut pas avancer en {state.arena.name(first)}", who)
        return "advance"
    here, visited = piece.cell, {piece.cell}
    for i, land in enumerate(path):
        if i and enemies_in_front(state, pid, here, ignore=piece.id):
            raise rules.Illegal(rules.STOP, f"{state.label(piece)} met an enemy at {state.arena.name(here)}: "
                                "the move stops there",
                                f"{state.label(piece, 'fr')} arrive en face d’un ennemi en {state.arena.name(here)} : "
                                f"le déplacement s’arrête là", who)
        if distance(here, land) == 1:
            raise rules.Illegal(rules.MOVE, "No advance before or after a jump",
                                "Pas d’avance avant ou après un saut", who)
        if land not in jumps_from(state, piece, here, visited):
            raise rules.Illegal(rules.JUMP, f"{state.label(piece)} cannot jump from {state.arena.name(here)} to "
                                f"{state.arena.name(land)} (a jump goes over one directly adjacent allied tile, in a "
                                f"straight line, onto a free cell)",
                                f"{state.label(piece, 'fr')} ne peut pas sauter de {state.arena.name(here)} en "
                                f"{state.arena.name(land)}"
                                f" (un saut passe par-dessus un seul carreau allié adjacent, en ligne droite, "
                                f"sur une case libre)", who)
        visited.add(land)
        here = land
    return "jump"
