"""What the table holds of its game in memory, rebuilt from the journal by replaying its entries.

Why apart from companion/table.py: this is the part a checkpoint saves (companion/checkpoint.py) and a restart
rebuilds; the table around it adds the lock, the journal writes, the bus and the phones' requests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core import Verdict, VerdictKind
from companion.journal import setup_players
from companion.referee import EventError, GameEngine, create_game

UNDO = "undo"
CORRECT = "correct"
#: a camera roll the rules refuse and the camera is not sure of: journaled for the history, never played
CAMERA_UNSURE = "camera_unsure"


@dataclass
class TableMemory:
    """The engine with the game's entries in force replayed into it, and what the table knows beside it."""

    engine: GameEngine
    accepted: list[tuple[int, dict[str, Any]]] = field(default_factory=list)  # (seq, event as corrected) in force
    readings: list[int] = field(default_factory=list)  # seqs of readings, for undo entries that name no entry
    versions: dict[int, int] = field(default_factory=dict)  # a corrected roll's seq -> its latest correction's seq
    next_seq: int = 0
    named: list[str] | None = None  # the players the setup in force names (None: to be looked for)

    @classmethod
    def fresh(cls, game: str, options: dict[str, Any]) -> "TableMemory":
        return cls(create_game(game, options))

    def replay(self, seq: int, event: dict[str, Any]) -> list[Verdict]:
        """Referee entry ``seq`` into the memory (EventError: malformed, nothing changed)."""
        if event.get("type") == UNDO:
            self._undo(event)
            return []
        if event.get("type") == CORRECT:
            verdicts = self._correct(event["seq"], event["dice"])
            self.versions[event["seq"]] = seq
            return verdicts
        if event.get("type") == CAMERA_UNSURE:
            return []  # the history keeps what the camera read; the game does not play it
        verdicts = self.engine.apply(event)
        if any(v.kind is VerdictKind.ILLEGAL for v in verdicts):
            return verdicts
        if event.get("type") in self.engine.readings:
            self.readings.append(seq)
        else:
            self.accepted.append((seq, dict(event)))
            if event.get("type") == "setup":
                self.named = None
        return verdicts

    def saved(self) -> tuple:
        """What ``restore`` puts back if the entry replayed next cannot be journaled."""
        return list(self.accepted), list(self.readings), dict(self.versions), self.next_seq

    def restore(self, saved: tuple, engine_changed: bool) -> None:
        self.accepted, self.readings, self.versions, self.next_seq = saved
        self.named = None
        if engine_changed:
            self.engine = self.engine_from([event for _, event in self.accepted])

    def players(self) -> list[str]:
        """The players the setup in force names, looked for again only when a setup came, went or was corrected."""
        if self.named is None:
            self.named = setup_players([event for _, event in self.accepted])
        return self.named

    def _undo(self, event: dict[str, Any]) -> None:
        """Take back the last entry in force. An undo journaled before readings stayed out of undo names no entry
        (``undoes``): it took back the newest reading when one came after the last entry in force."""
        legacy = "undoes" not in event
        if legacy and self.readings and (not self.accepted or self.readings[-1] > self.accepted[-1][0]):
            self.readings.pop()
            return
        if not self.accepted:
            raise EventError("nothing to undo")
        self.engine.undo()
        if self.accepted.pop()[1].get("type") == "setup":
            self.named = None

    def _correct(self, seq: int, dice: list[dict[str, Any]]) -> list[Verdict]:
        index = next((i for i, (s, _) in enumerate(self.accepted) if s == seq), None)
        if index is None:
            raise EventError(f"entry {seq} is not an accepted roll of this game")
        original = self.accepted[index][1]
        if "dice" not in original:
            raise EventError(f"entry {seq} ({original.get('type')}) has no dice to correct")
        replaced = {**original, "dice": list(dice)}
        engine = self.engine_from([])
        verdicts: list[Verdict] = []
        for i, (s, event) in enumerate(self.accepted):
            result = engine.apply(replaced if i == index else event)
            if any(v.kind is VerdictKind.ILLEGAL for v in result):
                reason = next(v for v in result if v.kind is VerdictKind.ILLEGAL).message.en
                if i == index:
                    raise EventError(f"the corrected roll is not allowed: {reason}")
                raise EventError(f"the correction would make entry {s} illegal ({reason}); undo back to the roll first")
            if i == index:
                verdicts = result
        self.engine = engine
        self.accepted[index] = (seq, replaced)
        self.named = None
        return verdicts

    def engine_from(self, events: list[dict[str, Any]]) -> GameEngine:
        """A fresh engine for this game with ``events`` (all previously accepted) replayed."""
        engine = create_game(self.engine.name, self.engine.options)
        for event in events:
            engine.apply(event)
        return engine
