"""Actions on the grid and a breadth-first search over (positions, steps left).

The board is compiled to integer cells with neighbour tables so one search stays
well under the 10 ms budget. A position is a tuple with one entry per keeper:
a cell index, or FELL / PORTAL once the keeper has left the board.
"""

from __future__ import annotations

from collections import deque
from typing import Iterable, Sequence

from .board import DIAGONAL, ORTHOGONAL, Board, Cell, step
from .dice import Budget, Pushes, push_steps

FELL = -1      # pushed off an edge (or waiting behind its Portal)
PORTAL = -2    # pushed through a Portal: eliminated
OFF_ANY = -3   # goal only: off the board, way unknown (a camera cannot tell)

DIRS = tuple(ORTHOGONAL)          # N E S W, index 0-3
Positions = tuple[int, ...]
Step = tuple  # ("move"|"jump", cell) or ("push", keeper, direction, distance)


class Geometry:
    """Neighbour tables of the tiles in play."""

    def __init__(self, board: Board) -> None:
        self.cells: list[Cell] = sorted(board.tiles)
        self.index = {c: i for i, c in enumerate(self.cells)}
        portals = board.portal_sides()
        orth = []
        for c in self.cells:
            row = []
            for d in DIRS:
                if portals.get(c) == d:
                    row.append(PORTAL)
                else:
                    row.append(self.index.get(step(c, d), FELL))
            orth.append(tuple(row))
        self.orth: list[tuple[int, ...]] = orth
        self.diag: list[tuple[int, ...]] = [
            tuple(self.index[n] for n in (step(c, d) for d in DIAGONAL) if n in self.index) for c in self.cells]

    def cell(self, index: int) -> Cell:
        return self.cells[index]

    def distance(self, a: int, b: int) -> int:
        (ax, ay), (bx, by) = self.cells[a], self.cells[b]
        return abs(ax - bx) + abs(ay - by)


class Mover:
    """Generates the successors of a position for the active keeper."""

    def __init__(self, geometry: Geometry, active: int, leap_over_run: bool = True) -> None:
        self.g, self.active, self.leap_over_run = geometry, active, leap_over_run

    def successors(self, pos: Positions, m: int, j: int, p: int) -> list[tuple]:
        """(next positions, moves left, jumps left, pushes left, step) for every single action.

        Off-board keepers hold negative codes, so ``cell in pos`` tests whether a tile is taken.
        """
        a, orth_table, leap_over_run = self.active, self.g.orth, self.leap_over_run
        here = pos[a]
        pre, post = pos[:a], pos[a + 1:]
        orth = orth_table[here]
        out = []
        if m:
            for n in orth:
                if n >= 0 and n not in pos:
                    out.append((pre + (n,) + post, m - 1, j, p, ("move", n)))
        if j:
            for n in self.g.diag[here]:
                if n not in pos:
                    out.append((pre + (n,) + post, m, j - 1, p, ("jump", n)))
            for d in range(4):
                n, over = orth[d], 0
                while n >= 0 and n in pos:
                    over += 1
                    n = orth_table[n][d]
                if over and n >= 0 and over <= j and (over == 1 or leap_over_run):
                    out.append((pre + (n,) + post, m, j - over, p, ("jump", n)))
        if p:
            # a number: push steps left, split at will; ``Pushes``: one push takes one of them whole
            spends = ((p, None),) if p.__class__ is int else \
                tuple((most, Pushes(p[:i] + p[i + 1:])) for i, most in enumerate(p) if most not in p[:i])
            for d in range(4):
                t = orth[d]
                if t < 0 or t not in pos:
                    continue
                target = pos.index(t)
                for most, rest in spends:
                    cur = list(pos)
                    for dist in range(1, most + 1):
                        self._shift(cur, target, d)
                        out.append((tuple(cur), m, j, p - dist if rest is None else rest, ("push", target, d, dist)))
                        if cur[target] < 0:
                            break
        return out

    def _shift(self, cur: list[int], target: int, d: int) -> None:
        """Push ``target`` one space in direction ``d``, pushing whoever stands in the way too."""
        orth_table = self.g.orth
        run, c = [], cur[target]
        while c >= 0 and c in cur:
            run.append(cur.index(c))
            c = orth_table[c][d]
        for k in reversed(run):
            cur[k] = orth_table[cur[k]][d]


