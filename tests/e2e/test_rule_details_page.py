"""A verdict's "Details" fold tells its rule as players read it (issue 53): a short name in the page's language and
the rule book's sentence where the book is in that language (Hexors' is French; Nexus Keepers has a French and an
English book), never the rule's id ("hex.game_over"), which stays in a data- attribute."""

from __future__ import annotations

import pytest

from boardhelpers import open_page, unlock, wait
from browserhelpers import page_errors
from screens import example, language, start

pytestmark = pytest.mark.browser


READ = ("const d = document.querySelector(arguments[0]); if (!d) return null; d.open = true;"
        " const text = d.innerText; d.open = false; return text")


def test_the_details_of_a_hexors_win_tell_the_rule_in_words_and_french_quotes_the_book(quiet_table, phone):
    service, url = quiet_table
    service.table.new_game("hexors", {}, ["Yugi", "Kaiba"])
    for event in example("hexors"):
        service.table.submit(event, source="phone")
    unlock(phone, url)
    open_page(phone, url, "#/verdicts")
    fold = '#verdict-list details.rule-details[data-rule="hex.game_over"]'
    try:
        said = {}
        for lang, name in (("en", "End of the game"), ("fr", "Fin de la partie")):
            language(phone, lang)
            wait(phone, lambda d: name in (d.execute_script(READ, fold) or ""),
                 message=f"the Details fold of the end of the game does not say {name!r}")
            said[lang] = phone.execute_script(READ, fold)
        assert not page_errors(phone)
    finally:
        language(phone, "en")
    # the French book is not quoted on an English page
    assert [line for line in said["en"].splitlines() if line.strip()] == ["Details", "End of the game"]
    assert "Si un carreau personnage est battu, la partie est terminée" in said["fr"]
    assert "game_over" not in said["en"] + said["fr"]


def test_nexus_keepers_details_quote_the_english_book_in_english_and_the_french_book_in_french(quiet_table, phone):
    service, url = quiet_table
    start(service, "nexus-keepers", None)
    unlock(phone, url)
    open_page(phone, url, "#/verdicts")
    ones = '#verdict-list details.rule-details[data-rule="nk.reroll.ones"]'
    clumsy = '#verdict-list details.rule-details[data-rule="nk.maladresse"]'
    quotes = {"en": "However, he cannot reroll dice that show a result of 1.",
              "fr": "Cependant, vous ne pouvez pas relancer les résultats de 1."}
    try:
        said = {}
        for lang, quote in quotes.items():
            language(phone, lang)
            wait(phone, lambda d: quote in (d.execute_script(READ, ones) or ""),
                 message=f"the Details fold of a refused reroll of a 1 does not quote {quote!r}")
            said[lang] = phone.execute_script(READ, ones), phone.execute_script(READ, clumsy)
        assert not page_errors(phone)
    finally:
        language(phone, "en")
    assert "Cependant" not in said["en"][0] and "However" not in said["fr"][0]
    # MALADRESSE is only in the French book: the English page names it and quotes nothing
    assert [line for line in said["en"][1].splitlines() if line.strip()] == ["Details", "Clumsiness: three ones"]
    assert "vous accumulez trois résultats de 1" in said["fr"][1]
