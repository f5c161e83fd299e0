"""capture → detect → settle → events: the thread that turns camera frames into referee observations.

Each stage is a small object with one job (a FrameSource, a dice reader, a
roll settler); this module only moves typed messages between them and keeps
the latest picture for the phones. A failing stage is reported, never fatal.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

import cv2
import numpy as np

from companion.capture.base import Frame, FrameSource, SourceError
from companion.core import DieReading, Observation

log = logging.getLogger(__name__)


class DiceReaderLike(Protocol):
    def read(self, image: np.ndarray) -> list[DieReading]: ...


class SettlerLike(Protocol):
    def update(self, readings: Sequence[DieReading], timestamp: float) -> Any: ...


@dataclass
class CameraStatus:
    ok: bool = True
    message: str = ""
    source: str = ""
    #: the simulated table: drawn dice, not seen ones; every phone shows a SIMULATED badge
    simulated: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "message": self.message, "source": self.source, "simulated": self.simulated}


@dataclass
class LiveView:
    """The latest frame and what was read on it, for the phones' live table view."""

    frame: Frame | None = None
    readings: list[DieReading] = field(default_factory=list)
    camera: CameraStatus = field(default_factory=CameraStatus)
    vision_error: str = ""
    referee_error: str = ""
    _jpeg: tuple[int, bytes] | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def update(self, frame: Frame, readings: list[DieReading]) -> None:
        with self._lock:
            self.frame = frame
            self.readings = list(readings)

    def jpeg(self, quality: int = 80) -> bytes | None:
        """The latest frame as JPEG, encoded at most once per frame."""
        with self._lock:
            frame = self.frame
            if frame is None:
                return None
            if self._jpeg is not None and self._jpeg[0] == frame.index:
                return self._jpeg[1]
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
            return {
                "frame": frame.index if frame is not None else None,
                "timestamp": frame.timestamp if frame is not None else None,
                "size": size,
                "dice": [d.to_json() for d in self.readings],
                "camera": self.camera.to_json(),
                "vision_error": self.vision_error,
                "referee_error": self.referee_error,
            }


class Pipeline(threading.Thread):
    """Reads frames at most ``fps`` a second and reports each settled roll once."""

    def __init__(self, source: FrameSource, reader: DiceReaderLike | None, settler: SettlerLike,
                 on_settled: Callable[[Observation], Any], live: LiveView, fps: float = 8.0,
                 on_frame: Callable[[LiveView], Any] | None = None) -> None:
        super().__init__(name="pipeline", daemon=True)
        self.source = source
        self.reader = reader
        self.settler = settler
        self.on_settled = on_settled
        self.on_frame = on_frame
        self.live = live
        self.period = 1.0 / fps if fps > 0 else 0.0
        self._stop_event = threading.Event()
        self.frames = 0
        #: time.monotonic() at the end of the last loop: the service's systemd watchdog reads it
        self.last_progress = time.monotonic()
        self.ended = False

    def stop(self) -> None:
        """Ask the thread to end; closing the source also wakes a read waiting out a camera outage."""
        self._stop_event.set()
        self.source.close()

    def run(self) -> None:
        try:
            self.source.open()
        except SourceError as exc:
            log.error("camera could not be opened: %s", exc)
        while not self._stop_event.is_set():
            started = time.monotonic()
            if not self.step():
                self.ended = True  # the end of a finite stream (a recording), not a failure
                break
            self.last_progress = time.monotonic()
            self._stop_event.wait(max(0.0, self.period - (time.monotonic() - started)))
        self.source.close()

    def step(self) -> bool:
        """Process one frame; False at the end of a finite stream."""
        try:
            frame = self.source.read()
        except SourceError as exc:
            log.warning("camera: %s", exc)
            self.live.camera = CameraStatus(False, str(exc), self.source.description)
            self._stop_event.wait(1.0)
            return True
        if frame is None:
            return False
        self.frames += 1
        readings: list[DieReading] = []
        if self.reader is not None:
            try:
                readings = self.reader.read(frame.image)
                self.live.vision_error = ""
            except Exception as exc:  # a bad frame must never stop the table
                log.exception("dice reading failed on frame %d", frame.index)
                self.live.vision_error = f"dice reading failed: {exc}"
        self.live.update(frame, readings)
        if self.on_frame is not None:
            self.on_frame(self.live)
        settled = self.settler.update(readings, frame.timestamp)
        if settled is not None and settled.dice:
            origin = "simulated" if self.source.simulated else "camera"
            try:
                self.on_settled(Observation(dice=tuple(settled.dice), source=origin, at=frame.timestamp))
                self.live.referee_error = ""
            except Exception as exc:  # a referee bug must never stop the dice reading
                log.exception("the referee failed on the roll settled at frame %d", frame.index)
                self.live.referee_error = f"the referee failed on this roll ({type(exc).__name__}: {exc}); " \
                                          "the camera goes on reading"
        return True
