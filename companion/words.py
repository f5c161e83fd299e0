"""Words in what the referee says: counted ones ("1 action", "2 actions"; in French « 0 action », « 2 actions »)
and the names players call things by.

Why: verdicts are read by players at the table, and "action(s)" reads like a form, "ex-chain-5" like a database.
English takes the plural for every count but 1; French for 2 and more (0 and 1 are singular).
"""

from __future__ import annotations

import re


def plural_en(n: int, one: str, other: str | None = None) -> str:
    """The English word for ``n`` of them: ``one`` for exactly 1, else ``other`` (``one`` + "s" by default)."""
    return one if n == 1 else (other or one + "s")


def plural_fr(n: int, one: str, other: str | None = None) -> str:
    """The French word (noun or adjective) for ``n`` of them: ``one`` below 2, else ``other`` (``one`` + "s")."""
    return one if abs(n) < 2 else (other or one + "s")


def plain_name(name: str) -> str:
    """A printed name less any note in brackets: "Chain (example card)" is "Chain" at the table."""
    return re.sub(r"\s*\([^)]*\)", "", name).strip()
