"""A game's memory rebuilt from the journal: from its last checkpoint and the entries after it (a restart, a
resume), or from its first entry (an undo or a correction reaching back past what memory keeps)."""

from __future__ import annotations

import logging
from typing import Any

from companion import checkpoint, table_memory
from companion.journal import GameRecord, Journal
from companion.referee import EventError
from companion.table_memory import TableMemory

log = logging.getLogger(__name__)


def resumed(journal: Journal, record: GameRecord) -> tuple[TableMemory, int, int]:
    """The game's memory from its last checkpoint and the entries after it (from its first entry without one),
    with the seq that checkpoint was written at and its size in bytes (0, 0 without one)."""
    saved = journal.checkpoint(record.id)
    memory = checkpoint.load(saved, record.game, record.options, record.id)
    checkpoint_size = len(saved.data) if memory is not None and saved is not None else 0
    memory = memory or TableMemory.fresh(record.game, record.options)
    start = memory.next_seq
    entries = journal.entries(record.id, since=start)
    for entry in entries:
        if memory.needs_whole_game(entry.event):
            memory = whole_game(journal, record, entry.seq)
        replay_journaled(memory, entry.seq, entry.event, record.id)
    memory.keep = table_memory.KEEP
    memory.trim()
    log.info("resumed game %d (%s) from %d journal entries after %s", record.id, record.game, len(entries),
             f"a checkpoint at entry {start}" if start else "its start")
    return memory, start, checkpoint_size


def whole_game(journal: Journal, record: GameRecord, until: int) -> TableMemory:
    """The game's memory with every entry in force in it, replayed from the journal's entries before ``until``:
    for an undo or a correction reaching further back than the memory keeps (rare; as long as a restart
    without a checkpoint)."""
    memory = TableMemory.fresh(record.game, record.options, whole=True)
    for entry in journal.entries(record.id):
        if entry.seq >= until:
            break
        replay_journaled(memory, entry.seq, entry.event, record.id)
    log.info("game %d replayed from its journal (%d entries) for a change reaching back past memory",
             record.id, until)
    return memory


def replay_journaled(memory: TableMemory, seq: int, event: dict[str, Any], game_id: int) -> None:
    """Replay a journaled entry into ``memory``; one that cannot be replayed is skipped (logged)."""
    try:
        memory.replay(seq, event)
    except EventError as exc:
        log.warning("journal entry %d of game %d could not be replayed (%s); skipped", seq, game_id, exc)
    memory.next_seq = seq + 1
