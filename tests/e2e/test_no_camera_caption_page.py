"""The table screen with no camera found, at 360 px: the caption says once, plainly, that rolls are typed (no shell
command for a player), and "tap a die to correct it" waits for a roll whose dice can be tapped."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from boardhelpers import PIN, open_page, wait
from companion.capture import factory
from companion.config import load_config
from companion.service import Service
from companion.web import create_app
from companion.web.server import WebServer

from browserhelpers import SCREENSHOTS, page_errors, phone_browser
from screens import language

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def no_camera(tmp_path_factory):
    """The real service asked for a camera on a machine with none, and a phone 360 px wide on its table screen."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(factory, "resolve_auto", lambda *a: (None, "no camera found"))
        config = load_config(None, overrides={
            "service": {"data_dir": str(tmp_path_factory.mktemp("nocam")), "host": "127.0.0.1", "port": 0,
                        "threads": 8},
            "camera": {"source": "auto"}, "panel": {"enabled": False}})
        service = Service(config, camera=True)
        app = create_app(service)
        app.extensions["companion"].pins.change(PIN)
        server = WebServer(app, "127.0.0.1", 0, threads=8).start()
        service.start()
        url = f"http://127.0.0.1:{server.port}/"
        try:
            with phone_browser("en-GB", (360, 740), url=url) as browser:
                yield service, url, browser
        finally:
            server.stop()
            service.stop()


def caption(driver) -> str:
    return driver.find_element(By.ID, "snapshot-caption").text


@pytest.mark.parametrize("lang, fault, by_hand", [("en", "no camera found", "by hand"),
                                                  ("fr", "aucune caméra trouvée", "à la main")])
def test_the_missing_camera_is_said_once_without_a_shell_command(no_camera, lang, fault, by_hand):
    """The missing camera is said once, with no shell command (no `rpicam-hello --list-cameras` between "rolls can
    be entered on the phones" and "enter rolls by hand"): a command is for `companion doctor`, not a player's
    phone."""
    service, url, phone = no_camera
    open_page(phone, url, "#/table")
    language(phone, lang)
    wait(phone, lambda d: fault in caption(d), message=f"the camera fault is not said: {caption(phone)!r}")
    said = caption(phone)
    phone.save_screenshot(str(SCREENSHOTS / f"no-camera-caption-{lang}.png"))
    assert "`" not in said and "rpicam" not in said and "doctor" not in said, said
    assert said.count(by_hand) == 1, said
    assert said.count("meanwhile" if lang == "en" else "en attendant") == 1, said
    assert ("No camera picture" if lang == "en" else "Pas d’image") not in said, "no camera, said twice"
    assert page_errors(phone) == []


def test_tap_a_die_is_said_only_once_there_is_a_roll_to_correct(no_camera):
    """"Tap a die to correct it" is said only once there is a roll to correct, never under "No roll yet"."""
    service, url, phone = no_camera
    service.table.new_game("free-roll", {}, [])
    open_page(phone, url, "#/table")
    language(phone, "en")
    hint = lambda d: d.find_element(By.ID, "tap-hint")  # noqa: E731
    wait(phone, lambda d: d.find_element(By.ID, "last-roll").text.strip(), message="the last roll is not drawn")
    assert "No roll" in phone.find_element(By.ID, "last-roll").text
    assert not hint(phone).is_displayed(), "a hint to tap a die with no die to tap"
    phone.save_screenshot(str(SCREENSHOTS / "no-roll-no-tap-hint.png"))
    service.table.submit({"type": "roll", "dice": [{"value": 5, "color": "red"}]}, source="phone")
    wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "#last-roll .die") and hint(d).is_displayed(),
         message="the roll's dice came without the hint to tap them")
    assert hint(phone).text == "Tap a die to correct it"
    assert page_errors(phone) == []
