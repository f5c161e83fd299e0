"""A camera that disappears is retried with back-off and reported; it never ends the stream."""

from __future__ import annotations

import shutil
import threading
import time

import numpy as np
import pytest

from companion.capture.base import Frame, FrameSource, SourceError
from companion.capture.folder import FolderSource
from companion.capture.retry import RetryingSource
from companion.core import Text

from capture_helpers import blue_level, write_folder


class FakeClock:
    """A clock that only moves when the retrying source sleeps."""

    def __init__(self):
        self.now = 100.0
        self.sleeps: list[float] = []

    def time(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


class FlakyCamera(FrameSource):
    """Delivers frames; ``script`` says what each read and open does: "frame", "fail" or "end"."""

    description, description_fr = "flaky camera", "caméra capricieuse"

    def __init__(self, reads: list[str], opens: list[str] | None = None):
        self.reads = list(reads)
        self.opens = list(opens or [])
        self.calls: list[str] = []
        self.count = 0

    def open(self):
        self.calls.append("open")
        step = self.opens.pop(0) if self.opens else "ok"
        if step == "fail":
            raise SourceError("camera unplugged", "caméra débranchée")

    def read(self):
        self.calls.append("read")
        step = self.reads.pop(0) if self.reads else "end"
        if step == "fail":
            raise SourceError("no picture")
        if step == "end":
            return None
        self.count += 1
        return Frame(np.full((2, 2, 3), self.count, np.uint8), float(self.count), self.count - 1)

    def close(self):
        self.calls.append("close")


def make(inner, clock, **kwargs):
    """The source, and the news it gives as (ok, English sentence); ``source.text`` holds the last in French too."""
    statuses: list[tuple[bool, str]] = []
    source = RetryingSource(inner, on_status=lambda ok, text: statuses.append((ok, text.en)), clock=clock.time,
                            sleep=clock.sleep, **kwargs)
    return source, statuses


def test_failure_mid_stream_is_retried_with_exponential_backoff_and_reported_once_each_way():
    clock = FakeClock()
    inner = FlakyCamera(reads=["frame", "frame", "fail", "frame", "frame", "end"], opens=["ok", "fail", "fail", "ok"])
    source, statuses = make(inner, clock, initial_delay=0.5, max_delay=30.0)
    source.open()
    values = []
    while (frame := source.read()) is not None:
        values.append(int(frame.image[0, 0, 0]))
    assert values == [1, 2, 3, 4], "no frame lost or repeated across the outage"
    assert clock.sleeps == [0.5, 1.0, 2.0], "waits double between attempts"
    assert statuses[0] == (False, "no picture")
    assert statuses[1] == (False, "camera unplugged"), "a new reason while down is reported"
    assert statuses[2][0] is True and "back after 4 s" in statuses[2][1]
    assert len(statuses) == 3
    assert source.ok and source.outages == 1
    # The broken device was released before every reopening.
    assert inner.calls[:6] == ["open", "read", "read", "read", "close", "open"]


def test_backoff_is_capped_and_resets_after_recovery():
    clock = FakeClock()
    inner = FlakyCamera(reads=["fail", "frame", "fail", "frame", "end"], opens=["ok"] + ["fail"] * 6)
    source, statuses = make(inner, clock, initial_delay=1.0, max_delay=8.0)
    source.open()
    assert source.read() is not None
    assert clock.sleeps == [1.0, 2.0, 4.0, 8.0, 8.0, 8.0, 8.0]
    clock.sleeps.clear()
    assert source.read() is not None
    assert clock.sleeps == [1.0], "a new outage starts again from the first delay"
    assert [ok for ok, _ in statuses] == [False, False, True, False, True]
    assert [m for _, m in statuses][:2] == ["no picture", "camera unplugged"]


def test_camera_absent_at_start_does_not_raise_and_is_reported():
    clock = FakeClock()
    inner = FlakyCamera(reads=["frame"], opens=["fail", "ok"])
    source, statuses = make(inner, clock)
    source.open()  # must not raise: the service starts without its camera
    assert statuses == [(False, "camera unplugged")]
    assert not source.ok
    assert source.read() is not None
    assert statuses[-1][0] is True


def test_end_of_a_finite_stream_is_passed_through():
    clock = FakeClock()
    source, statuses = make(FlakyCamera(reads=["frame", "end"]), clock)
    source.open()
    assert source.read() is not None
    assert source.read() is None
    assert statuses == [] and clock.sleeps == []


def test_the_news_is_told_in_french_too():
    """Phones set to French show the camera's news in French: lost, given up, back."""
    clock = FakeClock()
    inner = FlakyCamera(reads=["frame"], opens=["fail", "ok"])
    source, _ = make(inner, clock)
    source.open()
    assert source.text.fr == "caméra débranchée"
    assert source.read() is not None
    assert source.text == Text("flaky camera is back after 0 s", "caméra capricieuse est de retour après 0 s")
    source, _ = make(FlakyCamera(reads=[], opens=["fail"] * 4), FakeClock(), max_attempts=3)
    source.open()
    with pytest.raises(SourceError) as given_up:
        source.read()
    assert source.text.fr == "caméra débranchée (abandon après 3 essais)"
    assert given_up.value.text.fr == "caméra capricieuse : caméra débranchée ; abandon après 3 essais"


def test_gives_up_after_max_attempts_when_asked():
    clock = FakeClock()
    inner = FlakyCamera(reads=["fail"], opens=["ok", "fail", "fail", "fail"])
    source, statuses = make(inner, clock, max_attempts=3)
    source.open()
    with pytest.raises(SourceError, match="gave up after 3 attempts"):
        source.read()
    assert "gave up" in statuses[-1][1]


def test_close_from_another_thread_interrupts_the_wait():
    inner = FlakyCamera(reads=["fail"], opens=["ok"] + ["fail"] * 100)
    source = RetryingSource(inner, initial_delay=5.0, max_delay=60.0)  # real, interruptible sleep
    source.open()
    result = {}
    reader = threading.Thread(target=lambda: result.setdefault("frame", source.read()))
    reader.start()
    time.sleep(0.1)
    started = time.monotonic()
    source.close()
    reader.join(timeout=2)
    assert not reader.is_alive() and time.monotonic() - started < 2
    assert result["frame"] is None


def test_a_real_folder_source_that_vanishes_mid_stream_comes_back(tmp_path):
    folder = write_folder(tmp_path / "frames", 3)
    backup = tmp_path / "backup"
    shutil.copytree(folder, backup)
    clock = FakeClock()

    def sleep(seconds):
        clock.sleep(seconds)
        if len(clock.sleeps) == 2:  # the card is put back after the second wait
            shutil.copytree(backup, folder)

    statuses = []
    source = RetryingSource(FolderSource(folder, loop=True), on_status=lambda ok, m: statuses.append((ok, m.en)),
                            clock=clock.time, sleep=sleep, initial_delay=1.0)
    source.open()
    assert blue_level(source.read()) == 10
    shutil.rmtree(folder)
    frame = source.read()  # blocks through the outage, then plays from the start again
    assert blue_level(frame) == 10
    assert clock.sleeps == [1.0, 2.0]
    assert [ok for ok, _ in statuses] == [False, False, True]
    assert "no picture" in statuses[0][1] and "does not exist" in statuses[1][1]


def test_a_status_listener_may_close_the_source():
    clock = FakeClock()
    inner = FlakyCamera(reads=["fail"], opens=["ok"])
    source = RetryingSource(inner, clock=clock.time, sleep=clock.sleep)
    source.on_status = lambda ok, message: source.close()  # e.g. the service shutting down on bad news
    source.open()
    assert source.read() is None, "closed from the listener: the stream ends, nothing deadlocks"
