"""Sign-ins the service can take back (logout, sign out every phone, a new PIN), a PIN lock-out that strangers cannot
turn against the table, and the Host and Origin checks against DNS rebinding."""

from __future__ import annotations

import time

import pytest

from companion.web import create_app
from companion.web.hosts import AllowedHosts
from companion.web.session_store import SESSIONS_FILE, SessionStore

from webhelpers import PIN, Phone, make_service

ROLL = {"dice": [{"value": 4, "color": "red"}]}


def cookie_of(phone: Phone) -> str:
    return phone.client.get_cookie("companion_session").value


def replay(app, cookie: str, csrf: str) -> Phone:
    """Another browser holding a copy of ``cookie`` (and the CSRF token that went with it)."""
    thief = Phone.__new__(Phone)
    thief.client = app.test_client()
    thief.client.set_cookie("companion_session", cookie, domain="localhost")
    thief.csrf = csrf
    return thief


def test_a_read_begun_before_the_pin_was_entered_leaves_the_phone_signed_in(app, phone):
    """The settings screen reads the games and the profile (over a second on a Pi) while the PIN is entered: an
    answer to a request sent with the cookie from before the sign-in sets no cookie, so the one arriving last does
    not sign the phone out again (were it to, its next change would ask for the PIN)."""
    before = cookie_of(phone)
    phone.login()
    signed_in = cookie_of(phone)
    late = replay(app, before, "").get("/api/games")  # sent with the cookie it had, answered after the sign-in
    assert late.status_code == 200 and "Set-Cookie" not in late.headers, late.headers.get("Set-Cookie")
    assert signed_in != before and phone.get("/api/session").get_json()["authenticated"] is True


def test_a_cookie_kept_from_before_logout_changes_nothing(app, player):
    cookie, csrf = cookie_of(player), player.csrf
    assert replay(app, cookie, csrf).post("/api/roll", ROLL).status_code == 200  # the copy works while signed in
    assert player.post("/api/logout").status_code == 200
    thief = replay(app, cookie, csrf)
    response = thief.post("/api/roll", ROLL)
    assert response.status_code == 401 and response.get_json()["error"] == "pin_required"
    assert thief.get("/api/session").get_json()["authenticated"] is False
    assert len(player.history()) == 1


def test_a_logout_stays_a_logout_after_a_restart(data_dir, pin_file):
    service = make_service(data_dir)
    (data_dir / "pin.json").write_bytes(pin_file)
    app = create_app(service, testing=True)
    phone = Phone(app)
    phone.login()
    cookie, csrf = cookie_of(phone), phone.csrf
    phone.post("/api/logout")
    service.stop()
    restarted = make_service(data_dir)
    try:
        thief = replay(create_app(restarted, testing=True), cookie, csrf)
        assert thief.post("/api/roll", ROLL).status_code == 401
    finally:
        restarted.stop()
    assert (data_dir / SESSIONS_FILE).stat().st_mode & 0o077 == 0


def test_signing_out_every_phone_ends_every_other_sign_in(app, player):
    others = [Phone(app) for _ in range(3)]
    for other in others:
        other.login()
    kept = replay(app, cookie_of(others[0]), others[0].csrf)
    response = player.post("/api/sessions/end-all", {})
    assert response.status_code == 200 and response.get_json()["authenticated"] is True
    for other in others + [kept]:
        assert other.post("/api/roll", ROLL).status_code == 401
    assert player.post("/api/roll", ROLL).status_code == 200  # who asked stays signed in, with a new sign-in
    others[1].login()
    assert others[1].post("/api/roll", ROLL).status_code == 200


def test_signing_out_every_phone_needs_the_pin(app, player, phone):
    assert phone.post("/api/sessions/end-all", {}).status_code == 401
    assert player.post("/api/roll", ROLL).status_code == 200


