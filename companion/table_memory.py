"""What the table holds of its game in memory, rebuilt from the journal by replaying its entries.

Why apart from companion/table/: this is the part a checkpoint saves (companion/checkpoint.py) and a restart
rebuilds; the table around it adds the lock, the journal writes, the bus and the phones' requests.

Its size does not grow with the evening: it keeps the newest ``KEEP`` to ``2 * KEEP`` entries in force and the
engine's state before the oldest of them (``base``), which undo and corrections replay from; older entries are
only in the journal, counted by their seqs (8 bytes each), the roll statistics as counts and the setups in force.
An undo or a correction that reaches further back needs the whole game: the table asks ``needs_whole_game`` first
and replays it from the journal (companion/table/rebuild.py); ``Forgotten`` guards against a caller that did not ask.
"""

from __future__ import annotations

import bisect
import copy
import json
from array import array
from dataclasses import dataclass, field
from typing import Any

from companion.core import Verdict, VerdictKind
from companion.journal import setup_players
from companion.referee import EventError, GameEngine, create_game
from companion.table_reading import count_roll, empty_statistics

UNDO = "undo"
CORRECT = "correct"
#: a camera roll the rules refuse and the camera is not sure of: journaled for the history, never played
CAMERA_UNSURE = "camera_unsure"
#: entries in force kept in memory, at least (at most twice as many): undo and corrections within them need no journal
KEEP = 100


class Forgotten(Exception):
    """An undo or correction reaches an entry in force older than those kept in memory: replay the whole game."""


