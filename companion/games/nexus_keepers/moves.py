"""Turning observed positions and explicit actions into checked changes of the game state."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from companion.words import plural_en, plural_fr

from .board import ORTHOGONAL, Board, Cell, parse_cell
from .dice import Budget
from .places import INFINITIVES, onto, step_words, way
from .search import FELL, OFF_ANY, PORTAL, Geometry, Mover, Positions, explore
from .state import ELIMINATED, ON_BOARD, GameState
from .texts import budgets_text, pushed

_GEOMETRY_CACHE: dict[tuple, Geometry] = {}


def geometry(board: Board) -> Geometry:
    """The compiled board, cached on the cubes in play (boards change only at setup and closures)."""
    key = tuple(board.cubes)
    g = _GEOMETRY_CACHE.get(key)
    if g is None:
        if len(_GEOMETRY_CACHE) > 32:
            _GEOMETRY_CACHE.clear()
        g = _GEOMETRY_CACHE[key] = Geometry(board)
    return g


def current_positions(state: GameState, g: Geometry) -> Positions:
    out = []
    for p in state.players.values():
        if p.status == ON_BOARD:
            out.append(g.index[p.cell])
        else:
            out.append(PORTAL if p.status == ELIMINATED else FELL)
    return tuple(out)


def goal_positions(state: GameState, g: Geometry, keepers: Mapping[str, Any]) -> tuple[Positions, list[str]]:
    """The observed positions as a search goal, plus the problems that make them impossible at once.

    Values: [x, y], null (off the board, way unknown), "fell" or "portal".
    """
    if not isinstance(keepers, Mapping):
        raise ValueError('"keepers" must map keeper ids to [x, y], null, "fell" or "portal"')
    unknown = sorted(set(keepers) - set(state.players))
    if unknown:
        raise ValueError(f"unknown keeper(s): {', '.join(unknown)}")
    goal, problems = [], []
    for p in state.players.values():
        if p.status != ON_BOARD:
            goal.append(PORTAL if p.status == ELIMINATED else FELL)
            continue
        if p.id not in keepers:
            raise ValueError(f"positions must give every keeper on the board; {p.id} is missing")
        value = keepers[p.id]
        if value is None:
            goal.append(OFF_ANY)
        elif value == "fell":
            goal.append(FELL)
        elif value == "portal":
            goal.append(PORTAL)
        else:
            cell = parse_cell(value, f"{p.id}'s position")
            if cell not in g.index:
                problems.append((f"{p.id} is seen {way(p.cell, cell, 'en')} of its place, where no tile is in play",
                                 f"{p.id} est vu {way(p.cell, cell, 'fr')} de sa place, "
                                 "là où aucune tuile n’est en jeu"))
                goal.append(FELL)
            else:
                goal.append(g.index[cell])
    return tuple(goal), problems


_PUSH = {"en": "pushes", "fr": "pousse"}
_THEN = {"en": ", then ", "fr": ", puis "}
_NONE = {"en": "takes no action", "fr": "ne fait aucune action"}


def describe_steps(steps: Sequence[tuple], g: Geometry, ids: list[str], board: Board, here: Cell,
                   lang: str = "en") -> str:
    """The active keeper's steps from ``here`` as players say them, after its name: "moves north onto the volcano,
    then pushes Bo 1 space east" (« avance vers le nord sur le volcan, puis pousse Bo de 1 case vers l'est »)."""
    parts = []
    for s in steps:
        if s[0] in ("move", "jump"):
            to = g.cell(s[1])
            parts.append(step_words(s[0], board, here, to, lang))
            here = to
        else:
            parts.append(f"{_PUSH[lang]} {pushed(ids[s[1]], s[3], lang, list(ORTHOGONAL)[s[2]])}")
    return _THEN[lang].join(parts) or _NONE[lang]


def explain(state: GameState, budgets: list[Budget], goal: Positions, leap_over_run: bool,
            start: Positions | None = None):
    """Search for actions turning the current (or ``start``) positions into ``goal``.

    Prefers a fall over a portal for a keeper seen off the board (null): returns
    (steps, final positions, guessed_portal) or None.
    """
    g = geometry(state.board)
    active = state.order().index(state.turn.player)
    start = start if start is not None else current_positions(state, g)
    mover = Mover(g, active, leap_over_run)
    if OFF_ANY in goal:
        as_falls = tuple(FELL if v == OFF_ANY else v for v in goal)
        found, _ = explore(mover, start, budgets, as_falls)
        if found is not None:
            return found, as_falls, False
    found, _ = explore(mover, start, budgets, goal)
    if found is None:
        return None
    return found, _replay(mover, start, found), OFF_ANY in goal


