"""The house rule every game's junk-event tests check: bad input gets a clear error and loses nothing."""

from __future__ import annotations

import json
from typing import Any, Mapping

from companion.core import Verdict
from companion.referee import EventError


def apply_losing_nothing(engine, event: Mapping[str, Any]) -> list[Verdict] | None:
    """``engine.apply(event)``'s verdicts, or None where the event was refused with an EventError; either refusal
    (the error, or an illegal verdict) must leave the game as it was, and the error must name the sender's fault,
    never the engine's own failure put back. The state is kept as JSON text, so an engine handing out its own
    lists cannot make the comparison pass by changing ``before`` along with itself."""
    before = json.dumps(engine.state_json(), sort_keys=True)
    try:
        verdicts = engine.apply(event)
    except EventError as exc:
        assert str(exc) and "internal error" not in str(exc), (event, str(exc))
        assert json.dumps(engine.state_json(), sort_keys=True) == before, event
        return None
    if any(v.kind.value == "illegal" for v in verdicts):
        assert json.dumps(engine.state_json(), sort_keys=True) == before, (event, verdicts)
    return verdicts


def _text(state) -> str:
    return json.dumps(state)  # engines write their keys in one order: sorting them would only cost time


class StateWatch:
    """Every state an engine class hands out (``state_json``) kept as JSON text when taken; each time one is given
    back (``load_state_json``: a refusal's rollback, ``legal``, each try of ``available_actions``) it must still read
    as taken, and the engine loaded from it must read the same. An engine whose state shares lists with the live game
    (or keeps the lists it was loaded from) and changes one in place before refusing fails here, where the JSON
    comparison of ``apply_losing_nothing`` alone could miss it in the offers loop's scratch copy.

    Use as ``with StateWatch(type(engine)) as watch: ...; watch.check()``; ``problems`` lists what went wrong."""

    def __init__(self, cls) -> None:
        self.cls, self.taken, self.problems, self.loads = cls, {}, [], 0

    def __enter__(self) -> "StateWatch":
        cls, taken, problems = self.cls, self.taken, self.problems
        self._saved = cls.__dict__.get("state_json"), cls.__dict__.get("load_state_json")
        state_json, load_state_json = cls.state_json, cls.load_state_json

        def watched_state_json(engine):
            state = state_json(engine)
            taken[id(state)] = (state, _text(state))  # the object kept too, so its id is never reused
            return state

        def watched_load_state_json(engine, state):
            load_state_json(engine, state)
            if id(state) in taken:
                self.loads += 1
                as_taken = taken[id(state)][1]
                if _text(state) != as_taken:
                    problems.append("a state handed out was changed before it was loaded back")
                elif _text(state_json(engine)) != as_taken:
                    problems.append("the state loaded back reads differently from the one handed out")

        cls.state_json, cls.load_state_json = watched_state_json, watched_load_state_json
        return self

    def __exit__(self, *exc) -> None:
        for name, saved in zip(("state_json", "load_state_json"), self._saved):
            if saved is None:
                delattr(self.cls, name)
            else:
                setattr(self.cls, name, saved)

    def check(self, doing: Any) -> None:
        """Every state handed out since the last check still reads as taken (an accepted event included: a later
        caller may still hold it), and nothing went wrong when one was loaded back; then forget them."""
        changed = sum(_text(state) != text for state, text in self.taken.values())
        assert not self.problems and not changed, (doing, self.problems, f"{changed} state(s) changed after")
        self.taken.clear()


def play_watching(engine, events, junk=lambda event: ()) -> int:
    """Play ``events`` on ``engine`` under a StateWatch; before each: every offer tried
    (``available_actions``), ``legal`` of the event, and each of ``junk(event)`` put through ``apply_losing_nothing`` on
    a copy of the game (a new copy after one the rules take; undo rebuilds from JSON text, sharing nothing); none
    may change the live game or a state handed out. How many states were loaded back, checked."""
    with StateWatch(type(engine)) as watch:
        for n, event in enumerate(events):
            live = _text(engine.state_json())
            engine.available_actions()
            assert _text(engine.state_json()) == live, (n, "the offers loop changed the live game")
            watch.check((n, "available_actions"))
            engine.legal(event)
            assert _text(engine.state_json()) == live, (n, "legal changed the live game", event)
            watch.check((n, "legal", event))
            trial = None
            for bad in junk(event):
                if trial is None:
                    trial = type(engine).from_snapshot(json.loads(json.dumps(engine.snapshot())))
                verdicts = apply_losing_nothing(trial, bad)
                watch.check((n, "refused", bad))
                if verdicts is not None and not any(v.kind.value == "illegal" for v in verdicts):
                    trial = None  # a neighbour the rules take (a field left out that has a default): a new copy
            assert _text(engine.state_json()) == live, (n, "a copy's refusals changed the live game")
            apply_losing_nothing(engine, event)  # refused ones too: the examples show refusals
            watch.check((n, "apply", event))
        return watch.loads
