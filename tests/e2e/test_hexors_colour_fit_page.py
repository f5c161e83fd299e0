"""Hexors at 360 px in French: the duel's colour buttons stay inside their box (dark), and a long option's words
(« la valeur de la couleur tirée ») are shown whole in the new-game form, wrapped, not cut."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from boardhelpers import open_page, tap, wait
from browserhelpers import SCREENSHOTS, page_errors
from screens import language, start, theme

pytestmark = pytest.mark.browser

OUTSIDE = """const pad = arguments[0].getBoundingClientRect();
  return [...arguments[0].children]
    .map((b) => [b.dataset.colour, b.getBoundingClientRect(), b.scrollWidth, b.clientWidth])
    .filter(([c, r, sw, cw]) => r.left < pad.left - 0.5 || r.right > pad.right + 0.5 || sw > cw + 1)
    .map(([c]) => c);"""


def test_the_duel_colour_buttons_stay_inside_their_box_in_french_dark(narrow_table, phone):
    service, url = narrow_table
    start(service, "hexors", events=12)  # the beginner example's first duel, waiting for the first roll
    open_page(phone, url, "#/table")
    language(phone, "fr")
    theme(phone, "dark")
    try:
        pad = wait(phone, lambda d: d.find_element(By.ID, "hex-colours"), message="no colour buttons")
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", pad)
        phone.save_screenshot(str(SCREENSHOTS / "hexors-colour-pad-360-fr-dark.png"))
        assert phone.execute_script(OUTSIDE, pad) == []
        card = pad.find_element(By.XPATH, "ancestor::*[contains(@class, 'card')][1]")
        assert phone.execute_script("const a = arguments[0].getBoundingClientRect(), b = arguments[1]"
                                    ".getBoundingClientRect(); return a.right <= b.right + 0.5", pad, card)
        assert page_errors(phone) == []
    finally:  # the module's next test shares the phone
        language(phone, "en")
        phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})


def test_a_long_french_option_is_shown_whole_in_the_new_game_form(narrow_table, phone):
    service, url = narrow_table
    open_page(phone, url, "#/game")
    language(phone, "fr")
    try:
        tap(phone, "#game-hexors")
        picker = wait(phone, lambda d: d.find_element(By.ID, "option-symbiosis_value"), message="no such option")
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", picker)
        phone.save_screenshot(str(SCREENSHOTS / "hexors-option-360-fr.png"))
        assert picker.find_element(By.CSS_SELECTOR, "option:checked").text == "la valeur de la couleur tirée"
        # the words wrap onto a second line inside the picker: it grows taller than one line (48 px), and no
        # wider than the form
        box = phone.execute_script("const r = arguments[0].getBoundingClientRect(), f = document.querySelector("
                                   "'#game-options').getBoundingClientRect(); return [r.height, r.right, f.right]",
                                   picker)
        assert box[0] > 60 and box[1] <= box[2] + 0.5, box
        picker.click()
        phone.save_screenshot(str(SCREENSHOTS / "hexors-option-open-360-fr.png"))
        assert page_errors(phone) == []
    finally:
        language(phone, "en")
