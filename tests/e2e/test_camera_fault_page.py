"""The phone page when the configured camera is missing: the fault is shown, never a simulated table."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from companion.capture import factory
from companion.config import load_config
from companion.service import Service
from companion.web import create_app
from companion.web.server import WebServer

from browserhelpers import new_browser, page_errors

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("lang, said", [("en-GB", "Camera: no camera found"),
                                        ("fr-FR", "Caméra : aucune caméra trouvée")])
def test_a_missing_camera_is_shown_on_the_phone_not_replaced(tmp_path, monkeypatch, lang, said):
    """With no camera, `auto` shows no camera, not the simulated table's drawn dice as if they were real: the fault
    is told in the phone's language, no simulated badge, no frame."""
    monkeypatch.setattr(factory, "resolve_auto", lambda *a: (None, "no camera found"))
    config = load_config(None, overrides={
        "service": {"data_dir": str(tmp_path), "host": "127.0.0.1", "port": 0, "threads": 8},
        "camera": {"source": "auto"}, "panel": {"enabled": False},
    })
    service = Service(config, camera=True)
    server = WebServer(create_app(service), "127.0.0.1", 0, threads=8).start()
    service.start()
    browser = new_browser(lang)
    try:
        browser.get(f"http://127.0.0.1:{server.port}/#/table")
        caption = lambda d: d.find_element(By.ID, "snapshot-caption").text  # noqa: E731
        WebDriverWait(browser, 20, poll_frequency=0.1).until(lambda d: said in caption(d),
                                                              "the camera fault is not on the page")
        assert caption(browser).startswith(said)
        assert not browser.find_element(By.ID, "simulated-badge").is_displayed()
        assert "has-frame" not in browser.find_element(By.ID, "snapshot").get_attribute("class")
        assert page_errors(browser) == []
    finally:
        browser.quit()
        server.stop()
        service.stop()


def test_a_camera_still_being_started_is_said_so_not_missing(tmp_path, monkeypatch):
    """A restart answers the phones before its camera's pipeline is built: meanwhile the page says the camera is
    starting (not "no camera"), in the phone's language; then what the camera does."""
    monkeypatch.setattr(factory, "resolve_auto", lambda *a: (None, "no camera found"))
    config = load_config(None, overrides={
        "service": {"data_dir": str(tmp_path), "host": "127.0.0.1", "port": 0, "threads": 8},
        "camera": {"source": "auto"}, "panel": {"enabled": False},
    })
    service = Service(config, camera=True)  # not started yet: its pipeline is not built
    server = WebServer(create_app(service), "127.0.0.1", 0, threads=8).start()
    browser = new_browser("en-GB")
    try:
        browser.get(f"http://127.0.0.1:{server.port}/#/table")
        caption = lambda d: d.find_element(By.ID, "snapshot-caption").text  # noqa: E731
        wait = WebDriverWait(browser, 20, poll_frequency=0.1)
        wait.until(lambda d: caption(d).startswith("The camera is starting…"), "not said to be starting")
        browser.execute_script("window.companion.switchLanguage('fr')")
        assert caption(browser).startswith("La caméra démarre…")
        service.start()
        wait.until(lambda d: caption(d).startswith("Caméra : aucune caméra trouvée"), "the fault is not shown")
        assert page_errors(browser) == []
    finally:
        browser.quit()
        server.stop()
        service.stop()
