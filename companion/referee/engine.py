"""The game-engine protocol, in the spirit of python-chess.

An engine is a plain state object: it is created from options, takes events
(plain JSON dicts with a ``"type"``), returns verdicts, and can undo and
snapshot itself. Engines do no I/O and are deterministic given the dice, so a
game journal can rebuild any game by replaying its events.

Contract:
- ``apply(event)`` returns the verdicts. If any verdict is ``illegal`` the event
  is refused and the state is exactly as before; otherwise it is accepted and
  ``undo()`` can take it back.
- ``legal(event)`` returns the verdicts ``apply`` would give, changing nothing.
- A malformed event (missing field, wrong type, unknown type) raises
  ``EventError`` and changes nothing: that is a bad request, not a verdict.
- ``snapshot()`` is JSON; ``from_snapshot(snapshot)`` rebuilds an equal state
  (without undo history).
"""

from __future__ import annotations

import abc
import copy
import json
import logging
from typing import Any, Callable, ClassVar, Mapping

from companion.core import Observation, Text, Verdict, VerdictKind
from companion.referee.expectations import RollExpectation
from companion.referee.options import OptionSpec
from companion.referee.rule_words import CAMERA_RULE_WORDS, RuleWords

log = logging.getLogger(__name__)


class EventError(ValueError):
    """An event that cannot be understood (as opposed to an illegal move)."""


class OptionsError(ValueError):
    """Game options that cannot start a game."""


