"""`companion hall` on a card that refuses its folder: one line naming the fault and what mends it, exit 1, never a
traceback (docs/hall.md says why it stops rather than keep the evening in memory)."""

from __future__ import annotations

import errno
import os
import sqlite3

import pytest

from companion.cli import build_parser


def start_hall(data) -> int:
    args = build_parser().parse_args(["hall", "--broker", "mqtt://127.0.0.1:1", "--data", str(data)])
    return args.func(args)


@pytest.mark.parametrize("blocked", ["hall", "hall/inner"])
def test_a_file_where_the_hall_s_folder_should_be_is_named_in_one_line(tmp_path, capsys, blocked):
    """Before, `data.mkdir` raised FileExistsError (NotADirectoryError under a file) out of the command."""
    (tmp_path / "hall").write_text("the organiser's notes")
    assert start_hall(tmp_path / blocked) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    assert f"{tmp_path / 'hall'} is a file, not a folder" in err and "--data DIR" in err, err
    assert (tmp_path / "hall").read_text() == "the organiser's notes"


@pytest.fixture
def read_only_folder(tmp_path, monkeypatch):
    """The hall's folder on a card turned read-only: SQLite cannot make its file there and a new file is refused
    (EROFS). Monkeypatched: a read-only mount needs root, and root writes a read-only folder all the same."""
    data = tmp_path / "hall"
    data.mkdir()
    real_open = os.open

    def card_open(path, flags, *args, **kwargs):
        if str(path).startswith(str(data)) and flags & os.O_CREAT:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, *args, **kwargs)

    def sqlite_refuses(*args, **kwargs):
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(os, "open", card_open)
    monkeypatch.setattr(sqlite3, "connect", sqlite_refuses)
    return data


def test_a_read_only_folder_is_named_with_what_mends_it_in_one_line(read_only_folder, capsys):
    """Before, HallBoard's sqlite3.connect raised "unable to open database file" out of the command; SQLite's
    words name no fault, so the card is asked (a new file in the folder) and its fault is said."""
    assert start_hall(read_only_folder) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    assert f"cannot keep its games in {read_only_folder}" in err and os.strerror(errno.EROFS) in err, err
    assert "turned read-only" in err and "must be replaced" in err and "free some space" not in err.lower(), err
    assert "--data DIR" in err and not os.listdir(read_only_folder)


def test_a_hall_file_the_read_only_card_will_not_open_for_writing_says_read_only(tmp_path, monkeypatch, capsys):
    """The evening's hall.sqlite3 already there: SQLite opens it, then refuses its first write (WAL) with its own
    words for a read-only card, and only those name the fault (the folder's probe goes through, as root's would)."""
    data = tmp_path / "hall"
    data.mkdir()
    real_connect = sqlite3.connect

    class ReadOnlyCard:
        def __init__(self, db) -> None:
            self.db, self.closed = db, False

        def execute(self, sql, *args):
            raise sqlite3.OperationalError("attempt to write a readonly database")

        def close(self):
            self.closed = True
            self.db.close()

    opened = []
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: opened.append(ReadOnlyCard(real_connect(*a, **k)))
                        or opened[-1])
    assert start_hall(data) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    assert "readonly database" in err and "turned read-only" in err and "must be replaced" in err, err
    assert opened and all(card.closed for card in opened)  # the file is not left open by the failed start
