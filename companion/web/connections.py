"""Waitress's connections, guarded against slow, idle and greedy clients.

Waitress serves every connection from one loop and stops accepting at ``connection_limit`` (all clients
together), so a hundred idle or slow sockets (one header line every 20 s) lock every phone out. Here:

- a request's headers must arrive within ``header_timeout`` of its first byte, the whole request within
  ``body_timeout``, and a connection with nothing asked is closed after ``idle_timeout``;
- a response the client stops reading (output waiting, nothing sent for ``send_timeout``; a phone gone off the
  Wi-Fi, whose kernel buffers would otherwise absorb a live stream for many minutes: ``TCP_USER_TIMEOUT``) is
  closed, which frees the worker thread that writes it;
- one client address holds at most ``connections_per_address`` connections and all clients at most
  ``max_connections``: a new connection over either cap first closes the quietest connection that has no request
  in progress (the one whose partial request began longest ago, else the longest idle); when every one is busy the
  new connection is answered 503 with ``Retry-After`` and closed. Ordinary requests therefore always get through
  idle and slow sockets.
"""

from __future__ import annotations

import logging
import socket
import time
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import TcpWSGIServer

from companion.config import defaults
from companion.web.validation import MAX_BODY_BYTES

log = logging.getLogger(__name__)

#: Seconds a client refused at the door is asked to wait before trying again.
RETRY_AFTER = 5

_REFUSAL_TEXT = b"too many connections from here; try again\n"
REFUSAL = (b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: %d\r\nContent-Type: text/plain\r\nConnection: close\r\n"
           b"Content-Length: %d\r\n\r\n%s" % (RETRY_AFTER, len(_REFUSAL_TEXT), _REFUSAL_TEXT))


@dataclass(frozen=True)
class ConnectionLimits:
    """The caps and deadlines of the ``[service]`` section (``companion config`` says what each one means)."""

    max_connections: int
    connections_per_address: int
    idle_timeout: float
    header_timeout: float
    body_timeout: float
    send_timeout: float

    @classmethod
    def from_settings(cls, settings: Mapping[str, Any] | None = None) -> "ConnectionLimits":
        """From the service's settings; None: the defaults (declared once, in companion/config.py)."""
        settings = defaults("service") if settings is None else settings
        return cls(**{name: settings[name] for name in cls.__dataclass_fields__})


class BodyLimitParser(HTTPRequestParser):
    """A request whose Content-Length is over the app's limit goes to the app without its body being read (waitress
    would read it, up to 1 GiB and spooled to disk, before the app could refuse it): the app answers its own 413 from
    the header alone, and the connection is closed after the answer. A chunked body, whose size is known only once
    read, is bounded by waitress's ``max_request_body_size`` instead."""

    body_limit = MAX_BODY_BYTES

    def parse_header(self, header_plus: bytes) -> None:
        super().parse_header(header_plus)
        if not self.chunked and self.content_length > self.body_limit:
            self.body_rcv = None  # the request is complete with its headers; wsgi.input is empty
            self.content_length = 0  # waitress's own check would answer a plain-text 413 instead of the app's JSON
            self.expect_continue = False
            self.headers["CONNECTION"] = "close"


