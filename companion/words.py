"""Counted words in what the referee says: "1 action", "2 actions"; in French « 0 action », « 2 actions ».

Why: verdicts are read by players at the table, and "action(s)" reads like a form. English takes the plural for
every count but 1; French for 2 and more (0 and 1 are singular).
"""

from __future__ import annotations


def plural_en(n: int, one: str, other: str | None = None) -> str:
    """The English word for ``n`` of them: ``one`` for exactly 1, else ``other`` (``one`` + "s" by default)."""
    return one if n == 1 else (other or one + "s")


def plural_fr(n: int, one: str, other: str | None = None) -> str:
    """The French word (noun or adjective) for ``n`` of them: ``one`` below 2, else ``other`` (``one`` + "s")."""
    return one if abs(n) < 2 else (other or one + "s")
