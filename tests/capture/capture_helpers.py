"""Pictures and files with known content for the capture tests."""

from __future__ import annotations

import cv2
import numpy as np


def numbered_image(n: int, size=(64, 48)) -> np.ndarray:
    """A picture whose brightness encodes its number, so order survives JPEG-ish compression."""
    image = np.zeros((size[1], size[0], 3), np.uint8)
    image[:, :] = (20 * n + 10, 0, 255 - 20 * n)
    return image


def write_video(path, frames: int, fps: float = 10.0):
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"MJPG"), fps, (64, 48))
    assert writer.isOpened(), "OpenCV cannot write MJPG/AVI here"
    for n in range(frames):
        writer.write(numbered_image(n))
    writer.release()
    return path


def blue_level(frame) -> int:
    return int(round(float(frame.image[..., 0].mean())))


def write_folder(folder, count: int, ext: str = ".png"):
    folder.mkdir(exist_ok=True)
    for n in range(count):
        cv2.imwrite(str(folder / f"frame_{n:03d}{ext}"), numbered_image(n))
    return folder
