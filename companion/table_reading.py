"""What phones read of a game beyond its state: history pages and roll statistics, from the table's memory.

Why here and not on the phone: a phone once read the whole history after every roll to draw these; an evening's
history grows without bound, so the phone reads pages and the statistics come counted.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from companion.core import DieReading
from companion.journal import Entry

#: events whose dice were thrown fresh: a reroll's dice are the whole pool after it; Nexus Keepers' power dice are
#: thrown fresh but make no roll total; a Tesseract prime throws one cube (``rolled`` when typed as a bare value)
THROWN = ("roll", "power", "prime")
NO_TOTAL = ("power",)
#: the colour a die is counted under when nobody said it (typed as a bare face, or read without one)
UNKNOWN = "unknown"


def history_entries(entries: Iterable[Entry], in_force: Mapping[int, Mapping[str, Any]], versions: Mapping[int, int],
                    readings: Iterable[str]) -> list[dict[str, Any]]:
    """Entries as the history shows them: whether each is in force or a reading, and a roll in force with its
    dice after corrections (``in_force``: seq -> event as corrected) and version (its latest correction's seq)."""
    readings = frozenset(readings)
    out = []
    for entry in entries:
        item = {**entry.to_json(), "in_force": entry.seq in in_force, "reading": entry.event.get("type") in readings}
        dice = _dice(in_force.get(entry.seq, {}).get("dice"))
        if dice is not None:
            item["version"] = versions.get(entry.seq, entry.seq)
            item["dice"] = dice
        out.append(item)
    return out


def roll_statistics(events: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Face counts per die colour and how many rolls made each total, over the events in force that threw dice,
    read by the camera or typed on a phone (a die typed as a bare face is counted under the colour "unknown")."""
    statistics = empty_statistics()
    for event in events:
        count_roll(statistics, event, 1)
    return statistics


def empty_statistics() -> dict[str, Any]:
    return {"rolls": 0, "faces": {}, "totals": {}}


def count_roll(statistics: dict[str, Any], event: Mapping[str, Any], sign: int) -> None:
    """Count ``event``'s dice into ``statistics`` (``sign`` 1), or take them out (-1: an undo, a correction's old
    dice), so the table keeps them as entries come and go instead of going through every entry in force; a colour or
    total counted down to nothing is left out, as if never counted."""
    kind = event.get("type")
    dice = thrown(event)
    if not dice:
        return
    faces = statistics["faces"]
    for die in dice:
        colour = die["color"] or UNKNOWN
        faces.setdefault(colour, [0] * 6)[die["value"] - 1] += sign
        if not any(faces[colour]):
            del faces[colour]
    if kind not in NO_TOTAL:
        statistics["rolls"] += sign
        totals = statistics["totals"]
        total = str(sum(die["value"] for die in dice))
        totals[total] = totals.get(total, 0) + sign
        if not totals[total]:
            del totals[total]


def thrown(event: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    """The dice ``event`` threw fresh as {"value", "color"}, or None (no dice thrown, or dice in another form).

    Why bare faces too: a roll typed on the phone (Nexus Keepers' pad, a Tesseract prime without its cube's colour)
    holds its faces alone, and the statistics once left every such roll out ("no rolls yet" after typed rolls)."""
    if event.get("type") not in THROWN:
        return None
    dice = event.get("dice")
    if dice is None and event.get("type") == "prime" and "rolled" in event:
        dice = [event["rolled"]]
    if not isinstance(dice, list):
        return None
    out = []
    for die in dice:
        if isinstance(die, int) and not isinstance(die, bool) and 1 <= die <= 6:
            out.append({"value": die, "color": None})
        elif isinstance(die, Mapping):
            try:
                reading = DieReading.from_json(die)
            except (ValueError, TypeError, AttributeError):
                return None
            out.append({"value": reading.value, "color": reading.color})
        else:
            return None
    return out


def _dice(value: Any) -> list[dict[str, Any]] | None:
    """A list of dice as phones draw them, or None (no dice, or dice in another form)."""
    if not isinstance(value, list):
        return None
    try:
        return [DieReading.from_json(d).to_json() for d in value]
    except (ValueError, TypeError, AttributeError):
        return None
