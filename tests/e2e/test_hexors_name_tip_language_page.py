"""A tapped Hexors tile's full name (the tip above it) follows the page's language while it is shown: switched to
French, it says « Magicien Sombre », not "Dark Magician", and back in English the English name again."""

from __future__ import annotations

import pytest

from boardhelpers import open_page, wait
from browserhelpers import page_errors, phone_browser
from screens import language
from test_hexors_names_page import with_dragon_master

pytestmark = pytest.mark.browser
TAP = "document.querySelector(\".hex-arena .tile[data-tile='magician']\").dispatchEvent(new MouseEvent('click', " \
      "{bubbles: true}))"
TIP = "const tip = document.querySelector('#name-tip'); return tip && !tip.hidden ? tip.textContent : null"


def test_the_name_shown_follows_a_language_switch(quiet_table, screenshots):
    service, url = quiet_table
    with_dragon_master(service)
    with phone_browser("en-GB", (360, 800), url=url) as driver:
        open_page(driver, url, "#/table")
        wait(driver, lambda d: d.find_elements("css selector", ".hex-arena .tile[data-tile='magician']"),
             message="no Dark Magician drawn")
        driver.execute_script(TAP)
        wait(driver, lambda d: (d.execute_script(TIP) or "").startswith("Dark Magician"), message="no name shown")
        language(driver, "fr")
        wait(driver, lambda d: (d.execute_script(TIP) or "").startswith("Magicien Sombre"),
             message=f"the name did not follow: {driver.execute_script(TIP)!r}")
        driver.save_screenshot(str(screenshots / "hexors-name-tip-fr.png"))
        language(driver, "en")
        wait(driver, lambda d: (d.execute_script(TIP) or "").startswith("Dark Magician"),
             message=f"the name did not come back: {driver.execute_script(TIP)!r}")
        assert not page_errors(driver)
