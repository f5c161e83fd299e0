"""A big die's pip, found as a small die showing 1, is not reported as a die of its own.

Seen close up, one pip of a big die can pass for a small die showing 1; NMS keeps it, since the two
boxes hardly overlap by IoU. Two real dice cannot sit one inside the other's outline.
"""

from __future__ import annotations


def without_pips(found: list, inside: float) -> list:
    """The readings (value, box, ...) less those whose box lies mostly (``inside``, a fraction of its area)
    within a reading's box twice its size or more; more than 1: none dropped."""
    if inside > 1 or len(found) < 2:
        return found
    by_size = sorted(found, key=lambda f: -area(f[1]))
    kept = []
    for reading in by_size:
        own = area(reading[1])
        if not any(area(big[1]) >= 2 * own and overlap(reading[1], big[1]) >= inside * own for big in kept):
            kept.append(reading)
    return [f for f in found if any(f is k for k in kept)]


def area(box) -> float:
    """An (x0, y0, x1, y1) box's area; 0 for an empty one."""
    return max(0.0, box[2] - box[0]) * max(0.0, box[3] - box[1])


def overlap(a, b) -> float:
    """The area two (x0, y0, x1, y1) boxes share."""
    return max(0.0, min(a[2], b[2]) - max(a[0], b[0])) * max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
