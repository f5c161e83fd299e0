"""Work a game change's bus listeners leave for the thread that made the change, done once it lets the table's lock
go: the new game's mat read from a slow card holds up that phone's answer, not every move and phone."""

from __future__ import annotations

import logging
import threading
from typing import Callable

from companion.bus_failures import FailureLog

log = logging.getLogger(__name__)


class WorkAfterChange:
    def __init__(self) -> None:
        self._queued = threading.local()  # each thread's own: a change's listeners run on the changing thread
        self._failures = FailureLog(log, "the work after a game change")

    def add(self, work: Callable[[], None]) -> None:
        """``work`` left for this thread (a bus listener of the change calls it, under the table's lock)."""
        self._queued.__dict__.setdefault("work", []).append(work)

    def run(self) -> None:
        """This thread's work done, the table's lock let go. A failure is logged (bus_failures): the game has changed
        all the same, and the rest of the work is done."""
        for work in self._queued.__dict__.pop("work", []):
            try:
                work()
            except Exception as exc:
                self._failures.failed(exc)
            else:
                self._failures.worked()
