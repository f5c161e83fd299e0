"""The Raspberry Pi camera (CSI ribbon) through picamera2.

picamera2 exists only on Raspberry Pi OS (apt's ``python3-picamera2`` seen
through a ``--system-site-packages`` venv), so it is imported inside
``open()``: importing this module anywhere else is harmless.

Dice must look the same all game: auto-exposure and auto white balance are
left to settle for ``settle_seconds`` and then locked (``exposure_lock`` /
``awb_lock``), so a hand or a shadow passing over the table does not shift
the colours the dice reader sees. They are measured again when asked
(``request_relock``: each new game), since the light at boot is not the
light of an evening's game. Where libcamera has flicker controls, exposure
avoids the banding of lamps on 50/60 Hz mains (``flicker_hz``).

Every picamera2 call is bounded by a timeout (``camera.frame_timeout``): a
camera whose frontend timed out (a loose ribbon) must become a SourceError the
service reports, never a call that blocks for ever. The calls go through one
CallGate (and closing through another), so a hung camera leaves one thread
stuck, not one per retry.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import numpy as np

from companion.capture.base import Frame, FrameSource, SourceError
from companion.capture.deadline import CallGate, CameraStuck, CameraTimeout

log = logging.getLogger(__name__)

PROBE_TIMEOUT = 5.0  # seconds libcamera may take to list the cameras
#: listing the cameras before any source exists (auto, doctor): a probe that hangs is not started again meanwhile
_PROBES = CallGate("Pi camera probe")


class PicameraImportError(SourceError):
    """picamera2 is installed but does not import: a software fault (numpy ABI, libcamera), not the ribbon."""


def load_picamera2():
    """The Picamera2 class; SourceError when it is not installed, PicameraImportError when it is but breaks."""
    try:
        from picamera2 import Picamera2  # noqa: PLC0415 - only present on Raspberry Pi OS
    except ModuleNotFoundError as exc:
        if exc.name == "picamera2":
            raise SourceError("picamera2 is not installed; on Raspberry Pi OS: sudo apt install python3-picamera2 "
                              "and use a venv made with --system-site-packages") from exc
        raise PicameraImportError(_import_failure(exc)) from exc
    except Exception as exc:  # libcamera/numpy ABI errors on a broken install
        raise PicameraImportError(_import_failure(exc)) from exc
    return Picamera2


def _import_failure(exc: BaseException) -> str:
    hint = ("the venv's numpy is not the one apt's picamera2 was built with: reinstall with "
            "constraints-pi.txt (sudo make install)") if "dtype size changed" in str(exc) else \
        "reinstall python3-picamera2 and make the venv with --system-site-packages (sudo make install)"
    return f"picamera2 failed to import ({type(exc).__name__}: {exc}) — a software problem, not the camera " \
           f"cable; {hint}"


def picamera2_installed() -> bool:
    """Whether a picamera2 package is present at all (without importing it)."""
    import importlib.util

    return importlib.util.find_spec("picamera2") is not None


def pi_cameras() -> list[dict[str, Any]]:
    """The CSI cameras libcamera sees: [] when picamera2 is not installed or finds none.

    Raises PicameraImportError when picamera2 is installed but broken: that must be seen, not read as
    "no camera".
    """
    try:
        picamera2 = load_picamera2()
    except PicameraImportError:
        raise
    except SourceError:
        return []
    try:
        return list(_PROBES.call(picamera2.global_camera_info, PROBE_TIMEOUT, "listing the Pi cameras"))
    except SourceError:
        return []


class PiCameraSource(FrameSource):
    """Frames in BGR order: picamera2's ``RGB888`` format is laid out B, G, R, as OpenCV expects."""

    def __init__(self, width: int = 1280, height: int = 720, fps: float = 8.0, exposure_lock: bool = True,
                 exposure_us: int = 0, awb_lock: bool = True, settle_seconds: float = 1.5,
                 camera_num: int = 0, timeout: float = 3.0, sleep=time.sleep, flicker_hz: int = 0) -> None:
        self.size = (int(width), int(height))
        self.fps = float(fps)
        self.exposure_lock = exposure_lock
        self.exposure_us = int(exposure_us)
        self.awb_lock = awb_lock
        self.settle_seconds = float(settle_seconds)
        self.camera_num = camera_num
        self.timeout = timeout
        self.description, self.description_fr = "Pi camera", "caméra du Pi"
        self._sleep = sleep
        self.flicker_hz = int(flicker_hz)
        self._camera = None
        self._index = 0
        self._relock_wanted = False
        self._started_before = False  # "started" is news once; each restart after it is a DEBUG line
        self._calls = CallGate("Pi camera")
        self._closes = CallGate("Pi camera (closing)")

    def request_relock(self) -> bool:
        if not (self.exposure_lock or self.awb_lock):
            return False
        self._relock_wanted = True  # done by the reading thread, which owns the camera
        return True

    def open(self) -> None:
        self.close()
        picamera2 = load_picamera2()
        try:
            cameras = self._call(picamera2.global_camera_info, "listing the Pi cameras")
        except CameraTimeout:
            raise
        except Exception as exc:  # noqa: BLE001
            raise SourceError(f"libcamera could not list cameras: {exc}",
                              f"libcamera n’a pas pu lister les caméras : {exc}") from exc
        if len(cameras) <= self.camera_num:
            raise SourceError("no Pi camera found: check the ribbon cable at both ends (contacts facing the right "
                              "way)", "aucune caméra du Pi trouvée : vérifiez la nappe aux deux bouts (contacts du "
                              "bon côté)")
        try:
            camera = self._call(picamera2, "opening the Pi camera", self.camera_num)
        except CameraTimeout:
            raise
        except Exception as exc:  # noqa: BLE001 - busy or vanished camera
            raise SourceError(f"the Pi camera could not be opened (used by another program?): {exc}",
                              f"la caméra du Pi ne s’ouvre pas (prise par un autre programme ?) : {exc}") from exc
        try:
            controls: dict[str, Any] = {}
            if self.fps > 0:
                controls["FrameRate"] = self.fps
            if self.exposure_us > 0:
                controls["ExposureTime"] = self.exposure_us
            if self.flicker_hz and "AeFlickerMode" in getattr(camera, "camera_controls", {}):
                # lamps flicker at twice the mains frequency: 10 ms on 50 Hz mains, 8.33 ms on 60 Hz
                controls["AeFlickerMode"] = 1  # manual: avoid this period
                controls["AeFlickerPeriod"] = round(1e6 / (2 * self.flicker_hz))
            config = camera.create_video_configuration(main={"size": self.size, "format": "RGB888"},
                                                       controls=controls)
            self._call(camera.configure, "configuring the Pi camera", config)
            self._call(camera.start, "starting the Pi camera")
            self._focus_once(camera)
            if self.exposure_lock or self.awb_lock:
                self._measure_and_lock(camera)
        except Exception as exc:  # noqa: BLE001
            self._close_quietly(camera)
            if isinstance(exc, CameraTimeout):
                raise
            raise SourceError(f"the Pi camera could not be started: {exc}",
                              f"la caméra du Pi n’a pas pu démarrer : {exc}") from exc
        self._camera = camera
        model = cameras[self.camera_num].get("Model", "")
        self.description, self.description_fr = f"Pi camera {model}".strip(), f"caméra du Pi {model}".strip()
        (log.debug if self._started_before else log.info)("%s started at %dx%d, %.1f fps", self.description,
                                                           *self.size, self.fps)
        self._started_before = True

    def _call(self, fn, what: str, *args, timeout: float | None = None):
        """Every picamera2 call goes through here: none may block longer than the source's timeout."""
        return self._calls.call(fn, self.timeout if timeout is None else timeout, what, *args)

    def _focus_once(self, camera) -> None:
        """Camera Module 3: focus once on the table at start; the mount does not move, so neither does focus."""
        if "AfMode" not in getattr(camera, "camera_controls", {}):
            return  # fixed-focus (v2) or manual-focus (HQ) lens
        try:
            if not self._call(camera.autofocus_cycle, "focusing the Pi camera", timeout=self.timeout + 2.0):
                log.warning("Pi camera: autofocus did not converge; check there is something on the table to focus on")
        except CameraTimeout:
            raise  # a camera that cannot answer a focus request is not working
        except Exception as exc:  # noqa: BLE001 - focus is an improvement, never a reason to fail
            log.warning("Pi camera: autofocus failed: %s", exc)

    def _measure_and_lock(self, camera) -> None:
        self._sleep(self.settle_seconds)
        metadata = self._call(camera.capture_metadata, "measuring exposure and white balance")
        self._call(camera.set_controls, "locking exposure and white balance", self._locks(metadata))
        self._relock_wanted = False

    def _relock(self, camera) -> None:
        """Let auto-exposure and white balance run again on the light there is now, then lock them."""
        unlock = {}
        if self.exposure_lock:
            unlock["AeEnable"] = True
        if self.awb_lock:
            unlock["AwbEnable"] = True
        self._call(camera.set_controls, "unlocking exposure and white balance", unlock)
        self._measure_and_lock(camera)
        log.info("Pi camera: exposure and white balance measured again")

    def _locks(self, metadata: dict[str, Any]) -> dict[str, Any]:
        """Controls that freeze exposure and/or white balance where they settled."""
        controls: dict[str, Any] = {}
        if self.exposure_lock:
            controls["AeEnable"] = False
            if metadata.get("ExposureTime"):
                controls["ExposureTime"] = int(metadata["ExposureTime"])
            if metadata.get("AnalogueGain"):
                controls["AnalogueGain"] = float(metadata["AnalogueGain"])
        if self.awb_lock:
            controls["AwbEnable"] = False
            if metadata.get("ColourGains"):
                controls["ColourGains"] = tuple(float(g) for g in metadata["ColourGains"])
        return controls

    def read(self) -> Frame | None:
        if self._camera is None:
            raise SourceError("the Pi camera is not open", "la caméra du Pi n’est pas ouverte")
        camera = self._camera
        started = time.monotonic()
        try:
            if self._relock_wanted:
                self._relock(camera)
            image = self._call(self._capture, "waiting for a picture", camera, timeout=self.timeout + 1.0)
        except CameraStuck:
            raise  # not even tried: its own message says what is stuck, and since when
        except (TimeoutError, CameraTimeout) as exc:
            # the real wait: libcamera's own timeout, or the deadline past it when libcamera did not keep it
            waited = self.timeout if isinstance(exc, TimeoutError) else time.monotonic() - started
            raise SourceError(f"the Pi camera sent no picture for {waited:.0f} s (cable loose?)",
                              f"la caméra du Pi n’a envoyé aucune image en {waited:.0f} s (câble mal branché ?)"
                              ) from exc
        except Exception as exc:  # noqa: BLE001 - libcamera reports failures in many types
            raise SourceError(f"the Pi camera failed: {exc}", f"la caméra du Pi a échoué : {exc}") from exc
        image = np.asarray(image)
        if image.ndim != 3 or image.shape[2] < 3:
            raise SourceError(f"the Pi camera sent an unexpected picture of shape {image.shape}",
                              f"la caméra du Pi a envoyé une image de forme inattendue {image.shape}")
        if image.shape[2] == 4:  # XBGR8888 if a driver ignores the RGB888 request
            image = image[:, :, :3]
        frame = Frame(image=np.ascontiguousarray(image), timestamp=time.time(), index=self._index)
        self._index += 1
        return frame

    def _capture(self, camera):
        job = camera.capture_array("main", wait=False)
        try:
            return camera.wait(job, timeout=self.timeout)
        except TypeError:  # picamera2 older than 0.3.13 has no timeout: the deadline around this call holds
            return camera.wait(job)

    def close(self) -> None:
        camera, self._camera = self._camera, None
        if camera is not None:
            self._close_quietly(camera)

    def _close_quietly(self, camera) -> None:
        for step in ("stop", "close"):
            try:
                self._closes.call(getattr(camera, step), self.timeout, f"{step} the Pi camera")
            except Exception:  # noqa: BLE001 - closing a vanished camera may fail or hang; it is abandoned either way
                log.debug("Pi camera %s failed", step, exc_info=True)
