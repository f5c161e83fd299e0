"""Keep a camera going: a source that fails or stops sending is reported, closed, waited for, and reopened.

Choice: ``read()`` *waits* through an outage rather than returning None,
because None means "end of a finite stream" to the pipeline. It returns a
frame once the camera is back, None only at the real end of the stream or
after ``close()`` (which any thread may call, and which returns within
``close_timeout`` seconds even when the driver hangs), and raises SourceError
only if ``max_attempts`` reopenings in a row have failed (the default is to
keep trying for ever, so an unplugged camera never takes the service down).

Every call into the camera is bounded (``frame_timeout`` for a picture,
``open_timeout`` for opening): a camera that stops sending without an error
is a lost camera too. Loss is reported *before* the device is closed, so the
panel and the phones know even if closing hangs. Opening and reading go through
one CallGate and closing through another, so however long the camera stays
hung, at most one capture call and one close are left stuck: a retry waits for
the stuck call or fails loudly without starting another thread.

Each change of state is reported through ``on_status(ok, text)`` (a ``Text``: English and French) so the
phones and the panel can say "camera lost" and "camera back".
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable

from companion.capture.base import Frame, FrameSource, SourceError, WrappedSource
from companion.capture.deadline import CallGate, Cancelled
from companion.core import Text

log = logging.getLogger(__name__)

StatusCallback = Callable[[bool, Text], None]


class RetryingSource(WrappedSource):
    """Wraps ``inner``; waits ``initial_delay``, then ``factor`` times longer each attempt, up to ``max_delay``."""

    def __init__(self, inner: FrameSource, on_status: StatusCallback | None = None, *, initial_delay: float = 0.5,
                 max_delay: float = 5.0, factor: float = 2.0, max_attempts: int | None = None,
                 frame_timeout: float = 5.0, open_timeout: float = 20.0, close_timeout: float = 2.0,
                 clock: Callable[[], float] = time.monotonic, sleep: Callable[[float], None] | None = None) -> None:
        if initial_delay <= 0 or max_delay < initial_delay or factor < 1:
            raise ValueError("back-off needs 0 < initial_delay <= max_delay and factor >= 1")
        self.inner = inner
        self.on_status = on_status
        self.initial_delay = initial_delay
        self.max_delay = max_delay
        self.factor = factor
        self.max_attempts = max_attempts
        self.frame_timeout = frame_timeout
        self.open_timeout = open_timeout
        self.close_timeout = close_timeout
        self._clock = clock
        self._calls = CallGate(f"{inner.description}")  # opening and reading: one stuck at most
        self._closes = CallGate(f"{inner.description} (closing)")
        self._stop = threading.Event()
        self._sleep = sleep or self._stop.wait
        self._lock = threading.RLock()  # guards the state below, never held during a camera call
        self._open = False            # inner is open and believed healthy
        self._down_since: float | None = None
        self._failed_attempts = 0
        self._delay = initial_delay
        self.ok = True
        self.text = Text("", "")  # the last news, in every language
        self.outages = 0
        #: time.monotonic() of the last sign of life (a frame, an attempt to reopen): the service's watchdog reads it
        self.last_activity = time.monotonic()

    # -- FrameSource ---------------------------------------------------------------
    def open(self) -> None:
        """Open the camera if it is there; if not, report it and keep trying on ``read()``. Never raises."""
        self._stop.clear()
        self._try_open()

    def read(self) -> Frame | None:
        while not self._stop.is_set():
            self.last_activity = time.monotonic()
            if not self._open:
                self._wait_before_retry()
                if self._stop.is_set() or not self._try_open():
                    continue
            try:
                frame = self._calls.call(self.inner.read, self.frame_timeout, f"reading {self.description}",
                                         cancel=self._stop)
            except Cancelled:
                break
            except SourceError as exc:
                self._failed(exc)
                continue
            if self._stop.is_set():
                break
            if self._down_since is not None and frame is not None:
                self._recovered()
            self.last_activity = time.monotonic()
            return frame
        return None

    def close(self) -> None:
        """Release the camera; safe from any thread, wakes a waiting ``read()``, returns within ``close_timeout``."""
        self._stop.set()
        with self._lock:
            self._open = False
        self._close_inner()

    # -- state changes ---------------------------------------------------------------
    def _try_open(self) -> bool:
        try:
            self._calls.call(self.inner.open, self.open_timeout, f"opening {self.description}", cancel=self._stop)
        except Cancelled:
            self._close_inner()
            return False
        except SourceError as exc:
            self._failed(exc)
            return False
        if self._stop.is_set():  # closed while it was opening: release what was just opened
            self._close_inner()
            return False
        with self._lock:
            self._open = True
        return True

    def _failed(self, exc: SourceError) -> None:
        """Report the news first (if it is new), then release the device: closing a hung camera may hang too."""
        with self._lock:
            self._open = False
            text = exc.text if str(exc) else Text("camera failed", "la caméra a échoué")
            if self._down_since is None:
                self._down_since = self._clock()
                self._failed_attempts = 0
                self._delay = self.initial_delay
                self.outages += 1
                gave_up = False
            else:
                self._failed_attempts += 1
                gave_up = self.max_attempts is not None and self._failed_attempts >= self.max_attempts
            news = self.ok or text.en != self.text.en
        if gave_up:
            self._report(False, Text(f"{text.en} (gave up after {self._failed_attempts} attempts)",
                                     f"{text.fr} (abandon après {self._failed_attempts} essais)"))
            self._close_inner()
            raise SourceError(f"{self.inner.description}: {text.en}; gave up after "
                              f"{self._failed_attempts} attempts",
                              f"{self.inner.description_fr} : {text.fr} ; abandon après "
                              f"{self._failed_attempts} essais") from exc
        if news:
            self._report(False, text)
        self._close_inner()

    def _close_inner(self) -> None:
        try:
            self._closes.call(self.inner.close, self.close_timeout, f"closing {self.description}")
        except Exception:  # noqa: BLE001 - a vanished device may fail or hang on close; it is abandoned either way
            log.debug("closing %s failed", self.inner.description, exc_info=True)

    def _wait_before_retry(self) -> None:
        delay = self._delay
        self._delay = min(self.max_delay, self._delay * self.factor)
        log.debug("retrying %s in %.1f s", self.inner.description, delay)
        self._sleep(delay)
        self.last_activity = time.monotonic()

    def _recovered(self) -> None:
        down_for = self._clock() - (self._down_since or self._clock())
        self._down_since = None
        self._failed_attempts = 0
        self._delay = self.initial_delay
        self._report(True, Text(f"{self.inner.description} is back after {down_for:.0f} s",
                                f"{self.inner.description_fr} est de retour après {down_for:.0f} s"))

    def _report(self, ok: bool, text: Text) -> None:
        self.ok, self.text = ok, text
        if self.on_status is not None:
            try:
                self.on_status(ok, text)
            except Exception:  # noqa: BLE001 - a broken listener must not stop the camera
                log.exception("camera status listener failed")
