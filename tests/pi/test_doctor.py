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

from companion import doctor
from companion.cli import main
from companion.config import load_config


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
    finding = doctor.check_camera(cfg(overrides), on_pi=True)
    assert finding.status == "ok" and "40x30" in finding.detail


def test_camera_missing_folder_fails_with_a_fix(healthy):
    tmp_path, overrides = healthy
    finding = doctor.check_camera(cfg(overrides, camera__path=str(tmp_path / "gone")), on_pi=True)
    assert finding.status == "fail" and "does not exist" in finding.detail
    assert "camera.path" in finding.fix


def test_camera_auto_without_any_camera(healthy, monkeypatch):
    _, overrides = healthy
    monkeypatch.setattr("companion.capture.factory.resolve_auto", lambda: ("simulated", "no camera found"))
    on_pi = doctor.check_camera(cfg(overrides, camera__source="auto"), on_pi=True)
    laptop = doctor.check_camera(cfg(overrides, camera__source="auto"), on_pi=False)
    assert on_pi.status == "fail" and laptop.status == "warn"
    assert "rpicam-hello --list-cameras" in on_pi.fix


def test_camera_that_hangs_is_reported_not_waited_for(healthy, monkeypatch):
    _, overrides = healthy
    import threading

    from companion.capture.base import FrameSource

    class Stuck(FrameSource):
        description = "stuck camera"

        def read(self):
            threading.Event().wait(5)

    monkeypatch.setattr("companion.capture.factory.make_source", lambda kind, camera: Stuck())
    finding = doctor.check_camera(cfg(overrides), on_pi=True, timeout=0.2)
    assert finding.status == "fail" and "within 0.2 s" in finding.detail
    assert "systemctl stop companion" in finding.fix


def test_model_loads(healthy):
    _, overrides = healthy
    finding = doctor.check_model(cfg(overrides))
    assert finding.status == "ok" and "image[1, 3, 8, 8]" in finding.detail


def test_model_missing_or_corrupt(healthy):
    tmp_path, overrides = healthy
    missing = doctor.check_model(cfg(overrides, vision__model=str(tmp_path / "none.onnx")))
    assert missing.status == "fail" and "not found" in missing.detail and "vision.model" in missing.fix
    junk = tmp_path / "junk.onnx"
    junk.write_bytes(b"not a model")
    corrupt = doctor.check_model(cfg(overrides, vision__model=str(junk)))
    assert corrupt.status == "fail" and "does not load" in corrupt.detail


def test_face_readers_missing_loaded_or_corrupt(healthy):
    tmp_path, overrides = healthy
    missing = doctor.check_face_readers(cfg(overrides))
    assert missing.status == "warn" and "dice_faces.onnx" in missing.detail and "make install" in missing.fix
    tiny_onnx_model(tmp_path / "dice_faces.onnx")
    first_only = doctor.check_face_readers(cfg(overrides))
    assert first_only.status == "ok" and "no second reader dice_faces_b.onnx" in first_only.detail
    (tmp_path / "dice_faces_b.onnx").write_bytes(b"truncated")
    corrupt = doctor.check_face_readers(cfg(overrides))
    assert corrupt.status == "warn" and "dice_faces_b.onnx does not load" in corrupt.detail


def test_gpio_with_a_pin_factory(healthy):
    _, overrides = healthy
    finding = doctor.check_gpio(cfg(overrides), on_pi=True)
    assert finding.status == "ok" and "MockFactory" in finding.detail


def test_gpio_absent(healthy, monkeypatch):
    _, overrides = healthy

    def none():
        raise BadPinFactory("Unable to load any default pin factory!")

    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setattr(Device, "_default_pin_factory", staticmethod(none))
    config = cfg(overrides, panel__pin_factory="")
    assert doctor.check_gpio(config, on_pi=False).status == "warn"
    on_pi = doctor.check_gpio(config, on_pi=True)
    assert on_pi.status == "fail" and "python3-lgpio" in on_pi.fix
    assert doctor.check_gpio(cfg(overrides, panel__enabled=False), on_pi=True).status == "ok"


def test_gpio_chip_without_permission(healthy, tmp_path):
    _, overrides = healthy
    dev = tmp_path / "dev"
    dev.mkdir()
    (dev / "gpiochip0").write_text("")
    (dev / "gpiochip4").write_text("")
    denied = doctor.check_gpio(cfg(overrides), on_pi=True, dev=dev, access=lambda path, mode: path.name != "gpiochip4")
    assert denied.status == "fail" and "gpiochip4" in denied.detail and "gpio group" in denied.fix
    allowed = doctor.check_gpio(cfg(overrides), on_pi=True, dev=dev, access=lambda path, mode: True)
    assert allowed.status == "ok"


def test_disk_space(healthy):
    _, overrides = healthy
    config = cfg(overrides)
    full = doctor.check_disk(config, usage=lambda p: SimpleNamespace(free=50e6))
    low = doctor.check_disk(config, usage=lambda p: SimpleNamespace(free=300e6))
    plenty = doctor.check_disk(config, usage=lambda p: SimpleNamespace(free=20e9))
    assert (full.status, low.status, plenty.status) == ("fail", "warn", "ok")
    assert "apt clean" in full.fix


def test_clock():
    wrong = doctor.check_clock(now=dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc), synchronised=lambda: None)
    assert wrong.status == "fail" and "timedatectl set-ntp true" in wrong.fix
    now = dt.datetime(2026, 11, 21, 12, 0, tzinfo=dt.timezone.utc)
    assert doctor.check_clock(now=now, synchronised=lambda: False).status == "warn"
    assert doctor.check_clock(now=now, synchronised=lambda: True).status == "ok"
    assert doctor.check_clock(now=now, synchronised=lambda: None).status == "ok"


def test_network_address(healthy):
    _, overrides = healthy
    config = cfg(overrides)
    none = doctor.check_network(config, addresses=lambda: {"lo": "127.0.0.1"})
    assert none[0].status == "fail" and "Wi-Fi" in none[0].fix
    wifi = doctor.check_network(config, addresses=lambda: {"lo": "127.0.0.1", "wlan0": "192.168.1.20"})
    assert wifi[0].status == "ok" and "192.168.1.20 (wlan0)" in wifi[0].detail
    assert wifi[1].status == "ok"


def test_real_interfaces_are_listed():
    addresses = doctor.ipv4_addresses()
    assert addresses.get("lo") == "127.0.0.1"


def test_port_taken_by_another_program(healthy):
    _, overrides = healthy
    config = cfg(overrides)
    port = config["service"]["port"]
    with socket.socket() as other:
        other.bind(("127.0.0.1", port))
        other.listen()
        finding = doctor.check_port("127.0.0.1", port)
    assert finding.status == "fail" and "service.port" in finding.fix


def test_command_exit_code_and_report(healthy, capsys, monkeypatch):
    tmp_path, overrides = healthy
    monkeypatch.setattr(doctor, "on_raspberry_pi", lambda: False)
    monkeypatch.setattr(doctor, "check_clock", lambda: doctor.Finding("clock", "ok", "fine"))
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