def test_a_new_pin_ends_every_sign_in_even_under_the_same_pin_generation(app, player):
    """The PIN's generation already signs out cookies of older PINs; the sign-ins themselves end too."""
    other = Phone(app)
    other.login()
    before = app.extensions["companion"].sessions.count()
    assert player.post("/api/pin", {"current": PIN, "new": "97531"}).status_code == 200
    assert before == 2 and app.extensions["companion"].sessions.count() == 1
    assert other.post("/api/roll", ROLL).status_code == 401


def test_a_damaged_sign_in_file_is_kept_and_nobody_stays_signed_in(data_dir):
    (data_dir / SESSIONS_FILE).write_bytes(b"not a database at all" * 100)
    store = SessionStore(data_dir, lifetime=60)
    assert store.set_aside is not None and store.set_aside.read_bytes().startswith(b"not a database")
    sid = store.start()
    assert store.active(sid) and not store.active("made-up")


def test_a_sign_in_ends_with_its_lifetime(tmp_path):
    clock = [1000.0]
    store = SessionStore(tmp_path, lifetime=60, clock=lambda: clock[0])
    sid = store.start()
    clock[0] += 59
    assert store.active(sid)
    clock[0] += 2
    assert not store.active(sid)
    store.start()
    assert store.count() == 1  # the expired one was dropped when the next one began
    store.close()


# -- the PIN lock-out ----------------------------------------------------------------------

def at(app, address: str) -> Phone:
    phone = Phone.__new__(Phone)
    phone.client = app.test_client()
    phone.client.environ_base = {**phone.client.environ_base, "REMOTE_ADDR": address}
    phone.csrf = phone.get("/api/session").get_json()["csrf_token"]
    return phone


def test_wrong_pins_from_other_addresses_never_lock_the_right_pin_out(app):
    for n in range(12):  # 60 wrong PINs from 12 addresses, twice the table's overall limit
        stranger = at(app, f"10.0.0.{n + 2}")
        for _ in range(5):
            assert stranger.post("/api/login", {"pin": "000000"}).status_code in (401, 429)
    started = time.monotonic()
    response = at(app, "10.0.0.200").post("/api/login", {"pin": PIN})
    assert response.status_code == 200 and time.monotonic() - started < 3
    # A phone that mistyped once during the attack is not held back either.
    typo = at(app, "10.0.0.201")
    assert typo.post("/api/login", {"pin": "111111"}).status_code == 401
    assert typo.post("/api/login", {"pin": PIN}).status_code == 200


def test_one_ipv6_network_is_one_phone_for_the_pin_limit(app):
    """A device on IPv6 may take any address of its /64: taking a new one does not buy new tries."""
    for n in range(5):
        assert at(app, f"2001:db8::{n + 1}").post("/api/login", {"pin": "000000"}).status_code == 401
    assert at(app, "2001:db8::99").post("/api/login", {"pin": PIN}).status_code == 429
    assert at(app, "2001:db8:0:1::1").post("/api/login", {"pin": PIN}).status_code == 200
    mapped = at(app, "::ffff:192.0.2.7")  # an IPv4 phone seen through an IPv6 socket
    for _ in range(5):
        assert mapped.post("/api/login", {"pin": "000000"}).status_code == 401
    assert at(app, "192.0.2.7").post("/api/login", {"pin": PIN}).status_code == 429  # one phone either way


def test_guessing_from_many_addresses_is_slowed_to_one_try_every_few_seconds(app):
    strangers = [at(app, f"10.0.1.{n + 2}") for n in range(12)]
    for stranger in strangers:  # each stranger's first guess: 12 wrong PINs, not yet the overall limit (30)
        assert stranger.post("/api/login", {"pin": "000000"}).status_code == 401
    for stranger in strangers:
        stranger.post("/api/login", {"pin": "000000"})
    for stranger in strangers:
        stranger.post("/api/login", {"pin": "000000"})
    # 36 wrong in total: now the strangers who were wrong share one try every 2 s between them
    answers = [s.post("/api/login", {"pin": "000000"}).status_code for s in strangers]
    assert answers.count(401) <= 1 and answers.count(429) >= len(strangers) - 1


