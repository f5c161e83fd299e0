"""What the table keeps face down stays on the Pi: events as they leave it (history, live stream, the hall's broker).

Anyone on the café's Wi-Fi can read the history and the live stream without the PIN, and the hall's broker is
shared by every table, so an event that says what lies face down is sent with that part left out. The journal keeps
every event whole: undo, a restart's replay and ``companion games export`` (run on the Pi) read it as it was.

Nexus is the only game whose events can name something face down: a setup with ``deck_order: "top_first"`` lists
the deck from the top (« Shuffle the deck and place it face down »), so its deck goes out in an order of its own
(by card id). Tesseract's research decks are counts and its hands lie face up (« Votre main est posée devant vous
face visible »); a Hexors hand kept face down is only a count; Nexus Keepers has no hidden card.
"""

from __future__ import annotations

from typing import Any, Mapping


def _card_id(card: Any) -> str:
    return card if isinstance(card, str) else str(card.get("id", "")) if isinstance(card, Mapping) else ""


def _nexus(event: Mapping[str, Any]) -> Mapping[str, Any]:
    deck = event.get("deck")
    if event.get("type") != "setup" or event.get("deck_order") != "top_first" or not isinstance(deck, list):
        return event
    return {**event, "deck": sorted(deck, key=_card_id)}


_HIDERS = {"nexus": _nexus}


def public_event(game: str, event: Mapping[str, Any]) -> Mapping[str, Any]:
    """``event`` as it may leave the Pi: the same object when it shows nothing face down, else a copy without it."""
    hider = _HIDERS.get(game)
    return hider(event) if hider is not None and isinstance(event, Mapping) else event


def public_entry(game: str, entry: dict[str, Any]) -> dict[str, Any]:
    """A journal entry as JSON (``Entry.to_json``, a history item) with its event as it may leave the Pi."""
    event = entry.get("event")
    public = public_event(game, event) if isinstance(event, Mapping) else event
    return entry if public is event else {**entry, "event": public}
