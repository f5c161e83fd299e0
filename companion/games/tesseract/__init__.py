"""Tesseract (James Firnhaber): the cooperative dice-manipulation game, refereed.

Modules: ``cube`` (the 4x4x4 stack and removability), ``bases`` (events and
base layouts), ``board`` (confinement board, priming zone, breaches), ``labs``
(labs and research cards), ``setup``, ``actions``, ``confinement``,
``effects`` (card keywords), ``events`` (base events), ``threat`` (Threat
phase), ``camera`` (priming-zone readings), ``engine`` and ``simulate``.
"""

from .engine import Tesseract

__all__ = ["Tesseract"]
