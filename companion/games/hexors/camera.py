"""Tile positions seen by the camera (table vision gives each tile's cell and facing).

A ``positions`` event lists the tiles seen on the arena: ``{"type": "positions",
"tiles": {"y-gaia": {"cell": "d4", "facing": 0}, ...}}`` (a tile not listed is
not on the arena). When no duel is under way and exactly one of the current
player's tiles stands somewhere else, the referee looks for the legal move that
explains it and plays it; any other difference is a warning naming the tile and
changes nothing (the referee never guesses a position).
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Observation, Text, Verdict

from . import play, rules
from .arena import DIRECTION_NAMES
from .movement import legal_paths
from .setup import home_facing
from .state import OVER, GameState, Piece
from .table_layout import ROWS, cell_name, sticker_names


def from_table_vision(state: GameState, pieces: Mapping[str, Any]) -> dict[str, Any] | None:
    """A board from table vision (sticker name -> mat [col, row], facing "N".."NW", status) as the arena's
    ``{"cell": "d4", "facing": 0}``; None when a tile lies across two cells or faces between two sides (never
    guessed). A tile taken away (gone) is left out: it is not on the arena; so is a beaten tile only hidden."""
    out = {}
    for name, seen in pieces.items():
        if name not in state.pieces or seen.get("status") == "gone" or seen.get("cell") is None:
            continue
        if seen.get("status") == "occluded" and state.pieces[name].cell is None:
            continue  # a beaten tile not seen since a hand passed: taken off, not "still on the arena"
        if seen.get("uncertain") or seen.get("facing_uncertain"):
            return None
        out[name] = {"cell": cell_name(seen["cell"], state.arena.rows),
                     "facing": DIRECTION_NAMES.index(seen["facing"]) if seen.get("facing") in DIRECTION_NAMES else None}
    return out


def camera_names(state: GameState | None, pieces: Mapping[str, Any]) -> dict[str, Text]:
    """The game's tiles on the camera's board as players call them: "Yugi on d5" ("Yugi en d5"); a tile taken away
    by its name alone."""
    out = {}
    stickers = sticker_names()
    for name, seen in pieces.items():
        piece = state.pieces.get(name) if state is not None else None
        if not isinstance(seen, Mapping) or (piece is None and name not in stickers):
            continue
        en, fr = state.labels(piece) if piece is not None else stickers[name]
        cell = _arena_cell(seen.get("cell"), state.arena.rows if state is not None else ROWS)
        if cell is None or seen.get("status") == "gone":
            out[name] = Text(en, fr)
        else:
            out[name] = Text(f"{en} on {cell}", f"{fr} en {cell}")
    return out


def _arena_cell(cell: Any, rows: int) -> str | None:
    """The arena's name of a seen cell: table vision's [col, row from the top], or already the arena's "d4" (as a
    phone or a recording gives it); None for a cell that is neither, so a reading the naming cannot place is named
    by its tile alone rather than stopping the observation."""
    if isinstance(cell, str) and len(cell) >= 2 and cell[0].isalpha() and cell[1:].isdigit():
        return cell
    if isinstance(cell, (list, tuple)) and len(cell) == 2 and all(isinstance(v, int) for v in cell):
        return cell_name(cell, rows)
    return None


def observation_event(state: GameState | None, observation: Observation) -> dict[str, Any] | None:
    """Pieces with a cell become a ``positions`` event; a settled die during a duel becomes a ``roll``. Nothing
    once the game is over: the tiles left on the mat are not a move."""
    if state is None or state.phase == OVER:
        return None
    pieces = observation.pieces if isinstance(observation.pieces, Mapping) else {}
    if pieces and all(isinstance(v, Mapping) and "kind" in v for v in pieces.values()):
        tiles = from_table_vision(state, pieces)
        return _arena_event(state, tiles) if tiles else None
    tiles = {k: dict(v) for k, v in pieces.items() if k in state.pieces and isinstance(v, Mapping) and "cell" in v}
    if tiles:
        return _arena_event(state, tiles)
    if state.duel is not None and state.duel.defender is not None and len(observation.dice) == 1:
        return {"type": "roll", "dice": [observation.dice[0].to_json()]}
    return None


def _seen(state: GameState, event: Mapping[str, Any]) -> dict[str, tuple]:
    tiles = event["tiles"]
    if not isinstance(tiles, Mapping):
        raise ValueError('"tiles" must map tile ids to {"cell": "d4", "facing": 0}')
    seen = {}
    for tid, where in tiles.items():
        if not isinstance(where, Mapping):
            raise ValueError(f'tile {tid!r}: give {{"cell": ..., "facing": ...}}')
        facing = where.get("facing")
        if facing is not None and (not isinstance(facing, int) or isinstance(facing, bool) or not 0 <= facing <= 5):
            raise ValueError(f"tile {tid!r}: facing is a direction 0-5 (0 = north, clockwise)")
        seen[tid] = (state.arena.parse(where["cell"]), facing)
    return seen


def _arena_event(state: GameState, tiles: dict[str, Any]) -> dict[str, Any]:
    """``positions`` when the tiles seen may show the current player's move; else an ``arena_reading``, which only
    compares (one of the engine's readings: journaled, never undone, so undo takes back the move before it)."""
    event = {"type": "positions", "tiles": tiles}
    try:
        moved, missing, _ = _differences(state, _seen(state, event))
    except (KeyError, TypeError, ValueError):
        return event  # malformed: the engine says what is wrong with it
    return event if _move_seen(state, moved, missing) else {"type": "arena_reading", "tiles": tiles}


def _differences(state: GameState, seen: Mapping[str, tuple]) -> tuple[list, list, list]:
    """The tiles the camera sees elsewhere, the tiles it does not see, and beaten tiles still on the mat."""
    moved, missing, stale = [], [], []
    for piece in state.pieces.values():
        where = seen.get(piece.id)
        if piece.cell is None:
            if where is not None:
                stale.append(piece)          # a beaten tile still on the mat
        elif where is None:
            missing.append(piece)
        elif where[0] != piece.cell:
            moved.append(piece)
    return moved, missing, stale


def _move_seen(state: GameState, moved: list[Piece], missing: list[Piece]) -> Piece | None:
    """The current player's one tile standing elsewhere, nothing else changed and no duel under way: the move
    the camera may have seen (None otherwise)."""
    mine = [p for p in moved if state.controller(p) == state.player.id]
    if state.duel is None and state.moved is None and len(mine) == 1 and len(moved) == 1 and not missing:
        return mine[0]
    return None


def positions(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any],
              plays: bool = True) -> list[Verdict]:
    """The tiles seen compared with the arena; with ``plays`` (a ``positions`` event), the current player's move
    they show is played. An ``arena_reading`` only compares."""
    seen = _seen(state, event)
    out: list[Verdict] = []
    for tid in sorted(t for t in seen if t not in state.pieces):
        out.append(rules.warning(rules.CAMERA, f"The camera sees an unknown tile {tid}",
                                 f"La caméra voit un carreau inconnu {tid}"))
    moved, missing, stale = _differences(state, seen)
    for piece in stale:
        name, name_fr = state.labels(piece)
        out.append(rules.warning(rules.CAMERA, f"{name} is in the discard pile: take it off the arena",
                                 f"{name_fr} est dans la pile d’écart : retirez-le de l’arène", [piece.owner]))
    piece = _move_seen(state, moved, missing) if plays else None
    if piece is not None:
        target = seen[piece.id][0]
        paths = sorted((p for p in legal_paths(state, piece, options) if p[-1] == target), key=len)
        if not paths:
            (name, name_fr), here, there = state.labels(piece), state.arena.name(piece.cell), state.arena.name(target)
            raise rules.Illegal(rules.MOVE, f"No legal move takes {name} from {here} to {there}: put it back",
                                f"Aucun déplacement légal n’amène {name_fr} de {here} en {there} : remettez-le",
                                [state.player.id])
        names = [state.arena.name(c) for c in paths[0]]
        out += play.move(state, {"type": "move", "tile": piece.id, "path": names}, options)
    else:
        for piece in moved + missing:
            where = seen.get(piece.id)
            (name, name_fr), held = state.labels(piece), state.arena.name(piece.cell)
            if where:
                now = state.arena.name(where[0])
                seen_en, seen_fr = f"sees {name} at {now}", f"voit {name_fr} en {now}"
            else:
                seen_en, seen_fr = f"does not see {name}", f"ne voit pas {name_fr}"
            out.append(rules.warning(rules.CAMERA, f"The camera {seen_en}; the referee has it at {held}",
                                     f"La caméra {seen_fr} ; l’arbitre l’a en {held}", [piece.owner]))
    for tid, (cell, facing) in sorted(seen.items()):
        piece = state.pieces.get(tid)
        if piece is None or facing is None:
            continue
        want = home_facing(state.get_player(piece.owner).side)
        if facing != want:
            name, name_fr = state.labels(piece)
            out.append(rules.warning(rules.FACING, f"{name} is not placed the right way up: its hole points "
                                     f"{DIRECTION_NAMES[facing]}, it should point {DIRECTION_NAMES[want]}",
                                     f"{name_fr} n’est pas à l’endroit : son trou pointe vers "
                                     f"{DIRECTION_NAMES[facing]}, "
                                     f"il devrait pointer vers {DIRECTION_NAMES[want]}", [piece.owner]))
    if not out:
        out.append(rules.info(rules.CAMERA_OK, "The camera agrees with the arena", "La caméra confirme l’arène"))
    return out
