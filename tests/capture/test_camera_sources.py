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
    assert factory.uvc_cameras(sysfs, tmp_path / "no-by-id") == ["/dev/video0"]
    assert factory.uvc_cameras(tmp_path / "absent") == []


def test_uvc_probe_names_a_camera_by_its_stable_by_id_path(tmp_path):
    """On a Pi 5 /dev/video0 is the ISP and indexes change on replug: the webcam is named by its /dev/v4l/by-id path,
    its capture node (index0) only."""
    sysfs = fake_sysfs(tmp_path, {0: ("rp1-cfe", 0), 8: ("uvcvideo", 0), 9: ("uvcvideo", 1)})
    by_id = tmp_path / "by-id"
    by_id.mkdir()
    (by_id / "usb-046d_C920_ABC-video-index0").symlink_to("../../video8")
    (by_id / "usb-046d_C920_ABC-video-index1").symlink_to("../../video9")
    assert factory.uvc_cameras(sysfs, by_id) == [str(by_id / "usb-046d_C920_ABC-video-index0")]
    assert factory.resolve_auto(sysfs, by_id)[1] == str(by_id / "usb-046d_C920_ABC-video-index0")


def test_auto_opens_the_usb_camera_it_found_not_camera_device(tmp_path, monkeypatch):
    """auto opens the UVC node it found, not camera.device (0)."""
    sysfs = fake_sysfs(tmp_path, {0: ("rp1-cfe", 0), 8: ("uvcvideo", 0)})
    monkeypatch.setitem(sys.modules, "picamera2", None)
    opened = []

    class FakeCapture:
        def __init__(self, target, *backend):
            opened.append(target)

        def isOpened(self):
            return True

        def set(self, *args):
            return True

        def read(self):
            return True, np.zeros((4, 6, 3), np.uint8)

        def release(self):
            pass

    monkeypatch.setattr("companion.capture.opencv.cv2.VideoCapture", FakeCapture)
    monkeypatch.setattr("companion.capture.opencv.os.path.exists", lambda path: True)
    source = factory.AutoSource({"device": 0, "width": 640, "height": 480}, sysfs=sysfs, by_id=tmp_path / "none")
    source.open()
    assert opened == ["/dev/video8"] and source.description == "USB camera video8"
    assert source.read().image.shape == (4, 6, 3)


def test_a_by_id_path_is_followed_to_the_node_it_names_today(tmp_path, monkeypatch):
    node = tmp_path / "video3"
    node.write_text("")
    link = tmp_path / "usb-cam-video-index0"
    link.symlink_to(node)
    opened = []
    monkeypatch.setattr("companion.capture.opencv.cv2.VideoCapture",
                        lambda target, *backend: opened.append((target, backend)) or types.SimpleNamespace(
                            isOpened=lambda: False, release=lambda: None))
    source = OpenCVSource(f"/dev/../{link}")
    assert source.is_camera
    with pytest.raises(SourceError, match="could not be opened"):
        source.open()
    assert opened[0][0] == str(node)
    assert OpenCVSource("/dev/v4l/by-id/usb-gone-video-index0").is_camera
    with pytest.raises(SourceError, match="not plugged in"):
        OpenCVSource("/dev/v4l/by-id/usb-gone-video-index0").open()


def test_auto_prefers_pi_camera_then_usb_and_never_the_simulated_table(tmp_path, monkeypatch, fake_picamera2):
    usb = fake_sysfs(tmp_path, {2: ("uvcvideo", 0)})
    assert factory.resolve_auto(usb)[0] == "picamera2"
    fake_picamera2.cameras = []
    assert factory.resolve_auto(usb, tmp_path / "none") == ("usb", "/dev/video2")
    monkeypatch.setitem(sys.modules, "picamera2", None)
    assert factory.resolve_auto(tmp_path / "none") == (None, "no camera found")