def _dominated(budgets: list[Budget], m: int, j: int, p: int) -> bool:
    for bm, bj, bp in budgets:
        if bm >= m and bj >= j and bp >= p:
            return True
    return False


def explore(mover: Mover, start: Positions, budgets: Iterable[Budget], goal: Positions | None = None):
    """Breadth-first search; returns (steps to ``goal`` or None, every position seen).

    States whose remaining steps are dominated by an earlier visit of the same
    position are skipped: anything they reach, the earlier visit reaches too.
    With a goal, states that provably cannot reach it are pruned.
    """
    seen: dict[Positions, list[Budget]] = {}
    parent: dict[tuple, tuple | None] = {}
    queue: deque = deque()
    fits = _goal_test(goal) if goal is not None else None
    hopeful = _lower_bound(mover, goal) if goal is not None else None
    for m, j, p in budgets:
        if not _dominated(seen.get(start, []), m, j, p):
            seen.setdefault(start, []).append((m, j, p))
            parent[(start, m, j, p)] = None
            queue.append((start, m, j, p))
    if fits is not None and fits(start):
        return [], seen
    expand = mover.successors
    if fits is None:
        _exhaust(queue, seen, expand)
        return None, seen
    while queue:
        state = queue.popleft()
        for pos, m, j, p, how in expand(*state):
            known = seen.get(pos)
            if known is not None and _dominated(known, m, j, p):
                continue
            if hopeful is not None and not hopeful(pos, m, j, p):
                continue
            seen.setdefault(pos, []).append((m, j, p))
            key = (pos, m, j, p)
            if fits is not None:          # parents are only needed to report the path to a goal
                parent[key] = (state, how)
                if fits(pos):
                    return _path(parent, key), seen
            queue.append(key)
    return None, seen


def _exhaust(queue: deque, seen: dict, expand) -> None:
    """The goal-less search loop (legal_moves and diagnostics), kept lean: it visits every reachable state."""
    pop, push = queue.popleft, queue.append
    while queue:
        for pos, m, j, p, _how in expand(*pop()):
            known = seen.get(pos)
            if known is None:
                seen[pos] = [(m, j, p)]
            else:
                for bm, bj, bp in known:
                    if bm >= m and bj >= j and bp >= p:
                        break
                else:
                    known.append((m, j, p))
                    push((pos, m, j, p))
                continue
            push((pos, m, j, p))


def _path(parent: dict, key: tuple) -> list[Step]:
    steps = []
    while parent[key] is not None:
        key, how = parent[key]
        steps.append(how)
    return steps[::-1]


def _goal_test(goal: Positions):
    if OFF_ANY not in goal:
        return goal.__eq__
    pairs = list(enumerate(goal))

    def fits(pos: Positions) -> bool:
        for k, g in pairs:
            c = pos[k]
            if c != g and not (g == OFF_ANY and c < 0):
                return False
        return True
    return fits


def _lower_bound(mover: Mover, goal: Positions):
    """An admissible test: can the steps left still possibly turn ``pos`` into ``goal``?"""
    a, dist = mover.active, mover.g.distance
    others = [k for k in range(len(goal)) if k != a]

    def hopeful(pos: Positions, m: int, j: int, p) -> bool:
        p = push_steps(p)
        if goal[a] >= 0 and dist(pos[a], goal[a]) > m + 2 * j:
            return False
        for k in others:
            c, g = pos[k], goal[k]
            if c == g:
                continue
            if c < 0:
                if g == OFF_ANY:
                    continue
                return False
            if g < 0:
                if p < 1:
                    return False
            elif dist(c, g) > p:
                return False
        return True
    return hopeful


def legal_positions(mover: Mover, start: Positions, budgets: Sequence[Budget]) -> list[Positions]:
    """Every position the active keeper can bring about with the steps left (start included)."""
    _, seen = explore(mover, start, budgets)
    return sorted(seen)
