"""The phone page in a real browser against the real server, fed by the simulated camera table.

One table (server + camera pipeline + vision) serves the whole module; each test opens the page
itself. The order follows a game night: join, start a game, watch a roll arrive, fix a misread die,
switch to French, and a guest without the PIN fails to change anything.
"""

from __future__ import annotations

import json
import time
import urllib.request

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from companion.config import load_config

from boardhelpers import tap_die
from browserhelpers import in_each_look, new_browser, page_errors, phone_browser, served

pytestmark = pytest.mark.browser

PIN = "314159"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """The real service with the simulated camera and the dice model, served by waitress on loopback."""
    data_dir = tmp_path_factory.mktemp("e2e-data")
    config = load_config(None, overrides={
        "service": {"data_dir": str(data_dir), "host": "127.0.0.1", "port": 0, "threads": 12},
        "camera": {"source": "simulated", "fps": 10.0},
    })
    with served(config, camera=True, pin=PIN) as table:
        yield table


@pytest.fixture(scope="module")
def browser():
    with phone_browser("en-GB") as driver:
        yield driver


def wait(driver, condition, timeout=25, message=""):
    # The page redraws on every live event: an element read mid-redraw is simply read again.
    return WebDriverWait(driver, timeout, poll_frequency=0.1,
                         ignored_exceptions=(StaleElementReferenceException,)).until(condition, message)


def chips(driver, selector="#last-roll .die"):
    """(value, colour) of each die chip, read in one go (the list may be redrawn at any moment)."""
    return [tuple(pair) for pair in driver.execute_script(
        "return [...document.querySelectorAll(arguments[0])].map(c => [c.dataset.value, c.dataset.color])", selector)]


def open_page(driver, url, route=""):
    driver.get(url + route)
    wait(driver, lambda d: d.execute_script("return document.body.dataset.ready") == "1", message="page never ready")


def entries(url):
    with urllib.request.urlopen(url + "api/history", timeout=5) as response:
        return json.loads(response.read())["entries"]


def last_roll(url):
    rolls = [e for e in entries(url) if e["in_force"] and e.get("dice")]
    return rolls[-1] if rolls else None


def shot(driver, screenshots, name):
    time.sleep(0.3)  # let the last repaint land
    driver.save_screenshot(str(screenshots / f"{name}.png"))


def test_join_and_start_a_free_roll_game(table, browser, screenshots):
    service, url = table
    open_page(browser, url)
    browser.execute_script("localStorage.clear()")
    open_page(browser, url)
    assert browser.find_element(By.ID, "screen-join").is_displayed()
    assert "Free roll" in browser.find_element(By.ID, "join-game").text
    shot(browser, screenshots, "join")
    browser.find_element(By.ID, "join-pin").send_keys(PIN)
    browser.find_element(By.CSS_SELECTOR, "#join-pin-form button[type=submit]").click()
    wait(browser, lambda d: d.find_element(By.ID, "screen-table").is_displayed(), message="join did not open the table")

    browser.get(url + "#/game")
    wait(browser, lambda d: d.find_elements(By.ID, "game-free-roll"))
    names = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#game-list .choice")]
    assert "Free roll" in names
    browser.find_element(By.ID, "game-free-roll").click()
    Select(browser.find_element(By.ID, "option-significance")).select_by_value("0.05")
    emblem = Select(browser.find_element(By.ID, "option-emblem_face"))
    assert [o.text for o in emblem.options] == ["the table's setting", "6", "1"]
    emblem.select_by_value("1")
    names = browser.find_elements(By.CSS_SELECTOR, ".player-name")
    names[0].send_keys("Ana")
    names[1].send_keys("Bruno")
    shot(browser, screenshots, "choose-game")
    game_before = service.table.record.id
    start = browser.find_element(By.ID, "game-start")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", start)
    start.click()
    if browser.execute_script("return document.querySelector('#confirm-dialog').open"):  # the camera rolled meanwhile
        browser.find_element(By.ID, "confirm-yes").click()
    wait(browser, lambda d: d.find_element(By.ID, "screen-table").is_displayed())
    record = service.table.record
    assert record.id == game_before + 1 and record.game == "free-roll"
    assert record.players == ["Ana", "Bruno"] and service.table.engine.options == {"significance": 0.05,
                                                                                  "emblem_face": 1}
    assert page_errors(browser) == []


