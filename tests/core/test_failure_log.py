"""companion/bus_failures.py: a part that keeps failing is logged with one traceback per kind of failure, then
counted."""

from __future__ import annotations

import logging

from companion import bus_failures
from companion.bus_failures import FailureLog


def test_two_kinds_of_failure_taking_turns_log_one_traceback_each_then_are_counted(caplog, monkeypatch):
    """A listener failing on the card (OSError) at one event and on a bug (KeyError) at the next logs one traceback
    per kind, then counts them: a change of kind is not news at every event all evening."""
    clock = [1000.0]
    monkeypatch.setattr(bus_failures, "now", lambda: clock[0])
    logger = logging.getLogger("tests.failure_log")
    caplog.set_level(logging.WARNING, logger=logger.name)
    failures = FailureLog(logger, "the part")
    for i in range(50):
        failures.failed(OSError(5, "Input/output error") if i % 2 else KeyError("seat"), f"event {i}")
        clock[0] += 1.0
    assert [r.exc_info[0] for r in caplog.records if r.exc_info] == [KeyError, OSError]
    assert len(caplog.records) == 2
    clock[0] += bus_failures.REPEAT_EVERY
    failures.failed(KeyError("seat"))
    assert len(caplog.records) == 3 and not caplog.records[-1].exc_info
    assert "still fails: 51 times since" in caplog.records[-1].getMessage()
    failures.worked()
    assert "works again, after 51 failures" in caplog.records[-1].getMessage()
    failures.failed(OSError(5, "Input/output error"))  # failing again later: its traceback again
    assert len(caplog.records) == 5 and caplog.records[-1].exc_info[0] is OSError
