"""The game's entries as phones read them, by pages: each says whether it is in force, a roll in force has its
dice after corrections and its version, and the camera's pieces say what move the referee took of them."""

from __future__ import annotations

from typing import Any

from companion.core import DieReading
from companion.journal import Entry, GameRecord, Journal
from companion.table.camera import camera_move
from companion.table_memory import TableMemory
from companion.table_reading import history_entries


def history_page(journal: Journal, record: GameRecord, memory: TableMemory, before: int | None,
                 limit: int | None) -> tuple[list[dict[str, Any]], bool]:
    """Up to ``limit`` entries before seq ``before`` (None: the newest; no limit: all), in order, and whether
    older ones remain."""
    if limit is None:
        entries, more = journal.entries(record.id), False
    else:
        entries, more = journal.page(record.id, before, limit)
    corrected = as_corrected(journal, record, memory, entries)
    items = history_entries(entries, corrected, memory.versions, memory.engine.readings)
    for item in items:
        move = camera_move(item["event"], item["verdicts"], item["source"])
        if move is not None:
            item["camera_move"] = move or None  # None: the referee took no move of what the camera saw
    return items, more


def as_corrected(journal: Journal, record: GameRecord, memory: TableMemory,
                 entries: list[Entry]) -> dict[int, dict[str, Any]]:
    """Of ``entries``, those in force: seq -> event as corrected (from memory, else its latest correction's
    dice from the journal)."""
    kept = dict(memory.accepted)
    out = {}
    for entry in entries:
        if entry.seq in kept:
            out[entry.seq] = kept[entry.seq]
        elif memory.is_in_force(entry.seq):
            correction = journal.entry(record.id, memory.versions[entry.seq]) \
                if entry.seq in memory.versions else None
            out[entry.seq] = {**entry.event, "dice": correction.event["dice"]} if correction else entry.event
    return out


def dice_replaced(journal: Journal, record: GameRecord, memory: TableMemory, seq: int) -> list[Any] | None:
    """The dice roll ``seq`` holds now (as rolled, or as last corrected), each as its face, colour and place in the
    picture: a correction keeps them (``before``) so History can say what it changed, never guess it. None when
    ``seq`` holds no dice (the correction is refused anyway)."""
    event = dict(memory.accepted).get(seq)
    if event is None:
        entry = journal.entry(record.id, memory.versions.get(seq, seq))
        event = entry.event if entry is not None else {}
    dice = event.get("dice")
    if not isinstance(dice, list):
        return None
    return [_placed(d) if isinstance(d, dict) else d for d in dice]


def _placed(die: dict[str, Any]) -> dict[str, Any]:
    """A die's face, colour and place, its box rounded as a correction's dice are (to be matched with them)."""
    try:
        die = DieReading.from_json(die).to_json()
    except (ValueError, TypeError, AttributeError):
        pass
    return {k: die[k] for k in ("value", "color", "box") if k in die}
