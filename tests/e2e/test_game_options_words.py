"""The game screen's options in the player's words for every game, in the phone's language: no raw names
("arena_columns", "target_points"), no English description on a French phone, and a choice among fixed values, not
free text."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from boardhelpers import open_page, tap, unlock, wait
from browserhelpers import page_errors, phone_browser

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", ["hexors", "nexus", "nexus-keepers"])
def test_every_option_a_french_phone_shows_is_named_in_french(quiet_table, game):
    service, url = quiet_table
    with phone_browser("fr-FR", url=url) as driver:
        open_page(driver, url, "#/game")
        tap(driver, f"#game-{game}")
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#game-options .option"))
        shown = {el.get_attribute("data-option"): el for el in driver.find_elements(By.CSS_SELECTOR, "[data-option]")}
        names = {name: el.find_element(By.XPATH, "ancestor::div[contains(@class, 'option')]//strong").text
                 for name, el in shown.items()}
        assert [name for name, label in names.items() if label == name] == []  # every option has a label
        if game == "hexors":
            assert names["arena_columns"] == "Colonnes de l’arène" and names["level"] == "Niveau"
            level = Select(shown["level"])
            assert [o.text for o in level.options] == ["débutant (boîte de base)", "avancé (carreaux actions, étoiles)"]
            assert shown["arena_columns"].get_attribute("min") == "2"
        elif game == "nexus":
            assert names["target_points"] == "Points pour gagner" and names["cards_anywhere"] == "Cartes n’importe où"
        else:
            assert names["split_pushes"] == "Partager les poussées d’un groupe" and shown["split_pushes"].is_selected()
        assert page_errors(driver) == []


def test_a_hexors_choice_picked_on_the_phone_is_the_game_s_option(quiet_table, phone):
    service, url = quiet_table
    unlock(phone, url)
    open_page(phone, url, "#/game")
    tap(phone, "#game-hexors")
    Select(wait(phone, lambda d: d.find_element(By.ID, "option-zombie_targets"))).select_by_value("monsters_only")
    start = phone.find_element(By.ID, "game-start")
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", start)
    start.click()
    if phone.execute_script("return document.querySelector('#confirm-dialog').open"):
        tap(phone, "#confirm-yes")
    wait(phone, lambda d: service.table.record.game == "hexors", message="no Hexors game started")
    assert service.table.engine.options["zombie_targets"] == "monsters_only"
    assert page_errors(phone) == []
