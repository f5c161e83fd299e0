"""systemd supervision: tell systemd when the companion is ready, and keep its watchdog fed only while
the camera pipeline makes progress — a wedged pipeline is then restarted by systemd (``WatchdogSec=``).

The sd_notify protocol is one datagram on the unix socket named by
``$NOTIFY_SOCKET`` (``@`` = Linux abstract namespace); a few lines here rather
than a dependency. Outside systemd (no ``$NOTIFY_SOCKET``) every call is a no-op.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from typing import Callable, Mapping

log = logging.getLogger(__name__)


class Notifier:
    """Sends sd_notify messages such as ``READY=1``, ``WATCHDOG=1``, ``STOPPING=1``, ``STATUS=...``."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        self.address: str | None = ("\0" + address[1:] if address.startswith("@") else address) or None

    @property
    def active(self) -> bool:
        return self.address is not None

    def notify(self, message: str) -> bool:
        """Send ``message``; False (logged once at debug) if there is no socket or it cannot be reached."""
        if self.address is None:
            return False
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.connect(self.address)
                sock.sendall(message.encode("utf-8"))
            return True
        except OSError as exc:
            log.debug("sd_notify %r failed: %s", message, exc)
            return False


def watchdog_seconds(environ: Mapping[str, str] | None = None) -> float | None:
    """The watchdog period systemd set for this process (``WatchdogSec=``), None when there is none."""
    env = os.environ if environ is None else environ
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    pid = env.get("WATCHDOG_PID")
    if usec <= 0 or (pid and pid.isdigit() and int(pid) != os.getpid()):
        return None
    return usec / 1e6


class Heartbeat(threading.Thread):
    """Every half watchdog period: ``WATCHDOG=1`` if ``is_progressing()``, else nothing (and one log line),
    so systemd restarts a companion whose camera pipeline is stuck or dead."""

    def __init__(self, notifier: Notifier, period: float, is_progressing: Callable[[], bool]) -> None:
        super().__init__(name="watchdog-heartbeat", daemon=True)
        self.notifier = notifier
        self.interval = period / 2
        self.is_progressing = is_progressing
        self.beats = 0
        self._stop_event = threading.Event()

    def run(self) -> None:
        stalled = False
        while not self._stop_event.wait(self.interval):
            try:
                progressing = bool(self.is_progressing())
            except Exception:  # noqa: BLE001 - a failing check counts as no progress
                log.exception("watchdog: the progress check failed")
                progressing = False
            if progressing:
                self.notifier.notify("WATCHDOG=1")
                self.beats += 1
                stalled = False
            elif not stalled:
                stalled = True
                log.error("watchdog: the camera pipeline has made no progress; not telling systemd it is alive "
                          "(it restarts the service when WatchdogSec runs out)")
                self.notifier.notify("STATUS=camera pipeline stalled")

    def stop(self) -> None:
        self._stop_event.set()
