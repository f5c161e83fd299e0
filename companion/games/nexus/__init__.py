"""Nexus (James Ernest, Hip Pocket Games): cards in a basketweave, closed Nexuses scored, first to 10.

Modules: ``cards`` (cards as data, the example deck), ``grid`` (placement on the half-card grid),
``graph`` (nodes, connectors, Nexuses), ``scoring``, ``state``, ``turns`` (setup, card, counter),
``views`` (the phone's board view) and ``engine``. Registered as ``nexus`` (not to be confused with
``nexus-keepers``).
"""

from .engine import Nexus

__all__ = ["Nexus"]