class GuardedChannel(HTTPChannel):
    """An HTTP connection that knows when its current request began, and can be refused or judged overdue."""

    parser_class = BodyLimitParser

    request_started: float | None = None  # time.time() of the first byte of the request being received
    refused = False
    _timed_request: Any = None
    _refused_tail = b""

    def received(self, data: bytes) -> bool:
        if self.refused:  # read and dropped up to the end of the headers, then closed: a reset could lose the 503
            seen = self._refused_tail + data
            self._refused_tail = seen[-3:]
            if b"\r\n\r\n" in seen:
                self.close_when_flushed = True
            return True
        result = super().received(data)
        if self.request is not self._timed_request:
            self._timed_request = self.request
            self.request_started = time.time() if self.request is not None else None
        return result

    def readable(self) -> bool:
        if self.refused:
            return not (self.will_close or self.close_when_flushed)
        return super().readable()

    def refuse(self) -> None:
        """Answer 503 + Retry-After to whatever the client sends, then close."""
        self.refused = True
        with self.outbuf_lock:
            self.outbufs[-1].append(REFUSAL)
            self.current_outbuf_count += len(REFUSAL)
            self.total_outbufs_len += len(REFUSAL)

    @property
    def busy(self) -> bool:
        """A request is being served (or queued for a thread): never closed to make room."""
        return bool(self.requests)

    def quiet_since(self) -> float:
        """When this connection last showed it was worth keeping: its partial request's first byte, else its
        last activity."""
        return self.request_started if self.request is not None and self.request_started else self.last_activity

    def overdue(self, now: float, limits: ConnectionLimits) -> str | None:
        """Why this connection should be closed now, or None."""
        if self.refused:
            return "refused" if now - self.creation_time > limits.header_timeout else None
        if self.busy:
            if self.total_outbufs_len and now - self.last_activity > limits.send_timeout:
                return f"its client read nothing for {limits.send_timeout:g} s"
            return None
        request = self.request
        if request is None:
            return f"idle for {limits.idle_timeout:g} s" if now - self.last_activity > limits.idle_timeout else None
        started = self.request_started or self.creation_time
        if not request.headers_finished and now - started > limits.header_timeout:
            return f"its request's headers took more than {limits.header_timeout:g} s"
        if request.headers_finished and now - started > limits.body_timeout:
            return f"its request's body took more than {limits.body_timeout:g} s"
        return None


class GuardedServer(TcpWSGIServer):
    """Waitress's TCP server with the caps and deadlines above (set ``limits`` before serving)."""

    channel_class = GuardedChannel
    limits = ConnectionLimits.from_settings()
    _refusal_logged = 0.0

    def maintenance(self, now: float) -> None:
        """Runs every ``cleanup_interval`` from the server loop: closes the overdue connections."""
        for channel in list(self.active_channels.values()):
            reason = channel.overdue(now, self.limits)
            if reason is not None and not channel.will_close:
                if not channel.refused:
                    log.debug("closing the connection from %s: %s", channel.addr[0], reason)
                channel.will_close = True

    def handle_accept(self) -> None:
        try:
            accepted = self.accept()
            if accepted is None:
                return
            conn, addr = accepted
            self.set_socket_options(conn)
        except OSError:
            if self.adj.log_socket_errors:
                self.logger.warning("server accept() threw an exception", exc_info=True)
            return
        addr = self.fix_addr(addr)
        room = self._make_room(addr[0])
        channel = self.channel_class(self, conn, addr, self.adj, map=self._map)
        if not room:
            now = time.monotonic()
            loud = now - self._refusal_logged > 60  # a flood of refusals is one line a minute
            self._refusal_logged = now if loud else self._refusal_logged
            (log.warning if loud else log.debug)("refused a connection from %s: too many busy connections", addr[0])
            channel.refuse()

    def _make_room(self, host: str) -> bool:
        """Close a quiet connection when ``host``'s or everyone's are at their cap; False if all are busy."""
        open_channels = [c for c in self.active_channels.values() if not (c.will_close or c.refused)]
        mine = [c for c in open_channels if c.addr and c.addr[0] == host]
        if len(mine) >= self.limits.connections_per_address and not self._close_quietest(mine, "from " + host):
            return False
        if len(open_channels) >= self.limits.max_connections and not self._close_quietest(open_channels, "in all"):
            return False
        return True

    def _close_quietest(self, channels: Iterable[GuardedChannel], where: str) -> bool:
        quiet = [c for c in channels if not c.busy and not c.will_close]
        if not quiet:
            return False
        victim = min(quiet, key=GuardedChannel.quiet_since)
        log.debug("too many connections %s: closing the quietest, from %s", where, victim.addr[0])
        victim.handle_close()  # quiet: no worker thread holds it, so the loop may close it at once
        return True


def socket_options(limits: ConnectionLimits) -> list[tuple[int, int, int]]:
    """Options for each accepted socket: waitress's TCP_NODELAY, and TCP_USER_TIMEOUT so that data a vanished
    client never acknowledges fails the connection within ``send_timeout`` (the kernel would retry for minutes)."""
    options = [(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)]
    if hasattr(socket, "TCP_USER_TIMEOUT"):
        options.append((socket.IPPROTO_TCP, socket.TCP_USER_TIMEOUT, int(limits.send_timeout * 1000)))
    return options
