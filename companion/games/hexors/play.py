"""The move event: check the path, move the tile, then a duel or the end of the turn.

« Le joueur no° 1 déplace un de ses carreaux Hexor »; « Au cours du déplacement,
si le carreau arrive en face d'un carreau de l'ennemi, le déplacement s'arrête
et un DUEL s'amorce ».
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Verdict
from companion.words import of_fr

from . import duel, rules
from .movement import arena_piece, check_path
from .state import GameState
from .turns import end_turn


def parse_path(state: GameState, event: Mapping[str, Any]) -> list:
    path = event.get("path", [event["to"]] if "to" in event else None)
    if not isinstance(path, list) or not path:
        raise ValueError('a move needs "path": the cells it lands on, in order (or "to" for one cell)')
    return [state.arena.parse(c) for c in path]


def move(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    pid = state.player.id
    piece = arena_piece(state, event["tile"], [pid])
    if state.duel is not None:
        raise rules.Illegal(rules.DUEL, "Finish the duel first", "Terminez d’abord le duel", [pid])
    if state.moved is not None:
        raise rules.Illegal(rules.TURN, f"{pid} has already moved this turn", f"{pid} a déjà joué ce tour-ci", [pid])
    if event.get("player") is not None and event["player"] != pid:
        raise rules.Illegal(rules.TURN, f"It is {pid}'s turn, not {event['player']}'s",
                            f"C’est au tour {of_fr(pid)}, pas {of_fr(event['player'])}", [str(event["player"])])
    if state.controller(piece) != pid:
        raise rules.Illegal(rules.TURN, f"{state.label(piece)} is not {pid}'s tile to move",
                            f"{state.label(piece, 'fr')} n’est pas un carreau que {pid} peut déplacer", [pid])
    path = parse_path(state, event)
    how = check_path(state, piece, path, options)
    piece.cell = path[-1]
    state.moved = piece.id
    names = [state.arena.name(c) for c in path]
    word = ("advances to", "avance en") if how == "advance" else ("jumps to", "saute en")
    name, name_fr = state.labels(piece)
    out = [rules.info(rules.ADVANCE if how == "advance" else rules.JUMP, f"{name} {word[0]} {' then '.join(names)}",
                      f"{name_fr} {word[1]} {' puis '.join(names)}", [pid])]
    fights = duel.start(state, piece, event.get("order"))
    if not fights:
        return out + end_turn(state, options)
    return out + fights
