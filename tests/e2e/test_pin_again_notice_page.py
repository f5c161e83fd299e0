"""The table's notice that phones must enter the PIN again (the card refused the sign-in key, so a restart signs
every phone out) goes from a phone once it has signed in again and the card keeps the key, without a reload."""

from __future__ import annotations

import errno
import http.cookiejar
import json
import os
import sqlite3
import urllib.request

import pytest
from boardhelpers import PIN, api, open_page, tap, wait
from browserhelpers import page_errors, phone_browser, pictures, served

from companion.web import auth

pytestmark = pytest.mark.browser

SIGN_INS_LOST = "phones signed in now must enter the PIN again after a restart"
SIGN_INS_LOST_FR = "devront saisir à nouveau le code"
NOTICES = "return [...document.querySelectorAll('#service-notices .notice')].map((n) => n.innerText)"
REAL_WRITE = auth._write_private


class KeyCard:
    """The card under session.key: it refuses the key (EROFS) until mended."""

    def __init__(self) -> None:
        self.mended = False

    def write(self, path, data) -> None:
        if path.name == auth.SECRET_FILE and not self.mended:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return REAL_WRITE(path, data)


@pytest.fixture
def refused_key_table(tmp_path, monkeypatch):
    """The real service started on a card that refuses its sign-in key; the key's retry clock moved by the test."""
    from companion.config import load_config

    card, clock = KeyCard(), [0.0]
    monkeypatch.setattr(auth, "_write_private", card.write)
    monkeypatch.setattr("companion.web.sign_in_key.now", lambda: clock[0])
    config = load_config(None, overrides={"service": {"data_dir": str(tmp_path), "host": "127.0.0.1", "port": 0,
                                                      "threads": 12}})
    with served(config, camera=False, pin=PIN) as (service, url):
        yield service, url, card, clock


def test_the_pin_again_notice_goes_once_the_phone_is_signed_in_again(refused_key_table, screenshots):
    service, url, card, clock = refused_key_table
    with phone_browser("en-GB", (360, 800)) as phone:
        open_page(phone, url, "#/table")  # a phone not signed in (the restart signed it out): told why
        phone.execute_script("localStorage.setItem('companion.joined', '1')")
        wait(phone, lambda d: any(SIGN_INS_LOST in n for n in d.execute_script(NOTICES)), message="no notice")
        pictures(phone, screenshots, "pin-again-notice")
        assert any(SIGN_INS_LOST_FR in n for n in phone.execute_script(
            "window.companion.switchLanguage('fr');" + NOTICES))
        phone.execute_script("window.companion.switchLanguage('en')")
        card.mended = True  # space freed: the sign-in key is kept at the next try (30 s on)
        clock[0] += 31
        phone.execute_script("location.hash = '#/settings'")
        tap(phone, "#pin-unlock")
        phone.find_element("id", "pin-input").send_keys(PIN)
        tap(phone, "#pin-form button[type=submit]")
        wait(phone, lambda d: d.execute_script("return window.companion.api.authenticated"), message="not signed in")
        assert (service.config.data_dir / auth.SECRET_FILE).exists(), "the card did not keep the key"
        phone.execute_script("location.hash = '#/table'")
        wait(phone, lambda d: d.find_elements("css selector", "#board"), message="no table screen")
        wait(phone, lambda d: not [n for n in d.execute_script(NOTICES) if SIGN_INS_LOST in n],
             timeout=5, message="the notice stayed once the phone was signed in again and the card kept the key")
        assert not page_errors(phone)


def test_a_phone_signed_in_is_told_at_once_when_the_card_keeps_the_key(refused_key_table):
    """A phone that stays signed in: once the card keeps the key at another phone's request, this one stops saying
    that phones must enter the PIN again, without a reload."""
    service, url, card, clock = refused_key_table
    with phone_browser("en-GB", (360, 800), url) as phone:
        open_page(phone, url, "#/table")
        wait(phone, lambda d: any(SIGN_INS_LOST in n for n in d.execute_script(NOTICES)), message="no notice")
        card.mended = True
        clock[0] += 31
        api(url, "api/state")  # another phone's request: the key is tried again, and kept
        assert (service.config.data_dir / auth.SECRET_FILE).exists(), "the card did not keep the key"
        wait(phone, lambda d: not [n for n in d.execute_script(NOTICES) if SIGN_INS_LOST in n],
             message="the notice stayed on a phone signed in once the card kept the key")
        said = phone.execute_script("return [...document.querySelectorAll('#notices .notice')].map((n) => n.innerText)")
        assert any("keeps the sign-in key again" in n for n in said), said
        assert phone.execute_script("return window.companion.api.authenticated")
        assert not page_errors(phone)


def sign_in_elsewhere(url: str) -> int:
    """Another phone enters the PIN (plain HTTP, its own cookies): the answer's status."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def call(path: str, body=None, csrf: str = ""):
        request = urllib.request.Request(url + path, method="POST" if body is not None else "GET",
                                         data=json.dumps(body).encode() if body is not None else None,
                                         headers={"Content-Type": "application/json", "X-CSRF-Token": csrf})
        with opener.open(request, timeout=30) as response:
            return response.status, json.loads(response.read())

    return call("api/login", {"pin": PIN}, call("api/session")[1]["csrf_token"])[0]


def test_a_phone_open_is_told_at_once_when_the_card_refuses_a_sign_in_mid_evening(tmp_path, monkeypatch):
    """A phone already open when the card starts refusing sign-ins (another phone enters the PIN, the card is
    read-only) says at once that phones must enter the PIN again after a restart, in the table's notices, without a
    reload; and no empty short notice comes with the event that tells it."""
    from companion import web
    from companion.config import load_config

    apps = []
    create_app = web.create_app
    monkeypatch.setattr(web, "create_app", lambda *args, **kw: apps.append(create_app(*args, **kw)) or apps[-1])
    config = load_config(None, overrides={"service": {"data_dir": str(tmp_path), "host": "127.0.0.1", "port": 0,
                                                      "threads": 12}})
    with served(config, camera=False, pin=PIN) as (service, url), phone_browser("en-GB", (360, 800), url) as phone:
        open_page(phone, url, "#/table")
        assert not [n for n in phone.execute_script(NOTICES) if SIGN_INS_LOST in n]
        sessions = apps[0].extensions["companion"].sessions
        sessions._db = sqlite3.connect(f"{sessions.path.as_uri()}?mode=ro", uri=True, check_same_thread=False)
        assert sign_in_elsewhere(url) == 200  # held in memory until a restart
        wait(phone, lambda d: any(SIGN_INS_LOST in n for n in d.execute_script(NOTICES)),
             message="the phone already open was not told that phones must enter the PIN again")
        shown = phone.execute_script("return [...document.querySelectorAll('#notices .notice')]"
                                     ".map((n) => n.textContent)")
        assert all(n.strip() for n in shown), shown
        assert phone.execute_script("return window.companion.api.authenticated")
        assert not page_errors(phone)