def test_factory_builds_each_configured_source(tmp_path):
    def config(**camera):
        return load_config(overrides={"camera": camera, "service": {"data_dir": str(tmp_path)}})

    video = factory.open_source(config(source="video", path=str(tmp_path / "x.avi"), loop=True))
    assert isinstance(video, OpenCVSource) and not video.is_camera and video.loop
    usb = factory.open_source(config(source="usb", device=1, width=640, height=480))
    assert isinstance(usb, OpenCVSource) and usb.is_camera and (usb.target, usb.width, usb.height) == (1, 640, 480)
    by_id = factory.open_source(config(source="usb", device="/dev/v4l/by-id/usb-cam-video-index0"))
    assert by_id.is_camera and by_id.target == "/dev/v4l/by-id/usb-cam-video-index0"
    with pytest.raises(ConfigError, match="camera index or a /dev path"):
        factory.open_source(config(source="usb", device="webcam"))
    folder = factory.open_source(config(source="folder", path=str(tmp_path), fps=4.0))
    assert isinstance(folder, FolderSource) and folder.fps == 4.0
    pi = factory.open_source(config(source="picamera2", exposure_us=5000, awb_lock=False))
    assert isinstance(pi, PiCameraSource) and pi.exposure_us == 5000 and not pi.awb_lock
    with pytest.raises(ConfigError, match="needs camera.path"):
        factory.open_source(config(source="folder"))


def camera_config(tmp_path, **camera):
    return load_config(overrides={"camera": camera, "service": {"data_dir": str(tmp_path)}})


def test_auto_without_any_camera_is_a_camera_fault_never_the_simulated_table(tmp_path, monkeypatch):
    """auto with no camera is a camera fault ("no camera found"), never drawn dice that would be journaled as real
    rolls."""
    monkeypatch.setattr(factory, "resolve_auto", lambda *a: (None, "no camera found"))
    source = factory.open_source(camera_config(tmp_path, source="auto", fps=5.0))
    assert not source.simulated
    with pytest.raises(SourceError, match="no camera found"):
        source.open()
    with pytest.raises(SourceError):
        source.read()


def test_the_simulated_table_only_when_asked_and_flagged(tmp_path, monkeypatch):
    from companion.capture.simulated import SimulatedTable

    monkeypatch.setattr(factory, "resolve_auto", lambda *a: (None, "no camera found"))
    asked = factory.open_source(camera_config(tmp_path, source="auto", when_missing="simulated", fps=5.0))
    assert isinstance(asked, SimulatedTable) and asked.simulated
    assert asked.description.startswith("SIMULATED table: no camera attached")
    with asked:
        assert asked.read().image.dtype == np.uint8
    named = factory.open_source(camera_config(tmp_path, source="simulated"))
    assert named.simulated
    # A camera that is there wins over when_missing.
    monkeypatch.setattr(factory, "resolve_auto", lambda *a: ("usb", "/dev/video2"))
    assert not factory.open_source(camera_config(tmp_path, source="auto", when_missing="simulated")).simulated


def test_a_broken_picamera2_is_a_named_fault_not_no_camera(tmp_path, monkeypatch):
    """picamera2 failing to import (numpy ABI) is a named fault pointing away from the cable, not "no camera", and
    auto does not go on to simulate, even with when_missing = simulated."""
    import builtins

    real_import = builtins.__import__

    def broken(name, *args, **kwargs):
        if name == "picamera2":
            raise ValueError("numpy.dtype size changed, may indicate binary incompatibility. Expected 96 from C "
                             "header, got 88 from PyObject")
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "picamera2", raising=False)
    monkeypatch.setattr(builtins, "__import__", broken)
    from companion.capture.picamera import PicameraImportError

    with pytest.raises(PicameraImportError, match="picamera2 failed to import .*not the camera cable.*constraints"):
        factory.resolve_auto(tmp_path / "none")
    # when_missing = simulated does not paper over it either
    source = factory.open_source(camera_config(tmp_path, source="auto", when_missing="simulated"))
    assert not source.simulated
    with pytest.raises(PicameraImportError):
        source.open()
    with pytest.raises(PicameraImportError, match="failed to import"):
        PiCameraSource().open()


