"""An in-process publish/subscribe bus with numbered events, so live streams can resume.

Every published event gets the next integer id. Subscribers (a phone's live
stream, the panel) wait on the bus; a phone that reconnects with
``Last-Event-ID`` gets every event it missed while the ring buffer still holds
it, and is told to reload when it does not. The buffer is bounded in bytes as
well as in events: what an evening's events weigh, not how many there were,
decides how much memory they hold.
"""

from __future__ import annotations

import collections
import itertools
import json
import logging
import threading
import time
from typing import Any, Callable

from companion.bus_failures import FailureLog

log = logging.getLogger(__name__)


class BusEvent:
    """A published event: its id, topic and data, and the data as compact JSON (``text``), written once for every
    phone's stream. The replay buffer keeps the text alone (``kept``): a dict tree weighs many times its JSON, and
    the buffer's bound in bytes should be what it holds. ``data`` of a kept event is read back from its text."""

    __slots__ = ("id", "topic", "at", "text", "_data")

    def __init__(self, id: int, topic: str, data: dict[str, Any] | None, at: float | None = None,
                 text: str = "") -> None:
        self.id, self.topic = id, topic
        self.at = time.time() if at is None else at
        self.text = text or json.dumps(data, separators=(",", ":"), ensure_ascii=False, default=str)
        self._data = data

    @property
    def data(self) -> dict[str, Any]:
        return self._data if self._data is not None else json.loads(self.text)

    @property
    def size(self) -> int:
        return len(self.text)

    def kept(self) -> "BusEvent":
        """The event as the replay buffer holds it: its text, not its data."""
        return BusEvent(self.id, self.topic, None, self.at, self.text)

    def __repr__(self) -> str:
        return f"BusEvent({self.id}, {self.topic!r}, {self.text[:60]!r})"


#: what the replay buffer holds at most, in events and in characters of JSON
KEEP_EVENTS = 1000
KEEP_BYTES = 2 * 1024 * 1024


class EventBus:
    def __init__(self, keep: int = KEEP_EVENTS, keep_bytes: int = KEEP_BYTES) -> None:
        self._events: collections.deque[BusEvent] = collections.deque()
        self._keep, self._keep_bytes = keep, keep_bytes
        self._bytes = 0
        self._dropped = 0  # the id of the newest event no longer held
        self._next_id = 1
        self._cond = threading.Condition()
        # each listener, its name, and its failures by topic (most listeners act on one topic and pass the others by:
        # those events must not count as the failing one working again)
        self._listeners: list[tuple[Callable[[BusEvent], None], str, dict[str, FailureLog]]] = []

    def publish(self, topic: str, data: dict[str, Any]) -> BusEvent:
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False, default=str)
        with self._cond:
            event = BusEvent(self._next_id, topic, data, text=text)
            self._next_id += 1
            self._events.append(event.kept())
            self._bytes += event.size
            while len(self._events) > 1 and (len(self._events) > self._keep or self._bytes > self._keep_bytes):
                dropped = self._events.popleft()
                self._bytes -= dropped.size
                self._dropped = dropped.id
            self._cond.notify_all()
            listeners = list(self._listeners)
        for listener, name, failures in listeners:
            try:
                listener(event)
            except Exception as exc:  # what is published happened (a move journaled): one part failing neither
                failure = failures.get(topic)  # undoes it nor silences the rest
                if failure is None:  # made under the lock: two threads failing at once count in one
                    with self._cond:
                        failure = failures.setdefault(topic, FailureLog(log, f"the bus listener {name} on "
                                                                             f"{topic!r} events"))
                failure.failed(exc, f"event {event.id}")
            else:
                if topic in failures:
                    failures[topic].worked()
        return event

    def listen(self, callback: Callable[[BusEvent], None]) -> None:
        """Call ``callback`` synchronously for every event; it must not block (the panel queues). One that keeps
        failing is logged with its traceback once, then counted (bus_failures.py)."""
        name = getattr(callback, "__qualname__", None) or repr(callback)
        with self._cond:
            self._listeners.append((callback, name, {}))

    @property
    def last_id(self) -> int:
        with self._cond:
            return self._next_id - 1

    def since(self, last_id: int) -> tuple[list[BusEvent], bool]:
        """Events after ``last_id`` and whether none were lost (False: the buffer moved on). Read from the newest
        back: the held ids follow one another, so a phone's stream, woken for every event, looks at the events it
        is sent, not at the whole buffer (1000 events, for each phone at each roll)."""
        with self._cond:
            wanted = min(self._next_id - 1 - last_id, len(self._events))
            events = list(itertools.islice(reversed(self._events), max(wanted, 0)))
            events.reverse()
            return events, last_id >= self._dropped

    def wait(self, last_id: int, timeout: float) -> tuple[list[BusEvent], bool]:
        """Block until an event after ``last_id`` exists or ``timeout`` passes."""
        with self._cond:
            self._cond.wait_for(lambda: self._next_id - 1 > last_id, timeout=timeout)
        return self.since(last_id)
