"""Who may change the game: the table PIN, CSRF tokens, the login rate limit, and secrets kept out of logs."""

from __future__ import annotations

import json
import logging
import re

from companion.web import create_app
from companion.web.auth import LoginLimiter, PinStore

from webhelpers import PIN, Phone, make_service

ROLL = {"dice": [{"value": 4, "color": "red"}]}


def test_the_pin_is_made_at_first_start_logged_once_and_stored_hashed(data_dir, caplog):
    caplog.set_level(logging.INFO)
    service = make_service(data_dir)
    try:
        create_app(service)
        shown = re.findall(r"Table PIN created: (\d{6})", caplog.text)
        assert len(shown) == 1
        pin = shown[0]
        stored = (data_dir / "pin.json").read_text()
        assert pin not in stored and json.loads(stored)["hash"].startswith(("scrypt:", "pbkdf2:"))
        assert (data_dir / "pin.json").stat().st_mode & 0o077 == 0
        caplog.clear()
        app = create_app(service)  # a restart: same PIN, never shown again
        phone = Phone(app)
        assert phone.post("/api/login", {"pin": pin}).status_code == 200
        assert phone.post("/api/roll", ROLL).status_code == 200
        assert pin not in caplog.text and "PIN created" not in caplog.text
    finally:
        service.stop()


def test_viewing_needs_nothing_but_changing_needs_the_pin(phone):
    assert phone.get("/api/state").status_code == 200
    for path, body in (("/api/roll", ROLL), ("/api/undo", None), ("/api/game", {"game": "free-roll"}),
                       ("/api/events", {"event": {"type": "roll", "dice": ROLL["dice"]}}),
                       ("/api/corrections", {"seq": 0, **ROLL}), ("/api/pin", {"current": PIN, "new": "1357"})):
        response = phone.post(path, body)
        assert response.status_code == 401, path
        assert response.get_json()["error"] == "pin_required"
    assert phone.history() == []


def test_a_change_without_the_csrf_token_is_refused_even_with_the_pin(player):
    for headers in ({"X-CSRF-Token": ""}, {"X-CSRF-Token": "x" * 43}):
        response = player.post("/api/roll", ROLL, headers=headers)
        assert response.status_code == 403 and response.get_json()["error"] == "csrf"
    other = Phone(player.client.application)  # another phone's valid token is not this session's
    response = player.post("/api/roll", ROLL, headers={"X-CSRF-Token": other.csrf})
    assert response.status_code == 403
    assert player.history() == []


def test_a_change_from_a_foreign_page_is_refused(player):
    response = player.post("/api/roll", ROLL, headers={"Origin": "http://evil.example"})
    assert response.status_code == 403 and response.get_json()["error"] == "foreign_origin"
    assert player.post("/api/roll", ROLL, headers={"Origin": "http://localhost"}).status_code == 200


def test_the_session_cookie_is_signed_http_only_and_same_site(app):
    phone = Phone(app)
    response = phone.post("/api/login", {"pin": PIN})
    cookie = response.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert PIN not in cookie
    # A forged cookie (unsigned) is not a session.
    forged = Phone(app)
    forged.client.set_cookie("companion_session", "eyJhdXRoIjoxfQ.forged.sig", domain="localhost")
    assert forged.get("/api/session").get_json()["authenticated"] is False


def test_a_wrong_pin_says_how_many_tries_are_left_then_the_phone_must_wait(phone):
    for left in (4, 3, 2, 1, 0):
        response = phone.post("/api/login", {"pin": "000000"})
        assert response.status_code == 401
        assert response.get_json()["attempts_left"] == left
    response = phone.post("/api/login", {"pin": PIN})  # even the right PIN waits
    assert response.status_code == 429
    assert 0 < int(response.headers["Retry-After"]) <= 300
    assert response.get_json()["retry_after"] == int(response.headers["Retry-After"])
    assert phone.get("/api/session").get_json()["authenticated"] is False


