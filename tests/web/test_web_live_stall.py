"""/api/live says when the pipeline is stalled and since when, instead of ``ok: true`` beside a stale frame."""

from __future__ import annotations

import time


def test_live_says_stalled_and_since_when(phone, service):
    view = phone.get("/api/live").get_json()  # no camera wanted: nothing awaited, nothing stalled
    assert view["stalled"] is False and view["stalled_since"] is None
    before = time.time()
    service.live.watch(0.05)  # as a pipeline does when it starts
    time.sleep(0.1)
    view = phone.get("/api/live").get_json()  # and the answer matches the documented schema
    assert view["stalled"] is True and before - 0.01 <= view["stalled_since"] <= time.time()
    assert view["camera"]["ok"] is False and "no new picture" in view["camera"]["message"]
