"""A folder of still pictures played as a stream, in file-name order.

Choice: a file that cannot be decoded is skipped with one warning naming it,
so one corrupt picture in a recorded session does not stop the replay; a
folder with no readable picture at all raises SourceError (it would otherwise
look like an empty stream).
"""

from __future__ import annotations

import logging
from pathlib import Path

import cv2
import numpy as np

from companion.capture.base import Frame, FrameSource, SourceError

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")


class FolderSource(FrameSource):
    """Frames are stamped ``index / fps`` seconds so replays are deterministic."""

    def __init__(self, folder: str | Path, fps: float = 8.0, loop: bool = False) -> None:
        self.folder = Path(folder)
        self.fps = fps if fps > 0 else 8.0
        self.loop = loop
        self.description = f"folder {self.folder.name}"
        self.description_fr = f"dossier {self.folder.name}"
        self._files: list[Path] = []
        self._position = 0
        self._index = 0
        self._skipped: set[Path] = set()

    def open(self) -> None:
        if not self.folder.is_dir():
            raise SourceError(f"folder of frames {self.folder} does not exist",
                              f"le dossier d’images {self.folder} n’existe pas")
        self._files = sorted(p for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file())
        if not self._files:
            raise SourceError(f"folder {self.folder} holds no pictures ({', '.join(IMAGE_SUFFIXES)})",
                              f"le dossier {self.folder} ne contient aucune image ({', '.join(IMAGE_SUFFIXES)})")
        self._position = 0
        self._index = 0

    def read(self) -> Frame | None:
        if not self._files:
            raise SourceError(f"{self.description} is not open", f"{self.description_fr} n’est pas ouvert")
        failures = 0
        while True:
            if self._position >= len(self._files):
                if not self.loop:
                    return None
                self._position = 0
            path = self._files[self._position]
            self._position += 1
            image = _load(path)
            if image is not None:
                frame = Frame(image=image, timestamp=self._index / self.fps, index=self._index)
                self._index += 1
                return frame
            if path not in self._skipped:
                self._skipped.add(path)
                log.warning("skipping %s: not a picture OpenCV can read", path)
            failures += 1
            if failures >= len(self._files):
                raise SourceError(f"no picture in {self.folder} could be read",
                                  f"aucune image de {self.folder} n’a pu être lue")


def _load(path: Path) -> np.ndarray | None:
    try:
        data = np.fromfile(str(path), dtype=np.uint8)
    except OSError:
        return None
    if data.size == 0:
        return None
    image = cv2.imdecode(data, cv2.IMREAD_COLOR)
    return image
