"""Per game, the first journal entry the broker has not acknowledged: where a table resumes after an outage or a
restart (``data_dir/hall-acked.json``)."""

from __future__ import annotations

import collections
import json
import logging
from pathlib import Path

from companion.files import write_atomically
from companion.journal import Journal

log = logging.getLogger(__name__)

LEDGER_FILE = "hall-acked.json"


class AckLedger:
    """Per game, the first journal seq the broker has not acknowledged, kept in the data directory."""

    def __init__(self, path: Path, journal: Journal) -> None:
        self.path = path
        self._acked: dict[int, int] = {}
        self._seen: dict[int, set[int]] = collections.defaultdict(set)  # acknowledged past a gap
        self.changed = False
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            self._acked = {int(g): int(n) for g, n in data["acked"].items()}
        except FileNotFoundError:
            # First time: the games played before the table joined a hall stay home, the one at the table goes.
            current = journal.unfinished()
            self._acked = {g: n for g, n in journal.entry_counts().items() if current is None or g != current.id}
            self.changed = True
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            log.warning("%s is unreadable (%s): every entry of the journal is sent again", path, exc)
            self.changed = True

    def next(self, game_id: int) -> int:
        return self._acked.get(game_id, 0)

    def ack(self, game_id: int, seq: int) -> None:
        first = self._acked.get(game_id, 0)
        if seq < first:
            return
        seen = self._seen[game_id]
        seen.add(seq)
        while first in seen:
            seen.discard(first)
            first += 1
        if not seen:
            del self._seen[game_id]
        self._acked[game_id] = first
        self.changed = True

    def save(self) -> None:
        write_atomically(self.path, json.dumps({"acked": {str(g): n for g, n in self._acked.items()}}))
        self.changed = False