@pytest.mark.parametrize("rotate, flip, expected", [
    (180, "none", [[5, 4, 3], [2, 1, 0]]),
    (90, "none", [[3, 0], [4, 1], [5, 2]]),
    (0, "horizontal", [[2, 1, 0], [5, 4, 3]]),
    (270, "vertical", [[5, 2], [4, 1], [3, 0]]),
])
def test_rotate_and_flip_turn_every_picture(tmp_path, monkeypatch, rotate, flip, expected):
    from companion.capture.base import Frame, FrameSource

    class Tiny(FrameSource):
        description = "tiny"

        def read(self):
            image = np.repeat(np.arange(6, dtype=np.uint8).reshape(2, 3)[..., None], 3, axis=2)
            return Frame(image, 1.0, 0)

    monkeypatch.setattr(factory, "make_source", lambda kind, camera: Tiny())
    source = factory.open_source(camera_config(tmp_path, source="usb", rotate=rotate, flip=flip))
    assert source.read().image[..., 0].tolist() == expected
    with pytest.raises(ConfigError, match="rotate must be one of"):
        camera_config(tmp_path, rotate=45)


def test_older_picamera2_without_a_wait_timeout(fake_picamera2):
    class OldPicamera2(FakePicamera2):
        def wait(self, job):  # picamera2 < 0.3.13
            return super().wait(job)

    sys.modules["picamera2"].Picamera2 = OldPicamera2
    source = PiCameraSource(sleep=lambda s: None)
    source.open()
    assert source.read().image.shape == (4, 6, 3)


@pytest.mark.parametrize("stuck", ["capture_metadata", "autofocus_cycle", "start", "wait"])
def test_every_picamera2_call_is_bounded_by_a_timeout(fake_picamera2, stuck):
    """Each picamera2 call that can hang (capture_metadata, autofocus_cycle, start, wait) is bounded by a timeout: a
    camera whose frontend timed out must not hang the service (and its stop) for good."""
    import threading
    import time

    release = threading.Event()

    def hang(*args, **kwargs):
        release.wait(30)

    class StuckPicamera2(FakePicamera2):
        pass

    setattr(StuckPicamera2, stuck, hang)
    sys.modules["picamera2"].Picamera2 = StuckPicamera2
    source = PiCameraSource(timeout=0.3, sleep=lambda s: None)
    started = time.monotonic()
    try:
        with pytest.raises(SourceError, match="(did not finish within|sent no picture for)"):
            source.open()
            source.read()
        assert time.monotonic() - started < 3
    finally:
        release.set()
        source.close()


def test_exposure_and_white_balance_are_measured_again_when_asked(fake_picamera2):
    """Exposure and white balance are measured again when asked, not only locked once at boot, hours before a game
    in other light."""
    slept = []
    source = PiCameraSource(settle_seconds=1.5, sleep=slept.append)
    source.open()
    camera = fake_picamera2.instances[0]
    history = []
    camera.set_controls = lambda controls: history.append(dict(controls))
    camera.capture_metadata = lambda: {"ExposureTime": 30000, "AnalogueGain": 4.0, "ColourGains": (2.1, 1.2)}
    assert source.request_relock()
    source.read()
    assert history == [{"AeEnable": True, "AwbEnable": True},
                       {"AeEnable": False, "ExposureTime": 30000, "AnalogueGain": 4.0,
                        "AwbEnable": False, "ColourGains": (2.1, 1.2)}]
    assert slept == [1.5, 1.5]
    source.read()
    assert len(history) == 2, "measured once per request"
    assert not PiCameraSource(exposure_lock=False, awb_lock=False).request_relock()


def test_flicker_is_avoided_where_libcamera_has_the_control(fake_picamera2):
    fake_picamera2.has_autofocus = False
    original = FakePicamera2.__init__

    def with_flicker(self, camera_num=0):
        original(self, camera_num)
        self.camera_controls["AeFlickerMode"] = (0, 1, 0)

    FakePicamera2.__init__ = with_flicker
    try:
        source = PiCameraSource(flicker_hz=50, sleep=lambda s: None)
        source.open()
        controls = fake_picamera2.instances[0].calls[0][1]["controls"]
        assert controls["AeFlickerMode"] == 1 and controls["AeFlickerPeriod"] == 10000
    finally:
        FakePicamera2.__init__ = original
    source = PiCameraSource(flicker_hz=60, sleep=lambda s: None)
    source.open()
    assert "AeFlickerMode" not in fake_picamera2.instances[-1].calls[0][1]["controls"], "no such control here"