class GameEngine(abc.ABC):
    """Base class for a game's rules engine.

    Subclasses implement ``_apply`` (mutate state, return verdicts), and
    ``state_json``/``load_state_json``. Undo is provided here by keeping a copy
    of the state before each accepted event.
    """

    name: ClassVar[str]
    title: ClassVar[Text]
    #: option name -> (default, description) or (default, description, Range(...) or OneOf(...));
    #: unknown options, values of another type and values outside the declared limit are refused by name.
    option_defaults: ClassVar[Mapping[str, tuple]] = {}
    #: options every game that rolls pip dice shares (DICE_OPTIONS); a game without dice leaves them out
    dice_options: ClassVar[Mapping[str, tuple]] = {}
    #: event types that only compare what the camera sees with the state (Tesseract's priming zone read again
    #: after each action): journaled for the history, never undone or corrected; undo takes back the action before
    readings: ClassVar[frozenset[str]] = frozenset()
    #: readings journaled only when they say something new: one with the same event and verdicts as the game's
    #: last reading is left out of the journal and the history (Hexors' arena, read again each time a hand passes)
    readings_said_once: ClassVar[frozenset[str]] = frozenset()
    #: rule id -> RuleWords, for every rule this game's own verdicts carry (the camera's are added by rule_words)
    rule_words_table: ClassVar[Mapping[str, RuleWords]] = {}

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = self.resolve_options(options or {})
        self.setup()
        self._reset_history()

    @classmethod
    def rule_words(cls) -> dict[str, dict[str, Any]]:
        """Each rule id a verdict of this game may carry, in words (the phone shows these, never the id)."""
        return {rule: words.to_json() for rule, words in {**CAMERA_RULE_WORDS, **cls.rule_words_table}.items()}

    # -- options -------------------------------------------------------------
    @classmethod
    def option_specs(cls) -> dict[str, OptionSpec]:
        """The declared options, each with its default, description and limit (if any)."""
        return {key: OptionSpec(*spec) for key, spec in {**cls.option_defaults, **cls.dice_options}.items()}

    @classmethod
    def resolve_options(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(options, Mapping):
            raise OptionsError("options must be a JSON object")
        declared = cls.option_specs()
        unknown = sorted(set(options) - set(declared))
        if unknown:
            known = ", ".join(sorted(declared)) or "none"
            raise OptionsError(f"unknown option(s) for {cls.name}: {', '.join(unknown)} (known: {known})")
        resolved = {}
        for key, spec in cls.option_specs().items():
            value = options.get(key)
            if value is None:  # left out or null: the default
                value = spec.default
            refusal = spec.refusal(value)
            if refusal:
                raise OptionsError(f"option {key!r} for {cls.name} {refusal}")
            resolved[key] = copy.deepcopy(value)
        return resolved

    # -- to implement ----------------------------------------------------------
    def setup(self) -> None:
        """Build the initial state from ``self.options``."""

    @abc.abstractmethod
    def _apply(self, event: Mapping[str, Any]) -> list[Verdict]:
        """Apply an event to the state and return verdicts; raise EventError if malformed."""

    @abc.abstractmethod
    def state_json(self) -> dict[str, Any]:
        """The whole game state as JSON-compatible data."""

    @abc.abstractmethod
    def load_state_json(self, state: Mapping[str, Any]) -> None:
        """Replace the state with one produced by ``state_json``."""

    def observation_event(self, observation: Observation) -> dict[str, Any] | None:
        """Turn a settled camera/phone observation into this game's event (None: ignore it)."""
        if not observation.dice:
            return None
        return {"type": "roll", "dice": [d.to_json() for d in observation.dice]}

    def camera_names(self, pieces: Mapping[str, Any]) -> dict[str, Text]:
        """What players call each piece of a settled camera board (sticker name -> "Yugi on d5"), in the game's own
        words for its pieces and cells; the phone counts a sticker left out as a piece the game has no name for (never
        its id or mat cell). None by default."""
        return {}

    def dice_kinds(self) -> tuple[str, ...]:
        """The kinds of dice this game rolls, which the camera looks for (companion/vision/kinds.py): "pips",
        "colour" (a die whose faces are colours)."""
        return ("pips",)

    def named_faces(self, event: Mapping[str, Any]) -> list[str] | None:
        """The faces ``event`` threw as the game names them, for a die whose faces are names rather than numbers
        (Hexors' colour die), so that the statistics count them in the game's words; None (the default): the dice
        thrown are counted by value and colour (companion/table_reading.py)."""
        return None

    def thrown_dice(self, event: Mapping[str, Any]) -> list[Any] | None:
        """The dice ``event`` throws, as the game judges them in its state before the event, when the event alone
        does not say (a camera reroll shows the whole pool after it); None (the default): the event says it, and
        the statistics read it there (companion/table_reading.py). Never raises: a malformed event gives None."""
        return None

    def emblem_face(self) -> int | None:
        """The face an emblem on this game's dice stands for (6 or 1), or None: the table's own setting
        ([vision] emblem_face). The camera reads an emblem as that value (companion/vision/kinds.py)."""
        return self.options.get("emblem_face") or None

    def expected_roll(self) -> RollExpectation | None:
        """What the next camera roll should look like (dice count, colours, faces, zones), for the rules-aware
        reading (companion/referee/aware.py); None: no roll is expected now. The default expects any d6 roll."""
        return RollExpectation()

    @property
    def outcome(self) -> Verdict | None:
        """The final win/loss verdict once the game is over, else None."""
        return None

    def summary(self) -> dict[str, Any]:
        """A short, phone-friendly description of whose turn it is and what the roll allows."""
        return {}

    def seats(self) -> list[str]:
        """The players in seating order, by the names the game gives them (the simulated table's seats); empty
        before setup or for a game without players of its own."""
        return []

    def to_act(self) -> str | None:
        """The player (one of ``seats``) whose move the game waits for now, as its summary names them; None before
        setup, once the game is over, or for a game without turns."""
        return None

    def offers(self) -> dict[str, dict[str, Any]]:
        """The actions a phone may show now, each as the event a tap would send (key -> event). None by default."""
        return {}

    def available_actions(self) -> dict[str, dict[str, Any]]:
        """Each of ``offers()`` put to the referee itself, so a phone never offers what it would refuse:
        key -> {"event", "available", "why"}; ``why`` is the refusal's words ({"en", "fr"}), None when available.
        One rule for every game: what is available is exactly what ``legal`` accepts now. Asked of a copy: ``legal``
        rebuilds the state it tried, and a caller midway through reading the old one would read a tried move."""
        offers = self.offers()
        if not offers:
            return {}
        scratch = type(self).from_snapshot(self.snapshot())
        before = scratch.state_json()  # what ``_run`` puts back when an event cannot be read
        put_back = scratch._keep_state(before)  # before each try (``legal`` without taking the state each time)
        out, tried = {}, False
        for key, event in offers.items():
            if tried:  # the last try is never put back (the scratch copy is dropped), nor one ``_run`` put back
                put_back()
            try:
                refused = next((v for v in scratch._run(event, before) if v.kind is VerdictKind.ILLEGAL), None)
                error, tried = None, True
            except EventError as exc:  # ``_run`` put the state back, or had not changed it
                refused, error, tried = None, exc, False
            why = self.offer_refusal(key, refused, error)
            out[key] = {"event": event, "available": why is None, "why": why}
        return out

    def _keep_state(self, before: dict[str, Any]) -> Callable[[], None]:
        """A call that puts the state back as it is now (``before``: its JSON, taken already), as often as asked,
        each time sharing nothing with the state it replaces nor with one it put back before (the offers loop tries
        every button on one copy of the game). By default from that JSON; an engine whose state copies itself faster
        gives its own."""
        return lambda: self.load_state_json(before)

    def offer_refusal(self, key: str, refused: Verdict | None, error: EventError | None) -> dict[str, str] | None:
        """Why the offer ``key`` is not available ({"en", "fr"}), or None when it is, from what the referee said to
        its event: ``refused``, its illegal verdict, or ``error``, the event not understood. By default any refusal;
        an engine whose offer opens a choice (a Hexors action tile, its target still to pick) counts only those
        that come before the choice."""
        if refused is not None:
            return refused.message.to_json()
        if error is not None:  # an engine offering a malformed event is a bug: never offer it
            log.warning("%s offers %r, which it cannot read: %s", self.name, key, error)
            return {"en": "not possible now", "fr": "impossible pour l’instant"}
        return None

    # -- provided ----------------------------------------------------------------
    # Undo keeps the starting state and the accepted events (python-chess keeps a move stack):
    # memory grows with the number of events, not with events x state size, and engines being
    # deterministic, replaying all but the last event rebuilds the previous state exactly.
    #: False: ``apply`` keeps no undo history (the service's table keeps its own, bounded: companion/table_memory.py)
    keep_history = True

    def _reset_history(self) -> None:
        self._initial = json.dumps(self.state_json())
        self._events: list[dict[str, Any]] = []

    def _run(self, event: Mapping[str, Any], before: dict[str, Any]) -> list[Verdict]:
        """``_apply`` with every failure turned into EventError and the state put back."""
        if not isinstance(event, Mapping):
            raise EventError("an event must be a JSON object")
        if not isinstance(event.get("type"), str):
            raise EventError('an event needs a "type" string')
        try:
            return list(self._apply(event))
        except EventError:
            self.load_state_json(before)
            raise
        except (KeyError, TypeError, ValueError) as exc:
            self.load_state_json(before)
            raise EventError(f"malformed {event.get('type')!r} event: {exc}") from exc
        except Exception as exc:  # an engine bug must not leave a half-applied event behind
            self.load_state_json(before)
            log.exception("%s engine failed on %r", self.name, event)
            raise EventError(
                f"the {self.name} referee could not handle this {event.get('type')!r} event "
                f"(internal error: {type(exc).__name__}); nothing was changed"
            ) from exc

    def apply(self, event: Mapping[str, Any]) -> list[Verdict]:
        before = self.state_json()
        verdicts = self._run(event, before)
        if any(v.kind is VerdictKind.ILLEGAL for v in verdicts):
            self.load_state_json(before)
        elif event["type"] not in self.readings and self.keep_history:
            self._events.append(copy.deepcopy(dict(event)))
        return verdicts

    def legal(self, event: Mapping[str, Any]) -> list[Verdict]:
        """The verdicts ``apply`` would give; the state is left exactly as it was."""
        before = self.state_json()
        verdicts = self._run(event, before)
        self.load_state_json(before)
        return verdicts

    def is_legal(self, event: Mapping[str, Any]) -> bool:
        return not any(v.kind is VerdictKind.ILLEGAL for v in self.legal(event))

    def can_undo(self) -> bool:
        return bool(self._events)

    def undo(self) -> None:
        if not self._events:
            raise EventError("nothing to undo")
        kept = self._events[:-1]
        self.load_state_json(json.loads(self._initial))
        for event in kept:
            self._apply(event)
        self._events = kept

    def snapshot(self) -> dict[str, Any]:
        return {"game": self.name, "options": copy.deepcopy(self.options), "state": self.state_json()}

    @classmethod
    def from_snapshot(cls, snapshot: Mapping[str, Any]) -> "GameEngine":
        engine = cls(snapshot.get("options") or {})
        engine.load_state_json(snapshot["state"])
        engine._reset_history()
        return engine


class StateUntilSetup:
    """For engines whose whole state is one object, None until the setup event (Tesseract, Hexors, Nexus): its JSON
    under "game", and the final verdict it records (``state.outcome``) as the engine's outcome. Mix in before
    GameEngine and give ``_state_from_json``."""

    state: Any

    def _state_from_json(self, data: Mapping[str, Any]) -> Any:
        raise NotImplementedError

    def state_json(self) -> dict[str, Any]:
        return {"game": self.state.to_json() if self.state else None}

    def load_state_json(self, state: Mapping[str, Any]) -> None:
        data = state["game"]
        self.state = self._state_from_json(data) if data is not None else None

    def _keep_state(self, before: dict[str, Any]) -> Callable[[], None]:
        """A state object with ``fresh_copy`` (Tesseract's: 64 cubes read from JSON at each put-back cost the offers
        loop half its time) is put back as a copy of a copy kept now, never read from JSON."""
        fresh_copy = getattr(self.state, "fresh_copy", None)
        if fresh_copy is None:
            return super()._keep_state(before)  # type: ignore[misc]
        kept = fresh_copy()

        def put_back() -> None:
            self.state = kept.fresh_copy()
        return put_back

    @property
    def outcome(self) -> Verdict | None:
        if self.state is None or self.state.outcome is None:
            return None
        return Verdict.from_json(self.state.outcome)