def _replay(mover: Mover, start: Positions, steps: list[tuple]) -> Positions:
    pos = start
    for how in steps:
        for nxt, _m, _j, _p, h in mover.successors(pos, 99, 99, 99):
            if h == how:
                pos = nxt
                break
    return pos


def unexplained_reasons(state: GameState, budgets: list[Budget], goal: Positions,
                        leap_over_run: bool) -> list[tuple[str, str]]:
    """What in the observed positions no sequence of actions can produce, as (English, French) pairs."""
    g = geometry(state.board)
    ids = state.order()
    active = ids.index(state.turn.player)
    start = current_positions(state, g)
    _, seen = explore(Mover(g, active, leap_over_run), start, budgets)
    reasons = []
    steps, steps_fr = budgets_text(budgets), budgets_text(budgets, "fr")
    for k, kid in enumerate(ids):
        want = goal[k]
        if want == start[k]:
            continue
        reach = {pos[k] for pos in seen}
        ok = any(v < 0 for v in reach) if want == OFF_ANY else want in reach
        if ok:
            continue
        if want < 0:
            where, where_fr = "off the board", "hors du plateau"
        else:
            frm = g.cell(start[k])
            where, where_fr = onto(state.board, frm, g.cell(want), "en"), onto(state.board, frm, g.cell(want), "fr")
        if k == active:
            reasons.append((f"{kid} cannot go {where} with {steps}",
                            f"{kid} ne peut pas aller {where_fr} avec {steps_fr}"))
        else:
            reasons.append((f"{kid} cannot have been pushed {where} with {steps}",
                            f"{kid} ne peut pas avoir été poussé {where_fr} avec {steps_fr}"))
    if not reasons:
        reasons.append((f"each keeper's place is reachable, but not all together with {steps}",
                        f"chaque position est atteignable, mais pas toutes ensemble avec {steps_fr}"))
    return reasons


def legal_outcomes(state: GameState, budgets: list[Budget], leap_over_run: bool) -> list[dict[str, Any]]:
    """Every distinct set of positions the active keeper can bring about now."""
    g = geometry(state.board)
    ids = state.order()
    active = ids.index(state.turn.player)
    _, seen = explore(Mover(g, active, leap_over_run), current_positions(state, g), budgets)
    out = []
    for pos in sorted(seen):
        out.append({"to": list(g.cell(pos[active])),
                    "positions": {kid: (list(g.cell(c)) if c >= 0 else ("fell" if c == FELL else "portal"))
                                  for kid, c in zip(ids, pos)}})
    return out


def apply_action(state: GameState, action: Mapping[str, Any], leap_over_run: bool):
    """One explicit action: returns (new positions, cost as a budget) or (None, (English, French) reason)."""
    g = geometry(state.board)
    ids = state.order()
    active = ids.index(state.turn.player)
    start = current_positions(state, g)
    kind = action["action"]
    mover = Mover(g, active, leap_over_run)
    options = list(mover.successors(start, 99, 99, 99))
    if kind in ("move", "jump"):
        cell = parse_cell(action["to"], f"{kind} \"to\"")
        want = g.index.get(cell)
        for pos, m, j, _p, how in options:
            if how == (kind, want):
                return pos, (99 - m, 99 - j, 0)
        here, who = state.players[state.turn.player].cell, state.turn.player
        return None, (f"{who} cannot {INFINITIVES['en'][kind]} {onto(state.board, here, cell, 'en')}",
                      f"{who} ne peut pas {INFINITIVES['fr'][kind]} {onto(state.board, here, cell, 'fr')}")
    if kind == "push":
        target = action["target"]
        if target not in state.players:
            raise ValueError(f"unknown push target {target!r}")
        distance = action.get("distance", 1)
        if not isinstance(distance, int) or isinstance(distance, bool) or distance < 1:
            raise ValueError("push \"distance\" must be a whole number >= 1")
        for pos, _m, _j, p, how in options:
            if how[0] == "push" and how[1] == ids.index(target) and how[3] == distance:
                return pos, (0, 0, 99 - p)
        return None, (f"{state.turn.player} cannot push {target} {distance} {plural_en(distance, 'space')} "
                      "(it must stand orthogonally next to it)",
                      f"{state.turn.player} ne peut pas pousser {target} de {distance} {plural_fr(distance, 'case')} "
                      "(il doit être adjacent en ligne droite)")
    raise ValueError(f"unknown action {kind!r} (move, jump or push)")
