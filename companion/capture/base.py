"""One interface for every camera: a Pi camera, a USB camera, a video file, a folder, a simulation.

The pipeline only ever calls ``read()``; a source that fails raises
``SourceError`` with a sentence a player can act on ("camera unplugged?"), in English and French: the
phones show it in their own language.
"""

from __future__ import annotations

import abc
from dataclasses import dataclass

import numpy as np

from companion.core import Text


class SourceError(RuntimeError):
    """The camera (or file) could not deliver a frame. ``str()`` is the English sentence (logs); ``text`` holds
    it in each language the phones speak (French as given, else the English)."""

    def __init__(self, message: str = "", fr: str | None = None) -> None:
        super().__init__(message)
        self.text = Text(message, message if fr is None else fr)


@dataclass(frozen=True)
class Frame:
    """A BGR uint8 image with when it was taken and its index in the stream."""

    image: np.ndarray
    timestamp: float
    index: int


class FrameSource(abc.ABC):
    """A stream of frames. ``read()`` returns None at the end of a finite stream."""

    #: short name shown to players, e.g. "Pi camera", "simulated table"; and in French
    description: str = "camera"
    description_fr: str = "caméra"
    #: True only for the simulated table: its dice are drawn, not seen, and players are told so
    simulated: bool = False

    def open(self) -> None:
        """Acquire the device; called before the first read and again after a failure."""

    @abc.abstractmethod
    def read(self) -> Frame | None:
        """The next frame, None at the end of the stream; raises SourceError on failure."""

    def close(self) -> None:
        """Release the device."""

    def request_relock(self) -> bool:
        """Ask for exposure and white balance to be measured again (a new game, new light) at the next frame;
        False where the source has nothing to measure."""
        return False

    def __enter__(self) -> "FrameSource":
        self.open()
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class SimulatedSource(FrameSource):
    """A table the project draws instead of a camera: every phone names it so and flags its dice as drawn."""

    description = "SIMULATED table: no camera attached; the project draws the table and its dice, and the real " \
                  "pipeline reads them"
    description_fr = "table SIMULÉE : aucune caméra branchée ; le projet dessine la table et ses dés, et la vraie " \
                     "chaîne de lecture les lit"
    simulated = True


class WrappedSource(FrameSource):
    """A source that wraps another (turning its frames, retrying it): it is that camera, as players see it."""

    inner: FrameSource

    @property
    def description(self) -> str:  # type: ignore[override]
        return self.inner.description

    @property
    def description_fr(self) -> str:  # type: ignore[override]
        return self.inner.description_fr

    @property
    def simulated(self) -> bool:  # type: ignore[override]
        return self.inner.simulated

    def request_relock(self) -> bool:
        return self.inner.request_relock()
