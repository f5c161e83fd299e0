"""The seat a person took at the simulated table, kept across restarts.

Apart from the simulated table (companion/capture/simulated_game.py) because the service makes it before it answers
its first phone, and the simulated table's imports (OpenCV, the renderer) would delay that answer.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from companion.files import keep_setting, read_setting


class Seat:
    """The seat a person took at the simulated table (1: the game's first player; None: they only watch): the
    simulated players wait while it is that seat's turn (``GameEngine.to_act``).

    It belongs to the running game and is kept in ``path`` (the data dir's ``simulated-seat.json``), so a restart
    finds the person in the same seat; a new game keeps it while the game has that seat (``follow``)."""

    def __init__(self, path: Path | None = None) -> None:
        self._path = path
        self._number: int | None = _saved_seat(path)
        self._lock = threading.Lock()
        self.refused: OSError | None = None  # the card refused the last seat taken: it holds until a restart

    @property
    def number(self) -> int | None:
        with self._lock:
            return self._number

    def take(self, number: int | None) -> None:
        with self._lock:
            if number == self._number:
                return
            self._number = number
            self._save()

    def follow(self, engine: Any) -> None:
        """The game changed or moved on: a seat the game does not have (once it has its seats) is given up."""
        number, seats = self.number, engine.seats()
        if number is not None and seats and number > len(seats):
            self.take(None)

    def persons_turn(self, engine: Any) -> bool:
        """Whether the game waits for the person's move now: their turn, or the game over, where Rematch and New game
        are theirs to tap (the simulated players wait, so the game over screen stays until the person has read who
        won)."""
        number = self.number
        if number is None:
            return False
        seats = engine.seats()
        if not 0 < number <= len(seats):
            return False
        return engine.outcome is not None or engine.to_act() == seats[number - 1]

    def _save(self) -> None:
        self.refused = keep_setting(self._path, "seat", self._number, "simulated table")


def _saved_seat(path: Path | None) -> int | None:
    number = read_setting(path, "seat", "simulated table")
    return number if isinstance(number, int) and not isinstance(number, bool) and number >= 1 else None
