"""The SIMULATED table's seat choice on the phone: "I play as Ana" (« Je joue Ana »), sent to the table; what the
phone says of the simulated table where no camera is (settings, free roll's table vision)."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from companion.config import load_config
from browserhelpers import new_browser, page_errors, served

pytestmark = pytest.mark.browser

PIN = "271828"


def options(driver):
    return driver.execute_script("return [...document.querySelectorAll('#simulated-seat-choice option')]"
                                 ".map(o => o.textContent)")


def test_a_person_takes_a_seat_at_the_simulated_table_in_english_and_french(tmp_path, screenshots):
    config = load_config(None, overrides={
        "service": {"data_dir": str(tmp_path), "host": "127.0.0.1", "port": 0},
        "camera": {"source": "simulated", "fps": 4.0, "width": 640, "height": 480, "simulated_pace": 1.0}})
    with served(config, camera=True, pin=PIN) as (service, url):
        service.table.new_game("hexors", {}, ["Ana", "Bo"])
        driver = new_browser("en-GB")
        try:
            wait = WebDriverWait(driver, 40, poll_frequency=0.2)
            driver.get(url)
            wait.until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
            driver.find_element(By.ID, "join-pin").send_keys(PIN)
            driver.find_element(By.CSS_SELECTOR, "#join-pin-form button[type=submit]").click()
            wait.until(lambda d: d.find_element(By.ID, "simulated-seat").is_displayed())
            wait.until(lambda d: options(d) == ["Watch only", "I play as Ana", "I play as Bo"])
            assert driver.find_element(By.CSS_SELECTOR, "#simulated-seat span").text == "Your seat"
            # its own line, clear of the SIMULATED badge above it (2 px under it, « Your seat » read as the badge's)
            gap = driver.execute_script("return document.getElementById('simulated-seat').getBoundingClientRect().top"
                                        " - document.getElementById('simulated-badge').getBoundingClientRect().bottom")
            assert gap >= 8, gap
            Select(driver.find_element(By.ID, "simulated-seat-choice")).select_by_value("2")
            wait.until(lambda d: service.simulated_seat.number == 2)

            driver.execute_script("localStorage.setItem('companion.language', 'fr')")
            driver.get(url)
            wait.until(lambda d: options(d) == ["Regarder seulement", "Je joue Ana", "Je joue Bo"])
            assert driver.find_element(By.CSS_SELECTOR, "#simulated-seat span").text == "Votre place"
            assert Select(driver.find_element(By.ID, "simulated-seat-choice")).first_selected_option.text \
                == "Je joue Bo"
            # free roll has no seat to take: no choice of one (it offered "Watch only" alone)
            service.table.new_game("free-roll", {}, [])
            wait.until(lambda d: not d.find_element(By.ID, "simulated-seat").is_displayed())
            # free roll's dice are drawn on a bare table, no tray sheet: no anchors to show the camera
            # (not "Mat kept while its anchors are covered", Hexors' plane: the bare table shows no sheet)
            wait.until(lambda d: d.find_element(By.ID, "table-vision-status").text == "La table simulée dessine des dés"
                       " sur une table nue, sans feuille : tous les dés visibles sont lus")
            driver.save_screenshot(str(screenshots / "simulated-free-roll-vision-fr.png"))
            driver.get(f"{url}#/settings")   # the camera said in one clean phrase, no brackets in brackets
            wait.until(lambda d: d.find_element(By.ID, "camera-status").text
                       == "aucune : la table SIMULÉE est dessinée, pas vue")
            driver.execute_script("window.companion.switchLanguage('en')")
            assert driver.find_element(By.ID, "camera-status").text == "none: the SIMULATED table is drawn, not seen"
            assert page_errors(driver) == []
        finally:
            driver.quit()
