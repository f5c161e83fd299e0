"""A camera that hangs for good leaves at most one thread stuck in its driver, however many retries pass."""

from __future__ import annotations

import logging
import sys
import threading
import time
import types

import numpy as np
import pytest

from companion.capture.base import Frame, FrameSource, SourceError
from companion.capture.deadline import CallGate, CameraStuck, CameraTimeout
from companion.capture.picamera import PiCameraSource
from companion.capture.retry import RetryingSource

FOREVER = threading.Event()  # never set: what a hung driver call waits on


def camera_threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.name.startswith("camera-call") and t.is_alive()}


def new_threads(before: set[threading.Thread]) -> int:
    """Camera calls running now that were not running before (earlier tests' may end meanwhile)."""
    return len(camera_threads() - before)


class HungCamera(FrameSource):
    """Opens, then every read (and, with ``close_hangs``, every close) blocks for good."""

    description = "hung camera"

    def __init__(self, close_hangs: bool = False) -> None:
        self.close_hangs = close_hangs
        self.reads = self.opens = 0

    def open(self):
        self.opens += 1

    def read(self):
        self.reads += 1
        FOREVER.wait(30)
        return Frame(np.zeros((2, 2, 3), np.uint8), 0.0, 0)

    def close(self):
        if self.close_hangs:
            FOREVER.wait(30)


def test_a_gate_never_leaves_more_than_one_call_stuck():
    gate = CallGate("test camera")
    before = camera_threads()
    with pytest.raises(CameraTimeout, match="within 0.05 s"):
        gate.call(FOREVER.wait, 0.05, "waiting for a picture", 30)
    for _ in range(10):
        with pytest.raises(CameraStuck, match="waiting for a picture has been stuck since"):
            gate.call(lambda: 1, 0.02, "opening the camera")
    assert new_threads(before) == 1
    assert gate.stuck == "waiting for a picture"


def test_a_call_waits_for_the_stuck_one_when_it_comes_back():
    gate = CallGate("test camera")
    release = threading.Event()
    with pytest.raises(CameraTimeout):
        gate.call(release.wait, 0.05, "waiting for a picture", 5)
    threading.Timer(0.1, release.set).start()
    assert gate.call(lambda: "picture", 2.0, "reading again") == "picture"
    assert gate.stuck is None


def test_a_hung_camera_retried_for_many_periods_keeps_its_threads_bounded(caplog):
    """While a camera call hangs, retrying for about thirty periods starts no new read and leaves two camera threads
    at most (one stuck read, one stuck close), rather than a thread a period; the news is told once."""
    caplog.set_level(logging.DEBUG)
    camera = HungCamera(close_hangs=True)
    statuses: list[str] = []
    source = RetryingSource(camera, on_status=lambda ok, text: statuses.append(text.en), frame_timeout=0.05,
                            open_timeout=0.05, close_timeout=0.05, initial_delay=0.01, max_delay=0.02)
    before = camera_threads()
    reader = threading.Thread(target=source.read, daemon=True)
    source.open()
    reader.start()
    peak = 0
    deadline = time.monotonic() + 1.5  # about thirty retry periods
    while time.monotonic() < deadline:
        peak = max(peak, new_threads(before))
        time.sleep(0.01)
    source.close()
    reader.join(2)
    assert not reader.is_alive()
    assert camera.reads == 1, "no read is started while the first one is still stuck"
    assert peak <= 2, f"{peak} camera threads at once: one stuck read and one stuck close at most"
    stuck_warnings = [r for r in caplog.records if "not tried" in r.getMessage() and r.levelno == logging.WARNING]
    assert len(stuck_warnings) <= 2, "said loudly once per stuck call, then quietly"
    assert "stuck since" in source.text.en
    assert statuses.count(source.text.en) == 1, "the same news is told once, not at every retry"