# -- Host and Origin -------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/api/live", "/api/state", "/api/snapshot.jpg", "/api/table/top-down.jpg", "/"])
def test_a_foreign_host_is_refused(phone, path):
    response = phone.get(path, check=False, headers={"Host": "evil.example"})
    assert response.status_code == 421
    assert response.get_json()["error"] == "unknown_host"


@pytest.mark.parametrize("host", ["127.0.0.1:8080", "192.168.1.20", "[fe80::1]:8080", "localhost:8080",
                                  "tablecompanion.local", "TableCompanion.local.", "LOCALHOST"])
def test_the_companions_own_names_are_served(phone, host):
    assert phone.get("/api/live", headers={"Host": host}).status_code == 200


def test_the_machines_hostname_is_served_and_the_list_is_configurable():
    hosts = AllowedHosts(["game.example"], hostname="raspberrypi")
    assert hosts.admits("raspberrypi:8080") and hosts.admits("raspberrypi.local")
    assert hosts.admits("game.example") and not hosts.admits("evil.example")
    assert not hosts.admits("localhost.evil.example") and not hosts.admits("")
    assert not hosts.admits("raspberrypi.evil.example")


def test_a_change_from_a_page_under_a_foreign_name_is_refused(player):
    response = player.post("/api/roll", ROLL, check=False, headers={"Origin": "http://evil.example:8080",
                                                                    "Host": "localhost"})
    assert response.status_code == 403 and response.get_json()["error"] == "foreign_origin"
    assert player.post("/api/roll", ROLL, headers={"Origin": "http://localhost"}).status_code == 200
    assert player.history() and len(player.history()) == 1


def test_a_rebound_name_cannot_read_the_camera_even_with_a_cookie(app, player):
    response = player.get("/api/session", check=False, headers={"Host": "evil.example:8080"})
    assert response.status_code == 421 and "csrf_token" not in response.get_json()


def test_a_sign_in_file_that_cannot_be_opened_is_left_alone_and_sign_ins_still_end(data_dir, caplog):
    """A read-only or full card is not a damaged file: nothing is renamed, and logout still ends a sign-in."""
    (data_dir / SESSIONS_FILE).mkdir()  # something SQLite cannot open, but nothing to set aside
    store = SessionStore(data_dir, lifetime=60)
    assert store.set_aside is None and (data_dir / SESSIONS_FILE).is_dir()
    assert "kept in memory" in caplog.text
    sid = store.start()
    assert store.active(sid)
    store.end(sid)
    assert not store.active(sid)


def test_a_sign_in_folder_the_card_cannot_make_keeps_sign_ins_in_memory(data_dir, monkeypatch, caplog):
    """The folder's EROFS (a tmpfs mounted read-only) does not raise out of SessionStore(), so the start goes on:
    it is logged, and sign-ins are kept in memory."""
    import errno
    import pathlib

    def refused(self, *args, **kwargs):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(pathlib.Path, "mkdir", refused)
    store = SessionStore(data_dir / "not-made", lifetime=60)
    assert store.refused is not None and "kept in memory" in caplog.text
    sid = store.start()
    assert store.active(sid)


def test_a_damaged_sign_in_file_the_card_refuses_to_set_aside_signs_nobody_in_and_keeps_sign_ins_in_memory(
        data_dir, monkeypatch):
    """The rename's EROFS does not raise out of SessionStore(), so the start goes on: the damaged file signs
    nobody in, and new sign-ins are kept in memory."""
    import errno

    (data_dir / SESSIONS_FILE).write_bytes(b"not a database at all, and long enough to be read as one" * 20)
    monkeypatch.setattr("companion.damaged.os.replace", lambda *args: (_ for _ in ()).throw(
        OSError(errno.EROFS, "Read-only file system")))
    store = SessionStore(data_dir, lifetime=60)
    assert store.refused is not None and store.set_aside is None
    assert not store.active("an old sign-in")
    sid = store.start()
    assert store.active(sid)
