"""The hall page on a 360 px phone, organiser signed in (a club's organiser walks the room with a phone): every
control big enough to tap, and a table's long name not squeezed beside its badge."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from tests.e2e.boardhelpers import SMALL
from tests.hall.hallhelpers import PIN, Subscriber, event, hall_on_a_phone, rename_table, until

pytestmark = pytest.mark.browser

# visible controls under SMALL CSS px either way: [[text or tag, width, height]]
SMALL_JS = """return [...document.querySelectorAll('button, a[href], input')].filter(e => e.getClientRects().length)
  .map(e => { const r = e.getBoundingClientRect(); return [e.textContent.trim() || e.tagName, r.width, r.height]; })
  .filter(([, w, h]) => w < arguments[0] - 0.5 || h < arguments[0] - 0.5)"""
# each table's name set on more lines than it needs: on one line where it would fit beside nothing else
SQUEEZED_JS = """const canvas = document.createElement('canvas').getContext('2d');
return [...document.querySelectorAll('.table h3')].filter(h3 => {
  const name = h3.firstElementChild; const s = getComputedStyle(name);
  canvas.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
  const lines = Math.round(name.getBoundingClientRect().height / parseFloat(s.lineHeight));
  return canvas.measureText(name.textContent).width <= h3.clientWidth && lines > 1;
}).map(h3 => h3.innerText)"""


def test_the_hall_on_a_phone_has_controls_a_finger_can_tap_and_names_in_full(hall):
    """Every control, the organiser PIN field and the exports' links included, is a finger's size; « Table 2 by the
    window » is not set on more lines than it needs beside « hors ligne depuis 21:05 »."""
    board, url = hall
    with hall_on_a_phone(url, "fr-FR") as driver:
        driver.find_element(By.ID, "organise").click()
        driver.find_element(By.ID, "pin").send_keys(PIN)
        small = driver.execute_script(SMALL_JS, SMALL)
        rename_table(driver, 1, "Table 2 by the window")
        assert until(lambda: "Table 2 by the window" in driver.find_element(By.ID, "tables").text)
        small += driver.execute_script(SMALL_JS, SMALL)
        assert small == []
        assert driver.execute_script(SQUEEZED_JS) == []


# each rename field whose name runs past its box, and whether the Save and Hide buttons share a line
CUT_NAMES_JS = """return [[...document.querySelectorAll('.organise input')].filter(i => i.scrollWidth > i.clientWidth)
  .map(i => i.value), [...document.querySelectorAll('.organise')].every(form => {
    const [save, hide] = form.querySelectorAll('button');
    return save.getBoundingClientRect().top === hide.getBoundingClientRect().top; })]"""


def test_the_organiser_sees_each_table_s_whole_name_in_its_rename_field(hall):
    """Each table's whole name shows in its rename field (« Table 2 by the window », not « Table 2 by t »), the field
    not squeezed onto a line with « Enregistrer » and « Masquer »."""
    board, url = hall
    board.rename("table-2", "Table 2 by the window")
    with hall_on_a_phone(url, "fr-FR") as driver:
        driver.find_element(By.ID, "organise").click()
        driver.find_element(By.ID, "pin").send_keys(PIN)
        driver.find_element(By.CSS_SELECTOR, "#login button").click()
        assert until(lambda: len(driver.find_elements(By.CSS_SELECTOR, ".organise input")) == 2)
        assert driver.execute_script(CUT_NAMES_JS) == [[], True]


def test_the_hall_says_its_refusals_in_the_page_language(hall):
    """Six wrong organiser PINs on a French page: « too many wrong PINs: wait 300 s », the hall's own English."""
    board, url = hall
    with hall_on_a_phone(url, "fr-FR") as driver:
        driver.find_element(By.ID, "organise").click()
        answer = lambda: driver.find_element(By.ID, "login-answer").text  # noqa: E731
        for _ in range(6):
            driver.execute_script("document.querySelector('#login-answer').textContent = ''")
            driver.find_element(By.ID, "pin").clear()
            driver.find_element(By.ID, "pin").send_keys("0000")
            driver.find_element(By.CSS_SELECTOR, "#login button").click()
            assert until(answer)
        assert answer().startswith("Trop de codes erronés : attendez "), answer()
        assert answer().endswith(" s, puis réessayez.")


def test_the_hall_words_stand_out_in_light_and_dark(hall):
    """The hall's words reach WCAG's figure in light and dark (4.5:1, 3:1 for large type): white « online » on dark
    mode's light green would stand at 1.9:1; « offline since … » at 3.5:1 in light, 4.4:1 in dark."""
    from tests.e2e.screens import TEXT_CONTRAST_JS, theme

    board, url = hall
    with hall_on_a_phone(url, "en-GB") as driver:
        weak = []
        for scheme in ("light", "dark"):
            theme(driver, scheme)
            weak += [(scheme, *line) for line in driver.execute_script(TEXT_CONTRAST_JS, "body")]
        assert weak == []


