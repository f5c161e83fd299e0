"""Build the frame source the configuration asks for.

``source = auto`` means a real camera: the Pi camera (if picamera2 imports and
libcamera lists one), else the first USB UVC camera (found by reading
``/sys/class/video4linux``, opened by its stable ``/dev/v4l/by-id`` path; a
Pi's own codec/ISP video nodes are not UVC and are ignored). It is probed
again at every (re)open, so a camera plugged in later is found. No camera, or
a picamera2 that is installed but fails to import, is a camera fault the
players see — never a silent switch to the simulated table.

The simulated table is used only when asked: ``source = "simulated"``, or
``when_missing = "simulated"`` (what `make run` sets) on a machine where no
camera is found at start; either way the live status says SIMULATED.
"""

from __future__ import annotations

import inspect
import logging
import os
from pathlib import Path
from typing import Any, Mapping

from companion.capture.base import Frame, FrameSource, SourceError
from companion.config import ConfigError

log = logging.getLogger(__name__)

SYSFS_VIDEO = Path("/sys/class/video4linux")
BY_ID = Path("/dev/v4l/by-id")
# said on the phones, which add how to play meanwhile: the commands that check a camera are `companion doctor`'s
NO_CAMERA = ("no camera found: connect the Pi camera's ribbon cable or plug in a USB camera",
             "aucune caméra trouvée : branchez la nappe de la caméra du Pi ou une caméra USB")


def open_source(config: Mapping[str, Any] | Any) -> FrameSource:
    """The configured source, not yet opened (wrap it in RetryingSource, then ``open()``)."""
    camera = config["camera"]
    kind = camera["source"]
    if kind == "auto":
        source: FrameSource = AutoSource(camera)
        if camera.get("when_missing", "fault") == "simulated":
            try:
                found, _ = resolve_auto()
            except SourceError:
                found = "broken"  # a broken camera stack is a fault, not a reason to simulate
            if found is None:
                log.warning("no camera found: showing the SIMULATED table (camera.when_missing = simulated)")
                source = make_source("simulated", camera)
    else:
        source = make_source(kind, camera)
    return oriented(source, camera)


def resolve_auto(sysfs: Path = SYSFS_VIDEO, by_id: Path = BY_ID) -> tuple[str | None, str]:
    """Which camera ``auto`` means on this machine, and why: (kind or None, detail).

    Raises PicameraImportError when picamera2 is installed but does not import.
    """
    from companion.capture.picamera import pi_cameras

    cameras = pi_cameras()
    if cameras:
        return "picamera2", f"Pi camera {cameras[0].get('Model', '')}".strip()
    usb = uvc_cameras(sysfs, by_id)
    if usb:
        return "usb", usb[0]
    return None, "no camera found"


class AutoSource(FrameSource):
    """``source = auto``: whichever real camera is there at each open; none is a SourceError, never a stand-in."""

    def __init__(self, camera: Mapping[str, Any], sysfs: Path = SYSFS_VIDEO, by_id: Path = BY_ID) -> None:
        self.camera = dict(camera)
        self.sysfs, self.by_id = sysfs, by_id
        self.inner: FrameSource | None = None
        self.description, self.description_fr = "camera (auto)", "caméra (auto)"

    def open(self) -> None:
        self.close()
        kind, detail = resolve_auto(self.sysfs, self.by_id)
        if kind is None:
            raise SourceError(*NO_CAMERA)
        settings = dict(self.camera, device=detail) if kind == "usb" else self.camera
        inner = make_source(kind, settings)
        inner.open()
        self.inner = inner
        self.description, self.description_fr = inner.description, inner.description_fr
        log.info("camera source auto: %s", self.description)

    def request_relock(self) -> bool:
        return self.inner.request_relock() if self.inner is not None else False

    def read(self) -> Frame | None:
        if self.inner is None:
            raise SourceError(*NO_CAMERA)
        return self.inner.read()

    def close(self) -> None:
        inner, self.inner = self.inner, None
        if inner is not None:
            inner.close()