def test_the_limit_is_per_phone_and_wrong_pins_elsewhere_only_slow_the_phones_that_were_wrong():
    clock = [0.0]
    limiter = LoginLimiter(per_client=3, overall=4, window=60, spacing=2, free_tries=1, clock=lambda: clock[0])
    assert [limiter.attempt("a") for _ in range(4)] == [0, 0, 0, 60]  # a waits; others are not held back
    assert limiter.attempt("b") == 0  # four wrong in total: the slow-down starts, but b had not been wrong
    assert limiter.attempt("b") == 0  # b's turn is now: the first turn of the slow-down
    assert limiter.attempt("b") == 2  # b's next turn is 2 s away: one wrong try per 2 s for the table
    assert limiter.attempt("c") == 0  # a phone never wrong still tries at once...
    assert limiter.attempt("c") == 4  # ...and then waits its turn after b's, kept for it
    clock[0] = 2.0
    assert limiter.attempt("c") == 2 and limiter.attempt("b") == 0
    clock[0] = 4.0
    assert limiter.attempt("c") == 0
    clock[0] = 60.5
    assert limiter.attempt("a") == 0


def test_a_phone_that_mistyped_once_is_not_held_back_by_strangers():
    limiter = LoginLimiter(per_client=5, overall=3, window=60, spacing=2, free_tries=2, clock=lambda: 0.0)
    for stranger in "abcd":
        limiter.attempt(stranger)
        limiter.attempt(stranger)
    assert limiter.attempt("a") == 0 and limiter.attempt("b") == 2  # the strangers take turns
    assert limiter.attempt("typo") == 0 and limiter.attempt("typo") == 0  # the second try, the right PIN
    limiter.succeeded("typo")
    assert limiter.attempt("typo") == 0


def test_tries_sent_together_all_count_before_any_is_answered():
    limiter = LoginLimiter(per_client=3)
    assert [limiter.attempt("a") for _ in range(5)][:3] == [0, 0, 0]
    assert limiter.attempt("a") > 0 and limiter.attempts_left("a") == 0


def test_a_successful_login_forgets_the_phones_failures():
    limiter = LoginLimiter(per_client=2)
    limiter.attempt("a")
    limiter.attempt("a")
    limiter.succeeded("a")
    limiter.attempt("a")
    assert limiter.attempts_left("a") == 1 and limiter.attempt("a") == 0


def test_login_rotates_the_csrf_token(phone):
    before = phone.csrf
    phone.login()
    assert phone.csrf != before
    response = phone.post("/api/roll", ROLL, headers={"X-CSRF-Token": before})
    assert response.status_code == 403


def test_changing_the_pin_logs_every_other_phone_out(app, player, caplog):
    caplog.set_level(logging.DEBUG)
    other = Phone(app)
    other.login()
    response = player.post("/api/pin", {"current": PIN, "new": "97531"})
    assert response.status_code == 200 and response.get_json()["authenticated"] is True
    assert player.post("/api/roll", ROLL).status_code == 200
    assert other.post("/api/roll", ROLL).status_code == 401
    assert other.post("/api/login", {"pin": PIN}).status_code == 401
    other.login("97531")
    assert other.post("/api/roll", ROLL).status_code == 200
    assert "97531" not in caplog.text and PIN not in caplog.text


def test_changing_the_pin_needs_the_current_one_and_a_valid_new_one(player):
    response = player.post("/api/pin", {"current": "111111", "new": "97531"})
    assert response.status_code == 422 and response.get_json()["error"] == "wrong_pin"
    for bad in ("12", "abcd", "1234567890123", "１２３４"):
        response = player.post("/api/pin", {"current": PIN, "new": bad})
        assert response.status_code == 400, bad
    player.post("/api/logout")
    Phone(player.client.application).login(PIN)  # still the old PIN


def test_logout_forgets_the_pin_on_this_phone(player):
    assert player.post("/api/logout").get_json()["authenticated"] is False
    assert player.post("/api/roll", ROLL).status_code == 401


def test_the_pin_store_survives_a_restart(data_dir):
    store = PinStore(data_dir)
    generation = store.change("8642")
    again = PinStore(data_dir)
    assert again.check("8642") and not again.check("2468") and again.generation == generation
    assert again.set_aside is None


