"""`companion doctor`: each check finds the problem a player would meet and says how to fix it."""

from __future__ import annotations

import datetime as dt
import socket
from types import SimpleNamespace

import cv2
import numpy as np
import pytest
from gpiozero import Device
from gpiozero.exc import BadPinFactory

from companion import (doctor, doctor_board, doctor_camera, doctor_gpio, doctor_models, doctor_network,
                       doctor_storage)
from companion.cli import main
from companion.config import load_config
from companion.findings import Finding
from companion.journal import Journal


def tiny_onnx_model(path):
    """A valid one-node ONNX model (the doctor checks that a model loads, not what it detects)."""
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper

    graph = helper.make_graph([helper.make_node("Identity", ["image"], ["out"])], "tiny",
                              [helper.make_tensor_value_info("image", TensorProto.FLOAT, [1, 3, 8, 8])],
                              [helper.make_tensor_value_info("out", TensorProto.FLOAT, [1, 3, 8, 8])])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    model.ir_version = 8
    onnx.save(model, str(path))
    return path


@pytest.fixture
def healthy(tmp_path):
    """A configuration whose camera (a folder), model and data directory all exist."""
    frames = tmp_path / "frames"
    frames.mkdir()
    cv2.imwrite(str(frames / "f0.png"), np.full((30, 40, 3), 128, np.uint8))
    model = tiny_onnx_model(tmp_path / "dice.onnx")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    overrides = {
        "service": {"data_dir": str(tmp_path / "data"), "host": "127.0.0.1", "port": port},
        "camera": {"source": "folder", "path": str(frames)},
        "vision": {"model": str(model)},
        "panel": {"pin_factory": "mock"},
    }
    return tmp_path, overrides


def cfg(overrides, **changes):
    merged = {section: dict(values) for section, values in overrides.items()}
    for dotted, value in changes.items():
        section, key = dotted.split("__")
        merged.setdefault(section, {})[key] = value
    return load_config(overrides=merged)


def test_camera_ok_reads_one_picture(healthy):
    _, overrides = healthy
    finding = doctor_camera.check_camera(cfg(overrides), on_pi=True)
    assert finding.status == "ok" and "40x30" in finding.detail


def test_camera_missing_folder_fails_with_a_fix(healthy):
    tmp_path, overrides = healthy
    finding = doctor_camera.check_camera(cfg(overrides, camera__path=str(tmp_path / "gone")), on_pi=True)
    assert finding.status == "fail" and "does not exist" in finding.detail
    assert "camera.path" in finding.fix


def test_camera_auto_without_any_camera(healthy, monkeypatch):
    _, overrides = healthy
    monkeypatch.setattr("companion.capture.factory.resolve_auto", lambda: (None, "no camera found"))
    on_pi = doctor_camera.check_camera(cfg(overrides, camera__source="auto"), on_pi=True)
    laptop = doctor_camera.check_camera(cfg(overrides, camera__source="auto"), on_pi=False)
    assert on_pi.status == "fail" and laptop.status == "warn"
    assert "camera fault" in on_pi.detail and "simulated" not in on_pi.detail
    assert "rpicam-hello --list-cameras" in on_pi.fix


def test_a_picamera2_import_failure_is_named_as_such_not_the_ribbon(healthy, monkeypatch):
    """A picamera2 import error is named as such, with a fix that is not "reseat the ribbon"."""
    from companion.capture.picamera import PicameraImportError

    _, overrides = healthy

    def broken(*args):
        raise PicameraImportError("picamera2 failed to import (ValueError: numpy.dtype size changed)")

    monkeypatch.setattr("companion.capture.factory.resolve_auto", broken)
    finding = doctor_camera.check_camera(cfg(overrides, camera__source="auto"), on_pi=True)
    assert finding.status == "fail" and "picamera2 failed to import" in finding.detail
    assert "not the cable" in finding.fix and "ribbon" not in finding.fix


