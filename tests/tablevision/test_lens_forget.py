"""Forgetting the lens on the phone is the players' choice: it is written before the lens goes, so a disk that refuses
it leaves the lens kept and says so, rather than a lens gone and the lens watch free to measure it again."""

from __future__ import annotations

import pytest

from companion.tablevision import lens_file
from companion.tablevision.lens_file import WATCH_FILE, Lens, forget_lens, is_forgotten, load_lens

LENS = Lens(-0.12, 0.01, (1280, 960), 0.4, 2.1, 3)


def test_a_forget_the_disk_refuses_keeps_the_lens(tmp_path, monkeypatch):
    """The choice is written before the lens goes: a disk that refuses it leaves the lens and no choice, and the
    error is raised."""
    LENS.save(tmp_path)

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as patch:
        patch.setattr(lens_file, "write_atomically", full_disk)
        with pytest.raises(OSError, match="No space left on device"):  # the disk's own error, not another
            forget_lens(tmp_path)
    assert load_lens(tmp_path) == LENS and not is_forgotten(tmp_path)
    (tmp_path / WATCH_FILE).write_text("{}")
    assert forget_lens(tmp_path) and load_lens(tmp_path) is None and is_forgotten(tmp_path)
    assert not (tmp_path / WATCH_FILE).exists()
