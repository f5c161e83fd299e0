"""Changes refused before they are refereed: the phone acted on a game that has moved on, or reused a key."""

from __future__ import annotations

from companion.referee import EventError


class Conflict(EventError):
    """A change aimed at a game that has moved on since the phone last saw it (another phone, the camera)."""


class RequestReused(EventError):
    """An idempotency key already journaled with a different request: a bug in the client, not a retry."""