def test_a_camera_held_by_the_running_service_is_asked_about_not_opened(healthy, monkeypatch):
    """While the running service holds the camera, the doctor asks the service how it is instead of opening it (which
    would fail falsely)."""
    _, overrides = healthy
    monkeypatch.setattr("companion.capture.factory.make_source", lambda *a: pytest.fail("must not open the camera"))
    working = {"ok": True, "message": "", "source": "Pi camera imx708", "simulated": False}
    finding = doctor_camera.check_camera(cfg(overrides), on_pi=True, service=lambda c: {"camera": working})
    assert finding.status == "ok" and "in use by the running companion" in finding.detail
    lost = dict(working, ok=False, message="the Pi camera sent no picture for 3 s (cable loose?)")
    finding = doctor_camera.check_camera(cfg(overrides), on_pi=True, service=lambda c: {"camera": lost})
    assert finding.status == "fail" and "cable loose" in finding.detail
    from companion.capture.base import SimulatedSource

    simulated = dict(working, source=SimulatedSource.description, simulated=True)
    finding = doctor_camera.check_camera(cfg(overrides), on_pi=True, service=lambda c: {"camera": simulated})
    assert finding.status == "warn"
    assert finding.detail == ("the running companion plays the SIMULATED table: no camera attached; the project "
                              "draws the table and its dice, and the real pipeline reads them")


def test_the_simulated_table_is_named_plainly_once(healthy):
    """What it is, as the phone's Settings say it ("none: the SIMULATED table is drawn, not seen"): the word SIMULATED
    once, what it does, and a fix pointing to a real camera."""
    _, overrides = healthy
    finding = doctor_camera.check_camera(cfg(overrides, camera__source="simulated"), on_pi=False,
                                  service=lambda c: None)
    assert finding.status == "warn" and "real camera" in finding.fix
    assert finding.detail.startswith("SIMULATED table: no camera attached; the project draws the table and its dice, "
                                     "and the real pipeline reads them (")
    assert finding.detail.endswith(" pictures)") and finding.detail.lower().count("simulated") == 1


def test_running_service_is_found_through_its_info_endpoint(healthy):
    import json
    import threading
    from http.server import BaseHTTPRequestHandler, HTTPServer

    _, overrides = healthy

    class Info(BaseHTTPRequestHandler):
        def do_GET(self):
            body = json.dumps({"links": {}, "version": "x", "camera": {"ok": True}}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Info)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        config = cfg(overrides, service__port=server.server_address[1])
        assert doctor_network.running_service(config)["camera"] == {"ok": True}
    finally:
        server.shutdown()
    assert doctor_network.running_service(cfg(overrides)) is None


def test_gpio_is_checked_from_a_directory_it_can_write(healthy, tmp_path, monkeypatch):
    """lgpio writes notify files in the current directory: the doctor checks GPIO from a directory it can write, so
    run from an unwritable one it reports no false GPIO failure."""
    import os

    _, overrides = healthy
    seen = []

    def factory(name):
        seen.append(os.getcwd())
        if not os.access(os.getcwd(), os.W_OK):
            raise PermissionError("lgpio: cannot create .lgd-nfy0")
        from gpiozero.pins.mock import MockFactory

        return MockFactory()

    monkeypatch.setattr("companion.panel.make_pin_factory", factory)
    locked = tmp_path / "home"
    locked.mkdir()
    monkeypatch.chdir(locked)
    monkeypatch.setattr(os, "access", lambda path, mode: str(path) != str(locked) and os.path.exists(path))
    finding = doctor_gpio.check_gpio(cfg(overrides), on_pi=True, access=lambda p, m: True)
    assert finding.status == "ok", finding
    assert seen and seen[0] != str(locked) and os.getcwd() == str(locked)


def test_the_panels_own_pins_are_checked(healthy):
    _, overrides = healthy
    finding = doctor_gpio.check_gpio(cfg(overrides, panel__button_pin=2), on_pi=True, access=lambda p, m: True)
    assert finding.status == "fail" and "GPIO2, the I2C SDA pin" in finding.detail


def test_power_temperature_and_versions(tmp_path):
    assert doctor_board.check_power(True, lambda: 0x0).status == "ok"
    undervoltage = doctor_board.check_power(True, lambda: 0x50005)
    assert undervoltage.status == "fail" and "under-voltage now" in undervoltage.detail
    assert "power supply" in undervoltage.fix
    earlier = doctor_board.check_power(True, lambda: 0x50000)
    assert earlier.status == "warn" and "since boot: under-voltage, throttling" in earlier.detail
    assert doctor_board.check_power(False, lambda: None).status == "ok"
    assert doctor_board.check_power(True, lambda: None).status == "warn"
    zone = tmp_path / "temp"
    for millidegrees, status in ((52000, "ok"), (73500, "warn"), (84000, "fail")):
        zone.write_text(f"{millidegrees}\n")
        assert doctor_board.check_temperature(zone).status == status
    assert doctor_board.check_temperature(tmp_path / "none").status == "ok"
    versions = doctor_board.check_versions().detail
    assert versions.startswith("companion ") and "numpy " in versions and "picamera2" in versions


