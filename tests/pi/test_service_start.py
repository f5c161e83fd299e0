"""A restart answers the phones before the camera's pipeline is built (its models take a second or more to load):
meanwhile the phones are told the camera is starting, and nothing built late misses what changed meanwhile."""

from __future__ import annotations

import threading
import time
from contextlib import contextmanager
from typing import Iterator

import cv2
import numpy as np

from companion.config import load_config
from companion.service import Service


def folder_camera_service(tmp_path) -> Service:
    frames = tmp_path / "frames"
    frames.mkdir()
    for n in range(3):
        cv2.imwrite(str(frames / f"{n:03d}.png"), np.full((120, 160, 3), (40, 90, 30 + n), np.uint8))
    config = load_config(overrides={"service": {"data_dir": str(tmp_path / "data")}, "panel": {"enabled": False},
                                    "camera": {"source": "folder", "path": str(frames), "loop": True, "fps": 20.0}})
    return Service(config)


def built_then_held(service: Service) -> tuple[threading.Event, threading.Event]:
    """The pipeline is built, then held back until ``release`` is set (the time its models take, made long)."""
    built, release = threading.Event(), threading.Event()
    make = service._make_pipeline

    def slow():
        pipeline = make()
        built.set()
        assert release.wait(20)
        return pipeline
    service._make_pipeline = slow
    return built, release


@contextmanager
def started_while_held(service: Service) -> Iterator[tuple[threading.Event, threading.Event]]:
    """The service started with its pipeline built then held back (``built_then_held``); released and stopped after."""
    built, release = built_then_held(service)
    service.start(camera_later=True)
    try:
        yield built, release
    finally:
        release.set()
        service.stop()


