"""Keep a camera going: a source that fails is closed, waited for, and reopened.

Choice: ``read()`` *waits* through an outage rather than returning None,
because None means "end of a finite stream" to the pipeline. It returns a
frame once the camera is back, None only at the real end of the stream or
after ``close()`` (which any thread may call to interrupt a wait), and raises
SourceError only if ``max_attempts`` reopenings in a row have failed (the
default is to keep trying for ever, so an unplugged camera never takes the
service down).

Each change of state is reported through ``on_status(ok, message)`` so the
phones and the panel can say "camera lost" and "camera back".
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable

from companion.capture.base import Frame, FrameSource, SourceError

log = logging.getLogger(__name__)

StatusCallback = Callable[[bool, str], None]


class RetryingSource(FrameSource):
    """Wraps ``inner``; waits ``initial_delay``, then ``factor`` times longer each attempt, up to ``max_delay``."""

    def __init__(self, inner: FrameSource, on_status: StatusCallback | None = None, *, initial_delay: float = 0.5,
                 max_delay: float = 30.0, factor: float = 2.0, max_attempts: int | None = None,
                 clock: Callable[[], float] = time.monotonic, sleep: Callable[[float], None] | None = None) -> None:
        if initial_delay <= 0 or max_delay < initial_delay or factor < 1:
            raise ValueError("back-off needs 0 < initial_delay <= max_delay and factor >= 1")
        self.inner = inner
        self.on_status = on_status
        self.initial_delay = initial_delay
        self.max_delay = max_delay
        self.factor = factor
        self.max_attempts = max_attempts
        self._clock = clock
        self._stop = threading.Event()
        self._sleep = sleep or self._stop.wait
        self._lock = threading.RLock()  # on_status runs under it and may close() this source
        self._open = False            # inner is open and believed healthy
        self._down_since: float | None = None
        self._failed_attempts = 0
        self._delay = initial_delay
        self.ok = True
        self.message = ""
        self.outages = 0

    @property
    def description(self) -> str:  # type: ignore[override]
        return self.inner.description

    # -- FrameSource ---------------------------------------------------------------
    def open(self) -> None:
        """Open the camera if it is there; if not, report it and keep trying on ``read()``. Never raises."""
        self._stop.clear()
        with self._lock:
            try:
                self.inner.open()
                self._open = True
            except SourceError as exc:
                self._failed(exc)

    def read(self) -> Frame | None:
        while not self._stop.is_set():
            if not self._open:
                self._wait_before_retry()
                if self._stop.is_set():
                    break
                with self._lock:
                    if self._stop.is_set():
                        break
                    try:
                        self.inner.open()
                        self._open = True
                    except SourceError as exc:
                        self._failed(exc)
                        continue
            with self._lock:
                if self._stop.is_set():
                    break
                try:
                    frame = self.inner.read()
                except SourceError as exc:
                    self._failed(exc)
                    continue
            if self._down_since is not None:
                self._recovered()
            return frame
        return None

    def close(self) -> None:
        """Release the camera; safe from any thread, and wakes a ``read()`` waiting to retry."""
        self._stop.set()
        with self._lock:
            self._open = False
            _close_quietly(self.inner)

    # -- state changes ---------------------------------------------------------------
    def _failed(self, exc: SourceError) -> None:
        """Called with the lock held: close the inner source and say so if the news is new."""
        _close_quietly(self.inner)
        self._open = False
        message = str(exc) or "camera failed"
        if self._down_since is None:
            self._down_since = self._clock()
            self._failed_attempts = 0
            self._delay = self.initial_delay
            self.outages += 1
        else:
            self._failed_attempts += 1
            if self.max_attempts is not None and self._failed_attempts >= self.max_attempts:
                self._report(False, f"{message} (gave up after {self._failed_attempts} attempts)")
                raise SourceError(f"{self.inner.description}: {message}; gave up after "
                                  f"{self._failed_attempts} attempts") from exc
        if self.ok or message != self.message:
            self._report(False, message)

    def _wait_before_retry(self) -> None:
        delay = self._delay
        self._delay = min(self.max_delay, self._delay * self.factor)
        log.debug("retrying %s in %.1f s", self.inner.description, delay)
        self._sleep(delay)

    def _recovered(self) -> None:
        down_for = self._clock() - (self._down_since or self._clock())
        self._down_since = None
        self._failed_attempts = 0
        self._delay = self.initial_delay
        self._report(True, f"{self.inner.description} is back after {down_for:.0f} s")

    def _report(self, ok: bool, message: str) -> None:
        self.ok, self.message = ok, message
        if self.on_status is not None:
            try:
                self.on_status(ok, message)
            except Exception:  # noqa: BLE001 - a broken listener must not stop the camera
                log.exception("camera status listener failed")


def _close_quietly(source: FrameSource) -> None:
    try:
        source.close()
    except Exception:  # noqa: BLE001 - a vanished device may fail to close; it is released either way
        log.debug("closing %s failed", source.description, exc_info=True)