def test_the_hall_writes_french_as_french_does(hall, monkeypatch):
    """The broker's line in French: « Serveur MQTT injoignable : … » (French's spaced colon and words, not
    « injoignable: » nor « Broker injoignable »); a game is told by its name alone, not with a count of journal
    entries (« 0 entrées » tells players nothing)."""
    import json

    board, url = hall
    monkeypatch.setattr(Subscriber, "to_json", lambda self: {
        "address": "mqtt://127.0.0.1:1883", "connected": False,
        "problem": {"en": "connection refused", "fr": "connexion refusée"}})
    board.handle("companion/table-1/state", json.dumps({
        "table": "table-1", "name": "Table 1", "game_id": 2, "game": "nexus", "title": {"en": "Nexus", "fr": "Nexus"},
        "players": ["Yugi", "Kaiba"], "turn": "Yugi", "outcome": None, "entries": 0, "last_verdicts": []}))
    with hall_on_a_phone(url, "fr-FR") as driver:
        assert driver.find_element(By.ID, "broker").text == "Serveur MQTT injoignable : connexion refusée"
        games = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#tables .game")]
        assert games == ["Nexus", "Nexus"], games


def test_the_hall_keeps_french_punctuation_beside_its_word(hall):
    """French puts a no-break space before « : » and « ; » (the phone page's frenchSpaces), in the hall's French
    too: with a plain space a colon could start a line alone on a narrow phone."""
    board, url = hall
    with hall_on_a_phone(url, "fr-FR") as driver:
        driver.find_element(By.ID, "organise").click()
        driver.find_element(By.ID, "pin").send_keys("0000")
        driver.find_element(By.CSS_SELECTOR, "#login button").click()
        said = lambda: driver.execute_script("return document.querySelector('#login-answer').textContent")  # noqa
        assert until(said)
        shown = driver.execute_script("return document.body.textContent")
        assert " :" not in shown and " ;" not in shown, [line for line in shown.splitlines() if " :" in line]
        assert "\u00a0:" in shown  # « Serveur MQTT injoignable : … », « Aucune table n'a encore publié : … »


def test_the_hall_names_its_broker_for_the_organiser_in_french_words(hall):
    """A French page read « Broker mqtt://… » above the tables, then « Serveur MQTT mqtt://… » beside « Salle »:
    organiser's jargon in the players' sight. A broker reached is told in a small line at the foot, in French."""
    board, url = hall
    with hall_on_a_phone(url, "fr-FR") as driver:
        address = lambda: driver.find_element(By.ID, "address").text  # noqa: E731
        assert until(address)
        assert address() == "Pour l’organisateur : les tables publient sur mqtt://127.0.0.1:1883"
        assert not driver.find_element(By.ID, "broker").is_displayed()
        assert "mqtt" not in driver.find_element(By.TAG_NAME, "header").text.lower()


# each table's players as the screen shows them: each name and what is drawn after it (a separator), in order
PLAYERS_SHOWN_JS = """return [...document.querySelectorAll('#tables .players')].map((ul) => [...ul.children].map(
  (li) => {
  const after = getComputedStyle(li, '::after').content;
  return li.textContent + (after && after !== 'none' ? JSON.parse(after) : '');
}).join(' '))"""


def test_the_hall_tells_one_player_from_the_next(hall):
    """Table 1's players are told apart, not shown as « Yugi  Kaiba », which reads as one player's full name."""
    board, url = hall
    with hall_on_a_phone(url, "en-GB") as driver:
        assert driver.execute_script(PLAYERS_SHOWN_JS) == ["Yugi, Kaiba", "Ann · 4, Bob · 6 (to play)"]


TYPING_JS = """const f = document.activeElement;
  return f && f.matches('.organise input') ? [f.closest('.table').dataset.table, f.value] : null"""


def test_a_table_s_news_keeps_the_name_the_organiser_is_typing(hall):
    """News from a table draws every card again: the organiser's controls stay on every card (the page's wait for
    news, asked before the sign-in, is not drawn as if signed out) and the rename field the organiser is typing in
    keeps its words, its focus and its caret, so the name goes on being typed where it was."""
    board, url = hall
    with hall_on_a_phone(url, "en-GB") as driver:
        driver.find_element(By.ID, "organise").click()
        driver.find_element(By.ID, "pin").send_keys(PIN)
        driver.find_element(By.CSS_SELECTOR, "#login button").click()
        field = ".table[data-table='table-2'] .organise input"
        assert until(lambda: driver.find_elements(By.CSS_SELECTOR, field))
        driver.find_element(By.CSS_SELECTOR, field).clear()
        driver.find_element(By.CSS_SELECTOR, field).send_keys("Table 2 by the do")
        board.handle(*event("table-3", 1, 0, players=("Ann", "Bob")))  # another table's news
        assert until(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#tables > li")) == 3)
        assert len(driver.find_elements(By.CSS_SELECTOR, ".organise input")) == 3
        assert driver.execute_script(TYPING_JS) == ["table-2", "Table 2 by the do"]
        driver.switch_to.active_element.send_keys("or")
        assert driver.execute_script(TYPING_JS) == ["table-2", "Table 2 by the door"]
