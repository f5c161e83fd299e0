"""The dice pool: how many dice a turn rolls, rerolls, and which actions the final dice allow.

Pure functions on lists of face values so the engine and the search share them.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product
from typing import Iterable

from .cards import ACTIONS, KeeperCard

Budget = tuple  # (move, jump, push) steps; push: a number, or ``Pushes`` when push steps do not split


class Pushes(tuple):
    """The pushes a turn may still make when a group's push steps go to one push (option ``split_pushes`` off):
    each the most spaces it may push, largest first. One covers another (``>=``) when it can do all the other
    can: as many pushes or more, each as far or further; ordered as a tuple otherwise, so a Pareto front sorts it."""

    def __ge__(self, other):
        return len(self) >= len(other) and all(a >= b for a, b in zip(self, other))

    def __le__(self, other):
        return Pushes(other) >= self

    def __sub__(self, other):
        raise TypeError("a push takes one of the pushes left, not a number of steps")

    def __repr__(self) -> str:
        return f"Pushes{tuple(self)}"


def push_steps(push) -> int:
    """The push steps a budget's push part holds in all (``Pushes``: their sum)."""
    return push if isinstance(push, int) else sum(push)


def _plans(groups: tuple[int, ...]) -> set[Pushes]:
    """Each way to give whole push groups to pushes (« 2 avec le triple et un avec le double »: groups add up for one
    keeper), as ``Pushes``: every partition of the groups, each block one push as far as its steps."""
    out: set[Pushes] = set()

    def grow(left: tuple[int, ...], blocks: list[int]) -> None:
        if not left:
            out.add(Pushes(sorted(blocks, reverse=True)))
            return
        first, rest = left[0], left[1:]
        for i in range(len(blocks)):
            grow(rest, blocks[:i] + [blocks[i] + first] + blocks[i + 1:])
        grow(rest, blocks + [first])

    grow(groups, [])
    return out


def dice_allowed(first_turn: bool, terrain: str | None, card: KeeperCard, bonus_depth: int) -> int:
    """'Lors du premier tour ... 5 dés. Lors des tours suivants, ils lancent 6 dés', +1 on the
    favoured terrain, -1 on the unfavoured one, -1 per consecutive bonus turn."""
    count = 5 if first_turn else 6
    if terrain is not None and terrain == card.favoured:
        count += 1
    elif terrain is not None and terrain == card.unfavoured:
        count -= 1
    return max(0, count - bonus_depth)


def minus(values: Iterable[int], removed: Iterable[int]) -> list[int] | None:
    """``values`` without ``removed`` (as multisets), or None when ``removed`` is not inside ``values``."""
    left = Counter(values)
    for v in removed:
        if left[v] == 0:
            return None
        left[v] -= 1
    return sorted(left.elements())


def infer_reroll(before: list[int], after: list[int]) -> tuple[list[int], list[int]]:
    """The fewest dice that explain ``before`` becoming ``after``: (picked up, new results)."""
    kept = Counter(before) & Counter(after)
    return sorted((Counter(before) - kept).elements()), sorted((Counter(after) - kept).elements())


@lru_cache(maxsize=64)
def _partitions(count: int, split: bool) -> tuple[tuple[int, ...], ...]:
    """Ways to use ``count`` equal dice as groups of at least two."""
    if not split:
        return ((count,),)
    out: list[tuple[int, ...]] = []

    def grow(left: int, smallest: int, parts: tuple[int, ...]) -> None:
        if left == 0:
            out.append(parts)
            return
        for size in range(max(2, smallest), left + 1):
            if left - size == 0 or left - size >= size:
                grow(left - size, size, parts + (size,))

    grow(count, 2, ())
    return tuple(out)


def pareto_max(vectors: Iterable[Budget]) -> list[Budget]:
    vs = sorted(set(vectors), reverse=True)
    kept: list[Budget] = []
    for v in vs:
        if not any(k[0] >= v[0] and k[1] >= v[1] and k[2] >= v[2] for k in kept):
            kept.append(v)
    return kept


def allocations(values: Iterable[int], card: KeeperCard, split_groups: bool = True,
                split_pushes: bool = True) -> list[Budget]:
    """Best (move, jump, push) step budgets the dice allow, as a Pareto front.

    A group of k equal dice matching the card gives k-1 steps of one action; groups
    given to the same action add up. 1s never give an action. ``split_pushes`` off: a group's
    push steps go to one push, the push part is ``Pushes``.
    """
    return list(_allocations(tuple(sorted(values)), card.faces_key, split_groups, split_pushes))


@lru_cache(maxsize=4096)
def _allocations(values: tuple[int, ...], faces: tuple, split_groups: bool, split_pushes: bool = True
                 ) -> tuple[Budget, ...]:
    allowed = dict(faces)
    push = ACTIONS.index("push")
    front: list[Budget] = [(0, 0, 0 if split_pushes else Pushes())]
    for value, count in sorted(Counter(values).items()):
        actions = allowed.get(value, ())
        if value == 1 or count < 2 or not actions:
            continue
        options: set[Budget] = set()
        for parts in _partitions(count, split_groups):
            for chosen in product(actions, repeat=len(parts)):
                vec = [0, 0, 0]
                groups = []
                for size, action in zip(parts, chosen):
                    vec[ACTIONS.index(action)] += size - 1
                    if action == "push":
                        groups.append(size - 1)
                options.add((vec[0], vec[1], vec[2] if split_pushes else Pushes(sorted(groups, reverse=True))))
        front = pareto_max((a[0] + b[0], a[1] + b[1], a[2] + b[2] if split_pushes
                            else Pushes(sorted(a[2] + b[2], reverse=True))) for a in front for b in options)
    if not split_pushes:  # the push groups, each way to give them to pushes
        front = pareto_max((b[0], b[1], plan) for b in front for plan in _plans(tuple(b[push])))
    return tuple(front)


def _take_pushes(left: Pushes, pushes: list[int]) -> list[Pushes]:
    """What is left of ``left`` once each of ``pushes`` (spaces) took one push as far or further, each way."""
    if not pushes:
        return [left]
    first, rest = pushes[0], pushes[1:]
    return [after for i, most in enumerate(left) if most >= first and most not in left[:i]
            for after in _take_pushes(Pushes(left[:i] + left[i + 1:]), rest)]


def remaining_budgets(values: Iterable[int], card: KeeperCard, used: Budget, split_groups: bool,
                      split_pushes: bool = True, pushes: Iterable[int] = ()) -> list[Budget]:
    """What is left of each allocation that covers the steps already ``used`` this turn (``split_pushes`` off: and
    the ``pushes`` made, each its spaces)."""
    out = []
    for b in allocations(values, card, split_groups, split_pushes):
        left = (b[0] - used[0], b[1] - used[1])
        if min(left) < 0:
            continue
        if split_pushes:
            if b[2] >= used[2]:
                out.append((*left, b[2] - used[2]))
        else:
            out.extend((*left, after) for after in _take_pushes(b[2], list(pushes)))
    return pareto_max(out)


def budget_json(budget: Budget) -> dict[str, int]:
    """A budget as the phone reads it: steps of each action (``Pushes``: their sum, and each push in ``pushes``)."""
    out = dict(zip(ACTIONS, (budget[0], budget[1], push_steps(budget[2]))))
    return out if isinstance(budget[2], int) else {**out, "pushes": list(budget[2])}