def test_a_roll_read_from_the_simulated_table_appears_without_reload(table, browser, screenshots):
    service, url = table
    assert service.pipeline is not None and service.pipeline.reader is not None, \
        f"the camera pipeline reads no dice: {service.live.vision_error or 'no pipeline'}"
    open_page(browser, url, "#/table")
    browser.execute_script("window.__sameDocument = 'yes'")
    seen_before = len(entries(url))
    # The camera throws, the dice settle, the vision reads them, the referee records the roll...
    wait(browser, lambda d: len(entries(url)) > seen_before, timeout=40, message="no roll was read from the camera")
    roll = last_roll(url)
    assert roll["source"] == "simulated", "drawn dice are journaled as simulated, never as camera rolls"
    badge = browser.find_element(By.ID, "simulated-badge")
    wait(browser, lambda d: badge.is_displayed(), message="no SIMULATED badge over a simulated table")
    assert "SIMULATED" in badge.text

    def page_shows_the_camera_roll(driver):
        roll = last_roll(url)
        return chips(driver) == [(str(d["value"]), d["color"] or "") for d in roll["dice"]]

    wait(browser, page_shows_the_camera_roll, message="the roll did not appear on the page")
    assert browser.execute_script("return window.__sameDocument") == "yes"  # no reload happened
    assert int(browser.find_element(By.ID, "roll-count").text) >= 1
    # The snapshot is there with the read dice drawn on it.
    wait(browser, lambda d: "has-frame" in d.find_element(By.ID, "snapshot").get_attribute("class"))
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#snapshot-overlay g.die-box"))
    shot(browser, screenshots, "live-table")
    assert page_errors(browser) == []


def test_a_die_corrected_by_tap_is_reflected(table, browser, screenshots):
    service, url = table

    def camera_sees_the_last_roll(_=None):
        roll = last_roll(url)
        seen = [(d.value, d.color) for d in service.live.readings]
        return roll is not None and sorted(seen, key=str) == sorted(((d["value"], d["color"]) for d in roll["dice"]),
                                                                    key=str)

    # Stop the camera while the dice of the last roll lie still: nothing new is thrown while we correct.
    wait(None, camera_sees_the_last_roll, timeout=40, message="the camera never showed a settled roll")
    service.pipeline.stop()
    service.pipeline.join(timeout=10)
    open_page(browser, url, "#/table")
    roll = last_roll(url)
    assert roll is not None
    wait(browser, lambda d: d.find_element(By.ID, "last-roll").get_attribute("data-seq") == str(roll["seq"]))
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#snapshot-overlay g.die-box"))
    # a tap on the die in the picture, once it lies still in reach (the page around it may still be drawn)
    tap_die(browser, browser.find_elements(By.CSS_SELECTOR, "#snapshot-overlay g.die-box")[0])
    index = int(browser.find_element(By.ID, "die-title").text.split()[-1]) - 1
    current = roll["dice"][index]["value"]
    pressed = browser.find_element(By.CSS_SELECTOR, "#die-values button[aria-pressed=true]")
    assert pressed.get_attribute("data-value") == str(current)
    new_value = current % 6 + 1
    browser.find_element(By.CSS_SELECTOR, f"#die-values button[data-value='{new_value}']").click()
    browser.find_element(By.CSS_SELECTOR, "#die-colours button[data-colour='green']").click()
    shot(browser, screenshots, "correct-die")
    browser.find_element(By.ID, "die-save").click()

    def corrected(driver):
        shown = chips(driver)
        return len(shown) > index and shown[index] == (str(new_value), "green")

    wait(browser, corrected, message="the correction is not shown on the page")
    after = last_roll(url)
    assert after["seq"] == roll["seq"] and after["dice"][index]["value"] == new_value
    assert after["dice"][index]["color"] == "green"
    correction = entries(url)[-1]
    assert correction["event"]["type"] == "correct" and correction["source"] == "phone"
    for route, name in (("#/verdicts", "verdicts"), ("#/history", "history"), ("#/stats", "stats"),
                        ("#/settings", "settings")):
        browser.get(url + route)
        wait(browser, lambda d, name=name: d.find_element(By.ID, f"screen-{name}").is_displayed())
        shot(browser, screenshots, name)
    assert page_errors(browser) == []


