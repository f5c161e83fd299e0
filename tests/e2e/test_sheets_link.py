"""The settings screen's printable-sheets link, in a real browser against the real server."""

from __future__ import annotations

import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

from companion.config import load_config
from companion.service import Service
from companion.web import create_app
from companion.web.server import WebServer

from browserhelpers import new_browser, page_errors

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def url(tmp_path_factory):
    config = load_config(None, overrides={"service": {"data_dir": str(tmp_path_factory.mktemp("sheets-data")),
                                                      "host": "127.0.0.1", "port": 0, "threads": 8}})
    service = Service(config, camera=False)
    server = WebServer(create_app(service), "127.0.0.1", 0, threads=8).start()
    service.start()
    yield f"http://127.0.0.1:{server.port}/"
    server.stop()
    service.stop()


def test_the_settings_screen_downloads_the_games_sheets_on_the_chosen_paper(url):
    browser = new_browser("fr-FR")
    try:
        browser.get(url)
        wait = WebDriverWait(browser, 20, poll_frequency=0.1)
        wait.until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
        browser.find_element(By.ID, "join-button").click()
        browser.get(url + "#/settings")
        wait.until(lambda d: d.find_element(By.ID, "screen-settings").is_displayed())
        link = browser.find_element(By.ID, "sheets-link")
        assert link.text == "Télécharger le PDF"
        assert link.get_attribute("href") == url + "api/sheets/free-roll.pdf?paper=A4"
        Select(browser.find_element(By.ID, "sheets-paper")).select_by_value("letter")
        wait.until(lambda d: d.find_element(By.ID, "sheets-link").get_attribute("href").endswith("paper=letter"))
        with urllib.request.urlopen(browser.find_element(By.ID, "sheets-link").get_attribute("href")) as response:
            assert response.headers["Content-Type"] == "application/pdf"
            assert response.read(5) == b"%PDF-"
        assert page_errors(browser) == []
    finally:
        browser.quit()
