"""The phone's offers as the summary sends them (``available``), compact: a live event carries the whole board only
while the state is small (companion/table/state.py), and most offers are refused for one shared reason ("Marie has
already taken 3 actions this turn"). Each reason is sent once, offers refer to it by its place in ``why``:

    {"offers": {key: [event] or [event, i]}, "why": [{"en", "fr"}, ...]}  # i: why[i] is the refusal

web/js/views/games/offers.js reads it."""

from __future__ import annotations

from typing import Any


def compact(available: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """GameEngine.available_actions (key -> {"event", "available", "why"}) as the phone is sent it."""
    reasons: list[dict[str, str]] = []
    offers: dict[str, list[Any]] = {}
    for key, offer in available.items():
        why = offer["why"]
        if why is None:
            offers[key] = [offer["event"]]
            continue
        if why not in reasons:
            reasons.append(why)
        offers[key] = [offer["event"], reasons.index(why)]
    return {"offers": offers, "why": reasons}


def expand(sent: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """What ``compact`` was given, from what it made (for readers of a summary: tests, tools)."""
    return {key: {"event": item[0], "available": len(item) == 1,
                  "why": sent["why"][item[1]] if len(item) > 1 else None}
            for key, item in sent["offers"].items()}
