"""Frame sources: where the pictures of the table come from."""

from companion.capture.base import Frame, FrameSource, SourceError

__all__ = ["Frame", "FrameSource", "SourceError"]
