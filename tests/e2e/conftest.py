"""Browser tests: Debian's headless Chromium driven by Selenium against the real server on 127.0.0.1.

The browser comes from Debian (`make test` installs chromium and chromium-driver); these tests fail,
never skip, when it is missing, so a CI run cannot pass without having driven the real page.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"


def new_browser(language: str = "en-GB"):
    if not (CHROMIUM.exists() and CHROMEDRIVER.exists()):
        pytest.fail("headless Chromium is missing: install Debian's browser with "
                    "`sudo apt-get install -y chromium chromium-driver` (make test does this)", pytrace=False)
    os.environ.setdefault("SE_AVOID_STATS", "true")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service as DriverService

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--window-size=430,932", f"--lang={language}", "--force-device-scale-factor=1",
                 "--force-dark-mode", "--blink-settings=preferredColorScheme=0"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": language})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=DriverService(str(CHROMEDRIVER)), options=options)


@pytest.fixture(scope="module")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


def page_errors(driver) -> list[str]:
    """Errors the page logged (JavaScript exceptions, CSP refusals), other than expected HTTP refusals."""
    return [entry["message"] for entry in driver.get_log("browser")
            if entry["level"] == "SEVERE" and "the server responded with a status of" not in entry["message"]]


@contextmanager
def served(config, camera: bool, pin: str, threads: int = 12):
    """The real service for ``config`` with its table PIN set, served by waitress on loopback: (service, url);
    stopped on the way out."""
    from companion.service import Service
    from companion.web import create_app
    from companion.web.server import WebServer

    service = Service(config, camera=camera)
    app = create_app(service)
    app.extensions["companion"].pins.change(pin)
    server = WebServer(app, "127.0.0.1", 0, threads=threads).start()
    service.start()
    try:
        yield service, f"http://127.0.0.1:{server.port}/"
    finally:
        server.stop()
        service.stop()


@pytest.fixture(scope="module")
def quiet_table(tmp_path_factory):
    """The real service without a camera (a simulated one would roll into these games), served on loopback."""
    from boardhelpers import PIN
    from companion.config import load_config

    config = load_config(None, overrides={"service": {"data_dir": str(tmp_path_factory.mktemp("boards")),
                                                      "host": "127.0.0.1", "port": 0, "threads": 12}})
    with served(config, camera=False, pin=PIN) as table:
        yield table


@pytest.fixture(scope="module")
def phone():
    driver = new_browser("en-GB")
    driver.set_window_size(390, 844)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def narrow_table(quiet_table, phone):
    """``quiet_table`` on an unlocked phone 360 px wide, the narrowest phone the pages are made for."""
    from boardhelpers import unlock

    service, url = quiet_table
    unlock(phone, url)
    phone.set_window_size(360, 800)
    return service, url


