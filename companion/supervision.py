"""systemd supervision: tell systemd when the companion is ready, and keep its watchdog fed only while
the camera pipeline makes progress and the web server answers a request made from inside the service — a
wedged pipeline or a stuck web server is then restarted by systemd (``WatchdogSec=``).

The sd_notify protocol is one datagram on the unix socket named by
``$NOTIFY_SOCKET`` (``@`` = Linux abstract namespace); a few lines here rather
than a dependency. Outside systemd (no ``$NOTIFY_SOCKET``) every call is a no-op.
"""

from __future__ import annotations

import http.client
import logging
import os
import socket
import threading
import time
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


class WebProbe(threading.Thread):
    """Asks the web server for ``/api/info`` over loopback every ``every`` seconds, as a phone would;
    ``answering()`` holds while an answer came within the last ``fresh`` seconds. A server whose loop stopped, or
    whose worker threads are all held, answers nothing."""

    def __init__(self, host: str, port: int, every: float, fresh: float, timeout: float = 5.0,
                 path: str = "/api/info") -> None:
        super().__init__(name="watchdog-web-probe", daemon=True)
        # Listening on every interface: ask over loopback (the Host header is then an IP literal, always allowed).
        self.host = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)
        self.port, self.every, self.fresh, self.timeout, self.path = port, every, fresh, timeout, path
        self.answered_at = time.monotonic()  # the server was just bound; the first question goes at once
        self._stop_event = threading.Event()

    def ask(self) -> bool:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        try:
            connection.request("GET", self.path, headers={"Connection": "close"})
            response = connection.getresponse()
            response.read()
            return response.status == 200
        except (OSError, http.client.HTTPException) as exc:
            log.debug("watchdog: the web server did not answer %s: %s", self.path, exc)
            return False
        finally:
            connection.close()

    def run(self) -> None:
        while not self._stop_event.is_set():
            if self.ask():
                self.answered_at = time.monotonic()
            self._stop_event.wait(self.every)

    def answering(self) -> bool:
        return time.monotonic() - self.answered_at < self.fresh

    def stop(self) -> None:
        self._stop_event.set()


class Heartbeat(threading.Thread):
    """Every half watchdog period: ``WATCHDOG=1`` if ``is_progressing()`` and (when given) ``web_answers()``, else
    nothing (and one log line per kind of stall), so systemd restarts a companion whose camera pipeline or web
    server is stuck or dead."""

    STALLS = {
        "camera": ("the camera pipeline has made no progress", "camera pipeline stalled"),
        "web": ("the web server has not answered a request made from inside the service", "web server not answering"),
    }

    def __init__(self, notifier: Notifier, period: float, is_progressing: Callable[[], bool],
                 web_answers: Callable[[], bool] | None = None) -> None:
        super().__init__(name="watchdog-heartbeat", daemon=True)
        self.notifier = notifier
        self.interval = period / 2
        self.is_progressing = is_progressing
        self.web_answers = web_answers
        self.beats = 0
        self._stop_event = threading.Event()

    @staticmethod
    def _holds(check: Callable[[], bool], name: str) -> bool:
        try:
            return bool(check())
        except Exception:  # noqa: BLE001 - a failing check counts as a stall
            log.exception("watchdog: the %s check failed", name)
            return False

    def run(self) -> None:
        stalled: str | None = None
        while not self._stop_event.wait(self.interval):
            if not self._holds(self.is_progressing, "camera"):
                stall = "camera"
            elif self.web_answers is not None and not self._holds(self.web_answers, "web"):
                stall = "web"
            else:
                self.notifier.notify("WATCHDOG=1")
                self.beats += 1
                stalled = None
                continue
            if stall != stalled:
                stalled = stall
                why, status = self.STALLS[stall]
                log.error("watchdog: %s; not telling systemd it is alive (it restarts the service when WatchdogSec "
                          "runs out)", why)
                self.notifier.notify(f"STATUS={status}")

    def stop(self) -> None:
        self._stop_event.set()
