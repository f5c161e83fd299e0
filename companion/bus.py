"""An in-process publish/subscribe bus with numbered events, so live streams can resume.

Every published event gets the next integer id. Subscribers (a phone's live
stream, the panel) wait on the bus; a phone that reconnects with
``Last-Event-ID`` gets every event it missed while the ring buffer still holds
it, and is told to reload when it does not.
"""

from __future__ import annotations

import collections
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class BusEvent:
    id: int
    topic: str
    data: dict[str, Any]
    at: float = field(default_factory=time.time)


class EventBus:
    def __init__(self, keep: int = 1000) -> None:
        self._events: collections.deque[BusEvent] = collections.deque(maxlen=keep)
        self._next_id = 1
        self._cond = threading.Condition()
        self._listeners: list[Callable[[BusEvent], None]] = []

    def publish(self, topic: str, data: dict[str, Any]) -> BusEvent:
        with self._cond:
            event = BusEvent(self._next_id, topic, data)
            self._next_id += 1
            self._events.append(event)
            self._cond.notify_all()
            listeners = list(self._listeners)
        for listener in listeners:
            listener(event)
        return event

    def listen(self, callback: Callable[[BusEvent], None]) -> None:
        """Call ``callback`` synchronously for every event; it must not block (the panel queues)."""
        with self._cond:
            self._listeners.append(callback)

    @property
    def last_id(self) -> int:
        with self._cond:
            return self._next_id - 1

    def since(self, last_id: int) -> tuple[list[BusEvent], bool]:
        """Events after ``last_id`` and whether none were lost (False: the buffer moved on)."""
        with self._cond:
            events = [e for e in self._events if e.id > last_id]
            complete = last_id >= self._next_id - 1 - len(self._events)
            return events, complete

    def wait(self, last_id: int, timeout: float) -> tuple[list[BusEvent], bool]:
        """Block until an event after ``last_id`` exists or ``timeout`` passes."""
        with self._cond:
            self._cond.wait_for(lambda: self._next_id - 1 > last_id, timeout=timeout)
        return self.since(last_id)
