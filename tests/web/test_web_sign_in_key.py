"""The table's sign-in key (session.key) the card refused at the start, tried again while the table runs: a card
mended mid-evening keeps the phones signed in across the next restart, and one slow card write holds up one request
only."""

from __future__ import annotations

import errno
import os
import threading

import pytest

from companion.web import auth, create_app
from companion.web.sign_in_key import SignInKey
from webhelpers import Phone, make_service

REAL_WRITE = auth._write_private  # the card as it works
ROLL = {"dice": [{"value": 4, "color": "red"}, {"value": 2, "color": "red"}]}
SIGN_INS_LOST = "phones signed in now must enter the PIN again after a restart"


class KeyCard:
    """The card under session.key: it refuses the key (EROFS) until mended; each try at writing it is counted."""

    def __init__(self) -> None:
        self.tries = 0
        self.mended = False

    def write(self, path, data) -> None:
        if path.name != auth.SECRET_FILE:
            return REAL_WRITE(path, data)
        self.tries += 1
        if not self.mended:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return REAL_WRITE(path, data)


@pytest.fixture
def key_card(monkeypatch):
    card = KeyCard()
    monkeypatch.setattr(auth, "_write_private", card.write)
    return card


@pytest.fixture
def clock(monkeypatch):
    """The key's retry clock (seconds), moved by the test."""
    now = [0.0]
    monkeypatch.setattr("companion.web.sign_in_key.now", lambda: now[0])
    return now


def notices(phone: Phone) -> list[str]:
    return [n["message"] for n in phone.get("/api/info").get_json()["notices"]]


def test_a_key_the_card_refused_at_the_start_is_kept_once_mended_and_phones_stay_signed_in_across_a_restart(
        data_dir, pin_file, key_card, clock):
    (data_dir / "pin.json").write_bytes(pin_file)
    service = make_service(data_dir)
    try:
        app = create_app(service, testing=True)
        phone = Phone(app)
        phone.login()
        cookie = phone.client.get_cookie("companion_session").value
        assert any(SIGN_INS_LOST in n for n in notices(phone))
        key_card.mended = True  # space freed, card remounted
        clock[0] += 10
        assert any(SIGN_INS_LOST in n for n in notices(phone))  # 10 s after the start's try: not yet
        assert not (data_dir / auth.SECRET_FILE).exists()
        clock[0] += 21
        assert not any(SIGN_INS_LOST in n for n in notices(phone))  # kept: the notice no longer holds
        assert (data_dir / auth.SECRET_FILE).read_bytes() == app.secret_key  # the key that signed the phone in
    finally:
        service.stop()
    restarted = make_service(data_dir)
    try:
        again = Phone.__new__(Phone)
        again.client = create_app(restarted, testing=True).test_client()
        again.client.set_cookie("companion_session", cookie, domain="localhost")
        session = again.get("/api/session").get_json()
        assert session["authenticated"] is True  # no PIN asked again
        again.csrf = session["csrf_token"]
        assert again.post("/api/roll", ROLL).status_code == 200
    finally:
        restarted.stop()


def test_the_key_is_kept_at_once_when_the_journal_is_written_again(data_dir, pin_file, key_card, clock):
    """The card full (the key refused at the start, then a move refused), space freed: the move that writes the
    journal again is followed by the phone re-reading its history, and that request keeps the key, well within the
    30 s retry: a restart then keeps the phone signed in."""
    from tests.web.test_web_disk_errors import RefusingCard

    (data_dir / "pin.json").write_bytes(pin_file)
    service = make_service(data_dir)
    try:
        phone = Phone(create_app(service, testing=True))
        phone.login()
        journal = service.journal
        clock[0] += 5
        journal._db = RefusingCard(journal._db, OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
        assert phone.post("/api/roll", ROLL, check=False).status_code == 503
        journal._db, key_card.mended = journal._db.db, True  # space freed
        clock[0] += 10  # 15 s after the start's try
        assert phone.post("/api/roll", ROLL).status_code == 200  # the journal is written again
        assert not (data_dir / auth.SECRET_FILE).exists()  # tried before the move, not yet mended for the key
        phone.get("/api/history")  # the phone re-reads its history after the entry
        assert (data_dir / auth.SECRET_FILE).exists(), "the key waits for the 30 s retry"
        tries = key_card.tries
        phone.get("/api/history")
        assert key_card.tries == tries  # kept: not tried again
    finally:
        service.stop()


def test_a_card_that_still_refuses_the_key_is_tried_at_most_every_30_s(data_dir, pin_file, key_card, clock):
    (data_dir / "pin.json").write_bytes(pin_file)
    service = make_service(data_dir)
    try:
        phone = Phone(create_app(service, testing=True))
        assert key_card.tries == 1  # the start's try
        for _ in range(7):  # a phone asks every 10 s for a minute
            clock[0] += 10
            assert any(SIGN_INS_LOST in n for n in notices(phone))
        assert key_card.tries == 3 and not (data_dir / auth.SECRET_FILE).exists()
    finally:
        service.stop()


def test_the_notice_stays_when_the_sign_ins_too_are_held_in_memory(data_dir, pin_file, key_card, clock, monkeypatch):
    """The key kept, sign-ins the card refused to record still end at a restart: the notice still says so."""
    import sqlite3

    (data_dir / "pin.json").write_bytes(pin_file)
    service = make_service(data_dir)
    try:
        app = create_app(service, testing=True)
        sessions = app.extensions["companion"].sessions
        sessions._db = sqlite3.connect(f"{sessions.path.as_uri()}?mode=ro", uri=True, check_same_thread=False)
        phone = Phone(app)
        phone.login()  # held in memory
        key_card.mended = True
        clock[0] += 31
        assert any(SIGN_INS_LOST in n for n in notices(phone))
        assert (data_dir / auth.SECRET_FILE).exists()
    finally:
        service.stop()


def test_a_second_caller_does_not_wait_behind_a_slow_card_write(data_dir, monkeypatch):
    """Every request tries the key: one card write that takes seconds must not hold up the others behind a lock."""
    writing, release = threading.Event(), threading.Event()

    def refused(path, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))

    def slow(path, data):
        writing.set()
        release.wait(10)
        REAL_WRITE(path, data)

    monkeypatch.setattr(auth, "_write_private", refused)
    key = SignInKey(data_dir, retry_every=0.0)
    assert key.refused is not None
    monkeypatch.setattr(auth, "_write_private", slow)
    first = threading.Thread(target=key.keep_again)
    first.start()
    try:
        assert writing.wait(5)
        second = threading.Thread(target=key.keep_again)
        second.start()
        second.join(2)
        assert not second.is_alive()  # someone is already trying: it went on
    finally:
        release.set()
        first.join(5)
    assert key.refused is None and (data_dir / auth.SECRET_FILE).read_bytes() == key.secret
