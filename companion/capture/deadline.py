"""Calls into camera drivers that may never return, bounded by a deadline.

A camera that stops sending ("frontend has timed out" on a loose ribbon) can
leave a driver call blocked for ever, and Python cannot interrupt a thread.
So the call runs on a short-lived daemon thread and the caller waits at most
``timeout`` seconds: past that it gets a SourceError it can report, and the
stuck thread is abandoned (it dies with the process, or returns on its own
when the device is closed).
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable, TypeVar

from companion.capture.base import SourceError

T = TypeVar("T")


class CameraTimeout(SourceError):
    """A camera call did not return in time."""


class Cancelled(SourceError):
    """The wait for a camera call was given up because the source is being closed."""


def call_with_timeout(fn: Callable[..., T], timeout: float, what: str, *args: Any,
                      cancel: threading.Event | None = None, **kwargs: Any) -> T:
    """``fn(*args, **kwargs)``, or CameraTimeout naming ``what`` after ``timeout`` seconds (Cancelled at once
    when ``cancel`` is set); exceptions pass through."""
    result: dict[str, Any] = {}
    done = threading.Event()

    def call() -> None:
        try:
            result["value"] = fn(*args, **kwargs)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller as it is
            result["error"] = exc
        finally:
            done.set()

    worker = threading.Thread(target=call, name=f"camera-call: {what}", daemon=True)
    worker.start()
    deadline = time.monotonic() + timeout
    while not done.wait(min(0.05, max(0.0, deadline - time.monotonic()))):
        if cancel is not None and cancel.is_set():
            raise Cancelled(f"stopped while {what}", f"arrêtée pendant : {what}")
        if time.monotonic() >= deadline:
            break
    if not done.is_set():
        raise CameraTimeout(f"{what} did not finish within {timeout:g} s (camera not responding: cable loose?)",
                            f"la caméra ne répond plus : rien en {timeout:g} s (câble mal branché ?)")
    if "error" in result:
        raise result["error"]
    return result["value"]
