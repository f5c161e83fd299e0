"""A worn SD card (read-only or full) the service starts on with nothing of its own yet (no journal, no PIN file, no
sign-in key): the start goes on, every phone is told what is not kept, and the table is played."""

from __future__ import annotations

import errno
import os
import sqlite3

import pytest

from companion.journal import Journal
from companion.web import create_app
from webhelpers import Phone, make_service

ROLL = {"dice": [{"value": 4, "color": "red"}, {"value": 2, "color": "red"}]}


@pytest.fixture
def worn_card(monkeypatch):
    """The card refuses every new file: the journal (SQLite cannot make it), pin.json and session.key (EROFS).
    Monkeypatched: a read-only mount needs root, and root writes a read-only folder all the same."""
    def refused(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    def journal_refused(self):
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(Journal, "_open", journal_refused)
    monkeypatch.setattr("companion.web.auth.write_atomically", refused)


def test_a_worn_card_with_nothing_on_it_yet_starts_and_every_phone_is_told_what_is_not_kept(data_dir, worn_card,
                                                                                            monkeypatch):
    """A read-only card with no journal, session.key nor pin.json yet: the start goes on (none of them raises out
    of create_app or ensure()), the game is held in memory, and every phone is told what is not kept."""
    monkeypatch.setattr("companion.web.auth.new_pin", lambda: "246813")
    service = make_service(data_dir)
    try:
        app = create_app(service, testing=True, make_pin=False)
        app.extensions["companion"].pins.ensure()
        phone = Phone(app)
        phone.login("246813")  # the PIN made holds until a restart
        assert phone.post("/api/roll", ROLL).status_code == 200
        info = phone.get("/api/info").get_json()
        notices = [n["message"] for n in info["notices"]]
        french = [n["message_fr"] for n in info["notices"]]
        assert any("phones signed in now must enter the PIN again after a restart" in n for n in notices), notices
        assert any("the table PIN just made" in n and os.strerror(errno.EROFS) in n for n in notices), notices
        assert any("code de la table qui vient d’être créé" in n for n in french), french
        problem = info["journal_problem"]
        assert problem["held"] and "in memory" in problem["message"]["en"]
        assert phone.state()["entries"] == 1
        assert not (data_dir / "pin.json").exists() and not (data_dir / "session.key").exists()
    finally:
        service.stop()


def test_a_sign_in_the_card_refuses_is_held_until_a_restart_and_said(app, monkeypatch):
    """A sign-in on a read-only card is not refused (503 would leave no phone able to play): it holds in memory
    until a restart (then the phone enters the PIN again: never more than the card would have kept), said once."""
    from companion.web.session_store import SESSIONS_FILE, SessionStore

    sessions = app.extensions["companion"].sessions
    path = sessions.path
    sessions._db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, check_same_thread=False)  # as on the card
    bus = app.extensions["companion"].service.bus
    before = bus.last_id
    phone = Phone(app)
    phone.login()
    told = [e.data for e in bus.since(before)[0] if e.topic == "notice"]
    assert told == [{"notices": True}], told  # the phones already open read the table's notices again at once
    assert phone.post("/api/roll", ROLL).status_code == 200
    with phone.client.session_transaction() as cookie:
        sid = cookie["sid"]
    notices = phone.get("/api/info").get_json()["notices"]
    assert any("phones signed in now must enter the PIN again after a restart" in n["message"] for n in notices)
    other = Phone(app)
    other.login()
    assert len(phone.get("/api/info").get_json()["notices"]) == len(notices)  # said once
    assert not SessionStore(path.parent, lifetime=60).active(sid) and path.name == SESSIONS_FILE  # a restart
    assert phone.post("/api/logout", {}).status_code == 200
    assert phone.post("/api/roll", ROLL).status_code == 401
    assert other.post("/api/roll", ROLL).status_code == 200


def test_a_damaged_pin_file_on_a_card_that_refuses_to_set_it_aside_still_gives_a_pin(data_dir, worn_card,
                                                                                      monkeypatch):
    """The rename's EROFS does not raise out of PinStore(): a new PIN is made and held, the damaged file left."""
    from companion.web.auth import PinStore

    (data_dir / "pin.json").write_text("{not json")
    monkeypatch.setattr("companion.damaged.os.replace", lambda *args: (_ for _ in ()).throw(
        OSError(errno.EROFS, os.strerror(errno.EROFS))))
    monkeypatch.setattr("companion.web.auth.new_pin", lambda: "135790")
    pins = PinStore(data_dir)
    assert pins.check("135790") and pins.unsaved is not None and pins.set_aside is None
    assert (data_dir / "pin.json").read_text() == "{not json"