def test_camera_that_hangs_is_reported_not_waited_for(healthy, monkeypatch):
    _, overrides = healthy
    import threading

    from companion.capture.base import FrameSource

    class Stuck(FrameSource):
        description = "stuck camera"

        def read(self):
            threading.Event().wait(5)

    monkeypatch.setattr("companion.capture.factory.make_source", lambda kind, camera: Stuck())
    finding = doctor_camera.check_camera(cfg(overrides), on_pi=True, timeout=0.2)
    assert finding.status == "fail" and "within 0.2 s" in finding.detail
    assert "cable" in finding.fix


def test_model_loads(healthy):
    _, overrides = healthy
    finding = doctor_models.check_model(cfg(overrides))
    assert finding.status == "ok" and "image[1, 3, 8, 8]" in finding.detail


def test_model_missing_or_corrupt(healthy):
    tmp_path, overrides = healthy
    missing = doctor_models.check_model(cfg(overrides, vision__model=str(tmp_path / "none.onnx")))
    assert missing.status == "fail" and "not found" in missing.detail and "vision.model" in missing.fix
    junk = tmp_path / "junk.onnx"
    junk.write_bytes(b"not a model")
    corrupt = doctor_models.check_model(cfg(overrides, vision__model=str(junk)))
    assert corrupt.status == "fail" and "does not load" in corrupt.detail


def test_face_readers_missing_loaded_or_corrupt(healthy):
    tmp_path, overrides = healthy
    missing = doctor_models.check_face_readers(cfg(overrides))
    assert missing.status == "warn" and "dice_faces.onnx" in missing.detail and "make install" in missing.fix
    tiny_onnx_model(tmp_path / "dice_faces.onnx")
    first_only = doctor_models.check_face_readers(cfg(overrides))
    assert first_only.status == "ok" and "no second reader dice_faces_b.onnx" in first_only.detail
    assert "no arbiter dice_faces_arbiter.onnx" in first_only.detail
    (tmp_path / "dice_faces_arbiter.onnx").write_bytes(b"truncated")
    corrupt = doctor_models.check_face_readers(cfg(overrides))
    assert corrupt.status == "warn" and "dice_faces_arbiter.onnx does not load" in corrupt.detail
    (tmp_path / "dice_faces_b.onnx").write_bytes(b"truncated")
    corrupt = doctor_models.check_face_readers(cfg(overrides))
    assert corrupt.status == "warn" and "dice_faces_b.onnx does not load" in corrupt.detail


def test_gpio_with_a_pin_factory(healthy):
    _, overrides = healthy
    finding = doctor_gpio.check_gpio(cfg(overrides), on_pi=True)
    assert finding.status == "ok" and "MockFactory" in finding.detail


def test_gpio_absent(healthy, monkeypatch):
    _, overrides = healthy

    def none():
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(none))
    config = cfg(overrides, panel__pin_factory="")
    assert doctor_gpio.check_gpio(config, on_pi=False).status == "warn"
    on_pi = doctor_gpio.check_gpio(config, on_pi=True)
    assert on_pi.status == "fail" and "python3-lgpio" in on_pi.fix
    assert doctor_gpio.check_gpio(cfg(overrides, panel__enabled=False), on_pi=True).status == "ok"


def test_gpio_chip_without_permission(healthy, tmp_path):
    _, overrides = healthy
    dev = tmp_path / "dev"
    dev.mkdir()
    (dev / "gpiochip0").write_text("")
    (dev / "gpiochip4").write_text("")
    denied = doctor_gpio.check_gpio(cfg(overrides), on_pi=True, dev=dev,
                                    access=lambda path, mode: path.name != "gpiochip4")
    assert denied.status == "fail" and "gpiochip4" in denied.detail and "gpio group" in denied.fix
    allowed = doctor_gpio.check_gpio(cfg(overrides), on_pi=True, dev=dev, access=lambda path, mode: True)
    assert allowed.status == "ok"


def test_disk_space(healthy):
    _, overrides = healthy
    config = cfg(overrides)
    full = doctor_storage.check_disk(config, usage=lambda p: SimpleNamespace(free=50e6))
    low = doctor_storage.check_disk(config, usage=lambda p: SimpleNamespace(free=300e6))
    plenty = doctor_storage.check_disk(config, usage=lambda p: SimpleNamespace(free=20e9))
    assert (full.status, low.status, plenty.status) == ("fail", "warn", "ok")
    assert "apt clean" in full.fix


