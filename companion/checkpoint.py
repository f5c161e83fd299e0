"""Checkpoints of a running game: a restart replays the entries after the last one, not the whole evening.

Why: replaying thousands of entries through the engine took longer than systemd waits for a start. Now and then
the table's memory (its engine and the entries in force) is pickled into the journal with an entry
(companion/journal.py): every ``EVERY`` entries while it is small (a few milliseconds to write), so a restart
replays at most that many; a big one (a game whose state grows) further apart as the game grows (a tenth of its
length), so that writing them costs the same per entry in a long game as in a short one. The journal stays the
source of truth: a checkpoint written by other code (an update), or one that cannot be read, is ignored and the
game is replayed from its first entry.
"""

from __future__ import annotations

import hashlib
import logging
import pickle
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion import __version__
from companion.journal import Checkpoint
from companion.referee import GameEngine
from companion.table_memory import TableMemory

log = logging.getLogger(__name__)

#: entries between two checkpoints of a game, at least
EVERY = 100
#: a checkpoint up to this many bytes (compressed) is written every EVERY entries whatever the game's length
SMALL = 64 * 1024
#: the code whose objects a checkpoint holds: a change to any of it makes older checkpoints unusable
CODE = ("games", "referee", "core.py", "table_memory.py", "checkpoint.py")


@lru_cache(maxsize=1)
def code_version() -> str:
    """The package version and a digest of the code a checkpoint's objects come from."""
    root = Path(__file__).resolve().parent
    digest = hashlib.sha256(__version__.encode())
    for name in CODE:
        for path in sorted((root / name).rglob("*.py")) if (root / name).is_dir() else [root / name]:
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return f"{__version__}+{digest.hexdigest()[:16]}"


def due(entries: int, last: int, size: int = 0) -> bool:
    """Whether a game of ``entries`` entries whose last checkpoint (``size`` bytes) was written at ``last`` needs a
    new one."""
    return entries - last >= (EVERY if size <= SMALL else max(EVERY, entries // 10))


def dump(memory: TableMemory) -> Checkpoint:
    return Checkpoint(memory.next_seq, code_version(),
                      zlib.compress(pickle.dumps(memory, protocol=pickle.HIGHEST_PROTOCOL), 1))


def load(checkpoint: Checkpoint | None, game: str, options: dict[str, Any], game_id: int) -> TableMemory | None:
    """The table's memory from ``checkpoint``, or None (none, written by other code, unreadable, another game's)."""
    if checkpoint is None:
        return None
    if checkpoint.version != code_version():
        log.info("game %d: its checkpoint was written by other code (%s); replaying its entries", game_id,
                 checkpoint.version)
        return None
    try:
        memory = pickle.loads(zlib.decompress(checkpoint.data))
        fits = (isinstance(memory, TableMemory) and isinstance(memory.engine, GameEngine)
                and memory.engine.name == game and memory.engine.options == options
                and memory.next_seq == checkpoint.seq)
    except Exception as exc:  # a damaged blob can raise nearly anything from pickle
        log.warning("game %d: its checkpoint cannot be read (%s); replaying its entries", game_id, exc)
        return None
    if not fits:
        log.warning("game %d: its checkpoint is not this game's state; replaying its entries", game_id)
        return None
    return memory
