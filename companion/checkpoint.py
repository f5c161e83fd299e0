"""Checkpoints of a running game: a restart replays the entries after the last one, not the whole evening.

Why: replaying thousands of entries through the engine took longer than systemd waits for a start. Now and then
the table's memory (its engine and the entries in force) is pickled into the journal with an entry
(companion/journal.py): every ``EVERY`` entries while it is small (a few milliseconds to write), so a restart
replays at most that many; a big one (a game whose state grows) further apart as the game grows (a tenth of its
length), so that writing them costs the same per entry in a long game as in a short one.

A checkpoint says which formats it holds (``version``): the table memory's (``MEMORY_FORMAT``), its game's
(``GAME_FORMATS``) and a digest of the game's data files (cards, tiles). An update that leaves them alone keeps the
checkpoints (the first restart after a `git pull` takes seconds, not a replay of the game); a developer bumps a
format when what its objects hold changes shape or meaning, and tests/core/test_checkpoint_formats.py fails when a
shape changed without a bump. The journal stays the source of truth: a checkpoint of another format, or one that
cannot be read, is ignored (with a notice in the log) and the game is replayed from its first entry.
"""

from __future__ import annotations

import hashlib
import inspect
import logging
import pickle
import zlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.journal import Checkpoint
from companion.referee import GameEngine, game_class
from companion.table_memory import TableMemory

log = logging.getLogger(__name__)

#: entries between two checkpoints of a game, at least
EVERY = 100
#: a checkpoint up to this many bytes (compressed) is written every EVERY entries whatever the game's length
SMALL = 64 * 1024
#: the format of the table's memory (companion/table_memory.py, its statistics) a checkpoint pickles: bump it when
#: their shape or meaning changes (the format test names what changed); 2: the statistics count rolls typed as bare
#: faces, which format 1 left out, so a format-1 checkpoint's counts are rebuilt by a replay; 3: they count a typed
#: reroll's new faces, and Hexors' duel die by the colours rolled (``named``) instead of by value; 4: they count a
#: camera reroll's new dice, judged in the game's state before it (``TableMemory.throws``); 5: it keeps what the last
#: reading said (``TableMemory.last_reading``), so a restart does not journal the same reading again
MEMORY_FORMAT = 5
#: the format of each game's engine and state objects, bumped the same way; a game left out has format 0;
#: Nexus 2: its options gain ``deck_out_most_points`` (a format-1 engine's options lack it), and an empty deck no
#: longer crowns a player under the target; Nexus Keepers 2: its options gain ``maladresse_counts_reserve`` and
#: ``portal_closes_on_its_turn``; Hexors 2: its options gain ``genesis_distance``; Nexus Keepers 3: its options gain
#: ``split_pushes``, its turn the ``pushes`` made; Tesseract 3: its state gains ``last_moved`` (the cubes the last
#: change to the tower moved)
GAME_FORMATS = {"free-roll": 1, "hexors": 2, "nexus": 2, "nexus-keepers": 3, "tesseract": 3}


def version(game: str) -> str:
    """What a checkpoint of ``game`` holds: the formats of its objects, and a digest of the game's data files."""
    return f"memory {MEMORY_FORMAT}, {game} {GAME_FORMATS.get(game, 0)}, data {data_digest(game)}"


@lru_cache(maxsize=None)
def data_digest(game: str) -> str:
    """The game's data files (its package's data/: cards, tiles), which its state holds copies of: a changed card
    is replayed, not loaded as it was."""
    folder = Path(inspect.getfile(game_class(game))).parent / "data"
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")) if folder.is_dir() else []:
        if path.is_file():
            digest.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def due(entries: int, last: int, size: int = 0) -> bool:
    """Whether a game of ``entries`` entries whose last checkpoint (``size`` bytes) was written at ``last`` needs a
    new one."""
    return entries - last >= (EVERY if size <= SMALL else max(EVERY, entries // 10))


def dump(memory: TableMemory) -> Checkpoint:
    return Checkpoint(memory.next_seq, version(memory.engine.name),
                      zlib.compress(pickle.dumps(memory, protocol=pickle.HIGHEST_PROTOCOL), 1))


def load(checkpoint: Checkpoint | None, game: str, options: dict[str, Any], game_id: int) -> TableMemory | None:
    """The table's memory from ``checkpoint``, or None (none, of other formats, unreadable, another game's)."""
    if checkpoint is None:
        return None
    try:
        expected = version(game)
    except Exception as exc:  # an unknown game, its data unreadable: the replay says what is wrong
        log.warning("game %d: its checkpoint cannot be checked (%s); replaying its entries", game_id, exc)
        return None
    if checkpoint.version != expected:
        log.info("game %d: its checkpoint holds other formats (%s; this code: %s); replaying its entries", game_id,
                 checkpoint.version, expected)
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
    cache = getattr(memory.engine, "_cache", None)
    if isinstance(cache, dict):  # words and shapes the game's code worked out (Nexus): this code works them out again
        cache.clear()
    return memory
