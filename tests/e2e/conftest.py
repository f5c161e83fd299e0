"""Browser tests: Debian's headless Chromium driven by Selenium against the real server on 127.0.0.1.

The browser comes from Debian (`make test` installs chromium and chromium-driver); these tests fail,
never skip, when it is missing, so a CI run cannot pass without having driven the real page.
"""

from __future__ import annotations

import os
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