@dataclass
class TableMemory:
    """The engine with the game's entries in force replayed into it, and what the table knows beside it."""

    engine: GameEngine
    accepted: list[tuple[int, dict[str, Any]]] = field(default_factory=list)  # the newest (seq, event as corrected)
    base: str | None = None  # the engine's snapshot (JSON) before accepted[0]; None: the game's start
    in_force: array = field(default_factory=lambda: array("q"))  # the seqs of every entry in force, in order
    setups: list[tuple[int, dict[str, Any]]] = field(default_factory=list)  # the setup entries in force
    statistics: dict[str, Any] = field(default_factory=empty_statistics)  # counted over every entry in force
    readings: list[int] = field(default_factory=list)  # the newest seqs of readings, for undo entries naming none
    last_reading: str | None = None  # the newest reading and its verdicts (JSON): what a repeat would say again
    versions: dict[int, int] = field(default_factory=dict)  # a corrected roll's seq -> its latest correction's seq
    #: seq -> the dice an entry kept in memory threw as its game judged them (GameEngine.thrown_dice: a camera
    #: reroll, whose dice are the pool after it), for its undo and corrections to count them out
    throws: dict[int, list[Any]] = field(default_factory=dict)
    next_seq: int = 0
    keep: int | None = field(default_factory=lambda: KEEP)  # None: every entry in force stays in memory

    def __post_init__(self) -> None:
        self.engine.keep_history = False  # undo replays from ``base``: the engine need not keep every event too

    @classmethod
    def fresh(cls, game: str, options: dict[str, Any], whole: bool = False) -> "TableMemory":
        """``whole``: keep every entry in force in memory (the table's whole-game replay)."""
        return cls(create_game(game, options), keep=None) if whole else cls(create_game(game, options))

    @property
    def last(self) -> int | None:
        """The seq of the newest entry in force (the one an undo takes back), None when there is none."""
        return self.in_force[-1] if self.in_force else None

    def is_in_force(self, seq: int) -> bool:
        index = bisect.bisect_left(self.in_force, seq)
        return index < len(self.in_force) and self.in_force[index] == seq

    def needs_whole_game(self, event: dict[str, Any]) -> bool:
        """Whether ``event`` takes back or corrects an entry in force older than those kept (see ``Forgotten``)."""
        kind = event.get("type")
        if kind == UNDO:
            reading = "undoes" not in event and self.readings and (self.last is None or self.readings[-1] > self.last)
            return not reading and not self.accepted and bool(self.in_force)
        if kind == CORRECT:
            seq = event.get("seq")
            return not any(s == seq for s, _ in self.accepted) and isinstance(seq, int) and self.is_in_force(seq)
        return False

    def replay(self, seq: int, event: dict[str, Any]) -> list[Verdict]:
        """Referee entry ``seq`` into the memory (EventError: malformed, Forgotten: see the class; nothing changed)."""
        if event.get("type") == UNDO:
            self._undo(event)
            self.trim()
            return []
        if event.get("type") == CORRECT:
            verdicts = self._correct(event["seq"], event["dice"])
            self.versions[event["seq"]] = seq
            self.trim()
            return verdicts
        if event.get("type") == CAMERA_UNSURE:
            return []  # the history keeps what the camera read; the game does not play it
        throws = self.engine.thrown_dice(event)  # in the state before the event
        verdicts = self.engine.apply(event)
        if any(v.kind is VerdictKind.ILLEGAL for v in verdicts):
            return verdicts
        if event.get("type") in self.engine.readings:
            self.readings = [*self.readings[-(self.keep or len(self.readings)):], seq]
            self.last_reading = json.dumps([event, [v.to_json() for v in verdicts]], sort_keys=True)
            return verdicts
        self.accepted.append((seq, dict(event)))
        self.in_force.append(seq)
        if throws is not None:
            self.throws[seq] = throws
        count_roll(self.statistics, event, 1, self.engine.named_faces, throws)
        if event.get("type") == "setup":
            self.setups.append((seq, dict(event)))
        self.trim()
        return verdicts

    def trim(self) -> None:
        """Past ``2 * keep`` entries in memory, the oldest are left to the journal and ``base`` moves past them."""
        if self.keep is None or len(self.accepted) <= 2 * self.keep:
            return
        cut = len(self.accepted) - self.keep
        engine = self._engine_at_base()
        for _, event in self.accepted[:cut]:
            engine.apply(event)
        self.base = json.dumps(engine.snapshot(), separators=(",", ":"))
        self.accepted = self.accepted[cut:]
        oldest = self.accepted[0][0]
        self.throws = {seq: dice for seq, dice in self.throws.items() if seq >= oldest}

    def saved(self) -> tuple:
        """What ``restore`` puts back if the entry replayed next cannot be journaled."""
        return (list(self.accepted), self.base, len(self.in_force), self.last, list(self.setups),
                copy.deepcopy(self.statistics), list(self.readings), dict(self.versions), dict(self.throws),
                self.next_seq, self.last_reading)

    def restore(self, saved: tuple, engine_changed: bool) -> None:
        (self.accepted, self.base, count, last, self.setups, self.statistics, self.readings, self.versions,
         self.throws, self.next_seq, self.last_reading) = saved
        del self.in_force[count:]  # an entry replayed since added one seq at most, an undo took one away
        if len(self.in_force) < count:
            self.in_force.append(last)
        if engine_changed:
            self.engine = self._engine_from([event for _, event in self.accepted])

    def players(self) -> list[str]:
        """The players the setup in force names."""
        return setup_players([event for _, event in self.setups])

    def _undo(self, event: dict[str, Any]) -> None:
        """Take back the last entry in force. An undo journaled before readings stayed out of undo names no entry
        (``undoes``): it took back the newest reading when one came after the last entry in force."""
        legacy = "undoes" not in event
        if legacy and self.readings and (self.last is None or self.readings[-1] > self.last):
            self.readings.pop()
            return
        if not self.in_force:
            raise EventError("nothing to undo")
        if not self.accepted:
            raise Forgotten(f"entry {self.last} is no longer in memory")
        kept = self.accepted[:-1]
        engine = self._engine_from([e for _, e in kept])
        seq, undone = self.accepted[-1]
        self.engine, self.accepted = engine, kept
        self.in_force.pop()
        count_roll(self.statistics, undone, -1, self.engine.named_faces, self.throws.pop(seq, None))
        if self.setups and self.setups[-1][0] == seq:
            self.setups.pop()

    def _correct(self, seq: int, dice: list[dict[str, Any]]) -> list[Verdict]:
        index = next((i for i, (s, _) in enumerate(self.accepted) if s == seq), None)
        if index is None:
            if self.is_in_force(seq):
                raise Forgotten(f"entry {seq} is no longer in memory")
            raise EventError(f"entry {seq} is not an accepted roll of this game")
        original = self.accepted[index][1]
        if "dice" not in original:
            raise EventError(f"entry {seq} ({original.get('type')}) has no dice to correct")
        replaced = {**original, "dice": list(dice)}
        engine = self._engine_at_base()
        verdicts: list[Verdict] = []
        throws: dict[int, list[Any]] = {}  # what the entries from the corrected one on threw, judged again
        for i, (s, event) in enumerate(self.accepted):
            event = replaced if i == index else event
            if i >= index and (thrown := engine.thrown_dice(event)) is not None:
                throws[s] = thrown
            result = engine.apply(event)
            if any(v.kind is VerdictKind.ILLEGAL for v in result):
                reason = next(v for v in result if v.kind is VerdictKind.ILLEGAL).message.en
                if i == index:
                    raise EventError(f"the corrected roll is not allowed: {reason}")
                raise EventError(f"the correction would make entry {s} illegal ({reason}); undo back to the roll first")
            if i == index:
                verdicts = result
        self.engine = engine
        for s, event in self.accepted[index:]:  # a roll's new dice can change what a later reroll threw
            old, new = self.throws.get(s), throws.get(s)
            if s == seq or old != new:
                count_roll(self.statistics, event, -1, engine.named_faces, old)
                count_roll(self.statistics, replaced if s == seq else event, 1, engine.named_faces, new)
        self.accepted[index] = (seq, replaced)
        self.throws = {s: d for s, d in self.throws.items() if s < seq} | throws
        self.setups = [(s, replaced if s == seq else e) for s, e in self.setups]
        return verdicts

    def _engine_at_base(self) -> GameEngine:
        """A fresh engine in the state before the oldest entry kept in memory."""
        if self.base is None:
            engine = create_game(self.engine.name, self.engine.options)
        else:
            engine = type(self.engine).from_snapshot(json.loads(self.base))
        engine.keep_history = False
        return engine

    def _engine_from(self, events: list[dict[str, Any]]) -> GameEngine:
        """An engine in the state before the oldest entry kept, with ``events`` (all previously accepted) replayed."""
        engine = self._engine_at_base()
        for event in events:
            engine.apply(event)
        return engine
