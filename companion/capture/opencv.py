"""A USB (UVC) camera or a video file, read through OpenCV's ``cv2.VideoCapture``.

A video file is a finite stream: ``read()`` returns None after its last frame
(or starts again with ``loop=True``). A live camera never ends, so a camera
that returns no frame has gone wrong (unplugged, busy) and raises SourceError.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import cv2

from companion.capture.base import Frame, FrameSource, SourceError


class OpenCVSource(FrameSource):
    """``target`` is a camera index (``0`` = /dev/video0), a camera's device path (``/dev/v4l/by-id/...``,
    ``/dev/videoN``) or a video file path."""

    def __init__(self, target: int | str | Path, width: int = 0, height: int = 0, fps: float = 0.0,
                 loop: bool = False) -> None:
        self.is_camera = isinstance(target, int) or str(target).startswith("/dev/")
        self.target = target if isinstance(target, int) else str(target)
        self.width, self.height, self.fps = int(width), int(height), float(fps)
        self.loop = loop
        name = target if isinstance(target, int) else Path(str(target)).name
        self.description = f"USB camera {name}" if self.is_camera else f"video {name}"
        self.description_fr = f"caméra USB {name}" if self.is_camera else f"vidéo {name}"
        self._capture: cv2.VideoCapture | None = None
        self._index = 0

    def _open_capture(self) -> cv2.VideoCapture:
        """A device path is opened at the node it names today (a by-id link is followed), through V4L2."""
        if isinstance(self.target, str) and self.is_camera:
            node = os.path.realpath(self.target)
            if not os.path.exists(node):
                raise SourceError(f"USB camera {self.target} is not plugged in (no such device)",
                                  f"la caméra USB {self.target} n’est pas branchée (périphérique absent)")
            return cv2.VideoCapture(node, cv2.CAP_V4L2)
        return cv2.VideoCapture(self.target)

    def open(self) -> None:
        self.close()
        if not self.is_camera and not Path(self.target).is_file():
            raise SourceError(f"video file {self.target} does not exist",
                              f"le fichier vidéo {self.target} n’existe pas")
        capture = self._open_capture()
        if not capture.isOpened():
            capture.release()
            if self.is_camera:
                raise SourceError(f"USB camera {self.target} could not be opened (plugged in? used by another "
                                  "program?)",
                                  f"la caméra USB {self.target} ne s’ouvre pas (branchée ? prise par un autre "
                                  "programme ?)")
            raise SourceError(f"video file {self.target} could not be opened (not a video OpenCV can decode?)",
                              f"le fichier vidéo {self.target} ne s’ouvre pas (une vidéo qu’OpenCV sait lire ?)")
        if self.is_camera:
            # Requests only: a UVC camera picks its nearest supported mode.
            if self.width and self.height:
                capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.width)
                capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.height)
            if self.fps > 0:
                capture.set(cv2.CAP_PROP_FPS, self.fps)
            capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # the newest picture, not a queue of stale ones
        self._capture = capture

    def read(self) -> Frame | None:
        if self._capture is None:
            raise SourceError(f"{self.description} is not open", f"{self.description_fr} n’est pas ouverte")
        ok, image = self._capture.read()
        if not ok or image is None:
            if self.is_camera:
                raise SourceError(f"USB camera {self.target} returned no picture (unplugged?)",
                                  f"la caméra USB {self.target} n’a renvoyé aucune image (débranchée ?)")
            if not self.loop or self._index == 0:
                return None
            self._capture.set(cv2.CAP_PROP_POS_FRAMES, 0)
            ok, image = self._capture.read()
            if not ok or image is None:
                return None
        if self.is_camera:
            timestamp = time.time()
        else:
            # Media time: replays of a recording give the same timestamps every time.
            timestamp = self._index / self._file_fps()
        if image.ndim == 2:
            image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        frame = Frame(image=image, timestamp=timestamp, index=self._index)
        self._index += 1
        return frame

    def _file_fps(self) -> float:
        fps = self._capture.get(cv2.CAP_PROP_FPS) if self._capture is not None else 0.0
        return fps if fps and fps > 0 else (self.fps or 25.0)

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None
