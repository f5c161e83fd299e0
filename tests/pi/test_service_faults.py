"""The running service against a camera that hangs, the simulated table, and the end-of-turn button."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import numpy as np

from companion.capture.base import Frame, FrameSource, SourceError
from companion.capture.retry import RetryingSource
from companion.config import load_config
from companion.pipeline import LiveView, Pipeline
from companion.service import Service
from companion.vision.settle import RollSettler

REPO = Path(__file__).resolve().parents[2]


class HangingCamera(FrameSource):
    """Sends ``good`` frames after each open, then blocks in read() like a libcamera frontend that timed out;
    ``recovers``: closing wakes the blocked read (as closing a real device does) and a reopened camera sends
    again; ``close_hangs``: close() blocks too."""

    description = "hanging camera"

    def __init__(self, good: int = 1, recovers: bool = False, close_hangs: bool = False):
        self.good = good
        self.recovers = recovers
        self.close_hangs = close_hangs
        self.events: list[str] = []
        self.sent = 0
        self.opens = 0
        self.released = threading.Event()

    def open(self):
        self.events.append("open")
        self.opens += 1
        if self.recovers and self.opens > 1:
            self.sent = -10**6

    def read(self):
        if self.sent >= self.good:
            self.events.append("hang")
            self.released.wait(60)
            raise SourceError("released")
        self.sent += 1
        return Frame(np.zeros((8, 8, 3), np.uint8), time.time(), self.sent)

    def close(self):
        self.events.append("close")
        if self.recovers:
            self.released.set()
        if self.close_hangs:
            threading.Event().wait(60)


def test_a_camera_that_stops_sending_is_reported_lost_before_it_is_closed_and_reopened():
    """A stalled camera is reported lost within the frame timeout, before it is closed and reopened; then back."""
    camera = HangingCamera(good=1, recovers=True)
    seen: list[str] = []

    def status(ok, message):
        seen.append(f"{'back' if ok else 'lost'}: {message.en}")
        camera.events.append("reported lost" if not ok else "reported back")

    source = RetryingSource(camera, on_status=status, frame_timeout=0.3, initial_delay=0.05, max_delay=0.1)
    source.open()
    assert source.read() is not None
    started = time.monotonic()
    frame = source.read()
    assert frame is not None and time.monotonic() - started < 3
    assert seen[0].startswith("lost: reading hanging camera did not finish within 0.3 s")
    assert seen[-1].startswith("back:")
    lost = camera.events.index("reported lost")
    assert "close" in camera.events[lost:] and "close" not in camera.events[camera.events.index("hang"):lost], \
        f"reported before closing: {camera.events}"
    assert camera.events[lost:].index("open") > camera.events[lost:].index("close"), "restarted after closing"
    camera.released.set()
    source.close()


def test_stop_returns_within_five_seconds_when_the_camera_hangs_even_on_close():
    """Stop returns within five seconds though the camera hangs, even on close: `systemctl stop` must not wait for
    SIGKILL."""
    camera = HangingCamera(good=1, close_hangs=True)
    source = RetryingSource(camera, frame_timeout=30.0)
    pipe = Pipeline(source, None, RollSettler(), lambda obs: None, LiveView(), fps=0)
    pipe.start()
    deadline = time.monotonic() + 5
    while "hang" not in camera.events and time.monotonic() < deadline:
        time.sleep(0.01)
    assert "hang" in camera.events
    started = time.monotonic()
    pipe.stop()
    pipe.join(timeout=5)
    assert time.monotonic() - started < 5 and not pipe.is_alive()
    camera.released.set()


def service_config(tmp_path, **camera):
    return load_config(overrides={"service": {"data_dir": str(tmp_path)}, "camera": camera,
                                  "panel": {"enabled": False}, "vision": {"model": str(tmp_path / "none.onnx")}})


def test_the_simulated_table_is_flagged_in_the_live_status_the_phones_get(tmp_path):
    service = Service(service_config(tmp_path, source="simulated", fps=20.0))
    published = []
    service.bus.listen(lambda event: published.append(event))
    service.start()
    try:
        deadline = time.monotonic() + 10
        while not any(e.topic == "live" for e in published) and time.monotonic() < deadline:
            time.sleep(0.05)
        live = next(e.data for e in published if e.topic == "live")
        assert live["camera"]["simulated"] is True and "SIMULATED" in live["camera"]["source"]
        assert service.status()["live"]["camera"]["simulated"] is True
    finally:
        service.stop()


def test_auto_without_a_camera_is_a_visible_fault_on_the_phones(tmp_path, monkeypatch):
    """`auto` without a camera is a camera fault every phone is shown, never the simulated table."""
    from companion.capture import factory

    monkeypatch.setattr(factory, "resolve_auto", lambda *a: (None, "no camera found"))
    service = Service(service_config(tmp_path, source="auto"))
    published = []
    service.bus.listen(lambda event: published.append(event))
    service.start()
    try:
        deadline = time.monotonic() + 5
        while not any(e.topic == "camera" for e in published) and time.monotonic() < deadline:
            time.sleep(0.02)
        camera = next(e.data for e in published if e.topic == "camera")
        assert camera["ok"] is False and "no camera found" in camera["message"] and camera["simulated"] is False
    finally:
        started = time.monotonic()
        service.stop()
        assert time.monotonic() - started < 5


def nexus_setup():
    example = REPO / "docs" / "rules" / "examples" / "nexus-keepers-full-game.jsonl"
    return [json.loads(line) for line in example.read_text().splitlines()[:2]]


def test_the_end_turn_button_acts_only_in_a_phase_that_accepts_it(tmp_path):
    """The end-turn button acts only in a phase that accepts it: out of a turn nothing is journaled (no illegal
    verdict, red light or buzzer) and the phones are told why; in a turn it ends it, from the panel."""
    service = Service(service_config(tmp_path), camera=False)
    service.table.new_game("nexus-keepers", {}, ["A", "B", "C"])
    setup, turn_start = nexus_setup()
    service.table.submit(setup)
    notices = []
    service.bus.listen(lambda e: notices.append(e.data["message"]) if e.topic == "notice" else None)
    before = len(service.table.history())
    service.panel.when_end_turn()  # no turn in progress: nothing is recorded
    assert len(service.table.history()) == before
    assert notices == ["Button: No turn in progress to end"]
    service.table.submit(turn_start)
    service.panel.when_end_turn()
    last = service.table.history()[-1]
    assert last["event"] == {"type": "end_turn"} and last["source"] == "panel"
    assert [v["kind"] for v in last["verdicts"]] == ["info"]
    service.stop()


def test_the_join_address_follows_the_network(monkeypatch):
    """The join address (the QR code) is read again from the network, so a late Wi-Fi or a new DHCP lease shows."""
    from companion.web import netinfo

    address = ["127.0.0.1"]
    clock = [0.0]
    monkeypatch.setattr(netinfo, "lan_address", lambda bind_host="0.0.0.0": address[0])
    links = netinfo.JoinLinks.for_server("0.0.0.0", 8080, hostname="table")
    links._clock = lambda: clock[0]
    assert links.to_json() == {"ip": "http://127.0.0.1:8080/", "local": "http://table.local:8080/"}
    first_qr = links.qr_svg()
    address[0] = "192.168.1.23"  # Wi-Fi came up after the service started
    clock[0] += 5
    assert links.ip_url == "http://192.168.1.23:8080/"
    assert links.qr_svg() == netinfo.JoinLinks("http://192.168.1.23:8080/", "http://table.local:8080/").qr_svg()
    assert links.qr_svg() != first_qr


def test_a_new_game_asks_the_camera_to_measure_the_light_again(tmp_path):
    service = Service(service_config(tmp_path, source="simulated", fps=5.0))
    asked = []
    service.start()
    try:
        service.pipeline.source.inner.request_relock = lambda: asked.append(1) or True
        service.table.new_game("free-roll", {}, ["Ana"])
        assert asked == [1]
    finally:
        service.stop()


def test_a_new_game_brings_the_kinds_of_dice_it_rolls_to_the_camera(tmp_path):
    """Hexors with its colour die: the camera reads colour dice from the next frame; back to pip dice after."""
    from types import SimpleNamespace

    service = Service(service_config(tmp_path), camera=False)
    reader = service._make_reader()
    assert reader.kinds == ("pips",) and "none.onnx" in service.live.vision_error  # the missing pip model, named
    assert service.live.vision_error_fr.startswith("les dés à points ne sont pas lus (") \
        and "none.onnx" in service.live.vision_error_fr
    service.pipeline = SimpleNamespace(reader=reader, source=SimpleNamespace(request_relock=lambda: False))
    try:
        service.table.new_game("hexors", {"die_reading": "color"}, ["Ann", "Bob"])
        assert reader.kinds == ("colour",) and "colour" in reader.readers
        assert service.live.vision_error == service.live.vision_error_fr == ""
        service.table.new_game("hexors", {}, ["Ann", "Bob"])
        assert reader.kinds == ("pips",) and "none.onnx" in service.live.vision_error
    finally:
        service.pipeline = None
        service.stop()


def test_a_new_game_whose_mat_cannot_be_read_is_played_without_the_last_games_mat(tmp_path, monkeypatch):
    """The game change is a bus listener's work: a mat that cannot be read (a bad layout, a damaged lens file) must
    neither fail the change nor leave the last game's mat reading this game's table; the phones are told why, and
    the next game's mat is read again, and the listeners after it still get the event."""
    from companion.tablevision import layouts
    from companion.tablevision.layout import LayoutError

    service = Service(service_config(tmp_path))
    assert service.table_stage is not None and service.table_stage.layout.name == "dice-tray"
    heard = []
    service.bus.listen(lambda event: heard.append(event.topic))
    real = layouts.configured_layout

    def broken(game, settings, path=None):
        if game == "hexors":
            raise LayoutError("zones[0].rect: expected 4 numbers")
        return real(game, settings, path)

    monkeypatch.setattr(layouts, "configured_layout", broken)
    service.table.new_game("hexors", {}, ["Ann", "Bo"])
    assert service.table.record.game == "hexors" and "game" in heard
    assert service.table_stage is None
    assert "hexors" in service.live.table["error"] and "zones[0].rect" in service.live.table["error"]
    assert service.live.table["error_fr"].startswith("le tapis de hexors ne peut pas être lu")  # the phone's French
    service.table.new_game("nexus-keepers", {}, ["A", "B"])
    assert service.table_stage.layout.name == "nexus-keepers" and service.live.table is None
