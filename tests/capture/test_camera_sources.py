"""The Pi camera source against a stand-in picamera2, and how the factory picks a source."""

from __future__ import annotations

import sys
import types

import numpy as np
import pytest

from companion.capture import factory
from companion.capture.base import SourceError
from companion.capture.folder import FolderSource
from companion.capture.opencv import OpenCVSource
from companion.capture.picamera import PiCameraSource
from companion.config import ConfigError, load_config


class FakePicamera2:
    """Records what the source asks of picamera2 (which only exists on Raspberry Pi OS)."""

    cameras = [{"Model": "imx708", "Num": 0}]
    instances: list["FakePicamera2"] = []
    stall_after: int | None = None

    has_autofocus = True

    def __init__(self, camera_num=0):
        self.camera_num = camera_num
        self.calls: list[tuple] = []
        self.controls: dict = {}
        self.captured = 0
        self.camera_controls = {"AfMode": (0, 2, 0)} if self.has_autofocus else {}
        FakePicamera2.instances.append(self)

    def autofocus_cycle(self):
        self.calls.append(("autofocus",))
        return True

    @classmethod
    def global_camera_info(cls):
        return cls.cameras

    def create_video_configuration(self, main, controls):
        return {"main": main, "controls": controls}

    def configure(self, config):
        self.calls.append(("configure", config))

    def start(self):
        self.calls.append(("start",))

    def capture_metadata(self):
        return {"ExposureTime": 12000, "AnalogueGain": 2.5, "ColourGains": (1.8, 1.4)}

    def set_controls(self, controls):
        self.controls.update(controls)

    def capture_array(self, name="main", wait=None):
        assert wait is False
        return ("job", name)

    def wait(self, job, timeout=None):
        if self.stall_after is not None and self.captured >= self.stall_after:
            raise TimeoutError
        self.captured += 1
        image = np.zeros((4, 6, 3), np.uint8)
        image[..., 0] = 200  # first channel: blue in RGB888 order
        return image

    def stop(self):
        self.calls.append(("stop",))

    def close(self):
        self.calls.append(("close",))


@pytest.fixture
def fake_picamera2(monkeypatch):
    FakePicamera2.instances = []
    FakePicamera2.cameras = [{"Model": "imx708", "Num": 0}]
    FakePicamera2.stall_after = None
    FakePicamera2.has_autofocus = True
    module = types.ModuleType("picamera2")
    module.Picamera2 = FakePicamera2
    monkeypatch.setitem(sys.modules, "picamera2", module)
    return FakePicamera2


def test_pi_camera_configures_rgb888_and_locks_exposure_and_white_balance(fake_picamera2):
    slept = []
    source = PiCameraSource(width=1280, height=720, fps=8.0, settle_seconds=1.5, sleep=slept.append)
    source.open()
    camera = fake_picamera2.instances[0]
    config = camera.calls[0][1]
    assert config["main"] == {"size": (1280, 720), "format": "RGB888"}
    assert config["controls"] == {"FrameRate": 8.0}
    assert slept == [1.5]
    assert camera.controls == {"AeEnable": False, "ExposureTime": 12000, "AnalogueGain": 2.5,
                               "AwbEnable": False, "ColourGains": (1.8, 1.4)}
    frame = source.read()
    assert frame.image.shape == (4, 6, 3) and frame.index == 0
    assert frame.image[0, 0, 0] == 200, "RGB888 arrives B,G,R: passed to OpenCV unchanged"
    assert source.description == "Pi camera imx708"
    assert [c[0] for c in camera.calls] == ["configure", "start", "autofocus"], "focus once, before locking"
    source.close()
    assert ("stop",) in camera.calls and ("close",) in camera.calls


def test_pi_camera_fixed_exposure_and_no_locks(fake_picamera2):
    fake_picamera2.has_autofocus = False  # Camera Module 2: fixed focus
    source = PiCameraSource(exposure_us=8000, exposure_lock=False, awb_lock=False, sleep=pytest.fail)
    source.open()
    camera = fake_picamera2.instances[0]
    assert camera.calls[0][1]["controls"]["ExposureTime"] == 8000
    assert camera.controls == {}
    assert ("autofocus",) not in camera.calls


