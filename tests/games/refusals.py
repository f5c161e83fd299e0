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
