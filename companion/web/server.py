"""Serving the app with waitress: one process, many threads (each open live stream holds one).

One process matters: the event bus is in memory, so every phone's stream must
be served by the process that referees the game.
"""

from __future__ import annotations

import logging
import threading

from flask import Flask
from waitress import create_server
from waitress.server import BaseWSGIServer

log = logging.getLogger(__name__)


class DisconnectsAtDebug(logging.Filter):
    """Waitress says "Client disconnected while serving ..." at INFO each time a phone closes its live
    stream (it sleeps, leaves the page): routine on a game night, so it becomes a DEBUG line."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno == logging.INFO and record.getMessage().startswith("Client disconnected while serving"):
            record.levelno, record.levelname = logging.DEBUG, "DEBUG"
            return logging.getLogger(record.name).isEnabledFor(logging.DEBUG)
        return True


def _quiet_disconnects(logger: logging.Logger) -> None:
    if not any(isinstance(f, DisconnectsAtDebug) for f in logger.filters):
        logger.addFilter(DisconnectsAtDebug())


class WebServer:
    """A waitress server that can run in the foreground or in a thread, and stop cleanly."""

    def __init__(self, app: Flask, host: str, port: int, threads: int) -> None:
        self.app = app
        self._server = create_server(app, host=host, port=port, threads=threads, ident="companion",
                                     clear_untrusted_proxy_headers=True, channel_timeout=60)
        _quiet_disconnects(logging.getLogger("waitress"))  # the logger waitress's channels use
        if not isinstance(self._server, BaseWSGIServer):
            self._server.close()
            raise ValueError(f"{host!r} resolves to several addresses; give one address to listen on")
        self._thread: threading.Thread | None = None

    @property
    def host(self) -> str:
        return self._server.effective_host

    @property
    def port(self) -> int:
        return int(self._server.effective_port)

    def serve_forever(self) -> None:
        self._server.run()

    def start(self) -> "WebServer":
        self._thread = threading.Thread(target=self._server.run, name="waitress", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 5.0) -> None:
        """End the live streams, then the worker threads, then the listening socket and connections."""
        ctx = self.app.extensions["companion"]
        ctx.closing.set()
        ctx.service.bus.publish("notice", {"kind": "info", "message": "The companion is restarting",
                                           "message_fr": "Le compagnon redémarre"})
        self._server.task_dispatcher.shutdown(timeout=timeout)
        from waitress import wasyncore

        def close_everything() -> None:
            wasyncore.close_all(self._server._map)

        if self._thread is not None and self._thread.is_alive():
            # Close inside the server's own loop: closing its sockets from here while it sits in
            # select() makes that thread die with "Bad file descriptor".
            try:
                self._server.trigger.pull_trigger(close_everything)
            except OSError:  # the loop already closed its trigger: it is on its way out
                pass
            self._thread.join(timeout)
        else:
            close_everything()
