"""The table profile's pictures on the card: none is left that its index does not name (a damaged index takes its
pictures aside with it, the latest only; a picture without its entry is removed at the start), so what the card holds
is what the settings count."""

from __future__ import annotations

import errno
import os

import numpy as np

from companion.vision.profile_store import ProfileStore

CROP = np.full((48, 48, 3), 128, np.uint8)


def pictures(folder) -> list[str]:
    return sorted(p.name for p in folder.glob("*.png"))


def damage(folder) -> None:
    (folder / "index.json").write_bytes(b"\x00\xff{not json")


def test_a_damaged_index_takes_its_pictures_aside_and_the_notice_says_where(tmp_path):
    """A damaged index is kept aside with its pictures in a folder the notice names, rather than the pictures left
    in profile/ for ever, named by no index, counted nowhere, eating the card."""
    store = ProfileStore(tmp_path / "profile")
    made = [store.add(CROP, 3), store.add(CROP, 0, how="not a die", around=np.zeros((96, 96, 3), np.uint8))]
    names = pictures(store.folder)
    assert len(names) == 3
    damage(store.folder)
    again = ProfileStore(store.folder)
    assert again.snapshot() == [] and pictures(store.folder) == []
    (index,) = store.folder.glob("index.damaged-*.json")
    aside = index.with_suffix("")
    assert sorted(p.name for p in aside.iterdir()) == names and {e.id for e in made} <= {n[:16] for n in names}
    assert f"kept as {index.name}, with its 3 pictures in {aside.name}/" in again.notice.en
    assert f"avec ses 3 images dans {aside.name}/" in again.notice.fr
    again.add(CROP, 5)
    assert len(ProfileStore(store.folder).snapshot()) == 1  # the new profile is read at the next start


def test_only_the_latest_damaged_profiles_pictures_are_kept(tmp_path, monkeypatch):
    store = ProfileStore(tmp_path / "profile")
    store.add(CROP, 1)
    damage(store.folder)
    monkeypatch.setattr("companion.damaged.time.strftime", lambda *args: "20261128-190000")
    ProfileStore(store.folder).add(CROP, 2)
    damage(store.folder)
    monkeypatch.setattr("companion.damaged.time.strftime", lambda *args: "20261128-200000")
    ProfileStore(store.folder)
    folders = sorted(p.name for p in store.folder.glob("index.damaged-*") if p.is_dir())
    assert folders == ["index.damaged-20261128-200000"]  # one profile's worth of pictures at most
    assert len(list(store.folder.glob("index.damaged-*.json"))) == 2  # the indexes, small, are all kept


def test_pictures_the_index_does_not_name_are_removed_at_the_start(tmp_path):
    """A power cut between a picture and its index, or a crop lost beside its neighbourhood."""
    store = ProfileStore(tmp_path / "profile")
    kept = store.add(CROP, 4)
    lost = store.add(CROP, 0, how="not a die", around=np.zeros((96, 96, 3), np.uint8))
    (store.folder / f"{lost.id}.png").unlink()  # its neighbourhood is left
    (store.folder / "0123456789abcdef.png").write_bytes(b"written before a power cut")
    (store.folder / "notes.txt").write_text("a person's")
    again = ProfileStore(store.folder)
    assert again.snapshot() == [kept] and pictures(store.folder) == [f"{kept.id}.png"]
    assert (store.folder / "notes.txt").is_file()


def test_a_damaged_index_on_a_card_that_refuses_it_is_said_not_a_crash(tmp_path, monkeypatch):
    store = ProfileStore(tmp_path / "profile")
    store.add(CROP, 1)
    damage(store.folder)

    def read_only(*args):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr("companion.damaged.os.replace", read_only)
    again = ProfileStore(store.folder)
    assert again.snapshot() == [] and "cannot be written" in again.notice.en and "endommagé" in again.notice.fr


def test_a_crop_that_cannot_be_read_on_a_card_that_refuses_writes_is_left_out_not_raised(tmp_path, monkeypatch):
    """The camera's thread reads the crops when it refits: the card's refusal to set the bad crop aside, or to
    write the index without it, is not raised into it; the bad crop is left out."""
    store = ProfileStore(tmp_path / "profile")
    good, bad = store.add(CROP, 4), store.add(CROP, 5)
    (store.folder / f"{bad.id}.png").write_bytes(b"not a png")

    def read_only(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr("companion.damaged.os.replace", read_only)
    monkeypatch.setattr("companion.vision.profile_store.write_atomically", read_only)
    assert store.crop(bad) is None and store.crop(good) is not None
    assert store.snapshot() == [good]  # what is counted is what is learnt, until a restart reads the index again
    monkeypatch.undo()
    assert store.crop(bad) is None and ProfileStore(store.folder).snapshot() == [good]  # set aside once it can be
