"""What the browser tests share besides fixtures: Debian's headless Chromium, the errors a page logged, the real
service served on loopback. A module of its own, not conftest.py: tests/web has a conftest.py too, and a test
module importing ``conftest`` would get whichever directory's was loaded last when both are run together.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

import pytest

LANGUAGES = ("en", "fr")
THEMES = ("light", "dark")
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


@contextmanager
def phone_browser(language: str = "en-GB", size: tuple[int, int] | None = None, url: str | None = None):
    """A phone of its own: a new browser in ``language``, its window ``size`` CSS px (else as new_browser opens it),
    signed in to the table at ``url`` when given; quit on the way out, the test passed or not."""
    driver = new_browser(language)
    try:
        if size:
            driver.set_window_size(*size)
        if url:
            from boardhelpers import unlock  # here: tests/hall imports this module without tests/e2e on its path
            unlock(driver, url)
        yield driver
    finally:
        driver.quit()


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


def in_each_look(driver, take, languages=LANGUAGES, themes=THEMES):
    """``take(lang, scheme)`` with the page in each language and theme (languages outer: a switch redraws the page),
    then the page back in English and the browser's own theme, even when ``take`` fails: the module's next tests
    share the browser."""
    from screens import language, theme  # here: tests/hall imports this module without tests/e2e on its path

    try:
        for lang in languages:
            language(driver, lang)
            for scheme in themes:
                theme(driver, scheme)
                take(lang, scheme)
    finally:
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
        language(driver, "en")


def pictures(driver, directory, name, languages=LANGUAGES, whole_page=False):
    """The screen as it is, in each language and theme: ``{name}-{lang}-{theme}.png`` in ``directory``, the window's
    size or (``whole_page``) the page's whole height."""
    from boardhelpers import screenshot

    def take(lang, scheme):
        if whole_page:
            screenshot(driver, directory, f"{name}-{lang}-{scheme}")
        else:
            driver.save_screenshot(str(directory / f"{name}-{lang}-{scheme}.png"))
    in_each_look(driver, take, languages)
