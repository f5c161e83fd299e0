"""Live updates as Server-Sent Events, resumable by event id.

Each bus event is sent with its id. A phone that sleeps and wakes reconnects
with ``Last-Event-ID`` (browsers do this by themselves) or ``?last_id=`` and
receives every event it missed; when the bus no longer holds them, or the
service restarted and its ids began again, it gets a ``reset`` event and
reloads the state instead. Each connection begins by naming the code the page
is served now (``served``): a phone open across a software update reloads its
page. A comment line every few seconds keeps NAT and Wi-Fi power saving from
silently dropping the connection, and lets the server notice a phone that went
away, so its thread is freed.
"""

from __future__ import annotations

import json
import time
from typing import Callable, Iterator

from flask import Blueprint, Response, request

from companion.bus import BusEvent, EventBus
from companion.web.app import WebContext, context
from companion.web.validation import ApiError

blueprint = Blueprint("stream", __name__, url_prefix="/api")

RETRY_MS = 2000
#: how often a waiting stream checks that its phone is still connected (waitress tells, see server.py)
GONE_CHECK_SECONDS = 1.0


def format_event(event: BusEvent) -> bytes:
    return f"id: {event.id}\nevent: {event.topic}\ndata: {event.text}\n\n".encode()


def _reset(bus_id: int, reason: str) -> bytes:
    return f"id: {bus_id}\nevent: reset\ndata: {json.dumps({'reason': reason})}\n\n".encode()


def _requested_id() -> int | None:
    raw = request.headers.get("Last-Event-ID") or request.args.get("last_id")
    if raw is None or raw == "":
        return None
    raw = raw.strip()
    if not raw.isascii() or not raw.isdigit() or len(raw) > 18:
        raise ApiError(400, "bad_last_id", "last_id must be a non-negative integer")
    return int(raw)


def events_after(ctx: WebContext, bus: EventBus, current: int,
                 gone: Callable[[], bool] = lambda: False) -> Iterator[bytes]:
    """The byte stream for one phone: every event after ``current``, then each new one as it comes, until
    ``gone()`` says the phone closed the connection (its thread and stream slot are then freed within a second,
    not at the next keep-alive: a phone reloading its page must not find its own old streams in the way)."""
    # Ids from an earlier run of the service: what the phone holds is stale. Its new place is taken before the first
    # byte goes out, so an event published once the phone has read the first lines comes after the reset, not in it.
    restarted = current > bus.last_id
    if restarted:
        current = bus.last_id
    yield f"retry: {RETRY_MS}\n\n".encode()
    # once per connection, no id (the phone's place in the stream is kept): the page served now, to a phone whose
    # page may be older (a software update restarted the service while it was open: it reloads, web/js/update.js)
    yield f"event: served\ndata: {json.dumps({'code': ctx.served_code})}\n\n".encode()
    if restarted:
        yield _reset(current, "restarted")
    sent = time.monotonic()
    while not ctx.closing.is_set():
        events, complete = bus.wait(current, timeout=min(ctx.keepalive, GONE_CHECK_SECONDS))
        if ctx.closing.is_set() or gone():
            break
        if not complete:
            current = events[-1].id if events else bus.last_id
            yield _reset(current, "missed")
        elif events:
            for event in events:
                yield format_event(event)
            current = events[-1].id
        elif time.monotonic() - sent >= ctx.keepalive:
            yield b": keep-alive\n\n"
        else:
            continue
        sent = time.monotonic()


class StreamBody:
    """The response body: frees the phone's stream slot when the server closes it, started or not."""

    def __init__(self, chunks: Iterator[bytes], release) -> None:
        self._chunks = chunks
        self._release = release

    def __iter__(self) -> "StreamBody":
        return self

    def __next__(self) -> bytes:
        return next(self._chunks)

    def close(self) -> None:
        release, self._release = self._release, None
        try:
            self._chunks.close()
        finally:
            if release is not None:
                release()


@blueprint.get("/stream")
def stream():
    ctx = context()
    last_id = _requested_id()
    address = request.remote_addr or ""
    if not ctx.streams.acquire(address):
        raise ApiError(503, "busy", "too many live streams are open; retrying", retry_after=5)
    bus = ctx.service.bus
    # "From now on" means from this request, not from whenever the body starts being sent.
    start = bus.last_id if last_id is None else last_id
    gone = request.environ.get("waitress.client_disconnected") or (lambda: False)
    body = StreamBody(events_after(ctx, bus, start, gone), lambda: ctx.streams.release(address))
    response = Response(body, mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"
    return response