def test_pi_camera_that_stalls_raises_source_error(fake_picamera2):
    fake_picamera2.stall_after = 1
    source = PiCameraSource(sleep=lambda s: None)
    source.open()
    assert source.read() is not None
    with pytest.raises(SourceError, match="sent no picture"):
        source.read()


def test_no_pi_camera_connected(fake_picamera2):
    fake_picamera2.cameras = []
    with pytest.raises(SourceError, match="ribbon cable"):
        PiCameraSource(sleep=lambda s: None).open()


def test_picamera2_missing_says_how_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)  # import fails as on a non-Pi machine
    with pytest.raises(SourceError, match="apt install python3-picamera2"):
        PiCameraSource().open()


def fake_sysfs(root, nodes):
    """A /sys/class/video4linux tree: nodes = {N: (driver, index)}."""
    drivers = root / "drivers"
    for number, (driver, index) in nodes.items():
        node = root / "video4linux" / f"video{number}"
        node.mkdir(parents=True)
        (node / "index").write_text(f"{index}\n")
        (drivers / driver).mkdir(parents=True, exist_ok=True)
        (node / "device").mkdir()
        (node / "device" / "driver").symlink_to(drivers / driver)
    return root / "video4linux"


def test_uvc_probe_finds_usb_capture_nodes_only(tmp_path):
    sysfs = fake_sysfs(tmp_path, {0: ("uvcvideo", 0), 1: ("uvcvideo", 1), 10: ("bcm2835-codec", 0),
                                  19: ("rp1-cfe", 0)})
    assert factory.uvc_cameras(sysfs) == [0]
    assert factory.uvc_cameras(tmp_path / "absent") == []


def test_auto_prefers_pi_camera_then_usb_then_simulated(tmp_path, monkeypatch, fake_picamera2):
    usb = fake_sysfs(tmp_path, {2: ("uvcvideo", 0)})
    assert factory.resolve_auto(usb)[0] == "picamera2"
    fake_picamera2.cameras = []
    assert factory.resolve_auto(usb) == ("usb", "USB camera 2")
    monkeypatch.setitem(sys.modules, "picamera2", None)
    assert factory.resolve_auto(tmp_path / "none")[0] == "simulated"


def test_factory_builds_each_configured_source(tmp_path):
    def config(**camera):
        return load_config(overrides={"camera": camera, "service": {"data_dir": str(tmp_path)}})

    video = factory.open_source(config(source="video", path=str(tmp_path / "x.avi"), loop=True))
    assert isinstance(video, OpenCVSource) and not video.is_camera and video.loop
    usb = factory.open_source(config(source="usb", device=1, width=640, height=480))
    assert isinstance(usb, OpenCVSource) and usb.is_camera and (usb.target, usb.width, usb.height) == (1, 640, 480)
    folder = factory.open_source(config(source="folder", path=str(tmp_path), fps=4.0))
    assert isinstance(folder, FolderSource) and folder.fps == 4.0
    pi = factory.open_source(config(source="picamera2", exposure_us=5000, awb_lock=False))
    assert isinstance(pi, PiCameraSource) and pi.exposure_us == 5000 and not pi.awb_lock
    with pytest.raises(ConfigError, match="needs camera.path"):
        factory.open_source(config(source="folder"))


def test_auto_without_any_camera_plays_the_simulated_table(tmp_path, monkeypatch):
    from companion.capture.simulated import SimulatedTable

    monkeypatch.setattr(factory, "resolve_auto", lambda: ("simulated", "no camera found"))
    config = load_config(overrides={"camera": {"source": "auto", "fps": 5.0}, "service": {"data_dir": str(tmp_path)}})
    source = factory.open_source(config)
    assert isinstance(source, SimulatedTable)
    with source:
        frame = source.read()
    assert frame.image.ndim == 3 and frame.image.dtype == np.uint8


def test_older_picamera2_without_a_wait_timeout(fake_picamera2):
    class OldPicamera2(FakePicamera2):
        def wait(self, job):  # picamera2 < 0.3.13
            return super().wait(job)

    sys.modules["picamera2"].Picamera2 = OldPicamera2
    source = PiCameraSource(sleep=lambda s: None)
    source.open()
    assert source.read().image.shape == (4, 6, 3)
