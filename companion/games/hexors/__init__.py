"""Hexors (Yu-Gi-Oh! Hexors): hex tiles on an arena, duels settled by a colour die, refereed.

Modules: ``arena`` (hex grid, "directly in front"), ``tiles`` (character and
monster tiles as data), ``glossary`` (action tiles as data), ``state``,
``setup``, ``movement`` (allies, advances, jump chains), ``play`` (the move
event), ``duel``, ``strike`` (strike values and bonuses), ``die`` (colour die
readings), ``actions`` (launching action tiles), ``turns``, ``camera`` (tile
positions from table vision), ``views`` (the phone summary) and ``engine``.
"""

from .engine import Hexors

__all__ = ["Hexors"]
