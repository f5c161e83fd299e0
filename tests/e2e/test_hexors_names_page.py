"""Hexors tiles by their French names on the French page (issue 53): the setup wizard's list and the arena's tiles
said "Dark Magician" and "Blue-Eyes White Dragon" in French too."""

from __future__ import annotations

import pytest

from boardhelpers import open_page, tap, unlock, wait
from browserhelpers import new_browser, page_errors

pytestmark = pytest.mark.browser


def test_the_french_page_names_the_tiles_in_french(quiet_table):
    service, url = quiet_table
    driver = new_browser("fr-FR")
    driver.set_window_size(390, 844)
    try:
        unlock(driver, url)
        service.table.new_game("hexors", {}, ["Ann", "Bob"])
        open_page(driver, url, "#/table")
        wait(driver, lambda d: d.find_elements("css selector", "#hex-setup-start"), message="no Hexors setup wizard")
        setup = driver.execute_script("return document.querySelector('#screens').innerText")
        assert "Magicien Sombre" in setup and "Gardien Celte" in setup
        assert "Dark Magician" not in setup and "Celtic Guardian" not in setup
        tap(driver, "#hex-setup-start")
        wait(driver, lambda d: d.find_elements("css selector", ".hex-arena .face"), message="no arena")
        titles = driver.execute_script(
            "return [...document.querySelectorAll('.hex-arena .tile title')].map((t) => t.textContent)")
        drawn = " ".join(titles)
        assert "Magicien Sombre" in drawn and "Dark Magician" not in drawn, titles
        assert not page_errors(driver)
    finally:
        driver.quit()
