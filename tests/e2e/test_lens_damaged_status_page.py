"""A lens calibration file damaged while the service runs is said in the camera's status line as soon as the table
screen shows, with what to do, not only once the lens panel is opened (the status said "Mat found")."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from boardhelpers import PIN, open_page, tap, unlock, wait
from companion.config import load_config
from companion.tablevision.lens_file import LENS_FILE
from browserhelpers import SCREENSHOTS, new_browser, page_errors, served
from screens import language

pytestmark = pytest.mark.browser


def status(driver) -> str:
    return driver.find_element(By.ID, "table-vision-status").text


def test_a_damaged_lens_file_is_said_in_the_status_line_at_once(tmp_path):
    config = load_config(None, overrides={
        "service": {"data_dir": str(tmp_path / "data"), "host": "127.0.0.1", "port": 0, "threads": 8},
        "camera": {"source": "simulated", "fps": 4.0, "width": 640, "height": 480},
        "panel": {"enabled": False}, "game": {"default": "nexus-keepers"}})  # free roll's simulated table has no mat
    with served(config, camera=True, pin=PIN, threads=8) as (service, url):
        (tmp_path / "data" / LENS_FILE).write_text('{"k1": 0.1, "k2"', encoding="utf-8")  # a write cut short
        driver = new_browser("en-GB")
        driver.set_window_size(360, 740)
        try:
            unlock(driver, url)
            open_page(driver, url, "#/table")
            wait(driver, lambda d: status(d).startswith("The lens calibration file is damaged"), timeout=30,
                 message="the damaged lens file is not said in the status line")
            assert status(driver) == ("The lens calibration file is damaged: open “Calibrate the lens”, forget the "
                                      "calibration, then calibrate again")
            assert driver.find_element(By.ID, "lens").get_attribute("hidden") is not None, "the panel stays shut"
            language(driver, "fr")
            wait(driver, lambda d: status(d).startswith("Le fichier de calibration de l'objectif est endommagé"))
            driver.execute_script("document.getElementById('table-vision-status').scrollIntoView()")
            driver.save_screenshot(str(SCREENSHOTS / "lens-damaged-status-fr.png"))
            language(driver, "en")
            tap(driver, "#lens-toggle")
            tap(driver, "#lens-forget")
            wait(driver, lambda d: status(d).startswith("Mat found") or status(d).startswith("Show the camera"),
                 message=f"the status still says the file is damaged once it is forgotten: {status(driver)!r}")
            assert page_errors(driver) == []
        finally:
            driver.quit()