def uvc_cameras(sysfs: Path = SYSFS_VIDEO, by_id: Path = BY_ID) -> list[str]:
    """USB (UVC) capture nodes, each by its stable ``/dev/v4l/by-id/...`` path where udev made one
    (``/dev/videoN`` otherwise): indexes change on replug and ``/dev/video0`` may be a Pi 5's ISP."""
    found: list[str] = []
    if not sysfs.is_dir():
        return found
    stable = _by_id_links(by_id)
    for node in sorted(sysfs.glob("video*"), key=lambda n: _number(n.name)):
        try:
            driver = (node / "device" / "driver").resolve().name
            index = int((node / "index").read_text().strip()) if (node / "index").exists() else 0
        except (ValueError, OSError):
            continue
        # A UVC camera exposes a capture node (index 0) and a metadata node (index 1).
        if driver == "uvcvideo" and index == 0:
            found.append(stable.get(node.name, f"/dev/{node.name}"))
    return found


def _number(name: str) -> int:
    digits = name[len("video"):]
    return int(digits) if digits.isdigit() else 1 << 30


def _by_id_links(by_id: Path) -> dict[str, str]:
    """videoN -> the by-id link that points at it."""
    links: dict[str, str] = {}
    if not by_id.is_dir():
        return links
    for link in sorted(by_id.iterdir()):
        if link.is_symlink():
            links.setdefault(Path(os.readlink(link)).name, str(link))
    return links


def make_source(kind: str, camera: Mapping[str, Any]) -> FrameSource:
    """A source of the given kind from the [camera] section."""
    width, height, fps = camera.get("width", 1280), camera.get("height", 720), camera.get("fps", 8.0)
    loop = bool(camera.get("loop", False))
    if kind == "picamera2":
        from companion.capture.picamera import PiCameraSource

        return PiCameraSource(width=width, height=height, fps=fps,
                              exposure_lock=camera.get("exposure_lock", True),
                              exposure_us=camera.get("exposure_us", 0), awb_lock=camera.get("awb_lock", True),
                              settle_seconds=camera.get("settle_seconds", 1.5),
                              flicker_hz=camera.get("flicker_hz", 0),
                              timeout=camera.get("frame_timeout", 5.0))
    if kind == "usb":
        from companion.capture.opencv import OpenCVSource

        device = camera.get("device", 0)
        if device == "" or device is None:
            found = uvc_cameras()
            if not found:
                raise ConfigError("camera.source = usb with no camera.device, and no USB camera is plugged in")
            device = found[0]
        return OpenCVSource(usb_target(device), width=width, height=height, fps=fps)
    if kind == "video":
        from companion.capture.opencv import OpenCVSource

        return OpenCVSource(_needs_path(camera, kind), fps=fps, loop=loop)
    if kind == "folder":
        from companion.capture.folder import FolderSource

        return FolderSource(_needs_path(camera, kind), fps=fps, loop=loop)
    if kind == "simulated":
        from companion.capture.simulated import SimulatedTable

        offered = {"fps": fps, "width": width, "height": height}
        accepted = inspect.signature(SimulatedTable).parameters
        return SimulatedTable(**{k: v for k, v in offered.items() if k in accepted})
    raise ConfigError(f"unknown camera.source {kind!r} (auto, picamera2, usb, video, folder or simulated)")


def usb_target(device: int | str) -> int | str:
    """camera.device as OpenCVSource wants it: an index, or a device path (kept as given, e.g. by-id)."""
    if isinstance(device, int):
        return device
    text = str(device).strip()
    if text.isdigit():
        return int(text)
    if not text.startswith("/dev/"):
        raise ConfigError(f"camera.device must be a camera index or a /dev path, got {device!r}")
    return text


def oriented(source: FrameSource, camera: Mapping[str, Any]) -> FrameSource:
    """Wrap ``source`` to turn its pictures as camera.rotate / camera.flip say (a camera mounted upside down)."""
    rotate, flip = int(camera.get("rotate", 0)), str(camera.get("flip", "none"))
    if rotate == 0 and flip == "none":
        return source
    from companion.capture.orient import OrientedSource

    return OrientedSource(source, rotate=rotate, flip=flip)


def _needs_path(camera: Mapping[str, Any], kind: str) -> str:
    path = str(camera.get("path", "") or "")
    if not path:
        raise ConfigError(f"camera.source = {kind} needs camera.path (the {kind} to read)")
    return str(Path(path).expanduser())
