"""The dice pool: how many dice a turn rolls, rerolls, and which actions the final dice allow.

Pure functions on lists of face values so the engine and the search share them.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product
from typing import Iterable

from .cards import ACTIONS, KeeperCard

Budget = tuple[int, int, int]  # (move, jump, push) steps


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


def allocations(values: Iterable[int], card: KeeperCard, split_groups: bool = True) -> list[Budget]:
    """Best (move, jump, push) step budgets the dice allow, as a Pareto front.

    A group of k equal dice matching the card gives k-1 steps of one action; groups
    given to the same action add up. 1s never give an action.
    """
    return list(_allocations(tuple(sorted(values)), card.faces_key, split_groups))


@lru_cache(maxsize=4096)
def _allocations(values: tuple[int, ...], faces: tuple, split_groups: bool) -> tuple[Budget, ...]:
    allowed = dict(faces)
    front: list[Budget] = [(0, 0, 0)]
    for value, count in sorted(Counter(values).items()):
        actions = allowed.get(value, ())
        if value == 1 or count < 2 or not actions:
            continue
        options: set[Budget] = set()
        for parts in _partitions(count, split_groups):
            for chosen in product(actions, repeat=len(parts)):
                vec = [0, 0, 0]
                for size, action in zip(parts, chosen):
                    vec[ACTIONS.index(action)] += size - 1
                options.add((vec[0], vec[1], vec[2]))
        front = pareto_max((a[0] + b[0], a[1] + b[1], a[2] + b[2]) for a in front for b in options)
    return tuple(front)


def remaining_budgets(values: Iterable[int], card: KeeperCard, used: Budget, split_groups: bool) -> list[Budget]:
    """What is left of each allocation that covers the steps already ``used`` this turn."""
    out = []
    for b in allocations(values, card, split_groups):
        left = (b[0] - used[0], b[1] - used[1], b[2] - used[2])
        if min(left) >= 0:
            out.append(left)
    return pareto_max(out)


def budget_json(budget: Budget) -> dict[str, int]:
    return dict(zip(ACTIONS, budget))
