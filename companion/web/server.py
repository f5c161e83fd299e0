"""Serving the app with waitress: one process, many threads (each open live stream holds one).

One process matters: the event bus is in memory, so every phone's stream must
be served by the process that referees the game. Slow, idle and greedy clients
are kept in check by companion/web/connections.py; bodies over the app's limit
are refused by waitress before it reads them (it would spool them to disk).
"""

from __future__ import annotations

import logging
import os
import threading

from flask import Flask
from waitress.adjustments import Adjustments
from waitress.server import BaseWSGIServer
from waitress.trigger import trigger as WaitressTrigger

from companion.web.connections import ConnectionLimits, GuardedServer, socket_options
from companion.web.validation import MAX_BODY_BYTES

log = logging.getLogger(__name__)

#: A chunked body (its size unknown until read) over this is answered 413 by waitress; under it, held in memory
#: (below ``inbuf_overflow``, never spooled to disk), it reaches the app, which refuses it past MAX_BODY_BYTES and
#: says so. A body with a Content-Length over MAX_BODY_BYTES is never read (connections.BodyLimitParser).
MAX_CHUNKED_BODY = 4 * MAX_BODY_BYTES
#: Request line and headers: a phone sends about 1 KiB (its cookie included); waitress's default is 256 KiB.
MAX_REQUEST_HEADERS = 16 * 1024


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


class WakeUpPipe(WaitressTrigger):
    """The pipe that wakes waitress's loop, left alone once closed.

    Waitress's own pipe, pulled by a worker thread that outlived its server (a request still being answered when the
    server closed), writes b"x" to the fd number the pipe had; by then that number may be another connection's (a
    phone's live stream reads a stray byte: ERR_INVALID_CHUNKED_ENCODING) or a file's (the hall's SQLite journal).
    Its write end does not block either: a full pipe already wakes the loop."""

    def __init__(self, map: dict) -> None:
        self._fds_lock = threading.Lock()
        super().__init__(map)
        os.set_blocking(self.trigger, False)

    def _physical_pull(self) -> None:
        with self._fds_lock:
            if self._closed:
                return
            try:
                os.write(self.trigger, b"x")
            except BlockingIOError:
                pass

    def _close(self) -> None:
        with self._fds_lock:
            super()._close()


def use_wake_up_pipe(server) -> None:
    """Give a waitress server (before it runs) a WakeUpPipe in place of its own; waitress.create_server's server for
    several addresses has one per address."""
    listeners = [server] if isinstance(server, BaseWSGIServer) else [
        each for each in list(server.map.values()) if isinstance(each, BaseWSGIServer)]
    for listener in listeners:
        own, listener.trigger = listener.trigger, WakeUpPipe(listener._map)
        own.close()


class WebServer:
    """A waitress server that can run in the foreground or in a thread, and stop cleanly."""

    def __init__(self, app: Flask, host: str, port: int, threads: int) -> None:
        """Caps and deadlines come from the app's service configuration (``[service]``)."""
        self.app = app
        ctx = app.extensions["companion"]
        limits = ConnectionLimits.from_settings(ctx.service.config["service"])
        # the app sized its stream gate for service.threads: this server may have fewer
        ctx.streams.limit = min(ctx.streams.limit, ctx.streams.limit_for(threads))
        adj = Adjustments(
            host=host, port=port, threads=threads, ident="companion", clear_untrusted_proxy_headers=True,
            # waitress stops accepting at connection_limit; GuardedServer keeps max_connections below it by closing
            # quiet connections, and the room above is for the few refused with a 503
            connection_limit=limits.max_connections + 32,
            cleanup_interval=1,  # GuardedServer.maintenance: the deadlines, checked every second
            max_request_body_size=MAX_CHUNKED_BODY, inbuf_overflow=2 * MAX_CHUNKED_BODY,
            max_request_header_size=MAX_REQUEST_HEADERS,
            asyncore_use_poll=True,  # select() fails past file descriptor 1024
            # read on while a request is served, so a phone closing its live stream is seen at once (the stream
            # asks environ["waitress.client_disconnected"]) rather than at its next keep-alive
            channel_request_lookahead=1,
        )
        adj.socket_options = socket_options(limits)  # not a keyword waitress takes
        if len(adj.listen) != 1:
            raise ValueError(f"{host!r} resolves to several addresses; give one address to listen on")
        self._server = GuardedServer(app, map={}, adj=adj, sockinfo=adj.listen[0], _start=False)
        self._server.limits = limits
        use_wake_up_pipe(self._server)
        self._server.accept_connections()
        if hasattr(ctx.links, "serve_on"):  # the join links follow the port bound (0 asks for any free one)
            ctx.links.serve_on(self.port)
        _quiet_disconnects(logging.getLogger("waitress"))  # the logger waitress's channels use
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
            # select() makes that thread die with "Bad file descriptor". (A closed pipe ignores the pull: the loop
            # already closed everything and is on its way out.)
            self._server.trigger.pull_trigger(close_everything)
            self._thread.join(timeout)
        else:
            close_everything()
