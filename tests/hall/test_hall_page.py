"""The hall page in Debian's headless Chromium: every table as it stands, offline tables said so, the standings,
French at a tap, news shown without a reload, the organiser's rename."""

from __future__ import annotations

import json

import pytest

from tests.e2e.browserhelpers import SCREENSHOTS, new_browser
from tests.e2e.screens import TEXT_CONTRAST_JS, theme
from tests.hall.hallhelpers import PIN, rename_table, until

pytestmark = pytest.mark.browser


def test_the_hall_page_shows_every_table_in_both_languages_and_follows_the_evening(hall):
    from selenium.webdriver.common.by import By

    board, url = hall
    driver = new_browser()
    driver.set_window_size(1280, 800)  # the hall is shown on a big screen, not a phone
    try:
        driver.get(url)
        cards = lambda: driver.find_elements(By.CSS_SELECTOR, "#tables > li")  # noqa: E731
        assert until(lambda: len(cards()) == 2)
        one, two = (card.text for card in cards())
        # the game, not « 1 entry »: a count of journal entries told players nothing
        assert [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#tables .game")] == ["Hexors", "Nexus"]
        # ★, a star DejaVu Sans draws: Debian's Chromium drew 🏆 as an empty box (no emoji font)
        assert "Table 1" in one and "online" in one and "Yugi, " not in one and "★ Yugi wins the game" in one
        # the broker's address is for the organiser, at the foot, not in the header beside « Hall »
        assert "mqtt" not in driver.find_element(By.TAG_NAME, "header").text.lower()
        address = driver.find_element(By.ID, "address").text
        assert address == "For the organiser: the tables publish to mqtt://127.0.0.1:1883", address
        assert "Table 2" in two and "offline since" in two and "Ann · 4" in two and "That card does not fit" in two
        assert driver.find_element(By.CSS_SELECTOR, "li[data-turn='true']").text.startswith("Bob")
        standings = driver.find_element(By.ID, "standings").text
        assert "Hexors · 1 game\n" in standings and "Yugi 1 1" in standings
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(SCREENSHOTS / "hall.png"))

        driver.find_element(By.ID, "language").click()
        assert until(lambda: "hors ligne depuis" in cards()[1].text)
        assert "Yugi gagne la partie" in cards()[0].text
        assert "Cette carte ne va pas là" in cards()[1].text and "Classements" in driver.page_source
        assert driver.find_element(By.ID, "address").text.startswith("Pour l’organisateur : les tables publient sur ")
        driver.find_element(By.ID, "language").click()

        board.handle("companion/table-2/status", json.dumps({"table": "table-2", "name": "Table 2", "online": True}))
        assert until(lambda: "online" in cards()[1].text and "offline" not in cards()[1].text), cards()[1].text

        driver.find_element(By.ID, "organise").click()
        driver.find_element(By.ID, "pin").send_keys(PIN)
        rename_table(driver, 0, "Window table")
        assert until(lambda: any("Window table" in c.text for c in cards()))
        assert [t["name"] for t in board.tables()] == ["Table 2", "Window table"]
        errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        assert errors == []
    finally:
        driver.quit()


def test_a_wrong_pin_is_said_level_with_its_field_in_the_faults_red(hall):
    """On a wide screen « Wrong organiser PIN. » is said level with the field it is about, in the faults' red, and
    readable (4.5:1) in both themes."""
    from selenium.webdriver.common.by import By

    board, url = hall
    driver = new_browser()
    driver.set_window_size(1920, 1080)
    try:
        driver.get(url)
        # the page's first answer brings its token: a PIN sent before it is refused (« Reload the page »)
        assert until(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#tables > li")) == 2)
        driver.find_element(By.ID, "organise").click()
        driver.find_element(By.ID, "pin").send_keys("0000")
        driver.find_element(By.CSS_SELECTOR, "#login button").click()
        assert until(lambda: driver.find_element(By.ID, "login-answer").text == "Wrong organiser PIN.")
        middle = "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return (r.top + r.bottom) / 2"
        field, answer = (driver.execute_script(middle, selector) for selector in ("#pin", "#login-answer"))
        assert abs(field - answer) < 2, (field, answer)
        colour = "return getComputedStyle(document.querySelector(arguments[0])).color"
        assert driver.execute_script(colour, "#login-answer") == driver.execute_script(
            colour, ".verdict[data-kind=illegal]")
        weak = []  # 4.5:1 or more on the page, in either theme
        for scheme in ("light", "dark"):
            theme(driver, scheme)
            weak += [(scheme, *line) for line in driver.execute_script(TEXT_CONTRAST_JS, "#login")]
        assert weak == []
    finally:
        driver.quit()


def test_a_game_over_is_said_once_and_is_no_one_s_turn(hall):
    """A game over is said once, in the words of the verdict that ended it (« ★ Yugi wins the game », « The 7th
    breach tears space-time apart: the game is lost »), with no player marked as whose turn it is; a loss not in the
    win's colour; in French too."""
    board, url = hall
    board.handle("companion/table-1/state", json.dumps({
        "table": "table-1", "name": "Table 1", "game_id": 1, "game": "hexors",
        "title": {"en": "Hexors", "fr": "Hexors"}, "players": ["Yugi", "Kaiba"], "turn": "Yugi", "outcome": {"kind": "win", "players": ["Yugi"]}, "entries": 9,
        "last_verdicts": [{"kind": "win", "message": "Yugi wins the game", "message_fr": "Yugi gagne la partie"}]}))
    board.handle("companion/table-2/state", json.dumps({
        "table": "table-2", "name": "Table 2", "game_id": 3, "game": "tesseract",
        "title": {"en": "Tesseract", "fr": "Tesseract"}, "players": [], "turn": None,
        "outcome": {"kind": "loss", "players": ["Ada", "Marie"]}, "entries": 40,
        "last_verdicts": [{"kind": "loss", "message": "The 7th breach tears space-time apart: the game is lost",
                           "message_fr": "La 7e brèche déchire l’espace-temps : la partie est perdue"}]}))
    driver = new_browser()
    driver.set_window_size(1280, 800)
    try:
        from selenium.webdriver.common.by import By

        driver.get(url)
        cards = lambda: driver.find_elements(By.CSS_SELECTOR, "#tables > li")  # noqa: E731
        assert until(lambda: len(cards()) == 2 and "Tesseract" in cards()[1].text)
        won, lost = (card.text for card in cards())
        assert won.count("Yugi wins the game") == 1 and "★ Yugi wins the game" in won and "Yugi won" not in won, won
        assert lost.count("space-time") == 1 and "\nLost" not in lost, lost
        assert driver.find_elements(By.CSS_SELECTOR, "li[data-turn='true']") == []
        colour = "return getComputedStyle(document.querySelector(arguments[0])).color"
        assert driver.execute_script(colour, ".lost") != driver.execute_script(colour, ".won")
        driver.find_element(By.ID, "language").click()
        assert until(lambda: "★ Yugi gagne la partie" in cards()[0].text)
        assert cards()[1].text.count("brèche") == 1 and "Perdu" not in cards()[1].text, cards()[1].text
    finally:
        driver.quit()
