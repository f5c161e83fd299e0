"""The phone page: signing every other phone out from the settings, and a frozen camera picture said so."""

from __future__ import annotations

import http.cookiejar
import json
import time
import urllib.error
import urllib.request

import numpy as np
import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from companion.capture.base import Frame
from companion.config import load_config

from browserhelpers import new_browser, page_errors, served

pytestmark = pytest.mark.browser

PIN = "271828"


def wait(driver, condition, message=""):
    return WebDriverWait(driver, 20, poll_frequency=0.1,
                         ignored_exceptions=(StaleElementReferenceException,)).until(condition, message)


class OtherPhone:
    """A second phone, as plain HTTP with its own cookies."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.csrf = ""
        self.csrf = self.call("GET", "api/session")[1]["csrf_token"]

    def call(self, method: str, path: str, body=None):
        request = urllib.request.Request(self.url + path, method=method, data=json.dumps(body).encode()
                                         if body is not None else None,
                                         headers={"Content-Type": "application/json", "X-CSRF-Token": self.csrf})
        try:
            with self.opener.open(request, timeout=5) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    config = load_config(None, overrides={
        "service": {"data_dir": str(tmp_path_factory.mktemp("sessions")), "host": "127.0.0.1", "port": 0,
                    "threads": 12}})
    with served(config, camera=False, pin=PIN) as table:
        yield table


@pytest.mark.parametrize("lang, button, done", [
    ("en-GB", "Sign out every other phone", "Every other phone is signed out"),
    ("fr-FR", "Déconnecter tous les autres téléphones", "Tous les autres téléphones sont déconnectés")])
def test_signing_out_every_other_phone_from_the_settings(table, lang, button, done):
    service, url = table
    other = OtherPhone(url)
    status, session = other.call("POST", "api/login", {"pin": PIN})
    assert status == 200
    other.csrf = session["csrf_token"]
    browser = new_browser(lang)
    try:
        browser.get(url + "#/settings")
        wait(browser, lambda d: d.execute_script("return document.body.dataset.ready") == "1", "page never ready")
        end_all = browser.find_element(By.ID, "pin-end-all")
        assert not end_all.is_displayed()  # a phone without the PIN cannot sign anyone out
        unlock = browser.find_element(By.ID, "pin-unlock")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", unlock)
        unlock.click()
        browser.find_element(By.ID, "pin-input").send_keys(PIN)
        browser.find_element(By.CSS_SELECTOR, "#pin-form button[type=submit]").click()
        wait(browser, lambda d: end_all.is_displayed(), "the button is not shown to a signed-in phone")
        assert end_all.text == button
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", end_all)
        end_all.click()
        wait(browser, lambda d: done in d.find_element(By.ID, "notices").text, "no word that it was done")
        assert other.call("POST", "api/undo")[0] == 401  # the other phone is signed out...
        assert browser.find_element(By.ID, "pin-status").get_attribute("data-authenticated") == "true"  # not this
        assert page_errors(browser) == []
    finally:
        browser.quit()


@pytest.mark.parametrize("lang, said", [("en-GB", "Picture frozen since "), ("fr-FR", "Image figée depuis ")])
def test_a_frozen_picture_is_said_frozen_with_the_time_it_froze(table, lang, said):
    service, url = table
    frozen_at = time.time()
    service.live.update(Frame(np.full((48, 64, 3), 90, np.uint8), frozen_at, 0), [])
    service.live.watch(0.2)  # as the pipeline does; then its stall watch publishes the stalled view
    time.sleep(0.3)
    browser = new_browser(lang)
    try:
        browser.get(url + "#/table")
        wait(browser, lambda d: d.execute_script("return document.body.dataset.ready") == "1", "page never ready")
        service.bus.publish("live", service.live.to_json())
        caption = lambda d: d.find_element(By.ID, "snapshot-caption").text  # noqa: E731
        wait(browser, lambda d: caption(d).startswith(said), "the frozen picture is not said so")
        # the time it froze on a 24-hour clock in both (an en-GB phone's own), not « 09:16:29 AM »
        said_at = caption(browser)[len(said):]
        assert said_at.startswith(time.strftime("%H:%M:%S", time.localtime(frozen_at))), said_at
        assert said_at[8:].lstrip(" \u00a0").startswith(":"), said_at
        assert page_errors(browser) == []
    finally:
        browser.quit()
        service.live.watch(None)
