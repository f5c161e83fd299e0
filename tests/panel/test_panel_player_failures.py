"""The panel's pattern player (companion/panel/player.py) with an output that fails: logged as an evening can bear
(companion/bus_failures.py)."""

from __future__ import annotations

import logging
import re


def test_an_output_that_keeps_failing_logs_one_traceback_then_that_it_works_again(caplog):
    """A GPIO output that keeps failing logs its traceback once, then that it works again: every step of every
    pattern (the amber blink all evening while the camera is lost) must not log it again."""
    from companion.panel.player import PatternPlayer
    from companion.panel.signals import Step

    caplog.set_level(logging.WARNING, logger="companion.panel.player")
    fails, lit = [True], []

    def output(lights, tone):
        if fails[0]:
            raise OSError(5, "Input/output error")
        lit.append(lights)

    player = PatternPlayer(output, time_scale=0.001)
    try:
        steps = [Step(frozenset({"amber"} if i % 2 else set()), None, 1.0) for i in range(20)]
        player.play(steps, frozenset({"green"}))
        assert player.wait_idle(10)
        fails[0] = False
        player.play(steps[:2], frozenset({"green"}))
        assert player.wait_idle(10) and lit
    finally:
        player.close()
    said = [r for r in caplog.records if r.name == "companion.panel.player"]
    assert [bool(r.exc_info) for r in said] == [True, False], [r.getMessage() for r in said]
    again = re.search(r"panel output works again, after (\d+) failures", said[-1].getMessage())
    assert again and int(again.group(1)) >= 20  # each step of the pattern failed, one traceback said it
