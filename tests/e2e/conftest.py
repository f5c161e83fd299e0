"""Browser tests: Debian's headless Chromium driven by Selenium against the real server on 127.0.0.1.

The browser comes from Debian (`make test` installs chromium and chromium-driver); these tests fail,
never skip, when it is missing, so a CI run cannot pass without having driven the real page.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browserhelpers import SCREENSHOTS, phone_browser, served


@pytest.fixture(scope="module")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


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
    with phone_browser("en-GB", (390, 844)) as driver:
        yield driver


@pytest.fixture(scope="module")
def narrow_table(quiet_table, phone):
    """``quiet_table`` on an unlocked phone 360 px wide, the narrowest phone the pages are made for."""
    from boardhelpers import unlock

    service, url = quiet_table
    unlock(phone, url)
    phone.set_window_size(360, 800)
    return service, url


@pytest.fixture(scope="module")
def resizable_table(quiet_table, phone):
    """``quiet_table`` on an unlocked phone, and ``size(width, height)`` that gives its page that size (its window's
    frame added): (service, url, phone, size). The tests set it back to 390 x 844."""
    from boardhelpers import unlock

    service, url = quiet_table
    unlock(phone, url)
    frame = phone.execute_script("return outerHeight - innerHeight")
    return service, url, phone, lambda width, height: phone.set_window_size(width, height + frame)


@pytest.fixture(scope="module")
def small_phone(quiet_table, phone):
    """``quiet_table`` on an unlocked phone the size of a 360 x 740 screen (its window's frame added), for what a
    tap brings into the finger's reach; the phone's size is given back after the module."""
    from boardhelpers import unlock

    service, url = quiet_table
    unlock(phone, url)
    frame = phone.execute_script("return outerHeight - innerHeight")
    phone.set_window_size(360, 740 + frame)
    yield service, url, phone
    phone.set_window_size(390, 844)