def wait_for(condition, seconds: float = 15.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "not in time"
        time.sleep(0.02)


def test_the_service_starts_without_waiting_for_the_camera_and_says_it_is_starting(tmp_path):
    service = folder_camera_service(tmp_path)
    assert service.status()["live"]["camera"]["starting"] is True  # before start: no "no camera" on the phones
    began = time.monotonic()
    with started_while_held(service) as (built, release):
        assert time.monotonic() - began < 1.0
        assert built.wait(20)
        live = service.status()["live"]
        assert service.pipeline is None and live["frame"] is None
        assert live["camera"]["ok"] is True and live["camera"]["starting"] is True
        assert service.status()["game"]["game"] == "free-roll"  # the table answers meanwhile
        release.set()
        wait_for(lambda: service.status()["live"]["frame"] is not None)
        assert service.status()["live"]["camera"]["starting"] is False


def test_a_game_started_while_the_camera_was_being_built_is_the_one_it_reads(tmp_path):
    service = folder_camera_service(tmp_path)
    with started_while_held(service) as (built, release):
        assert built.wait(20)
        service.table.new_game("hexors", {}, ["Ann", "Bob"])  # the pipeline was built with free roll's mat
        release.set()
        wait_for(lambda: service.pipeline is not None)
        assert service.mat.game == "hexors"
        assert service.pipeline.table is service.table_stage


def test_a_service_stopped_while_its_camera_was_being_built_never_starts_it(tmp_path):
    service = folder_camera_service(tmp_path)
    built, release = built_then_held(service)
    service.start(camera_later=True)
    assert built.wait(20)
    service.stop()
    release.set()
    time.sleep(0.3)
    assert service.pipeline is None
    assert not any(thread.name == "pipeline" for thread in threading.enumerate())


def test_a_camera_that_cannot_be_built_is_told_on_the_phones_and_the_table_goes_on(tmp_path):
    service = folder_camera_service(tmp_path)

    def broken():
        raise RuntimeError("no such reader")
    service._make_pipeline = broken
    service.start(camera_later=True)
    try:
        wait_for(lambda: not service.status()["live"]["camera"]["ok"])
        camera = service.status()["live"]["camera"]
        assert "no such reader" in camera["message"] and "no such reader" in camera["message_fr"]
        assert camera["starting"] is False
        service.table.new_game("free-roll", {}, ["Ann"])
        assert service.status()["game"]["game"] == "free-roll"
    finally:
        service.stop()


def test_a_camera_pipeline_stuck_while_being_built_stops_the_watchdog(tmp_path, monkeypatch):
    """The service says READY before its camera is built: a build that never ends must still be seen by systemd."""
    from companion import service as service_module

    monkeypatch.setattr(service_module, "STALL_SECONDS", 0.5)
    service = folder_camera_service(tmp_path)
    with started_while_held(service) as (built, release):
        assert service.is_progressing()
        assert built.wait(20)
        wait_for(lambda: not service.is_progressing(), seconds=5)
        release.set()
        wait_for(lambda: service.pipeline is not None)
        wait_for(service.is_progressing)


class RecordedPanel:
    """A panel that records what the service asks of it."""

    enabled = True

    def __init__(self) -> None:
        self.calls: list = []
        self.when_end_turn = None

    def ready(self) -> None:
        self.calls.append("ready")

    def show(self, verdicts) -> None:
        self.calls.append([v.kind.value for v in verdicts])

    def camera_problem(self, active: bool) -> None:
        self.calls.append(("camera problem", active))

    def close(self) -> None:
        self.calls.append("close")


def held_panel(monkeypatch) -> tuple[threading.Event, threading.Event, list[RecordedPanel]]:
    """Panel.from_config held back until ``release`` is set (gpiozero and its pins, made slow); the panels made."""
    asked, release, made = threading.Event(), threading.Event(), []

    def slow(config):
        asked.set()
        assert release.wait(20)
        made.append(RecordedPanel())
        return made[-1]
    monkeypatch.setattr("companion.panel.Panel.from_config", slow)
    return asked, release, made


def test_the_led_panel_is_built_while_the_phones_are_answered_then_lights_and_shows_verdicts(tmp_path, monkeypatch):
    asked, release, made = held_panel(monkeypatch)
    service = Service(load_config(overrides={"service": {"data_dir": str(tmp_path)}}), camera=False)
    service.start(camera_later=True)  # built in start's own thread, Panel.from_config's assertion would raise here
    try:
        assert asked.wait(20)
        assert service.status()["game"]["game"] == "free-roll"  # the table answers while the panel is built
        assert made == []
        release.set()
        wait_for(lambda: made and made[0].calls == ["ready"])
        service.table.submit({"type": "roll", "dice": [{"value": 6, "color": "red"}]})
        assert made[0].calls == ["ready", ["info"]]
        assert made[0].when_end_turn is not None  # its button ends the turn
    finally:
        release.set()
        service.stop()
    assert made[0].calls[-1] == "close" and len(made) == 1


def test_a_service_stopped_while_its_panel_is_being_built_closes_it_and_builds_no_other(tmp_path, monkeypatch):
    asked, release, made = held_panel(monkeypatch)
    service = Service(load_config(overrides={"service": {"data_dir": str(tmp_path)}}), camera=False)
    service.start(camera_later=True)
    assert asked.wait(20)
    threading.Timer(0.2, release.set).start()
    service.stop()  # waits for the panel being built, then closes it
    assert [panel.calls for panel in made] == [["ready", "close"]]
    assert service.panel.enabled is False and len(made) == 1  # none built after the stop


def test_the_panel_is_built_once_the_camera_pipeline_is(tmp_path, monkeypatch):
    """Green means the companion is watching: the panel lights once the camera's pipeline is built, in the same
    thread (its build changes the process's warning filters, which the camera's imports must not meet)."""
    asked, panel_release, made = held_panel(monkeypatch)
    panel_release.set()
    service = folder_camera_service(tmp_path)
    with started_while_held(service) as (built, release):
        assert built.wait(20)
        time.sleep(0.2)
        assert not asked.is_set() and made == []
        release.set()
        wait_for(lambda: made and made[0].calls[:1] == ["ready"])
        assert service.pipeline is not None
