"""Build the frame source the configuration asks for.

``source = auto`` picks, in order: a Pi camera (if picamera2 imports and
libcamera lists a camera), a USB UVC camera (found by reading
``/sys/class/video4linux`` — nothing is opened, so probing is instant and safe
on machines without one; a Pi's own codec/ISP video nodes are not UVC and are
ignored), else the simulated table, with a warning in the log.
"""

from __future__ import annotations

import inspect
import logging
from pathlib import Path
from typing import Any, Mapping

from companion.capture.base import FrameSource
from companion.config import ConfigError

log = logging.getLogger(__name__)

SYSFS_VIDEO = Path("/sys/class/video4linux")


def open_source(config: Mapping[str, Any] | Any) -> FrameSource:
    """The configured source, not yet opened (wrap it in RetryingSource, then ``open()``)."""
    camera = config["camera"]
    kind = camera["source"]
    if kind == "auto":
        kind, detail = resolve_auto()
        log.info("camera source auto: %s", detail)
    return make_source(kind, camera)


def resolve_auto(sysfs: Path = SYSFS_VIDEO) -> tuple[str, str]:
    """Which source ``auto`` means on this machine, and why."""
    from companion.capture.picamera import pi_cameras

    cameras = pi_cameras()
    if cameras:
        return "picamera2", f"Pi camera {cameras[0].get('Model', '')}".strip()
    usb = uvc_cameras(sysfs)
    if usb:
        return "usb", f"USB camera {usb[0]}"
    log.warning("no camera found: using the simulated table (set camera.source to choose a camera)")
    return "simulated", "no camera found, simulated table"


def uvc_cameras(sysfs: Path = SYSFS_VIDEO) -> list[int]:
    """Indexes N of /dev/videoN served by the USB video class driver, capture nodes only."""
    found: list[int] = []
    if not sysfs.is_dir():
        return found
    for node in sorted(sysfs.glob("video*")):
        try:
            number = int(node.name[len("video"):])
            driver = (node / "device" / "driver").resolve().name
            index = int((node / "index").read_text().strip()) if (node / "index").exists() else 0
        except (ValueError, OSError):
            continue
        # A UVC camera exposes a capture node (index 0) and a metadata node (index 1).
        if driver == "uvcvideo" and index == 0:
            found.append(number)
    return sorted(found)


def make_source(kind: str, camera: Mapping[str, Any]) -> FrameSource:
    """A source of the given kind from the [camera] section."""
    width, height, fps = camera.get("width", 1280), camera.get("height", 720), camera.get("fps", 8.0)
    loop = bool(camera.get("loop", False))
    if kind == "picamera2":
        from companion.capture.picamera import PiCameraSource

        return PiCameraSource(width=width, height=height, fps=fps,
                              exposure_lock=camera.get("exposure_lock", True),
                              exposure_us=camera.get("exposure_us", 0), awb_lock=camera.get("awb_lock", True),
                              settle_seconds=camera.get("settle_seconds", 1.5))
    if kind == "usb":
        from companion.capture.opencv import OpenCVSource

        return OpenCVSource(int(camera.get("device", 0)), width=width, height=height, fps=fps)
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


def _needs_path(camera: Mapping[str, Any], kind: str) -> str:
    path = str(camera.get("path", "") or "")
    if not path:
        raise ConfigError(f"camera.source = {kind} needs camera.path (the {kind} to read)")
    return str(Path(path).expanduser())
