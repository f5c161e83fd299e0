"""Calls into camera drivers that may never return, bounded by a deadline, with at most one left stuck.

A camera that stops sending ("frontend has timed out" on a loose ribbon) can
leave a driver call blocked for ever, and Python cannot interrupt a thread.
So the call runs on a short-lived daemon thread and the caller waits at most
``timeout`` seconds: past that it gets a SourceError it can report, and the
stuck thread is abandoned (it dies with the process, or returns on its own
when the device is closed).

Abandoned threads must not pile up while a camera stays hung (one per retry
was a thread every few seconds): calls go through a ``CallGate``, which keeps
the one call still stuck. The next call waits for it, up to its own timeout,
and if it is still stuck is not made at all: it fails loudly (CameraStuck,
logged once as a warning) instead of starting another thread.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any, Callable, TypeVar

from companion.capture.base import SourceError

log = logging.getLogger(__name__)

T = TypeVar("T")

POLL = 0.05  # seconds between looks at ``cancel`` while waiting


class CameraTimeout(SourceError):
    """A camera call did not return in time."""


class CameraStuck(CameraTimeout):
    """A camera call was not made: the one before it is still stuck in the driver."""


class Cancelled(SourceError):
    """The wait for a camera call was given up because the source is being closed."""


def _wait(done: threading.Event, until: float, cancel: threading.Event | None, what: str) -> bool:
    """Wait for ``done`` until the monotonic time ``until``; Cancelled as soon as ``cancel`` is set."""
    while not done.wait(min(POLL, max(0.0, until - time.monotonic()))):
        if cancel is not None and cancel.is_set():
            raise Cancelled(f"stopped while {what}", f"arrêtée pendant : {what}")
        if time.monotonic() >= until:
            return False
    return True


class CallGate:
    """Bounded calls into one device, one at a time on their own thread, never more than one abandoned."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._lock = threading.Lock()
        self._stuck: tuple[threading.Event, str, float, bool] | None = None  # done, what, since, warned

    @property
    def stuck(self) -> str | None:
        """What the call still stuck was doing, or None."""
        with self._lock:
            stuck = self._stuck
            if stuck is not None and stuck[0].is_set():
                self._stuck = stuck = None
        return stuck[1] if stuck is not None else None

    def call(self, fn: Callable[..., T], timeout: float, what: str, *args: Any,
             cancel: threading.Event | None = None, **kwargs: Any) -> T:
        """``fn(*args, **kwargs)``, or CameraTimeout naming ``what`` after ``timeout`` seconds (CameraStuck when
        the previous call is still stuck after waiting that long for it; Cancelled at once when ``cancel`` is
        set); exceptions pass through."""
        self._wait_for_stuck(timeout, what, cancel)
        result: dict[str, Any] = {}
        done = threading.Event()

        def run() -> None:
            try:
                result["value"] = fn(*args, **kwargs)
            except BaseException as exc:  # noqa: BLE001 - handed to the caller as it is
                result["error"] = exc
            finally:
                done.set()

        worker = threading.Thread(target=run, name=f"camera-call: {what}", daemon=True)
        started = time.monotonic()
        worker.start()
        try:
            finished = _wait(done, started + timeout, cancel, what)
        except Cancelled:
            self._keep_if_stuck(done, what, started)
            raise
        if not finished:
            self._keep_if_stuck(done, what, started)
            raise CameraTimeout(f"{what} did not finish within {timeout:g} s (camera not responding: cable loose?)",
                                f"la caméra ne répond plus : rien en {timeout:g} s (câble mal branché ?)")
        if "error" in result:
            raise result["error"]
        return result["value"]

    def _keep_if_stuck(self, done: threading.Event, what: str, started: float) -> None:
        with self._lock:
            if not done.is_set():
                self._stuck = (done, what, started, False)

    def _wait_for_stuck(self, timeout: float, what: str, cancel: threading.Event | None) -> None:
        with self._lock:
            stuck = self._stuck
        if stuck is None:
            return
        done, stuck_what, since, warned = stuck
        if not _wait(done, time.monotonic() + timeout, cancel, what):
            age = time.monotonic() - since
            with self._lock:
                if self._stuck is stuck:
                    self._stuck = (done, stuck_what, since, True)
            (log.debug if warned else log.warning)(
                "%s: %s not tried: %s has been stuck in the driver for %.0f s (no new thread is started while "
                "it is; reconnect the camera or restart the companion if it stays so)", self.name, what,
                stuck_what, age)
            # the same words at every retry (the time it stuck, not its age): news is told once, not each retry
            stuck_at = time.strftime("%H:%M:%S", time.localtime(time.time() - age))
            raise CameraStuck(f"{what} not tried: {stuck_what} has been stuck since {stuck_at} "
                              "(camera not responding: reconnect it or restart the companion)",
                              f"la caméra ne répond plus : bloquée depuis {stuck_at} (rebranchez-la ou "
                              "redémarrez le compagnon)")
        with self._lock:
            if self._stuck is stuck:
                self._stuck = None


def call_with_timeout(fn: Callable[..., T], timeout: float, what: str, *args: Any,
                      cancel: threading.Event | None = None, **kwargs: Any) -> T:
    """A one-off bounded call (a fresh gate): for calls made once, never in a retry loop."""
    return CallGate(what).call(fn, timeout, what, *args, cancel=cancel, **kwargs)
