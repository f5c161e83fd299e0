"""What the tests of the engines' ``fresh_copy`` (the offers loop's put-back) share: what a copy could share."""

from __future__ import annotations

from dataclasses import is_dataclass


def containers(value, seen=None) -> dict[int, object]:
    """Every list, dict and set reachable from ``value`` through objects' attributes, by id; never inside a frozen
    dataclass (a cube, a tile, the arena: it never changes, so sharing it is safe)."""
    seen = {} if seen is None else seen
    if isinstance(value, (list, dict, set)):
        if id(value) in seen:
            return seen
        seen[id(value)] = value
        items = value.items() if isinstance(value, dict) else ((None, v) for v in value)
        for k, v in items:
            containers(k, seen)
            containers(v, seen)
    elif hasattr(value, "__dict__") and not isinstance(value, type) and not (
            is_dataclass(value) and value.__dataclass_params__.frozen):
        containers(vars(value), seen)
    return seen


def shared(state, copied) -> list:
    """The lists, dicts and sets ``copied`` shares with ``state`` (a few, to read)."""
    mine, theirs = containers(state), containers(copied)
    return [mine[i] for i in mine.keys() & theirs.keys()][:3]
