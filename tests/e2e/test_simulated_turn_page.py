"""A person seated at the SIMULATED table while a simulated player is on turn: the board's phase line says the
simulated player is playing (« Tour simulé : Ann joue… »), not the move it would invite the person to make, and a tap on
the board is answered the same, sending nothing; watching without a seat, the game's own words stay. One piece
(web/js/views/seat.js) serves every game's board from the state's ``to_act``: Nexus is the one driven here."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from companion.config import load_config
from browserhelpers import new_browser, page_errors, served
from screens import theme

pytestmark = pytest.mark.browser

PIN = "271828"


def phase(driver):
    return driver.execute_script("const p = document.querySelector('#board #board-phase'); return p && p.textContent")


def slow_simulated_table(tmp_path):
    return load_config(None, overrides={
        "service": {"data_dir": str(tmp_path), "host": "127.0.0.1", "port": 0},
        # each simulated step stays a minute: the first player's turn lasts the whole test
        "camera": {"source": "simulated", "fps": 4.0, "width": 640, "height": 480, "simulated_pace": 60.0}})


def signed_in(url):
    driver = new_browser("en-GB")
    driver.set_window_size(360, 780)
    driver.get(url)
    wait = WebDriverWait(driver, 40, poll_frequency=0.2)
    wait.until(lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    driver.find_element(By.ID, "join-pin").send_keys(PIN)
    driver.find_element(By.CSS_SELECTOR, "#join-pin-form button[type=submit]").click()
    return driver, wait


def test_a_seated_person_is_told_the_simulated_player_is_playing(tmp_path, screenshots):
    with served(slow_simulated_table(tmp_path), camera=True, pin=PIN) as (service, url):
        service.table.new_game("nexus", {}, ["Ann", "Bob"])
        wait = WebDriverWait(service, 40, poll_frequency=0.2)
        wait.until(lambda s: s.table.engine.seats() == ["Ann", "Bob"])
        assert service.table.engine.to_act() == "Ann"
        service.simulated_seat.take(2)  # the person plays Bob: Ann is the simulated players'
        driver, wait = signed_in(url)
        try:
            wait.until(lambda d: phase(d) == "Ann (simulated) is playing…")
            assert driver.find_element(By.ID, "board-phase").is_displayed()
            for scheme in ("light", "dark"):
                theme(driver, scheme)
                driver.save_screenshot(str(screenshots / f"simulated-turn-en-{scheme}.png"))

            # a tap on the board's controls (the card drawn) sends nothing and says who is playing
            entries = len(service.table.history())
            card = driver.find_element(By.CSS_SELECTOR, "#board #nx-drawn button")
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", card)
            card.click()
            wait.until(lambda d: "Ann (simulated) is playing: wait for your turn"
                       in d.find_element(By.ID, "tap-answer").text)
            assert len(service.table.history()) == entries and service.table.engine.to_act() == "Ann"

            # watching without a seat: the game's own words, as before
            Select(driver.find_element(By.ID, "simulated-seat-choice")).select_by_value("")
            wait.until(lambda d: service.simulated_seat.number is None)
            wait.until(lambda d: (phase(d) or "").startswith("Play the card drawn"))

            Select(driver.find_element(By.ID, "simulated-seat-choice")).select_by_value("2")
            wait.until(lambda d: service.simulated_seat.number == 2)
            driver.execute_script("window.companion.switchLanguage('fr')")
            wait.until(lambda d: phase(d) == "Tour simulé : Ann joue…")
            for scheme in ("light", "dark"):
                theme(driver, scheme)
                driver.save_screenshot(str(screenshots / f"simulated-turn-fr-{scheme}.png"))
            assert service.table.engine.to_act() == "Ann", "Ann's turn lasted the test"
            assert page_errors(driver) == []
        finally:
            driver.quit()


def test_tesseracts_tap_hint_goes_while_a_simulated_scientist_plays(tmp_path):
    """The same piece on another game's board: Tesseract's phase line, and its hint of what to tap hidden."""
    with served(slow_simulated_table(tmp_path), camera=True, pin=PIN) as (service, url):
        service.table.new_game("tesseract", {}, [])
        WebDriverWait(service, 40, poll_frequency=0.2).until(lambda s: s.table.engine.to_act() == "S1")
        service.simulated_seat.take(2)
        driver, wait = signed_in(url)
        try:
            wait.until(lambda d: phase(d) == "S1 (simulated) is playing…")
            assert not driver.find_element(By.ID, "tess-hint").is_displayed()
            Select(driver.find_element(By.ID, "simulated-seat-choice")).select_by_value("")
            wait.until(lambda d: d.find_element(By.ID, "tess-hint").is_displayed())
            assert "simulated" not in phase(driver)
            assert service.table.engine.to_act() == "S1" and page_errors(driver) == []
        finally:
            driver.quit()