def test_journal_damage_is_a_warning_with_the_restart_that_salvages_it(healthy):
    _, overrides = healthy
    config = cfg(overrides)
    assert doctor_storage.check_journal(config).status == "ok"  # no journal yet
    config.data_dir.mkdir(parents=True, exist_ok=True)
    Journal(config.data_dir / "journal.sqlite3").close()
    assert doctor_storage.check_journal(config).status == "ok"
    (config.data_dir / "journal.sqlite3").write_bytes(b"a card gone bad " * 400)
    damaged = doctor_storage.check_journal(config)
    assert damaged.status == "warn" and "file is not a database" in damaged.detail
    assert "systemctl restart companion" in damaged.fix


def test_clock():
    wrong = doctor_board.check_clock(now=dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc), synchronised=lambda: None)
    assert wrong.status == "fail" and "timedatectl set-ntp true" in wrong.fix
    now = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)
    assert doctor_board.check_clock(now=now, synchronised=lambda: False).status == "warn"
    assert doctor_board.check_clock(now=now, synchronised=lambda: True).status == "ok"
    assert doctor_board.check_clock(now=now, synchronised=lambda: None).status == "ok"


def test_network_address(healthy):
    _, overrides = healthy
    config = cfg(overrides)
    none = doctor_network.check_network(config, addresses=lambda: {"lo": "127.0.0.1"})
    assert none[0].status == "fail" and "Wi-Fi" in none[0].fix
    wifi = doctor_network.check_network(config, addresses=lambda: {"lo": "127.0.0.1", "wlan0": "192.168.1.20"})
    assert wifi[0].status == "ok" and "192.168.1.20 (wlan0)" in wifi[0].detail
    assert wifi[1].status == "ok"


def test_real_interfaces_are_listed():
    addresses = doctor_network.ipv4_addresses()
    assert addresses.get("lo") == "127.0.0.1"


def test_port_taken_by_another_program(healthy):
    _, overrides = healthy
    config = cfg(overrides)
    port = config["service"]["port"]
    with socket.socket() as other:
        other.bind(("127.0.0.1", port))
        other.listen()
        finding = doctor_network.check_port("127.0.0.1", port)
    assert finding.status == "fail" and "service.port" in finding.fix


def test_command_exit_code_and_report(healthy, capsys, monkeypatch):
    tmp_path, overrides = healthy
    monkeypatch.setattr(doctor, "on_raspberry_pi", lambda: False)
    monkeypatch.setattr(doctor, "check_clock", lambda: Finding("clock", "ok", "fine"))
    monkeypatch.setattr(doctor, "check_temperature", lambda: Finding("temperature", "ok", "fine"))
    path = tmp_path / "companion.toml"
    lines = []
    for section, values in overrides.items():
        lines.append(f"[{section}]")
        lines += [f"{k} = {v!r}".replace("'", '"') for k, v in values.items()]
    path.write_text("\n".join(lines) + "\n")
    assert main(["--config", str(path), "doctor"]) == 0
    out = capsys.readouterr().out
    assert "ok    camera" in out and "ok    model" in out
    (tmp_path / "dice.onnx").unlink()
    assert main(["--config", str(path), "doctor"]) == 1
    out = capsys.readouterr().out
    assert "FAIL  model" in out and "fix:" in out and "problem(s)" in out


def test_doctor_panel_blinks_each_led_and_sounds_the_buzzer(healthy, capsys, monkeypatch):
    """`doctor --panel` checks the panel's wiring: it blinks each LED and sounds the buzzer."""
    from gpiozero.pins.mock import MockFactory, MockPWMPin

    from companion.panel import board

    tmp_path, overrides = healthy
    factory = MockFactory(pin_class=MockPWMPin)
    monkeypatch.setattr(board, "make_pin_factory", lambda name: factory)
    monkeypatch.setattr(board.time, "sleep", lambda s: None)
    path = tmp_path / "companion.toml"
    path.write_text(f'[service]\nport = {overrides["service"]["port"]}\ndata_dir = "{tmp_path / "data"}"\n'
                    '[panel]\npin_factory = "mock"\nbuzzer_kind = "tonal"\n')
    try:
        assert main(["--config", str(path), "doctor", "--panel"]) == 0
        out = capsys.readouterr().out
        assert "green LED on now (GPIO17, header pin 11)" in out and "red LED on now (GPIO22" in out
        assert "buzzer on now" in out
        for bcm in (17, 27, 22):
            assert [s.state for s in factory.pin(bcm).states][-2:] == [1, 0]
        assert 0.5 in [s.state for s in factory.pin(18).states]
    finally:
        factory.reset()
