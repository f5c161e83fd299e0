"""Doctor check of the camera: asks the running service first (it holds the camera), else reads one frame.

Apart from the other checks because it is the one that can hang (a camera that never answers) and the one
whose failure has three different fixes: the cable, the configuration, or the picamera2 install.
"""

from __future__ import annotations

import threading
from typing import Any, Callable

from companion.doctor_board import on_raspberry_pi
from companion.doctor_network import running_service
from companion.findings import FAIL, OK, WARN, Finding

SERVICE_BUSY_HINT = "if another program holds the camera, close it (rpicam-hello, a browser tab)"
PICAMERA_FIX = "a software problem, not the cable: run the install again (sudo make install keeps numpy where apt's " \
               "picamera2 needs it), or sudo apt install --reinstall python3-picamera2"


def check_camera(config, on_pi: bool | None = None, timeout: float = 15.0,
                 service: Callable[[Any], dict[str, Any] | None] = running_service) -> Finding:
    """Ask the running service about its camera (it holds it), else open the configured source and read a frame."""
    from companion.capture.base import SourceError
    from companion.capture.factory import make_source, resolve_auto
    from companion.capture.picamera import PicameraImportError
    from companion.config import ConfigError

    running = service(config)
    if running is not None and isinstance(running.get("camera"), dict):
        return _service_camera(running["camera"])
    on_pi = on_raspberry_pi() if on_pi is None else on_pi
    camera = config["camera"]
    kind, why = camera["source"], ""
    if kind == "auto":
        try:
            found, why = resolve_auto()
        except PicameraImportError as exc:
            return Finding("camera", FAIL, str(exc), PICAMERA_FIX)
        if found is None:
            status = FAIL if on_pi else WARN
            return Finding("camera", status, "no camera found: the companion reports a camera fault (no dice are "
                           "read) until one is connected",
                           "reseat the Pi camera ribbon cable at both ends or plug in a USB "
                           "camera, check with `rpicam-hello --list-cameras`, or set camera.source")
        kind = found
        if kind == "usb":
            camera = dict(camera, device=why)
    try:
        source = make_source(kind, camera)
    except (ConfigError, ImportError) as exc:
        return Finding("camera", FAIL, str(exc), "fix the [camera] section of the configuration")
    result: dict[str, Any] = {}

    def grab() -> None:
        try:
            source.open()
            result["frame"] = source.read()
        except SourceError as exc:
            result["error"] = exc
        except Exception as exc:  # noqa: BLE001 - report anything, never crash the doctor
            result["error"] = exc
        finally:
            try:
                source.close()
            except Exception:  # noqa: BLE001
                pass

    worker = threading.Thread(target=grab, daemon=True)
    worker.start()
    worker.join(timeout)
    name = source.description
    if worker.is_alive():
        return Finding("camera", FAIL, f"{name} gave no picture within {timeout:g} s",
                       f"check the cable and power; {SERVICE_BUSY_HINT}")
    if "error" in result:
        if isinstance(result["error"], PicameraImportError):
            return Finding("camera", FAIL, str(result["error"]), PICAMERA_FIX)
        return Finding("camera", FAIL, f"{name}: {result['error']}",
                       f"check the cable and camera.source / camera.path; {SERVICE_BUSY_HINT}")
    frame = result.get("frame")
    if frame is None:
        return Finding("camera", FAIL, f"{name} opened but gave no picture (empty video or folder?)",
                       "point camera.path at a video or folder with pictures in it")
    height, width = frame.image.shape[:2]
    if source.simulated:  # its description says what it is: the doctor does not say it twice
        return Finding("camera", WARN, f"{name} ({width}x{height} pictures)",
                       "set camera.source = \"auto\" or a real camera to read real dice")
    return Finding("camera", OK, f"{name}: {width}x{height} picture read" + (f" ({why})" if why else ""))


def _service_camera(camera: dict[str, Any]) -> Finding:
    source = camera.get("source") or "no camera"
    if camera.get("simulated"):
        return Finding("camera", WARN, f"the running companion plays the {source}",
                       "set camera.source to a real camera to read real dice")
    if not camera.get("ok", False):
        return Finding("camera", FAIL, f"the running companion reports: {camera.get('message') or 'camera lost'}",
                       "reseat the cable or plug the camera back in; the service finds it again by itself")
    return Finding("camera", OK, f"{source}: in use by the running companion, working")
