"""A part that keeps failing, logged as an evening can bear: the first failure with its traceback, then one line
every ``REPEAT_EVERY`` seconds counting the failures since, and one line when it works again.

Why: a bus listener (the panel, the profile, the hall's publisher) failing on every event wrote a full traceback per
event; a worn card or a lost broker then filled the journal with the same trace all evening, and hid what changed.
A failure of another kind (another exception type) is new: it gets its traceback too, once while it keeps failing
(two kinds taking turns, the card at one event and a bug at the next, would otherwise log a traceback at each).
"""

from __future__ import annotations

import logging
import threading
import time

#: seconds between two lines saying a part still fails
REPEAT_EVERY = 300.0


def now() -> float:
    return time.monotonic()


class FailureLog:
    """The failures of one part (``what``, as the log names it), said to ``logger``."""

    def __init__(self, logger: logging.Logger, what: str) -> None:
        self.log, self.what = logger, what
        self.kind: type[BaseException] | None = None  # the last failure's kind while it fails, None while it works
        self._kinds: set[type[BaseException]] = set()  # the kinds said with their traceback since it began to fail
        self.failures = 0  # since it began to fail
        self._since = 0.0  # time.time() at its first failure
        self._unsaid = 0  # failures since the last line
        self._said_at = 0.0  # now() at the last line
        self._lock = threading.Lock()  # events are published from several threads

    @property
    def failing(self) -> bool:
        return self.kind is not None

    def failed(self, exc: BaseException, context: str = "") -> None:
        """Call from the ``except`` that caught ``exc``; ``context``: what it was doing (an event's id)."""
        with self._lock:
            self._failed(exc, context)

    def _failed(self, exc: BaseException, context: str) -> None:
        self.failures += 1
        at = f" ({context})" if context else ""
        if self.kind is None:
            self._since, self.failures, self._kinds = time.time(), 1, set()
        self.kind = type(exc)
        if self.kind not in self._kinds:
            self._kinds.add(self.kind)
            self._unsaid, self._said_at = 0, now()
            self.log.error("%s failed%s; while it keeps failing, a line every %.0f s counts the failures",
                           self.what, at, REPEAT_EVERY, exc_info=exc)
            return
        self._unsaid += 1
        if now() - self._said_at >= REPEAT_EVERY:
            self.log.error("%s still fails: %d times since %s, %d since the last line (last%s: %s: %s)", self.what,
                           self.failures, _clock(self._since), self._unsaid, at, type(exc).__name__, exc)
            self._unsaid, self._said_at = 0, now()

    def worked(self) -> None:
        """Call when the part did its work: a part that was failing says it works again."""
        if self.kind is None:
            return
        with self._lock:
            if self.kind is not None:
                self._worked()

    def _worked(self) -> None:
        self.log.warning("%s works again, after %d failures since %s", self.what, self.failures, _clock(self._since))
        self.kind, self.failures, self._unsaid, self._kinds = None, 0, 0, set()


def _clock(at: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(at))
