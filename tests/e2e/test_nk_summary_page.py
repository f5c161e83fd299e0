"""Nexus Keepers on a 360 px phone says what the engine's summary says: the pushes a player still has when each push
keeps its own group's spaces (option split_pushes off), and during setup the setup's facts in the Game details.

One service and one browser for the module; each moment reached by the engine's own events (the rule book's example
game), the page read back in English and French, light and dark, and pictured under artifacts/screenshots/.
"""

from __future__ import annotations

import pytest

from boardhelpers import open_page, settled, small_controls, tap, wait
from browserhelpers import in_each_look, page_errors
from screens import TEXT_CONTRAST_JS, language, show, start

pytestmark = pytest.mark.browser

ALLOWS = "return document.querySelector('#nk-allows strong').textContent"


def test_each_push_left_is_said_when_pushes_do_not_split(narrow_table, phone, screenshots):
    """With split_pushes off, after A's power 4 the summary's actions hold one push of 2 spaces, or two pushes of 1
    (``pushes`` [2] and [1, 1]); the phone says each push, "push 2" and "push 1 + push 1", in both languages, not
    their total for both (the same words twice)."""
    service, url = narrow_table
    start(service, "nexus-keepers", 18, options={"split_pushes": False})  # A rolled 3 3 2 2 2 5 4, then a power 4
    show(phone, url)
    actions = settled(phone, url)["summary"]["actions"]
    assert sorted(b["pushes"] for b in actions if b["push"] == 2) == [[1, 1], [2]], actions
    said = {}

    def look(lang, scheme):
        said[lang] = phone.execute_script(ALLOWS)
        phone.find_element("id", "nk-allows").location_once_scrolled_into_view  # noqa: B018 (scrolls it into view)
        phone.save_screenshot(str(screenshots / f"nk-pushes-left-360-{lang}-{scheme}.png"))
    in_each_look(phone, look)
    assert said == {"en": "move 3 + jump 1 + push 1 or move 2 + jump 1 + push 2 or move 2 + jump 1 + push 1 + push 1",
                    "fr": "bouger 3 + sauter 1 + pousser 1 ou bouger 2 + sauter 1 + pousser 2 "
                          "ou bouger 2 + sauter 1 + pousser 1 + pousser 1"}, said
    assert not page_errors(phone)


SHOWN_FACTS = """const list = (css) => [...document.querySelectorAll(css)]
  .map((li) => li.innerText.replace(/\\u00a0/g, ' '));
const card = document.querySelector('#details-card'); card.open = true;
const shown = [list('#nk-setup-facts li'), list('#details li')]; card.open = false; return shown;"""
# how far the fold of facts pushes the first player's card down: from the fold's top to the card's (CSS px)
PUSHED = """const fold = document.querySelector('#nk-setup-facts').getBoundingClientRect();
return document.querySelector('.nk-player').getBoundingClientRect().top - fold.top"""
FOLD_OPEN = "return document.querySelector('#nk-setup-facts').open"


def test_the_setup_facts_are_shown_in_the_wizard_and_the_game_details(narrow_table, phone, screenshots):
    """The setup's facts (who unfolds a cube first, what each must touch) are on the wizard above the players, and
    the Game details at the page's foot say them again rather than « phase: setup », in the page's language, the
    edges as the game's option has them. Folded, so they do not push the players' cards ~430 px down a 360 px phone;
    opened, the fold stays open through the wizard's redraws."""
    service, url = narrow_table
    service.table.new_game("nexus-keepers", {"min_shared_edges": 3}, ["Ann", "Bob"])
    open_page(phone, url, "#/table")
    wait(phone, lambda d: d.find_elements("css selector", "#nk-setup-start"), message="no setup wizard")
    facts = settled(phone, url)["summary"]["facts"]
    pushed = {}
    for lang in ("en", "fr"):
        language(phone, lang)
        pushed[lang] = phone.execute_script(PUSHED)
    language(phone, "en")
    assert not phone.execute_script(FOLD_OPEN) and all(px < 100 for px in pushed.values()), pushed
    tap(phone, "#nk-setup-facts > summary")
    tap(phone, ".nk-direction [data-value='S']")  # a tap redraws the wizard
    wait(phone, lambda d: d.find_elements("css selector", ".nk-direction [data-value='S'][aria-pressed='true']"),
         message="the direction was not picked")
    assert phone.execute_script(FOLD_OPEN), "the fold shut itself at a redraw"
    shown = {}

    def look(lang, scheme):
        shown[lang] = phone.execute_script(SHOWN_FACTS)
        low = phone.execute_script(TEXT_CONTRAST_JS, "#nk-setup-facts")
        assert not low, f"{lang} {scheme}: setup facts under 4.5:1: {low}"
        phone.execute_script("window.scrollTo(0, 0)")
        phone.save_screenshot(str(screenshots / f"nk-setup-facts-360-{lang}-{scheme}.png"))
    in_each_look(phone, look)
    said = {lang: [f[lang].replace("\u00a0", " ") for f in facts] for lang in ("en", "fr")}
    assert shown == {lang: [said[lang], said[lang]] for lang in said}, shown
    assert any("clockwise" in f and "at least 3 edges" in f for f in said["en"]), said["en"]
    assert any("sens horaire" in f and "au moins 3 tranches" in f for f in said["fr"]), said["fr"]
    assert small_controls(phone) == []
    assert not page_errors(phone)
