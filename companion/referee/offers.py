"""The phone's offers as the summary sends them (``available``), compact: a live event carries the whole board only
while the state is small (companion/table/state.py), most offers are refused for one shared reason ("Marie has
already taken 3 actions this turn"), and many reasons quote one rule-book sentence (Hexors' costs). Each reason is sent
once, offers refer to it by its place in ``why``; each « quoted sentence » once, a reason naming it «#n»:

    {"offers": {key: [event] or [event, i]}, "why": [{"en", "fr"}, ...], "quotes": [sentence, ...]}

each part left out when empty (no offers: {}, as Nexus sends every time). web/js/views/games/offers.js reads it."""

from __future__ import annotations

import re
from typing import Any

QUOTED = re.compile(r"« (.+?) »")
MARK = re.compile(r"«#(\d+)»")


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
    if not reasons:
        return {"offers": offers} if offers else {}
    if any(MARK.search(text) for why in reasons for text in why.values()):  # a reason already says «#n»: sent as is
        return {"offers": offers, "why": reasons}
    quotes: list[str] = []

    def mark(found: re.Match) -> str:
        if found[1] not in quotes:
            quotes.append(found[1])
        return f"«#{quotes.index(found[1])}»"

    reasons = [{lang: QUOTED.sub(mark, text) for lang, text in why.items()} for why in reasons]
    return {"offers": offers, "why": reasons, **({"quotes": quotes} if quotes else {})}


def expand(sent: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """What ``compact`` was given, from what it made (for readers of a summary: tests, tools)."""
    quotes = sent.get("quotes")
    reasons = [{lang: MARK.sub(lambda m: f"« {quotes[int(m[1])]} »", text) for lang, text in why.items()}
               for why in sent.get("why", [])] if quotes is not None else sent.get("why", [])
    return {key: {"event": item[0], "available": len(item) == 1, "why": reasons[item[1]] if len(item) > 1 else None}
            for key, item in sent.get("offers", {}).items()}
