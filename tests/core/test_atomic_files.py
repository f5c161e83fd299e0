"""companion.files: small files replaced whole, settings read back or left to their default."""

from __future__ import annotations

import logging
import os
import stat
import threading
import time

import pytest

from companion import files
from companion.files import keep_setting, read_setting, write_atomically


def test_a_crash_between_write_and_replace_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "lens.json"
    target.write_text("old")

    def power_cut(source, destination):
        raise OSError("power cut")

    monkeypatch.setattr(files.os, "replace", power_cut)
    with pytest.raises(OSError, match="power cut"):
        write_atomically(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["lens.json"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path, monkeypatch):
    target = tmp_path / "ledger.json"
    target.write_bytes(b"old")

    def disk_full(fd):
        raise OSError("no space left on device")

    monkeypatch.setattr(files.os, "fsync", disk_full)
    with pytest.raises(OSError, match="no space"):
        write_atomically(target, b"new")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["ledger.json"]


def test_a_missing_folder_is_made(tmp_path):
    write_atomically(tmp_path / "data" / "lens.json", "{}")
    assert (tmp_path / "data" / "lens.json").read_text() == "{}"


def test_the_new_content_replaces_the_old_and_is_returned_by_path(tmp_path):
    target = tmp_path / "index.json"
    target.write_text("old")
    assert write_atomically(target, "nouvelle édition") == target
    assert target.read_text(encoding="utf-8") == "nouvelle édition"
    assert write_atomically(str(target), b"\x00\x01") == target
    assert target.read_bytes() == b"\x00\x01"
    assert [p.name for p in tmp_path.iterdir()] == ["index.json"]


def test_mode_sets_exact_permission_bits_even_over_a_looser_file(tmp_path):
    target = tmp_path / "session.key"
    target.write_bytes(b"old")
    target.chmod(0o644)
    write_atomically(target, b"secret", mode=0o600)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_without_mode_the_file_gets_the_usual_permissions_under_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        write_atomically(tmp_path / "panel.json", "{}")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "panel.json").stat().st_mode) == 0o644


def test_a_kept_setting_reads_back_and_a_missing_one_is_none(tmp_path):
    path = tmp_path / "deeper" / "panel.json"
    assert read_setting(path, "sound", "panel") is None
    keep_setting(path, "sound", False, "panel")
    assert path.read_text() == '{"sound": false}'
    assert read_setting(path, "sound", "panel") is False
    assert read_setting(path, "seat", "panel") is None
    assert read_setting(None, "sound", "panel") is None


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", "\udcff"])
def test_an_unreadable_setting_is_none_and_logged(tmp_path, caplog, content):
    path = tmp_path / "panel.json"
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    with caplog.at_level(logging.WARNING, logger="companion.files"):
        assert read_setting(path, "sound", "panel") is None
    assert "panel: ignoring unreadable" in caplog.text


def test_a_setting_the_disk_refuses_is_logged_not_raised(tmp_path, caplog):
    blocked = tmp_path / "file"
    blocked.write_text("")
    with caplog.at_level(logging.WARNING, logger="companion.files"):
        keep_setting(blocked / "panel.json", "sound", True, "panel")  # its folder is a file
    assert "panel: could not keep the sound setting" in caplog.text


def leftover(folder, name, age):
    """A temporary file as a write cut short ``age`` seconds ago leaves it."""
    path = folder / name
    path.write_bytes(b"half")
    os.utime(path, (time.time() - age, time.time() - age))
    return path


def test_a_write_removes_the_target_s_temporary_files_left_by_a_power_cut(tmp_path):
    """Each write takes a new temporary name, so one cut short was never overwritten: the next write of the same
    file removes those older than a minute, and nothing else."""
    target = tmp_path / "lens.json"
    target.write_text("old")
    stale = leftover(tmp_path, ".lens.json.0a1b2c3d.tmp", 3600)
    recent = leftover(tmp_path, ".lens.json.4e5f6a7b.tmp", 5)  # maybe another writer's, just begun
    other = leftover(tmp_path, ".panel.json.0a1b2c3d.tmp", 3600)  # another file's: its own writes see to it
    alike = leftover(tmp_path, ".lens.json.notours.tmp", 3600)
    write_atomically(target, "new")
    assert target.read_text() == "new"
    assert not stale.exists()
    assert recent.exists() and other.exists() and alike.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["lens.json", recent.name, other.name, alike.name])


def test_a_temporary_file_another_writer_still_holds_is_never_removed(tmp_path, monkeypatch):
    """A writer stalled mid-write (a slow SD card) for over a minute holds its temporary file: a second write of the
    same file leaves it, and the first write still ends well."""
    target = tmp_path / "index.json"
    stalled, go_on = threading.Event(), threading.Event()
    real_fsync = os.fsync

    def slow_fsync(fd):
        if threading.current_thread().name == "first":
            stalled.set()
            assert go_on.wait(10)
        real_fsync(fd)

    monkeypatch.setattr(files.os, "fsync", slow_fsync)
    done = []
    first = threading.Thread(name="first", target=lambda: done.append(write_atomically(target, "first")))
    first.start()
    assert stalled.wait(10)
    (in_flight,) = tmp_path.glob(".index.json.*.tmp")
    os.utime(in_flight, (time.time() - 3600, time.time() - 3600))
    write_atomically(target, "second")
    assert in_flight.exists()
    go_on.set()
    first.join(10)
    assert done == [target]  # it was not cut short: its temporary file took the name
    assert target.read_text() == "first"
    assert [p.name for p in tmp_path.iterdir()] == ["index.json"]
