"""A pipeline that stops getting pictures says so, and since when: a stale frame is never shown as live."""

from __future__ import annotations

import threading
import time

import numpy as np

from companion.capture.base import Frame, FrameSource
from companion.pipeline import LiveView, Pipeline
from companion.vision.settle import RollSettler


class StallingCamera(FrameSource):
    """Sends ``good`` frames, then its reads block until ``resume`` is set (a driver stuck, or a reader stuck)."""

    description = "stalling camera"
    frame_timeout = 0.3  # as a RetryingSource has: the pipeline's measure of "too long without a picture"

    def __init__(self, good: int) -> None:
        self.good = good
        self.sent = 0
        self.resume = threading.Event()
        self.last_sent_at = 0.0

    def read(self):
        if self.sent >= self.good:
            self.resume.wait(10)
        self.sent += 1
        self.last_sent_at = time.time()
        return Frame(np.zeros((4, 4, 3), np.uint8), time.time(), self.sent)

    def close(self):
        self.resume.set()


def wait_for(condition, within: float = 5.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return False


def test_a_stuck_pipeline_says_it_is_stalled_since_its_last_picture_and_when_it_runs_again():
    camera = StallingCamera(good=2)
    live = LiveView()
    told: list[dict] = []
    pipe = Pipeline(camera, None, RollSettler(), lambda obs: None, live, fps=50,
                    on_stall=lambda view: told.append(view.to_json()))
    pipe.start()
    try:
        assert wait_for(lambda: camera.sent >= 2)
        assert live.to_json()["stalled"] is False and live.to_json()["camera"]["ok"] is True
        last_picture = camera.last_sent_at
        assert wait_for(lambda: live.to_json()["stalled"])
        view = live.to_json()
        assert view["frame"] == 2  # the stale frame is still there to see, but not as live
        assert abs(view["stalled_since"] - last_picture) < 0.2
        assert view["camera"]["ok"] is False and view["camera"]["message"].startswith("no new picture for ")
        assert "aucune nouvelle image" in view["camera"]["message_fr"]
        assert wait_for(lambda: told) and told[0]["stalled"] is True  # pushed: no frame means no live event
        camera.resume.set()
        assert wait_for(lambda: not live.to_json()["stalled"])
        assert live.to_json()["camera"]["ok"] is True and live.to_json()["stalled_since"] is None
        assert wait_for(lambda: len(told) == 2) and told[1]["stalled"] is False
    finally:
        pipe.stop()
        pipe.join(3)


def test_the_camera_own_news_is_kept_while_stalled():
    live = LiveView()
    live.camera.ok, live.camera.message = False, "USB camera 0 returned no picture (unplugged?)"
    live.watch(0.0)
    view = live.to_json()
    assert view["stalled"] is True and view["camera"]["message"] == "USB camera 0 returned no picture (unplugged?)"


def test_a_camera_slow_to_open_is_not_called_stalled_before_its_open_timeout():
    live = LiveView()
    live.watch(0.05, first_within=0.3)
    time.sleep(0.1)
    assert live.to_json()["stalled"] is False  # still opening
    time.sleep(0.3)
    assert live.to_json()["stalled"] is True  # neither opened nor said why: stalled since the start


def test_nothing_is_stalled_where_no_picture_is_awaited():
    live = LiveView()  # no camera wanted: no pipeline watches
    time.sleep(0.01)
    assert live.to_json()["stalled"] is False and live.to_json()["stalled_since"] is None
    live.watch(0.0)
    live.watch(None)  # a recording played to its end
    assert live.to_json()["stalled"] is False
