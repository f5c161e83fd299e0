"""Video-file and folder sources read real files written with OpenCV."""

from __future__ import annotations

import logging

import numpy as np
import pytest

from companion.capture.base import SourceError
from companion.capture.folder import FolderSource
from companion.capture.opencv import OpenCVSource

from capture_helpers import blue_level, write_folder, write_video


def test_video_file_is_read_in_order_and_ends_with_none(tmp_path):
    path = write_video(tmp_path / "table.avi", frames=5, fps=10.0)
    source = OpenCVSource(path)
    with source:
        frames = []
        while (frame := source.read()) is not None:
            frames.append(frame)
        assert source.read() is None, "a finished video stays finished"
    assert [f.index for f in frames] == [0, 1, 2, 3, 4]
    assert [f.timestamp for f in frames] == pytest.approx([0.0, 0.1, 0.2, 0.3, 0.4])
    assert all(f.image.shape == (48, 64, 3) and f.image.dtype == np.uint8 for f in frames)
    assert [blue_level(f) for f in frames] == pytest.approx([10, 30, 50, 70, 90], abs=3)
    assert source.description == "video table.avi"


def test_video_file_loops_when_asked(tmp_path):
    path = write_video(tmp_path / "loop.avi", frames=3)
    with OpenCVSource(path, loop=True) as source:
        frames = [source.read() for _ in range(7)]
    assert [f.index for f in frames] == list(range(7))
    assert [blue_level(f) for f in frames] == pytest.approx([10, 30, 50, 10, 30, 50, 10], abs=3)


def test_missing_or_undecodable_video_is_a_clear_source_error(tmp_path):
    with pytest.raises(SourceError, match="does not exist"):
        OpenCVSource(tmp_path / "absent.avi").open()
    junk = tmp_path / "junk.avi"
    junk.write_bytes(b"this is not a video")
    with pytest.raises(SourceError, match="could not be opened"):
        OpenCVSource(junk).open()


def test_usb_camera_that_cannot_be_opened_raises(tmp_path):
    # Index 99 is never a camera on a test machine: opening must fail cleanly, not hang.
    with pytest.raises(SourceError, match="USB camera 99"):
        OpenCVSource(99).open()


def test_folder_plays_pictures_in_name_order(tmp_path):
    folder = write_folder(tmp_path / "frames", 4)
    (folder / "notes.txt").write_text("not a picture")
    with FolderSource(folder, fps=4.0) as source:
        frames = []
        while (frame := source.read()) is not None:
            frames.append(frame)
    assert [blue_level(f) for f in frames] == [10, 30, 50, 70]
    assert [f.timestamp for f in frames] == [0.0, 0.25, 0.5, 0.75]


def test_folder_skips_an_unreadable_picture_with_one_warning(tmp_path, caplog):
    folder = write_folder(tmp_path / "frames", 3)
    (folder / "frame_001.png").write_bytes(b"corrupt")
    with caplog.at_level(logging.WARNING), FolderSource(folder, loop=True) as source:
        levels = [blue_level(source.read()) for _ in range(4)]
    assert levels == [10, 50, 10, 50]
    warnings = [r for r in caplog.records if "frame_001.png" in r.getMessage()]
    assert len(warnings) == 1


def test_folder_with_nothing_readable_raises_instead_of_looping(tmp_path):
    folder = tmp_path / "bad"
    folder.mkdir()
    (folder / "a.jpg").write_bytes(b"x")
    (folder / "b.jpg").write_bytes(b"")
    with FolderSource(folder, loop=True) as source, pytest.raises(SourceError, match="no picture"):
        source.read()


def test_missing_or_empty_folder_raises(tmp_path):
    with pytest.raises(SourceError, match="does not exist"):
        FolderSource(tmp_path / "absent").open()
    (tmp_path / "empty").mkdir()
    with pytest.raises(SourceError, match="holds no pictures"):
        FolderSource(tmp_path / "empty").open()
