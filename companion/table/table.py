"""The Table: every change to the game is refereed in memory, journaled before it is acknowledged, then published
on the bus for phones and the panel; one lock keeps the engine, its journal and what phones read together."""

from __future__ import annotations

import copy
import dataclasses
import logging
import threading
import time
from typing import Any, Callable, Mapping

from companion import checkpoint, table_memory
from companion.bus import EventBus
from companion.core import DieReading, Observation, Verdict, VerdictKind
from companion.hidden import public_event
from companion.journal import GameRecord, Journal, JournalError, RequestKey
from companion.journal_health import WriteFailure
from companion.referee import EventError, GameEngine, create_game
from companion.referee.aware import UNSURE, RulesAwareReading, read_anew_note
from companion.table import games, rebuild
from companion.table.after_change import WorkAfterChange
from companion.table.camera import CAMERA_SOURCES, DEFAULT_AWARE, camera_names, judged, read_anew_event, unsure_event
from companion.table.errors import Conflict
from companion.table.history import dice_replaced, history_page
from companion.table.retries import already_done
from companion.table.state import event_state, game_state
from companion.table_memory import CAMERA_UNSURE, CORRECT, UNDO, TableMemory

log = logging.getLogger(__name__)


class Table:
    def __init__(self, journal: Journal, bus: EventBus, default_game: str = "free-roll",
                 default_options: Mapping[str, Any] | None = None,
                 aware: RulesAwareReading | None = DEFAULT_AWARE) -> None:
        """``aware``: how camera rolls the rules refuse are looked at again (None: refereed as read)."""
        self.journal = journal
        self.aware = aware
        self.bus = bus
        self._lock = threading.RLock()
        self.record: GameRecord
        self.memory: TableMemory  # the game's engine and entries in force (companion/table_memory.py)
        self._checkpointed = 0  # the seq the game's last checkpoint was written at
        self._checkpoint_size = 0  # and its size in bytes
        self.camera_board: dict[str, Any] | None = None  # the camera's latest settled board (table vision)
        self._camera_source = "camera"
        self._after = WorkAfterChange()  # what a change's listeners left for its thread once the lock is let go
        journal.on_failure = self._journal_failure
        unfinished = journal.unfinished()
        if unfinished is not None:
            self._resume(unfinished)
        else:
            self.new_game(default_game, dict(default_options or {}), [])

    @property
    def engine(self) -> GameEngine:
        return self.memory.engine

    # -- games -------------------------------------------------------------------
    def new_game(self, game: str, options: Mapping[str, Any], players: list[str],
                 replaces: int | None = None, request: RequestKey | None = None) -> GameRecord:
        """Start a game (ending the current one in the same journal transaction); bad options raise OptionsError
        and a journal that cannot be written JournalError, and either changes nothing.

        ``replaces``: the game the phone meant to end; refused (Conflict) when another one started meanwhile.
        ``request``: the phone's idempotency key; a retry of a journaled request changes nothing.
        """
        try:
            return self._new_game(game, options, players, replaces, request)
        finally:
            self._after.run()

    def _new_game(self, game: str, options: Mapping[str, Any], players: list[str], replaces: int | None,
                  request: RequestKey | None) -> GameRecord:
        with self._lock:
            if already_done(self.journal, request) is not None:
                return self.record
            current = getattr(self, "record", None)
            if replaces is not None and current is not None and current.id != replaces:
                names = ", ".join(self._players()) or "no names"
                raise Conflict(f"another phone started a new game of {self.engine.title.en} ({names}) a moment ago: "
                               "look at it before replacing it")
            engine = create_game(game, options)
            ending = games.ending(current, self.engine) if current is not None else None
            started_at = time.time()
            game_id = self.journal.start_game(game, engine.options, list(players), ending, request, started_at)
            if current is not None and current.game != game:
                self.camera_board = None  # another game's mat: its pieces mean nothing to this one
            self.record = self._started(game_id, game, engine.options, players, started_at)
            self.memory, self._checkpointed, self._checkpoint_size = TableMemory(engine), 0, 0
            log.info("new game %d: %s %s", game_id, game, engine.options)
            self.bus.publish("game", self._event_state())
            return self.record

    def resume(self, game_id: int, replaces: int | None = None, request: RequestKey | None = None) -> GameRecord:
        """Take up again a game that was set aside (abandoned when another one started); the current one is set
        aside in the same journal transaction."""
        try:
            return self._resume_game(game_id, replaces, request)
        finally:
            self._after.run()

    def _resume_game(self, game_id: int, replaces: int | None, request: RequestKey | None) -> GameRecord:
        with self._lock:
            if already_done(self.journal, request) is not None:
                return self.record
            if replaces is not None and self.record.id != replaces:
                raise Conflict("another phone changed the game a moment ago: look at it before resuming another one")
            target = games.resumable(self.journal, game_id, self.record.id)
            resumed = rebuild.resumed(self.journal, target)  # read before the switch: a read failing changes nothing
            self.journal.switch_game(games.ending(self.record, self.engine), game_id, request)
            self.record = dataclasses.replace(target, ended_at=None, outcome=None)
            self.memory, self._checkpointed, self._checkpoint_size = resumed
            self.bus.publish("game", self._event_state())
            return self.record

    def after_change(self, work: Callable[[], None]) -> None:
        """``work`` done by the thread changing the game once it lets the table's lock go (a bus listener of the
        change calls this): the new game's mat read from a slow card holds up that phone's answer, not every move."""
        self._after.add(work)

    def _started(self, game_id: int, game: str, options: dict[str, Any], players: list[str],
                 started_at: float) -> GameRecord:
        """The record of the game the journal has just started, read back; when the read fails, the game is the
        journal's all the same (a restart resumes it), so the table takes it up as it was written."""
        try:
            record = self.journal.game(game_id)
        except JournalError as exc:
            log.warning("game %d was started but could not be read back (%s); playing it as started", game_id, exc)
            record = None
        return record or GameRecord(game_id, game, dict(options), list(players), started_at, None, None)

    def answered(self, request: RequestKey | None) -> list[Verdict] | None:
        """The verdicts of the entry a journaled request made ([] for a game change), None for a new request."""
        with self._lock:
            return already_done(self.journal, request)

    def past_games(self, limit: int = 20) -> list[dict[str, Any]]:
        """The latest games, newest first, with their entry counts and whether they can be resumed
        (companion/table/games.py)."""
        return games.past_games(self.journal, self.record.id, limit)

    def _resume(self, record: GameRecord) -> None:
        """Rebuild a game from its last checkpoint and the entries after it (from its first entry without one)."""
        self.record = record
        self.memory, self._checkpointed, self._checkpoint_size = rebuild.resumed(self.journal, record)

    # -- changes -------------------------------------------------------------------
    def submit(self, event: Mapping[str, Any], source: str = "phone", seen: int | None = None,
               request: RequestKey | None = None) -> list[Verdict]:
        """Referee an event; journal it (refused ones too, for the history) and publish the verdicts.
        ``seen``: the entry count the phone showed when its player tapped; refused when the game moved on since.
        ``request``: the phone's idempotency key; a retry of a journaled request gets its verdicts again."""
        return self._submit(event, source, (), seen, request)

    def _submit(self, event: Mapping[str, Any], source: str, notes: tuple[Verdict, ...],
                seen: int | None = None, request: RequestKey | None = None) -> list[Verdict]:
        with self._lock:
            done = already_done(self.journal, request)
            if done is not None:
                return done
            if seen is not None and seen != self.memory.next_seq:
                raise Conflict(f"the game moved on since this phone looked ({self.memory.next_seq} entries now, {seen} "
                               "shown): look at the table again before playing")
            event = dict(event)
            if event.get("type") in (UNDO, CORRECT, CAMERA_UNSURE):
                raise EventError(f"use the {event['type']} action, not an event of that type")
            before: list[Verdict] = []
            if event.get("type") == "end_turn":
                before = self._camera_positions()
                if any(v.kind is VerdictKind.ILLEGAL for v in before):
                    return before  # the board must be put right (or the move entered) before the turn ends
            return before + self._commit(event, source, notes, request)

    def _camera_positions(self) -> list[Verdict]:
        """At the end of a turn, the pieces the camera sees settled are checked first (games that read them)."""
        read = getattr(self.engine, "camera_positions", None)
        if read is None or not self.camera_board:
            return []
        event = read(self.camera_board)
        return self._commit(event, self._camera_source) if event is not None else []

    def submit_if_accepted(self, event: Mapping[str, Any], source: str) -> list[Verdict]:
        """Like ``submit``, but an event the game refuses now raises EventError and nothing is journaled:
        a panel button pressed in the wrong phase is not a player's illegal move."""
        with self._lock:
            event = dict(event)
            refused = [v for v in self.engine.legal(event) if v.kind is VerdictKind.ILLEGAL]
            if refused:
                raise EventError(refused[0].message.en)
            return self.submit(event, source)

    def undo(self, source: str = "phone", expected: int | None = None, request: RequestKey | None = None) -> None:
        """Take back the last accepted entry; ``expected``: the entry the phone showed as the one undone."""
        with self._lock:
            if already_done(self.journal, request) is not None:
                return
            if expected is not None:
                last = self.memory.last
                if last != expected:
                    now = f"entry {last + 1} is now the last one" if last is not None else "nothing is left to undo"
                    raise Conflict(f"entry {expected + 1} is no longer the last one in force ({now}): "
                                   "the game moved on, look again before undoing")
            if self.memory.last is None:
                raise EventError("nothing to undo")
            self._commit({"type": UNDO, "undoes": self.memory.last}, source, (), request)

    def roll_version(self, seq: int) -> int:
        """Which journal entry last set this roll's dice: the roll itself or its latest correction."""
        with self._lock:
            return self.memory.versions.get(seq, seq)

    def correct(self, seq: int, dice: list[Mapping[str, Any]], source: str = "phone",
                version: int | None = None, request: RequestKey | None = None) -> list[Verdict]:
        """Replace the dice of an accepted roll (a misread) and re-referee the game from there.

        ``version``: the roll's version the phone corrected; refused when another correction came first.
        """
        with self._lock:
            done = already_done(self.journal, request)
            if done is not None:
                return done
            if version is not None and self.roll_version(seq) != version:
                raise Conflict(f"roll {seq + 1} was corrected meanwhile by another phone: look at its dice again")
            event = {"type": CORRECT, "seq": int(seq), "dice": [DieReading.from_json(d).to_json() for d in dice]}
            before = dice_replaced(self.journal, self.record, self.memory, int(seq))
            if before is not None:
                event["before"] = before
            return self._commit(event, source, (), request)

    def observe(self, observation: Observation) -> list[Verdict]:
        """A settled reading from the camera (or phone): the engine decides what event it is. A camera roll the
        rules refuse is first looked at again (companion/table/camera.py); a phone's roll is what was meant."""
        with self._lock:
            if observation.pieces and not observation.dice and observation.source in CAMERA_SOURCES:
                self.camera_board = dict(observation.pieces)
                self._camera_source = observation.source  # "camera", or "simulated" for the simulated table
                self.bus.publish("board", {"pieces": self.camera_board,
                                           "names": camera_names(self.engine, self.camera_board),
                                           "at": observation.at})
            if observation.reread:
                if observation.source not in CAMERA_SOURCES:
                    return []
                return self._commit(read_anew_event(observation), observation.source,
                                    (read_anew_note(observation),))
            second_look = judged(self.aware, observation, self.engine)
            notes = (second_look.note,) if second_look is not None and second_look.note is not None else ()
            if second_look is not None and second_look.kind == UNSURE:
                event = unsure_event(observation)
            elif not observation.dice and not observation.pieces:
                return []  # only dice the camera could not read, and nothing they would make up: no roll to play
            else:
                observation = second_look.observation if second_look is not None else observation
                event = self.engine.observation_event(observation)
            if event is None:
                return []
            try:
                if event["type"] == CAMERA_UNSURE:
                    return self._commit(event, observation.source, notes)
                return self._submit(event, observation.source, notes)
            except EventError as exc:
                log.warning("a %s reading could not be used: %s", observation.source, exc)
                self.bus.publish("notice", {"kind": "warning", "message": f"Reading not used: {exc}",
                                            "message_fr": f"Lecture non utilisée : {exc}"})
                return []
            except JournalError as exc:  # the camera keeps running; the players are told
                # the journal logs its failure once, with its cause: not once a roll
                log.debug("a %s reading was not recorded: %s", observation.source, exc)
                self.bus.publish("notice", {"kind": "warning", "message": f"Roll not recorded: {exc}",
                                            "message_fr": f"Lancer non enregistré : {exc}"})
                return []

    def _commit(self, event: dict[str, Any], source: str, notes: tuple[Verdict, ...] = (),
                request: RequestKey | None = None) -> list[Verdict]:
        """Referee ``event`` in memory, journal it, then publish it; nothing is kept if the write fails, whatever
        fails (memory and journal always hold the same game). ``notes``: what the players are told besides the
        referee's verdicts (a camera roll read again). Now and then the game's checkpoint is written with the entry
        (``checkpoint.due``); a checkpoint that cannot be made or written costs a longer replay, never the entry."""
        if self.memory.needs_whole_game(event):
            whole = rebuild.whole_game(self.journal, self.record, self.memory.next_seq)
            whole.keep, self.memory = table_memory.KEEP, whole  # trimmed back with the next entry kept
        memory = self.memory
        saved = memory.saved()
        seq = memory.next_seq
        said = memory.last_reading
        try:
            verdicts = list(notes) + memory.replay(seq, event)  # raises EventError before anything is written
        except EventError:
            memory.restore(saved, engine_changed=False)
            raise
        except BaseException:  # a fault in a game's code half way: its engine is rebuilt from the entries kept
            memory.restore(saved, engine_changed=True)
            raise
        if (event.get("type") in memory.engine.readings_said_once and memory.last_reading == said and not notes
                and not any(v.kind is VerdictKind.ILLEGAL for v in verdicts)):
            memory.restore(saved, engine_changed=False)  # the last reading said just that: nothing new to keep
            return verdicts
        try:
            payload = [v.to_json() for v in verdicts]
            memory.next_seq = seq + 1
            self._append(seq, event, payload, source, request)
        except BaseException:
            # Not written, so not acknowledged: the game goes back to what the journal holds.
            memory.restore(saved, engine_changed=True)
            raise
        # every phone's stream carries it, PIN or not: nothing face down (companion/hidden.py)
        self.bus.publish("entry", {"seq": seq, "event": public_event(self.record.game, event), "verdicts": payload,
                                   "source": source, "state": self._event_state()})
        return verdicts

    def _append(self, seq: int, event: dict[str, Any], payload: list[dict[str, Any]], source: str,
                request: RequestKey | None) -> None:
        """Journal entry ``seq``, with the game's checkpoint when one is due. The checkpoint is only a shortcut
        for a restart: one that cannot be pickled (an object of a game's state) is left out, and one the journal
        cannot take (too big for the room left) is dropped and the entry written alone; either is tried again
        ``checkpoint.EVERY`` entries later."""
        memory = self.memory
        state = None
        if checkpoint.due(memory.next_seq, self._checkpointed, self._checkpoint_size):
            try:
                state = checkpoint.dump(memory)
            except Exception as exc:
                log.error("game %d: no checkpoint at entry %d (%s: %s); a restart replays the entries after the "
                          "last one", self.record.id, memory.next_seq, type(exc).__name__, exc)
                self._checkpointed = memory.next_seq
        if state is None:
            self.journal.append(self.record.id, seq, event, payload, source, request)
            return
        try:
            self.journal.append(self.record.id, seq, event, payload, source, request, state)
        except JournalError as exc:
            log.warning("game %d: entry %d could not be written with its checkpoint (%s); writing it alone",
                        self.record.id, seq, exc)
            self.journal.append(self.record.id, seq, event, payload, source, request)
            self._checkpointed = memory.next_seq
            return
        self._checkpointed, self._checkpoint_size = state.seq, len(state.data)

    def _players(self) -> list[str]:
        """The names the game was started with, else those its setup in force names (Hexors' and Nexus Keepers'
        sides, Nexus' players): the phone names who is playing either way."""
        return self.record.players or self.memory.players()

    # -- reading -------------------------------------------------------------------
    @property
    def lock(self) -> threading.RLock:
        """Held to read several things of one game together (a history page and the game it belongs to)."""
        return self._lock

    @property
    def state_version(self) -> int:
        """The game's entry count: it only grows (an undo is an entry too), so a phone can tell it missed one."""
        return self.memory.next_seq

    def state(self, snapshot: bool = True) -> dict[str, Any]:
        """The game as phones show it (companion/table/state.py); ``snapshot``: with the engine's snapshot."""
        with self._lock:
            return game_state(self.record, self.memory, self._players(), self.camera_board, self.journal.failure,
                              snapshot)

    def _event_state(self) -> dict[str, Any]:
        """The state as live events carry it, bounded and without the snapshot (companion/table/state.py)."""
        return event_state(self.state(snapshot=False))

    def _journal_failure(self, failure: WriteFailure | None) -> None:
        """The journal failed in a new way, or works again: every phone is told at once."""
        if failure is None:
            self.bus.publish("notice", {"kind": "info", "message": "The game journal is saved again.",
                                        "message_fr": "Le journal des parties est de nouveau enregistré.",
                                        "journal_problem": None})
            return
        message = failure.message()
        self.bus.publish("notice", {"kind": "error", "message": message.en, "message_fr": message.fr,
                                    "journal_problem": failure.to_json()})

    def seen_board(self) -> tuple[dict[str, Any] | None, str]:
        """The camera's latest settled board and the game at the table, taken together: a new game clears the board,
        and a board read between the two would belong to the other game."""
        with self._lock:
            return self.camera_board, self.record.game

    def outcome(self, game_id: int) -> dict[str, Any] | None:
        """The outcome of game ``game_id`` when it is the one at the table (the journal ends a game only when the
        next one starts), else None."""
        with self._lock:
            outcome = self.engine.outcome if self.record.id == game_id else None
            return outcome.to_json() if outcome else None

    def history(self) -> list[dict[str, Any]]:
        """Every entry of the game, in order (commands and tests; phones read pages)."""
        return self.history_page(None, None)[0]

    def history_page(self, before: int | None, limit: int | None) -> tuple[list[dict[str, Any]], bool]:
        """Up to ``limit`` entries before seq ``before`` (None: the newest; no limit: all), in order, and whether
        older ones remain (companion/table/history.py)."""
        with self._lock:
            return history_page(self.journal, self.record, self.memory, before, limit)

    def statistics(self) -> dict[str, Any]:
        """Faces per colour and roll totals over the rolls in force (companion/table_reading.py)."""
        with self._lock:
            return copy.deepcopy(self.memory.statistics)
