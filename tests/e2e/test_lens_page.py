"""The camera screen's "Calibrate the lens" on the SIMULATED table (what its pipeline sees is its own rendered
frame): photos of the mat taken, too few refused in words, the fit answered, photos dropped, and the note that the
service measured the lens again, in English and French, light and dark (pictures in artifacts/screenshots/)."""

from __future__ import annotations

import re
import time

import pytest
from selenium.webdriver.common.by import By

from boardhelpers import PIN, open_page, screenshot, tap, unlock, wait
from companion.config import load_config
from companion.tablevision.lens_watch import LensNote
from browserhelpers import in_each_look, new_browser, page_errors, served

pytestmark = pytest.mark.browser


def message(driver) -> str:
    return driver.find_element(By.ID, "lens-message").text


def take_photo(driver, n: int) -> str:
    """Tap "Take a photo" until the table is still (the simulated players' dice roll now and then)."""
    for _ in range(20):
        before = message(driver)
        tap(driver, "#lens-photo")
        wait(driver, lambda d: message(d) != before or d.find_element(By.ID, "lens-photos").text.startswith(f"{n} "),
             message="the photo got no answer")
        wait(driver, lambda d: not d.find_element(By.ID, "lens-photo").get_attribute("disabled"))
        if message(driver).startswith(f"Photo {n} kept"):
            return message(driver)
        assert message(driver).startswith("Something is moving"), message(driver)
        time.sleep(0.5)
        driver.execute_script("document.getElementById('lens-message').textContent = ''")
    raise AssertionError("the simulated table never stood still for a photo")


def next_step(driver):
    """The lens panel's buttons drawn as the one to tap next (class primary)."""
    return [b.get_attribute("id") for b in driver.find_elements(By.CSS_SELECTOR, "#lens button.primary")
            if b.is_displayed()]


def test_the_lens_calibration_buttons_on_the_simulated_table(tmp_path, screenshots):
    config = load_config(None, overrides={
        "service": {"data_dir": str(tmp_path / "data"), "host": "127.0.0.1", "port": 0, "threads": 8},
        "camera": {"source": "simulated", "fps": 4.0, "width": 640, "height": 480},
        "panel": {"enabled": False}, "game": {"default": "nexus-keepers"}})  # free roll's simulated table has no mat
    with served(config, camera=True, pin=PIN, threads=8) as (service, url):
        driver = new_browser("en-GB")
        try:
            unlock(driver, url)
            open_page(driver, url, "#/table")
            tap(driver, "#lens-toggle", timeout=30)
            wait(driver, lambda d: d.find_element(By.ID, "lens-kept").text
                 == "Not calibrated: positions assume a lens that does not bend.")
            assert driver.find_element(By.ID, "lens-photos").text == "0 photos taken, 2 needed."
            assert next_step(driver) == ["lens-photo"]  # what to tap next stands out, not Fit
            tap(driver, "#lens-fit")
            wait(driver, lambda d: message(d) == "Take at least 2 photos, moving or turning the mat between them.")
            assert re.fullmatch(r"Photo 1 kept: 4 anchors and \d+ stickers in sight\. Now move or turn the mat\.",
                                take_photo(driver, 1))
            assert driver.find_element(By.ID, "lens-photos").text == "1 photo taken, 2 needed."
            assert next_step(driver) == ["lens-photo"]
            said = {}

            def calibration(lang, scheme):
                driver.execute_script("document.getElementById('lens').scrollIntoView()")
                screenshot(driver, screenshots, f"lens-calibration-{lang}-{scheme}")
                said[lang] = [driver.find_element(By.ID, part).text for part in ("lens-fit", "lens-photos")]
            in_each_look(driver, calibration)
            assert said["fr"] == ["Ajuster", "1 photo prise, 2 nécessaires."]
            take_photo(driver, 2)
            wait(driver, lambda d: next_step(d) == ["lens-fit"], message="Fit never stood out with 2 photos")
            tap(driver, "#lens-fit")  # the simulated camera's lens does not bend: nothing to correct, nothing saved
            wait(driver, lambda d: message(d).startswith("The correction would be no better than none"),
                 message="the fit's answer is not shown")
            assert not (tmp_path / "data" / "lens.json").exists()
            tap(driver, "#lens-start-over")
            wait(driver, lambda d: message(d) == "Photos dropped.")
            assert driver.find_element(By.ID, "lens-photos").text == "0 photos taken, 2 needed."
            assert next_step(driver) == ["lens-photo"]
            assert not driver.find_element(By.ID, "lens-note").is_displayed()
            # the service measured another lens from the mat by itself: the camera screen says so under its status
            service.table_stage.lens_watch.note = LensNote("remeasured", 8.42, 0.31, time.time())
            note = "The camera's lens changed: re-measured from the mat (residual 8.42 px → 0.31 px). Positions use it"
            wait(driver, lambda d: d.find_element(By.ID, "lens-note").text.startswith(note),
                 message="the lens watch's note is not shown")
            def remeasured(lang, scheme):
                wait(driver, lambda d: d.find_element(By.ID, "lens-note").text.startswith(
                    "L’objectif de la caméra a changé : remesuré sur le tapis (écart 8,42 px → 0,31 px)"
                    if lang == "fr" else note))
                driver.execute_script("document.getElementById('table-vision').scrollIntoView()")
                screenshot(driver, screenshots, f"lens-remeasured-{lang}-{scheme}")
            in_each_look(driver, remeasured)
            assert page_errors(driver) == []
        finally:
            driver.quit()
