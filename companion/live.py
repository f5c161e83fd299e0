"""What the phones see of the camera: its status and the latest frame with what was read on it.

Apart from the pipeline (companion/pipeline.py), which fills it from its thread, so that the service can answer
phones before the camera's code (numpy, OpenCV, the readers) is loaded.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.core import DieReading

if TYPE_CHECKING:
    from companion.capture.base import Frame


@dataclass
class CameraStatus:
    ok: bool = True
    message: str = ""
    source: str = ""
    #: the simulated table: drawn dice, not seen ones; every phone shows a SIMULATED badge
    simulated: bool = False
    message_fr: str = ""  # the message and the source's name in French, for phones set to French
    source_fr: str = ""
    #: the service is still building the camera's pipeline (it answers phones first: the models take a while)
    starting: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "message": self.message, "message_fr": self.message_fr, "source": self.source,
                "source_fr": self.source_fr, "simulated": self.simulated, "starting": self.starting}


@dataclass
class LiveView:
    """The latest frame and what was read on it, for the phones' live table view."""

    frame: Frame | None = None
    readings: list[DieReading] = field(default_factory=list)
    camera: CameraStatus = field(default_factory=CameraStatus)
    vision_error: str = ""
    table: dict[str, Any] | None = None  # what table vision saw on the latest frame (None: no table stage)
    #: the kept lens calibration file was found unreadable (a stage built, a game's mat read, a phone's lens panel),
    #: until it is forgotten or a new one saved: every phone's camera status says what to do
    lens_damaged: bool = False
    referee_error: str = ""
    vision_error_fr: str = ""  # the two errors in French, for phones set to French
    referee_error_fr: str = ""
    #: seconds without a new frame before the pipeline is said to be stalled; None: no pipeline running (no camera
    #: wanted, a recording played to its end), so nothing is awaited
    stall_after: float | None = None
    _jpeg: tuple[int, bytes] | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _fresh_at: float = 0.0  # time.monotonic() and time.time() of the last frame (or of the start of the watch)
    _fresh_wall: float = 0.0
    _first_by: float = 0.0  # time.monotonic() by which the first frame is due (a camera takes a while to open)
    _seen_one: bool = False

    def watch(self, stall_after: float | None, first_within: float = 0.0) -> None:
        """Expect frames from now (a pipeline starts: ``stall_after`` seconds without one is a stall, and the first
        may take ``first_within`` seconds more), or no more (None)."""
        with self._lock:
            self.stall_after = stall_after
            self._fresh_at, self._fresh_wall = time.monotonic(), time.time()
            self._first_by, self._seen_one = self._fresh_at + first_within, False

    def stall(self) -> tuple[float, float] | None:
        """(since, for how long) when no new frame came for ``stall_after`` seconds: since is the wall-clock time of
        the last frame (or of the pipeline's start); None when pictures are coming or none are awaited."""
        with self._lock:
            return self._stall()

    def _stall(self) -> tuple[float, float] | None:
        if self.stall_after is None or (not self._seen_one and time.monotonic() < self._first_by):
            return None
        waited = time.monotonic() - self._fresh_at
        return (self._fresh_wall, waited) if waited >= self.stall_after else None

    def show_reader_error(self, reader: Any) -> None:
        """What keeps ``reader`` from a kind of dice the game rolls (no model for it), in both languages."""
        self.vision_error = getattr(reader, "error", "")
        self.vision_error_fr = getattr(reader, "error_fr", self.vision_error)

    def update(self, frame: Frame, readings: list[DieReading]) -> None:
        with self._lock:
            self.frame = frame
            self.readings = list(readings)
            self._fresh_at, self._fresh_wall = time.monotonic(), time.time()
            self._seen_one = True

    def jpeg(self, quality: int = 80) -> bytes | None:
        """The latest frame as JPEG, encoded at most once per frame."""
        with self._lock:
            frame = self.frame
            if frame is None:
                return None
            if self._jpeg is not None and self._jpeg[0] == frame.index:
                return self._jpeg[1]
        import cv2  # here: the service answers its first phone before it loads OpenCV

        ok, buf = cv2.imencode(".jpg", frame.image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        data = buf.tobytes() if ok else None
        with self._lock:
            if data is not None:
                self._jpeg = (frame.index, data)
        return data

    def to_json(self) -> dict[str, Any]:
        with self._lock:
            frame = self.frame
            size = [int(frame.image.shape[1]), int(frame.image.shape[0])] if frame is not None else None
            stall = self._stall()
            camera = self.camera.to_json()
            if stall is not None and camera["ok"]:  # the camera said nothing, but nothing comes: not ok
                waited = int(stall[1])
                camera.update(ok=False, message=f"no new picture for {waited} s: the camera pipeline is stuck",
                              message_fr=f"aucune nouvelle image depuis {waited} s : la chaîne de la caméra est "
                                         "bloquée")
            # no picture yet from a camera being started or opened: the phones say so, not "no camera"
            camera["starting"] = camera["ok"] and frame is None and (camera["starting"] or self.stall_after is not None)
            return {
                "frame": frame.index if frame is not None else None,
                "timestamp": frame.timestamp if frame is not None else None,
                "size": size,
                "dice": [d.to_json() for d in self.readings],
                "camera": camera,
                "stalled": stall is not None,
                "stalled_since": stall[0] if stall is not None else None,
                "vision_error": self.vision_error,
                "vision_error_fr": self.vision_error_fr,
                "table": self.table,
                "referee_error": self.referee_error,
                "referee_error_fr": self.referee_error_fr,
                **({"lens_damaged": True} if self.lens_damaged else {}),  # said only when so: no byte otherwise
            }