def test_the_dice_shown_are_kept_under_a_finger_while_nothing_new_comes(table, browser):
    """A new picture comes a few times a second and the page re-renders on every history refresh; a die rebuilt
    then loses a tap in progress (the element touched is gone), so the dice on the picture are moved in place and
    the last roll's chips are rebuilt only for another roll or language."""
    service, url = table
    wait(None, lambda _: last_roll(url) is not None and service.live.readings, timeout=40,
         message="the camera never showed dice")
    service.pipeline.stop()  # the dice lie still; the pictures' readings are sent by hand below
    service.pipeline.join(timeout=10)
    open_page(browser, url, "#/table")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#snapshot-overlay g.die-box"), message="no die drawn")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#last-roll .die"), message="no die chip")
    browser.execute_script("document.querySelector('#snapshot-overlay g.die-box').kept = true;"
                           "document.querySelector('#last-roll .die').kept = true")
    kept_box = "const g = document.querySelector('#snapshot-overlay g.die-box'); return Boolean(g && g.kept)"
    kept_chip = "const c = document.querySelector('#last-roll .die'); return Boolean(c && c.kept)"
    x_before = float(browser.execute_script(
        "return document.querySelector('#snapshot-overlay g.die-box rect.outline').getAttribute('x')"))
    boxes = browser.execute_script("return document.querySelectorAll('#snapshot-overlay g.die-box').length")
    # the next pictures: the same dice, each box a pixel further (boxes move a little from frame to frame)
    for step in (1, 2):
        browser.execute_script(
            "const app = window.companion; const live = JSON.parse(JSON.stringify(app.live));"
            "live.dice.forEach(d => { if (d.box) d.box = d.box.map(v => v + 1); }); app.onEvent('live', live)")
        assert browser.execute_script(kept_box)
        x = float(browser.execute_script(
            "return document.querySelector('#snapshot-overlay g.die-box rect.outline').getAttribute('x')"))
        assert x == pytest.approx(x_before + step)  # moved where the die now is
    browser.execute_script("window.companion.render()")  # as a history refresh does
    assert browser.execute_script(kept_chip)
    # a die taken away: one box fewer, the others kept
    browser.execute_script("const app = window.companion; const live = JSON.parse(JSON.stringify(app.live));"
                           "live.dice = live.dice.slice(0, -1); app.onEvent('live', live)")
    assert browser.execute_script("return document.querySelectorAll('#snapshot-overlay g.die-box').length") == boxes - 1
    if boxes > 1:
        assert browser.execute_script(kept_box)
    browser.execute_script("window.companion.switchLanguage('fr')")
    try:
        assert not browser.execute_script(kept_chip)  # the chips name their colours in French now
    finally:
        browser.execute_script("window.companion.switchLanguage('en')")
    assert page_errors(browser) == []


