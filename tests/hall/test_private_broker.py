"""The hall tests' private Mosquitto (tests/hall/mosquitto.py): a broker that cannot start is said at once, and none
is left running."""

from __future__ import annotations

import time

import pytest

from tests.hall.mosquitto import Mosquitto


def test_a_broker_that_cannot_start_is_said_at_once_and_left_stopped(tmp_path):
    broker = Mosquitto(tmp_path)
    broker.conf.write_text("no_such_option 1\n")  # Mosquitto refuses its configuration and exits
    started = time.monotonic()
    with pytest.raises(RuntimeError, match="mosquitto did not start"):
        broker.start()
    assert time.monotonic() - started < 5, "waited for a broker that had already exited"
    assert broker.process is None, "the failed broker's process was left behind"
