"""Players left unnamed at "New game" are named in the page's language: "Joueur 1", "Joueur 2" on the French page,
also when the page is switched to French with the setup already open (no "Player 1" kept from the setup opened in
English, nor sent as the players' ids)."""

from __future__ import annotations

import pytest

from boardhelpers import open_page, tap, wait
from browserhelpers import page_errors, phone_browser

pytestmark = pytest.mark.browser

SETUPS = (("nexus-keepers", "#nk-setup-start", ".nk-player h3"), ("hexors", "#hex-setup-start", ".hex-player h3"),
          ("nexus", "#nx-setup-start", None))


def headings(driver, css):
    return driver.execute_script("return [...document.querySelectorAll(arguments[0])].map((e) => e.textContent)", css)


def test_unnamed_players_are_joueur_1_and_2_after_switching_to_french(quiet_table):
    service, url = quiet_table
    with phone_browser("en-GB", (390, 844), url=url) as driver:
        for game, start, players in SETUPS:
            service.table.new_game(game, {}, [])  # started with no names (on a phone: name fields left empty)
            open_page(driver, url, "#/table")
            wait(driver, lambda d: d.find_elements("css selector", start), message=f"no {game} setup")
            if players:
                assert headings(driver, players) == ["1. Player 1", "2. Player 2"], game
            tap(driver, "#lang-toggle")
            wait(driver, lambda d: d.find_element("tag name", "html").get_attribute("lang") == "fr")
            text = driver.execute_script("return document.querySelector('#screens').innerText")
            assert "Joueur 1" in text and "Joueur 2" in text and "Player 1" not in text, (game, text[:400])
            if players:
                assert headings(driver, players) == ["1. Joueur 1", "2. Joueur 2"]
            tap(driver, start)
            wait(driver, lambda d: service.table.engine.seats() == ["Joueur 1", "Joueur 2"],
                 message=f"{game} set up with {service.table.engine.seats()}")
            tap(driver, "#lang-toggle")  # back to English for the next game
            wait(driver, lambda d: d.find_element("tag name", "html").get_attribute("lang") == "en")
        assert not page_errors(driver)
