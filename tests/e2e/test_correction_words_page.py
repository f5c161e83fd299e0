"""A roll corrected from History is answered with what it now allows, in the referee's words for the corrected roll
(« Roll corrected: Roll 1: 5 (total 5) »), not "Roll corrected" alone, in English and in French."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from boardhelpers import open_page, screenshot, wait
from browserhelpers import page_errors
from screens import language

pytestmark = pytest.mark.browser

NOTICES = "return [...document.querySelectorAll('#notices .notice')].map((n) => n.textContent)"


def _correct_first_die(phone, value):
    chip = wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "#history-list li[data-seq='0'] button.die"),
                message="the roll's dice are not in History")[0]
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", chip)
    chip.click()
    phone.find_element(By.CSS_SELECTOR, f"#die-values button[data-value='{value}']").click()
    phone.find_element(By.ID, "die-save").click()


@pytest.mark.parametrize("lang, value, said", [
    ("en", 5, "Roll corrected: Roll 1: 5 (total\u00a05)"),
    ("fr", 2, "Lancer corrigé\u00a0: Lancer 1\u00a0: 2 (total\u00a02)"),
])
def test_a_corrected_roll_says_what_it_now_reads(narrow_table, phone, screenshots, lang, value, said):
    service, url = narrow_table
    service.table.new_game("free-roll", {}, [])
    service.table.submit({"type": "roll", "dice": [{"value": 3, "color": "red"}]})
    open_page(phone, url, "#/history")
    language(phone, lang)
    _correct_first_die(phone, value)
    wait(phone, lambda d: [n for n in d.execute_script(NOTICES) if said in n], message=f"no notice said {said!r}")
    screenshot(phone, screenshots, f"correction-words-360-{lang}", width=360)
    language(phone, "en")
    assert page_errors(phone) == []
