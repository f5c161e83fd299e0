"""The phone's offers as the summary sends them (``available``), compact: a live event carries the whole board only
while the state is small (companion/table/state.py), most offers are refused for one shared reason ("Marie has
already taken 3 actions this turn"), many reasons say one sentence about different things ("Disarm costs 1 star;
Marie has 0", "Symbiosis costs 1 star; Marie has 0") and many quote one rule-book sentence (Hexors' costs).

    {"offers": {key: [event] or [event, i, term...]}, "why": [{"en", "fr"}, ...], "terms": [...],
     "quotes": [sentence, ...], "shapes": [[field, ...], ...]}

An event its key spells (its values in order joined by ':', as "launch:Marie:disarm" spells {"type": "launch",
"player": "Marie", "action": "disarm"}) is sent as [its shape's place in ``shapes``], the fields' names sent once.

Each reason is sent once, as a template, and an offer refers to it by its place in ``why``. ``terms`` are the words
the engine says many offers name (its players' names: one string; its pieces' names: {"en", "fr"}): in a template
«$k» is the offer's k-th term (its place in ``terms``, the name in the reason's language), and in keys and events
«@n» is the n-th term (a long name, sent once). Each « quoted sentence » is sent once, a template naming it «#n».
Each part is left out when empty (no offers: {}, as Nexus sends every time). web/js/views/games/offers.js reads it.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Union

QUOTED = re.compile(r"« (.+?) »")
MARK = re.compile(r"«[#$@](\d+)»")
SLOT = re.compile(r"«\$(\d+)»")
NAME = re.compile(r"«@(\d+)»")
Term = Union[str, dict]


def _name_mark(n: int) -> str:
    """A long name's mark where it is sent once (``NAME`` reads it back)."""
    return f"«@{n}»"


def _form(term: Term, lang: str) -> str:
    return term if isinstance(term, str) else term[lang]


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def _map_strings(value: Any, change) -> Any:
    """``value`` with each string in it (not the keys of its objects) changed by ``change``."""
    if isinstance(value, str):
        return change(value)
    if isinstance(value, dict):
        return {k: _map_strings(v, change) for k, v in value.items()}
    if isinstance(value, list):
        return [_map_strings(v, change) for v in value]
    return value


def compact(available: dict[str, dict[str, Any]], terms: list[Term] = ()) -> dict[str, Any]:
    """GameEngine.available_actions (key -> {"event", "available", "why"}) as the phone is sent it. ``terms``: the
    words many offers name (players' names as strings, pieces' names as {"en", "fr"}), longest first where one holds
    another."""
    texts = [t for offer in available.values() for t in _strings([offer["event"], offer["why"]])] + list(available)
    plain = not any(MARK.search(text) for text in texts)  # else a text already says a mark: sent as is
    if not plain or any("«" in _form(t, lang) or not _form(t, lang) for t in terms for lang in ("en", "fr")):
        terms = ()
    order = sorted(range(len(terms)), key=lambda i: -max(len(_form(terms[i], lang)) for lang in ("en", "fr")))
    finders = {lang: (re.compile("|".join(re.escape(_form(terms[i], lang)) for i in order)) if terms else None,
                      {_form(terms[i], lang): i for i in reversed(order)}) for lang in ("en", "fr")}
    used: list[int] = []  # the terms sent, in order of first use

    def sent_term(i: int) -> int:
        if i not in used:
            used.append(i)
        return used.index(i)

    long_names = [i for i in order if isinstance(terms[i], str) and len(terms[i].encode()) > len(_name_mark(0).encode())]
    names = re.compile("|".join(re.escape(terms[i]) for i in long_names)) if long_names else None

    def named(text: str) -> str:
        return names.sub(lambda m: _name_mark(sent_term(terms.index(m[0]))), text) if names else text

    shapes: list[list[str]] = []

    def spelled(key: str, event: dict[str, Any]) -> list[int] | None:
        """[its shape's place in ``shapes``] for an event its key spells (its values, in order, joined by ':')."""
        values = list(event.values())
        if not all(isinstance(v, str) and ":" not in v for v in values) or ":".join(values) != key:
            return None
        if list(event) not in shapes:
            shapes.append(list(event))
        return [shapes.index(list(event))]

    quotes: list[str] = []  # quoted first: a rule-book sentence is sent whole, whatever terms it names

    def quote(found: re.Match) -> str:
        if found[1] not in quotes:
            quotes.append(found[1])
        return f"«#{quotes.index(found[1])}»"

    templates: list[dict[str, str]] = []
    offers: dict[str, list[Any]] = {}
    for key, offer in available.items():
        event, why = spelled(key, offer["event"]) or _map_strings(offer["event"], named), offer["why"]
        if why is not None and plain:
            why = {lang: QUOTED.sub(quote, text) for lang, text in why.items()}
        if why is None:
            offers[named(key)] = [event]
            continue
        slots: list[int] = []  # the terms this reason names, in the order it names them

        def slot(lang: str, found: re.Match) -> str:
            i = finders[lang][1][found[0]]
            if i not in slots:
                slots.append(i)
            return f"«${slots.index(i)}»"

        template = {lang: finders[lang][0].sub(lambda m, lang=lang: slot(lang, m), text) if terms else text
                    for lang, text in why.items()}
        if template not in templates:
            templates.append(template)
        offers[named(key)] = [event, templates.index(template), *(sent_term(i) for i in slots)]
    extra = {"shapes": shapes} if shapes else {}
    if used:
        extra["terms"] = [terms[i] for i in used]
    if not templates:
        return {"offers": offers, **extra} if offers else {}
    return {"offers": offers, "why": templates, **extra, **({"quotes": quotes} if quotes else {})}


def expand(sent: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """What ``compact`` was given, from what it made (for readers of a summary: tests, tools)."""
    quotes, terms = sent.get("quotes"), sent.get("terms", [])

    def named(text: str) -> str:
        return NAME.sub(lambda m: terms[int(m[1])], text) if terms else text

    def reason(item: list[Any]) -> dict[str, str]:
        why = {}
        for lang, text in sent["why"][item[1]].items():
            text = SLOT.sub(lambda m: _form(terms[item[2 + int(m[1])]], lang), text) if terms else text
            why[lang] = re.sub(r"«#(\d+)»", lambda m: f"« {quotes[int(m[1])]} »", text) if quotes else text
        return why

    def event(key: str, item: list[Any]) -> dict[str, Any]:
        if isinstance(item[0], list):  # spelled by its key
            return dict(zip(sent["shapes"][item[0][0]], named(key).split(":")))
        return _map_strings(item[0], named)

    return {named(key): {"event": event(key, item), "available": len(item) == 1,
                         "why": reason(item) if len(item) > 1 else None}
            for key, item in sent.get("offers", {}).items()}