def test_the_french_switch_translates_the_page_and_the_verdicts(table, browser, screenshots):
    service, url = table
    open_page(browser, url, "#/table")
    toggle = browser.find_element(By.ID, "lang-toggle")
    assert toggle.text == "Français"
    toggle.click()
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr")
    tabs = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#tabs a")]
    assert "Historique" in tabs[2] and "Réglages" in tabs[4]
    assert browser.find_element(By.ID, "show-roll").text == "Saisir un lancer"
    browser.get(url + "#/verdicts")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#verdict-list li.verdict"))
    first = browser.find_element(By.CSS_SELECTOR, "#verdict-list li.verdict .text").text
    assert first.startswith("Lancer "), first
    wait(browser, lambda d: not d.find_elements(By.CSS_SELECTOR, "#notices .notice"), timeout=12)  # earlier toasts
    shot(browser, screenshots, "verdicts-fr")
    browser.refresh()  # the choice is remembered
    wait(browser, lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr"
    browser.find_element(By.ID, "lang-toggle").click()
    wait(browser, lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "en")


def test_a_guest_without_the_pin_cannot_change_the_game(table, screenshots):
    service, url = table
    guest = new_browser("fr-FR")  # a new phone: no PIN entered, and French from its own language
    try:
        open_page(guest, url, "#/table")
        assert guest.find_element(By.TAG_NAME, "html").get_attribute("lang") == "fr"
        before = entries(url)
        undo = guest.find_element(By.ID, "table-undo")
        guest.execute_script("arguments[0].scrollIntoView({block: 'center'})", undo)
        undo.click()
        dialog = guest.find_element(By.ID, "pin-dialog")
        wait(guest, lambda d: dialog.is_displayed(), message="no PIN was asked for")
        guest.find_element(By.ID, "pin-input").send_keys("000000")
        guest.find_element(By.CSS_SELECTOR, "#pin-form button[type=submit]").click()
        wait(guest, lambda d: "Code erroné" in d.find_element(By.ID, "pin-message").text)
        shot(guest, screenshots, "pin-refused")
        guest.find_element(By.ID, "pin-cancel").click()
        # said beside the Undo button tapped (answer.js)
        wait(guest, lambda d: "code de la table" in d.find_element(By.ID, "tap-answer").text)
        assert entries(url) == before
        # The same refusal when the page is bypassed: the API itself wants the PIN.
        status = guest.execute_script("""
            const session = await (await fetch('/api/session')).json();
            const r = await fetch('/api/undo', {method: 'POST', headers: {'X-CSRF-Token': session.csrf_token}});
            return r.status;""")
        assert status == 401
        assert entries(url) == before
    finally:
        guest.quit()



# every sign-in the page sends from now on, counted (api.js login posts /api/login with fetch)
COUNT_LOGINS = """window.logins = 0; const send = window.fetch;
  window.fetch = (url, ...rest) => { if (String(url).includes('/api/login')) window.logins += 1;
    return send(url, ...rest); };"""


def test_unlock_tapped_with_no_pin_typed_sends_nothing_and_burns_no_try(table):
    """Unlock tapped on an empty field sends nothing, on the join screen and in the PIN dialog: both fields need a
    PIN first, so no tap spends one of the five tries (« Code erroné (4 essais restants) »)."""
    service, url = table
    if not any(e["in_force"] for e in entries(url)):  # something to undo: Undo asks a guest for the PIN
        service.table.submit({"type": "roll", "dice": [{"value": 3, "color": "red"}]})
    guest = new_browser("fr-FR")
    try:
        open_page(guest, url, "#/join")
        guest.execute_script("localStorage.clear()")
        open_page(guest, url, "#/join")
        guest.execute_script(COUNT_LOGINS)
        guest.find_element(By.CSS_SELECTOR, "#join-pin-form button[type=submit]").click()
        time.sleep(0.5)  # what a request sent would have answered by now (loopback)
        assert guest.execute_script("return window.logins") == 0
        assert guest.find_element(By.ID, "join-pin-message").text == ""
        assert guest.execute_script("return document.querySelector('#join-pin').validity.valueMissing")
        guest.find_element(By.ID, "join-button").click()  # watching: a change asks for the PIN in a dialog
        undo = wait(guest, lambda d: d.find_element(By.ID, "table-undo"))
        guest.execute_script("arguments[0].scrollIntoView({block: 'center'})", undo)
        guest.execute_script(COUNT_LOGINS)
        undo.click()
        wait(guest, lambda d: d.find_element(By.ID, "pin-dialog").is_displayed(), message="no PIN was asked for")
        guest.find_element(By.CSS_SELECTOR, "#pin-form button[type=submit]").click()
        time.sleep(0.5)
        assert guest.execute_script("return window.logins") == 0
        assert guest.find_element(By.ID, "pin-message").text == ""
        assert guest.find_element(By.ID, "pin-dialog").is_displayed()
        assert page_errors(guest) == []
    finally:
        guest.quit()

SAY_AGAIN = """
const done = arguments[arguments.length - 1];
Promise.all([import("/js/views/answer.js"), import("/js/i18n.js")]).then(([answer, i18n]) => {
  answer.begin();
  answer.show({ message: () => i18n.t("answer.accepted") });  // other words: the same ones are not said twice
  done();
});
"""


def test_what_the_page_said_before_a_switch_to_french_is_said_again_in_french(table, browser, screenshots):
    """A notice ("New game started") and the answer beside a tap, shown before a switch to French, are said again
    in French, not left as text made once in English. Last: it starts a game with no entry to undo."""
    service, url = table
    game_before = service.table.record.id
    open_page(browser, url, "#/game")
    wait(browser, lambda d: d.find_elements(By.ID, "game-free-roll"))
    for control in ("game-free-roll", "game-start"):
        element = browser.find_element(By.ID, control)
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        element.click()
    if browser.execute_script("return document.querySelector('#confirm-dialog').open"):
        browser.find_element(By.ID, "confirm-yes").click()
    wait(browser, lambda d: d.find_element(By.ID, "screen-table").is_displayed())
    assert service.table.record.id == game_before + 1
    wait(browser, lambda d: "New game started" in d.find_element(By.ID, "notices").text)  # it floats 5 s
    browser.execute_async_script(SAY_AGAIN)  # an answer beside the control tapped, as a change on this screen gets
    assert browser.find_element(By.ID, "tap-answer").text == "Done"
    said = set()

    def in_french(lang, scheme):
        said.add((browser.find_element(By.ID, "notices").text, browser.find_element(By.ID, "tap-answer").text))
        browser.save_screenshot(str(screenshots / f"new-game-notice-{lang}-{scheme}.png"))
    in_each_look(browser, in_french, languages=("fr",))
    assert said and all("Nouvelle partie commencée" in notices and "New game started" not in notices
                        and answer == "C’est fait" for notices, answer in said), said
    assert page_errors(browser) == []
