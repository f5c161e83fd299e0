"""A lens calibration file damaged while the service runs is said in the camera's status line as soon as the table
screen shows, with what to do, not only once the lens panel is opened (not "Mat found"); and when the service finds
it damaged after the page was loaded, the status line learns it from the live view, as it learns the camera's other
facts, not only at a load."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from boardhelpers import PIN, open_page, tap, unlock, wait
from companion.config import load_config
from companion.tablevision.lens_file import LENS_FILE
from browserhelpers import SCREENSHOTS, in_each_look, page_errors, phone_browser, served
from screens import language

pytestmark = pytest.mark.browser
DAMAGED = ("The lens calibration file is damaged: open “Calibrate the lens”, forget the calibration, then "
           "calibrate again")


def status(driver) -> str:
    return driver.find_element(By.ID, "table-vision-status").text


@pytest.fixture(scope="module")
def mat_table(tmp_path_factory):
    """The simulated camera on a Nexus Keepers mat (free roll's simulated table has no mat): (service, url, data)."""
    data = tmp_path_factory.mktemp("lens") / "data"
    config = load_config(None, overrides={
        "service": {"data_dir": str(data), "host": "127.0.0.1", "port": 0, "threads": 8},
        "camera": {"source": "simulated", "fps": 4.0, "width": 640, "height": 480},
        "panel": {"enabled": False}, "game": {"default": "nexus-keepers"}})
    with served(config, camera=True, pin=PIN, threads=8) as (service, url):
        yield service, url, data


@pytest.fixture(scope="module")
def driver():
    with phone_browser("en-GB", (360, 740)) as driver:
        yield driver


def test_a_damaged_lens_file_is_said_in_the_status_line_at_once(mat_table, driver):
    service, url, data = mat_table
    (data / LENS_FILE).write_text('{"k1": 0.1, "k2"', encoding="utf-8")  # a write cut short
    unlock(driver, url)
    open_page(driver, url, "#/table")
    wait(driver, lambda d: status(d).startswith("The lens calibration file is damaged"), timeout=30,
         message="the damaged lens file is not said in the status line")
    assert status(driver) == DAMAGED
    assert driver.find_element(By.ID, "lens").get_attribute("hidden") is not None, "the panel stays shut"
    language(driver, "fr")
    wait(driver, lambda d: status(d).startswith("Le fichier de calibration de l’objectif est endommagé"))
    driver.execute_script("document.getElementById('table-vision-status').scrollIntoView()")
    driver.save_screenshot(str(SCREENSHOTS / "lens-damaged-status-fr.png"))
    language(driver, "en")
    tap(driver, "#lens-toggle")
    tap(driver, "#lens-forget")
    wait(driver, lambda d: status(d).startswith("Mat found") or status(d).startswith("Show the camera"),
         message=f"the status still says the file is damaged once it is forgotten: {status(driver)!r}")
    assert page_errors(driver) == []


def test_a_lens_file_damaged_after_the_page_loaded_is_said_once_the_service_finds_it(mat_table, driver):
    """A file damaged after the page loaded, and found so by the service (here another phone opening the lens
    panel), is said on the status line without a reload, not "Mat found" as at load."""
    service, url, data = mat_table
    (data / LENS_FILE).unlink(missing_ok=True)
    open_page(driver, url, "#/table")
    wait(driver, lambda d: status(d).startswith("Mat found") or status(d).startswith("Show the camera"), timeout=30,
         message="the status line never said what the camera sees")
    (data / LENS_FILE).write_text('{"k1": 0.1, "k2": [', encoding="utf-8")
    with pytest.raises(urllib.error.HTTPError) as refused:  # another phone opens "Calibrate the lens"
        urllib.request.urlopen(url + "api/lens", timeout=5)
    assert refused.value.code == 409
    wait(driver, lambda d: status(d) == DAMAGED, timeout=15,
         message=f"the status line never learnt that the file is damaged: {status(driver)!r}")

    def picture(lang, scheme):
        driver.execute_script("document.getElementById('table-vision-status').scrollIntoView({block: 'center'})")
        driver.save_screenshot(str(SCREENSHOTS / f"lens-damaged-later-360-{lang}-{scheme}.png"))
    in_each_look(driver, picture)
    if driver.find_element(By.ID, "lens").get_attribute("hidden") is not None:  # the last test left it open
        tap(driver, "#lens-toggle")
    tap(driver, "#lens-forget")
    wait(driver, lambda d: status(d).startswith("Mat found") or status(d).startswith("Show the camera"),
         message=f"the status still says the file is damaged once it is forgotten: {status(driver)!r}")
    assert page_errors(driver) == []


def test_the_lens_panel_shows_nothing_it_read_before_the_file_was_damaged(mat_table, driver):
    """Once lens.json is damaged the panel shows only the damage and the forget, nothing it read before (no « Not
    calibrated », no photo count beside "the file is damaged"); once the forget is answered, the fresh state."""
    service, url, data = mat_table
    (data / LENS_FILE).unlink(missing_ok=True)
    unlock(driver, url)  # the forget asks for the PIN (this test may run alone)
    open_page(driver, url, "#/table")
    if driver.find_element(By.ID, "lens").get_attribute("hidden") is None:
        tap(driver, "#lens-toggle")
    tap(driver, "#lens-toggle", timeout=30)
    wait(driver, lambda d: d.find_element(By.ID, "lens-kept").text.startswith("Not calibrated"),
         message="the lens panel never read the (absent) calibration")
    tap(driver, "#lens-toggle")
    (data / LENS_FILE).write_text('{"k1": 0.1', encoding="utf-8")
    tap(driver, "#lens-toggle")

    def panel(d):
        parts = ("lens-kept", "lens-photos", "lens-advice", "lens-message")
        return [d.find_element(By.ID, part).text for part in parts]
    damage = {"en": "The lens calibration file is damaged: forget the calibration, then calibrate again.",
              "fr": "Le fichier de calibration de l’objectif est endommagé : oubliez la calibration, puis calibrez à "
                    "nouveau."}

    def picture(lang, scheme):
        wait(driver, lambda d: panel(d)[3] == damage[lang], message=f"the damage is not said: {panel(driver)}")
        assert panel(driver) == ["", "", "", damage[lang]]
        assert driver.find_element(By.ID, "lens-forget").is_displayed()
        driver.execute_script("document.getElementById('lens').scrollIntoView({block: 'center'})")
        driver.save_screenshot(str(SCREENSHOTS / f"lens-damaged-panel-360-{lang}-{scheme}.png"))
    in_each_look(driver, picture)
    tap(driver, "#lens-forget")
    wait(driver, lambda d: panel(d)[0].startswith("Not calibrated") and panel(d)[3] != damage["en"],
         message=f"the forget's fresh state is not shown: {panel(driver)}")
    assert panel(driver)[1] == "0 photos taken, 2 needed." and not (data / LENS_FILE).exists()
    assert page_errors(driver) == []