class HangingPicamera2:
    """picamera2 whose capture hangs for good after the first picture, as on a loose ribbon."""

    instances = 0

    def __init__(self, camera_num=0):
        self.captured = 0
        self.camera_controls: dict = {}
        HangingPicamera2.instances += 1

    @staticmethod
    def global_camera_info():
        return [{"Model": "imx708", "Num": 0}]

    def create_video_configuration(self, main, controls):
        return {}

    def configure(self, config):
        pass

    def start(self):
        pass

    def capture_array(self, name="main", wait=None):
        return "job"

    def wait(self, job, timeout=None):
        if self.captured:
            FOREVER.wait(30)
        self.captured += 1
        return np.zeros((4, 6, 3), np.uint8)

    def stop(self):
        pass

    def close(self):
        pass


def test_a_pi_camera_that_hangs_is_not_reopened_on_new_threads_and_says_so_once(monkeypatch, caplog):
    module = types.ModuleType("picamera2")
    module.Picamera2 = HangingPicamera2
    monkeypatch.setitem(sys.modules, "picamera2", module)
    caplog.set_level(logging.DEBUG, logger="companion.capture.picamera")
    camera = PiCameraSource(exposure_lock=False, awb_lock=False, timeout=0.05, sleep=lambda s: None)
    source = RetryingSource(camera, frame_timeout=0.1, open_timeout=0.1, close_timeout=0.1,
                            initial_delay=0.01, max_delay=0.02)
    source.open()
    assert source.read() is not None
    before = camera_threads()
    reader = threading.Thread(target=source.read, daemon=True)
    reader.start()
    peak = 0
    deadline = time.monotonic() + 1.5
    while time.monotonic() < deadline:
        peak = max(peak, new_threads(before))
        time.sleep(0.01)
    source.close()
    reader.join(2)
    assert peak <= 3, f"{peak} camera threads at once"
    started = [r for r in caplog.records if "started at" in r.getMessage()]
    assert started[0].levelno == logging.INFO and all(r.levelno == logging.DEBUG for r in started[1:])


def test_the_pi_camera_quotes_the_timeout_it_really_waited(monkeypatch):
    """The Pi camera's "no picture for N s" quotes the camera.frame_timeout it really waited (7 s here), not a
    fixed 3 s."""
    from companion.capture.factory import make_source

    camera = make_source("picamera2", {"frame_timeout": 7.0})
    assert camera.timeout == 7.0
    module = types.ModuleType("picamera2")

    class Stalls(HangingPicamera2):
        def wait(self, job, timeout=None):
            if self.captured:
                raise TimeoutError
            self.captured += 1
            return np.zeros((4, 6, 3), np.uint8)

    module.Picamera2 = Stalls
    monkeypatch.setitem(sys.modules, "picamera2", module)
    camera.exposure_lock = camera.awb_lock = False
    camera.open()
    camera.read()
    with pytest.raises(SourceError, match="no picture for 7 s"):
        camera.read()
    camera.close()


def test_pi_camera_started_is_news_once_and_each_restart_after_is_debug(monkeypatch, caplog):
    """"Pi camera started" is logged at INFO once, then at DEBUG at each restart: a camera retried all evening does
    not fill the log with news."""
    module = types.ModuleType("picamera2")

    class Fails(HangingPicamera2):
        def wait(self, job, timeout=None):
            raise RuntimeError("frontend has timed out")

    module.Picamera2 = Fails
    monkeypatch.setitem(sys.modules, "picamera2", module)
    caplog.set_level(logging.DEBUG, logger="companion.capture.picamera")
    camera = PiCameraSource(exposure_lock=False, awb_lock=False, timeout=0.5, sleep=lambda s: None)
    source = RetryingSource(camera, initial_delay=0.01, max_delay=0.01, max_attempts=4)
    source.open()
    with pytest.raises(SourceError, match="gave up"):
        source.read()
    started = [r.levelno for r in caplog.records if "started at" in r.getMessage()]
    assert len(started) >= 4 and started[0] == logging.INFO and set(started[1:]) == {logging.DEBUG}
