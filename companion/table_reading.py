"""What phones read of a game beyond its state: history pages and roll statistics, from the table's memory.

Why here and not on the phone: a phone once read the whole history after every roll to draw these; an evening's
history grows without bound, so the phone reads pages and the statistics come counted.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from companion.core import DieReading
from companion.journal import Entry

#: events whose dice were all thrown fresh (a reroll's are told apart by ``thrown``); Nexus Keepers' power dice and
#: rerolled dice make no roll total of their own; a Tesseract prime throws one cube (``rolled`` when typed bare)
THROWN = ("roll", "power", "prime")
NO_TOTAL = ("power", "reroll")
#: a game's GameEngine.named_faces: the faces an event threw as the game names them, or None
Named = Callable[[Mapping[str, Any]], "list[str] | None"]
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


def roll_statistics(events: Iterable[Mapping[str, Any]], named_faces: Named | None = None) -> dict[str, Any]:
    """Face counts per die colour and how many rolls made each total, over the events in force that threw dice,
    read by the camera or typed on a phone (a die typed as a bare face is counted under the colour "unknown");
    ``named_faces``: the game's ``GameEngine.named_faces``. A camera reroll's dice need the game's state before it:
    only the table's memory counts them (``TableMemory.throws``)."""
    statistics = empty_statistics()
    for event in events:
        count_roll(statistics, event, 1, named_faces)
    return statistics


def empty_statistics() -> dict[str, Any]:
    """``named``: how often each face came up of a die whose faces the game names (Hexors' colours), kept apart
    from ``faces`` (dice counted by value per colour) and making no total."""
    return {"rolls": 0, "faces": {}, "totals": {}, "named": {}}


def count_roll(statistics: dict[str, Any], event: Mapping[str, Any], sign: int,
               named_faces: Named | None = None, throws: list[Any] | None = None) -> None:
    """Count ``event``'s dice into ``statistics`` (``sign`` 1), or take them out (-1: an undo, a correction's old
    dice), so the table keeps them as entries come and go instead of going through every entry in force; a colour,
    face or total counted down to nothing is left out, as if never counted. ``named_faces``: see roll_statistics;
    ``throws``: the dice the event threw as its game judged them before it (``GameEngine.thrown_dice``: a camera
    reroll), in place of what the event says."""
    kind = event.get("type")
    names = named_faces(event) if named_faces is not None else None
    if names:
        named = statistics["named"]
        for name in names:
            named[name] = named.get(name, 0) + sign
            if not named[name]:
                del named[name]
        statistics["rolls"] += sign
        return
    dice = thrown(event) if throws is None else faces_of(throws)
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
    holds its faces alone, and the statistics once left every such roll out ("no rolls yet" after typed rolls).
    A reroll throws its ``results`` (typed: the new faces of the dice picked up) and the ``power`` dice it names;
    the camera's reroll shows only the pool after it: which of its dice were thrown, only the game's state before
    it says (``count_roll``'s ``throws``, from ``GameEngine.thrown_dice``)."""
    kind = event.get("type")
    if kind == "reroll":
        dice = [*_listed(event.get("results")), *_listed(event.get("power"))]
    elif kind in THROWN:
        dice = event.get("dice")
        if dice is None and kind == "prime" and "rolled" in event:
            dice = [event["rolled"]]
    else:
        return None
    return faces_of(dice)


def faces_of(dice: Any) -> list[dict[str, Any]] | None:
    """A list of dice, read ({"value", "color", ...}) or typed as bare faces, as {"value", "color"}; None when it
    is not one."""
    if not isinstance(dice, list):
        return None
    readings = _dice([die for die in dice if isinstance(die, Mapping)])
    if readings is None:
        return None
    read = iter(readings)
    out = []
    for die in dice:
        if isinstance(die, Mapping):
            reading = next(read)
            out.append({"value": reading["value"], "color": reading["color"]})
        elif isinstance(die, int) and not isinstance(die, bool) and 1 <= die <= 6:
            out.append({"value": die, "color": None})
        else:
            return None
    return out


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _dice(value: Any) -> list[dict[str, Any]] | None:
    """A list of dice as phones draw them, or None (no dice, or dice in another form)."""
    if not isinstance(value, list):
        return None
    try:
        return [DieReading.from_json(d).to_json() for d in value]
    except (ValueError, TypeError, AttributeError):
        return None