def test_a_damaged_pin_file_is_kept_and_a_new_pin_made_that_signs_every_phone_out(data_dir, caplog):
    """The table keeps running (rule 4): the file is set aside, a new PIN is shown once in the log, and a
    session from before (authorised for the old generation) is no longer authorised."""
    store = PinStore(data_dir)
    old_generation = store.change("8642")
    (data_dir / "pin.json").write_text("{not json")
    caplog.clear()
    caplog.set_level(logging.INFO)
    again = PinStore(data_dir)
    assert again.set_aside is not None and again.set_aside.read_text() == "{not json"
    assert again.set_aside.name.startswith("pin.damaged-")
    (pin,) = re.findall(r"Table PIN created: (\d{6})", caplog.text)
    assert again.check(pin) and not again.check("8642")
    assert again.generation != old_generation
    assert PinStore(data_dir).check(pin)  # and the new PIN is what the next start reads


def test_phones_are_told_when_the_pin_file_was_damaged(service):
    (service.config.data_dir / "pin.json").write_bytes(b"\xff\xfe garbage")
    phone = Phone(create_app(service, testing=True))
    notices = phone.get("/api/info").get_json()["notices"]
    assert [n["kind"] for n in notices] == ["warning"]
    assert "The table PIN file was damaged" in notices[0]["message"] and "pin.damaged-" in notices[0]["message"]
    assert "Le fichier du code de la table était endommagé" in notices[0]["message_fr"]


def test_the_damaged_pin_files_notice_goes_from_a_phone_once_it_has_entered_the_new_pin(service, caplog):
    """« every phone must enter it again »: said to each phone until it enters the new PIN; gone from one that has,
    still told to another."""
    (service.config.data_dir / "pin.json").write_bytes(b"\xff\xfe garbage")
    caplog.set_level(logging.INFO)
    app = create_app(service, testing=True)
    (pin,) = re.findall(r"Table PIN created: (\d{6})", caplog.text)
    phone, other = Phone(app), Phone(app)
    damaged = "The table PIN file was damaged"
    assert any(damaged in n["message"] for n in phone.get("/api/info").get_json()["notices"])
    phone.login(pin)
    notices = phone.get("/api/info").get_json()["notices"]
    assert not any(damaged in n["message"] for n in notices), notices
    told = other.get("/api/info").get_json()["notices"]
    assert [n["kind"] for n in told] == ["warning"] and damaged in told[0]["message"]
    assert set(told[0]) == {"kind", "message", "message_fr"}, told  # as the API documents a notice


def test_a_new_pin_on_demand_is_shown_once(data_dir, caplog):
    store = PinStore(data_dir)
    store.change("8642")
    caplog.clear()
    caplog.set_level(logging.INFO)
    store.reset()
    (pin,) = re.findall(r"Table PIN created: (\d{6})", caplog.text)
    assert store.check(pin) and not store.check("8642")


def test_no_secret_travels_in_urls(phone):
    """The PIN and CSRF token go in bodies and headers; no API operation takes them as parameters."""
    from companion.web.validation import openapi

    seen = set()
    for path, operations in openapi()["paths"].items():
        for operation in operations.values():
            for parameter in operation.get("parameters", []):
                assert parameter["in"] != "query" or parameter["name"] in (
                    "last_id", "paper", "players", "before", "limit", "snapshot"), (path, parameter)
                seen.add((parameter["name"], parameter["in"]))
    assert ("X-CSRF-Token", "header") in seen  # the operations' parameters were read: the token is a header


def test_a_phone_stays_unlocked_across_a_service_restart(data_dir, pin_file):
    service = make_service(data_dir)
    (data_dir / "pin.json").write_bytes(pin_file)
    phone = Phone(create_app(service))
    phone.login()
    cookie = phone.client.get_cookie("companion_session").value
    service.stop()
    restarted = make_service(data_dir)
    try:
        again = Phone.__new__(Phone)
        again.client = create_app(restarted).test_client()
        again.client.set_cookie("companion_session", cookie, domain="localhost")
        session = again.get("/api/session").get_json()
        assert session["authenticated"] is True
        again.csrf = session["csrf_token"]
        assert again.post("/api/roll", ROLL).status_code == 200
    finally:
        restarted.stop()
