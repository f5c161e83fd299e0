"""A sign-in key the card refused at the start is tried again while the hall runs, so a card mended mid-evening
keeps the organiser signed in across the next restart."""

from __future__ import annotations

import errno
import json
import os
import time

import pytest
from werkzeug.security import generate_password_hash

from companion.hall.app import create_hall_app
from companion.hall.board import HallBoard
from companion.web import auth
from companion.web.auth import CSRF_HEADER
from tests.hall.hallhelpers import PIN, Subscriber

REAL_WRITE = auth._write_private  # the card as it works


@pytest.fixture
def clock(monkeypatch):
    """The hall's retry clock (seconds), moved by the test."""
    now = [0.0]
    monkeypatch.setattr("companion.hall.board.now", lambda: now[0])
    return now


@pytest.fixture
def hall_folder(tmp_path):
    """A hall's folder with its organiser PIN kept, and its board."""
    data = tmp_path / "hall"
    board = HallBoard(data / "hall.sqlite3")
    (data / "pin.json").write_text(json.dumps({"hash": generate_password_hash(PIN), "generation": 1}))
    yield data, board
    board.close()


class KeyCard:
    """The card under session.key: it refuses the key (EROFS) until mended; each try at writing it is counted."""

    def __init__(self) -> None:
        self.tries = 0
        self.mended = False

    def write(self, path, data) -> None:
        self.tries += 1
        if not self.mended:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        REAL_WRITE(path, data)


@pytest.fixture
def key_card(monkeypatch):
    card = KeyCard()
    monkeypatch.setattr(auth, "_write_private", card.write)
    return card


def signed_in(client) -> str:
    view = client.get("/api/hall").get_json()
    assert client.post("/api/login", json={"pin": PIN}, headers={CSRF_HEADER: view["csrf_token"]}).status_code == 200
    return client.get_cookie("hall_session").value


def test_a_key_the_card_refused_is_kept_once_the_card_is_mended_and_the_sign_in_outlives_a_restart(
        hall_folder, key_card, clock):
    data, board = hall_folder
    app = create_hall_app(board, Subscriber(), data)
    client = app.test_client()
    cookie = signed_in(client)
    assert client.get("/api/hall").get_json()["key_not_kept"] == "read_only"
    key_card.mended = True  # space freed, card remounted
    clock[0] += 10
    assert client.get("/api/hall").get_json()["key_not_kept"] == "read_only"  # 10 s after the last try: not yet
    assert not (data / auth.SECRET_FILE).exists()
    clock[0] += 21
    view = client.get("/api/hall").get_json()
    assert view["key_not_kept"] is None and view["organiser"] is True
    assert (data / auth.SECRET_FILE).read_bytes() == app.secret_key  # the key that signed the organiser in
    again = create_hall_app(board, Subscriber(), data).test_client()  # the hall restarted
    again.set_cookie("hall_session", cookie, domain="localhost")
    assert again.get("/api/hall").get_json()["organiser"] is True  # no PIN asked again


def test_a_card_that_still_refuses_the_key_is_tried_at_most_every_30_s(hall_folder, key_card, clock):
    data, board = hall_folder
    client = create_hall_app(board, Subscriber(), data).test_client()
    assert key_card.tries == 1  # the start's try
    for _ in range(7):  # the page asks for news every 10 s for a minute
        clock[0] += 10
        assert client.get("/api/hall").get_json()["key_not_kept"] == "read_only"
    assert key_card.tries == 3 and not (data / auth.SECRET_FILE).exists()


def test_a_card_that_took_the_hall_s_file_back_is_asked_to_keep_the_key_at_once(hall_folder, key_card, clock):
    data, board = hall_folder
    client = create_hall_app(board, Subscriber(), data).test_client()
    key_card.mended = True
    clock[0] += 5
    board.writing_again_at = time.time()  # the board wrote its file again: the card is mended
    assert client.get("/api/hall").get_json()["key_not_kept"] is None
    assert (data / auth.SECRET_FILE).exists()
    tried = key_card.tries
    clock[0] += 60
    client.get("/api/hall")
    assert key_card.tries == tried  # kept: not written again
