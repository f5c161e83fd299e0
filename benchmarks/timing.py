"""Timing helpers the benchmarks share: the best of a few calls, and a nearest-rank percentile."""

from __future__ import annotations

import time
from typing import Callable, TypeVar

T = TypeVar("T")


def best_of(fn: Callable[[], T], repeats: int = 3) -> tuple[float, T]:
    """(ms, last result) of the fastest of ``repeats`` calls: on a shared machine the slower runs measure the
    neighbours, not the code."""
    best, result = float("inf"), None
    for _ in range(repeats):
        t0 = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1000.0, result


def percentile(values: list[float], fraction: float) -> float:
    """The value at ``fraction`` (0.99: p99) of the sorted values, nearest rank: one of the values, never a blend."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))]
