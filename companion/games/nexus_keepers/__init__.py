"""Nexus Keepers: push rival keepers through a Portal (rules engine, registered as "nexus-keepers")."""

from .engine import NexusKeepers

__all__ = ["NexusKeepers"]
