"""Plays light-and-sound patterns on a thread of its own, so the referee never waits for a beep.

A new pattern interrupts the one playing. Between patterns the outputs rest
(the last verdict's light), or loop an idle pattern (amber blinking while the
camera is lost). ``wait_idle()`` lets tests and shutdown wait for the end of
a pattern instead of guessing with sleeps.
"""

from __future__ import annotations

import logging
import threading
from typing import Callable, Sequence

from companion.bus_failures import FailureLog
from companion.panel.signals import Step

log = logging.getLogger(__name__)

Output = Callable[[frozenset, "float | None"], None]


class PatternPlayer:
    def __init__(self, output: Output, rest: frozenset[str] = frozenset(), time_scale: float = 1.0) -> None:
        self._output = output
        self._scale = time_scale
        self._cond = threading.Condition()
        self._pattern: tuple[Step, ...] | None = None
        self._loop: tuple[Step, ...] | None = None
        self._rest = rest
        self._generation = 0  # bumped by what interrupts a pattern: play, stop_sound, close
        self._changes = 0     # bumped by every command, to wake the resting thread
        self._busy = False
        self._closed = False
        self._applied: tuple[frozenset[str], float | None] | None = None
        self._failures = FailureLog(log, "panel output")  # a traceback once, not at every step (bus_failures.py)
        self._thread = threading.Thread(target=self._run, name="panel", daemon=True)
        self._thread.start()

    # -- commands (any thread; none blocks) ----------------------------------------
    def play(self, steps: Sequence[Step], rest: frozenset[str]) -> None:
        """Play ``steps`` now (interrupting any pattern), then leave ``rest`` lit."""
        with self._cond:
            self._pattern = tuple(steps)
            self._rest = rest
            self._generation += 1
            self._changes += 1
            self._busy = True
            self._cond.notify_all()

    def set_rest(self, rest: frozenset[str]) -> None:
        with self._cond:
            self._rest = rest
            self._changes += 1
            self._cond.notify_all()

    def set_loop(self, steps: Sequence[Step] | None) -> None:
        """Loop ``steps`` whenever no pattern plays (None: rest instead)."""
        with self._cond:
            self._loop = tuple(steps) if steps else None
            self._changes += 1
            self._cond.notify_all()

    def stop_sound(self) -> None:
        """Cut the current pattern short; the lights go to their resting state."""
        with self._cond:
            if self._pattern is not None or self._busy:
                self._pattern = None
                self._generation += 1
                self._changes += 1
                self._cond.notify_all()

    @property
    def rest(self) -> frozenset[str]:
        return self._rest

    @property
    def sounding(self) -> bool:
        with self._cond:
            return self._busy

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Block until no pattern is pending or playing; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._busy or self._closed, timeout)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._generation += 1
            self._changes += 1
            self._cond.notify_all()
        self._thread.join(timeout=2)

    # -- the thread -------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._cond:
                if self._closed:
                    break
                generation, changes = self._generation, self._changes
                if self._pattern is not None:
                    steps, self._pattern, looping = self._pattern, None, False
                    self._busy = True
                elif self._loop is not None:
                    steps, looping = self._loop, True
                    self._set_idle()
                else:
                    self._apply(self._rest, None)
                    self._set_idle()
                    self._cond.wait_for(lambda: self._changes != changes or self._closed)
                    continue
            if looping:
                self._play(steps, lambda: self._changes != changes or self._closed)
            else:
                self._hush_between_patterns()
                self._play(steps, lambda: self._generation != generation or self._closed)
            if not looping:
                with self._cond:
                    if self._generation == generation and self._pattern is None:
                        self._busy = False
                        self._apply(self._rest, None)
                        self._cond.notify_all()
        try:
            self._output(frozenset(), None)
        except Exception:  # noqa: BLE001
            log.debug("panel: could not switch off at close", exc_info=True)

    def _hush_between_patterns(self, gap: float = 0.05) -> None:
        """A pattern that interrupts a beep starts after a short silence, so its rhythm is heard whole."""
        with self._cond:
            if self._applied is not None and self._applied[1] is not None:
                self._apply(self._applied[0], None)
                self._cond.wait(gap * self._scale)

    def _set_idle(self) -> None:
        if self._busy:
            self._busy = False
            self._cond.notify_all()

    def _play(self, steps: tuple[Step, ...], interrupted: Callable[[], bool]) -> None:
        for step in steps:
            with self._cond:
                if interrupted():
                    return
                self._apply(step.lights, step.tone)
                if self._cond.wait_for(interrupted, step.seconds * self._scale):
                    return

    def _apply(self, lights: frozenset[str], tone: float | None) -> None:
        """Set the outputs (lock held); failures are logged, never raised into the referee."""
        state = (frozenset(lights), tone)
        if state == self._applied:
            return
        try:
            self._output(*state)
            self._applied = state
        except Exception as exc:  # noqa: BLE001 - a GPIO hiccup must not stop the panel thread
            self._failures.failed(exc)
        else:
            self._failures.worked()
