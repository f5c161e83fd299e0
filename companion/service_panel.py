"""The service's LED/buzzer panel: built on first use, its button and sound switch wired to the table and phones.

Why on first use: gpiozero and its pins are not loaded before the first answer after a restart (the service builds
it after the camera, in a thread, or when a verdict or the camera's status first needs it).
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Callable

from companion.bus import EventBus
from companion.config import Config
from companion.referee import EventError
from companion.table import Table

if TYPE_CHECKING:
    from companion.panel import DisabledPanel, Panel

log = logging.getLogger("companion.service")


class ServicePanel:
    """The panel for ``table``, told on ``bus``; ``stopped``: whether the service has stopped (then a panel that
    does nothing is built instead)."""

    def __init__(self, config: Config, table: Table, bus: EventBus, stopped: Callable[[], bool]) -> None:
        self._config = config
        self._table = table
        self._bus = bus
        self._stopped = stopped
        self._panel: Panel | DisabledPanel | None = None
        self._lock = threading.Lock()

    def get(self) -> Panel | DisabledPanel:
        """The panel, built now if it is not yet."""
        with self._lock:
            return self._built()

    def _built(self) -> Panel | DisabledPanel:
        """``get``, with the lock held."""
        if self._panel is None:
            from companion.panel import DisabledPanel, Panel

            if self._stopped():
                self._panel = DisabledPanel("the service has stopped")
            else:
                self._panel = Panel.from_config(self._config)
                self._panel.when_end_turn = self._end_turn_pressed
                self._panel.when_sound_refused = self._sound_refused
        return self._panel

    def start(self) -> None:
        """The panel built, and its green light on (Panel.from_config says, and leaves it off, when it cannot); a
        stop meanwhile waits, then closes it."""
        with self._lock:
            self._built().ready()

    def close(self) -> None:
        """A panel being built is closed once built; none is built after this (the service has stopped)."""
        with self._lock:
            panel, self._panel = self._panel, None
        if panel is not None:
            panel.close()

    def _end_turn_pressed(self) -> None:
        """The panel's button: end the current turn in games that have turns."""
        try:
            self._table.submit_if_accepted({"type": "end_turn"}, source="panel")
        except EventError as exc:
            log.info("end-of-turn button: %s", exc)
            self._bus.publish("notice", {"kind": "info", "message": f"Button: {exc}",
                                         "message_fr": f"Bouton : {exc}"})

    def _sound_refused(self, exc: OSError) -> None:
        """The sound switched on the panel's button, which the card would not keep: every phone is told."""
        from companion.files import card_refused_notice

        self._bus.publish("notice", card_refused_notice(
            "the panel's sound, switched with its button, holds until a restart, which brings back the one kept before",
            "le son du boîtier, changé avec son bouton, vaut jusqu’au redémarrage, qui remet celui gardé avant", exc))
