"""Helpers for the board-game browser tests: a table without a camera, taps, and reading the page back."""

from __future__ import annotations

import json
import time
import urllib.request

from selenium.common.exceptions import (ElementClickInterceptedException, ElementNotInteractableException,
                                        StaleElementReferenceException, TimeoutException)
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.support.ui import WebDriverWait

# what a control found in the middle of a redraw (every live event redraws the board) can answer for a moment
REDRAWN = (StaleElementReferenceException, ElementNotInteractableException, ElementClickInterceptedException)
PIN = "271828"
SMALL = 44  # the smallest control a finger hits reliably, in CSS pixels
# whether a control's middle is on screen and the control itself answers a tap there (not the tab bar, not the Undo
# bar fixed over the bottom of the page)
REACHABLE_JS = """
const el = document.querySelector(arguments[0]); if (!el) return null;
const r = el.getBoundingClientRect(); const x = r.left + r.width / 2; const y = r.top + r.height / 2;
if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return false;
const hit = document.elementFromPoint(x, y); return !!hit && (hit === el || el.contains(hit));
"""


# At each click, before the page's own handlers: the answer shown then (the tap's own answer is a new one) and what the
# click landed on (said when no answer comes). One listener a page: a route changed within it keeps it.
WATCH_TAPS_JS = """if (!window.tappedOn) document.addEventListener('click', (event) => {
  window.answerBefore = document.querySelector('#tap-answer').firstElementChild;
  window.tappedOn = (event.target.closest('[data-column], [data-x], [data-card], [data-tile], [data-cell], [id]')
    || event.target).outerHTML.slice(0, 160); }, true); window.tappedOn = window.tappedOn || 'nothing';"""
# the words of the answer beside the finger drawn since the last click; null while there is none
NEW_ANSWER_JS = """const box = document.querySelector('#tap-answer');
  return box && !('empty' in box.dataset) && box.firstElementChild !== window.answerBefore ? box.innerText : null"""


def wait(driver, condition, timeout=20, message=""):
    return WebDriverWait(driver, timeout, poll_frequency=0.1,
                         ignored_exceptions=REDRAWN).until(condition, message)


def watch_taps(driver):
    """From now on, what each click on the page landed on and the answer shown before it are noted (answer_to_tap)."""
    driver.execute_script(WATCH_TAPS_JS)


def answer_to_tap(driver, timeout=30):
    """The words of the answer the last tap brought beside the finger (watch_taps first), once drawn; an answer
    already shown before that tap does not count. A refusal stays 20 s, a loaded machine answers in seconds."""
    try:
        return wait(driver, lambda d: d.execute_script(NEW_ANSWER_JS), timeout)
    except TimeoutException:
        raise AssertionError(f"the tap got no answer in {timeout} s; the last click landed on "
                             f"{driver.execute_script('return window.tappedOn')}") from None


def after_pending(driver):
    """Return once what the page has set off already (promises, 0 ms timers: a redraw for an event just handled) has
    run; a check that nothing changed then holds on a machine of any speed."""
    driver.execute_async_script("setTimeout(arguments[0], 0)")


def api(url, path):
    with urllib.request.urlopen(url + path.lstrip("/"), timeout=30) as response:  # a loaded machine answers slowly
        return json.loads(response.read())


def state(url):
    return api(url, "api/state")["state"]


def open_page(driver, url, route=""):
    driver.get(url + route)
    wait(driver, lambda d: d.execute_script("return document.body.dataset.ready") == "1", message="page never ready")
    wait(driver, lambda d: caught_up(d, url), message="the page never showed the table's game and entries")
    wait(driver, lambda d: d.execute_script(BOARD_DRAWN_JS), message="the table's board was never drawn")


# whether the screen shown is not the table, or the table's board is drawn for the state the page holds: a game's
# board view is a module loaded when first needed (games/index.js), and a loaded machine drew its 2400 px tall board
# above the camera's picture after a die on it was aimed at (the tap landed on the board)
BOARD_DRAWN_JS = """const app = window.companion, board = document.querySelector('#board'), drawn = document.body.dataset.board;
return app.screen !== 'table' || (drawn === '' ? board.hidden
  : drawn === app.state.game && board.dataset.entries === String(app.state.entries))"""


def caught_up(driver, url):
    """Whether the page shows the game the table plays, with all its entries. A route changed within the same page
    keeps what it showed until the live stream catches up; a tap meanwhile can land on a row that then moves."""
    server = api(url, "api/history?limit=1")  # the page reads the history by pages: its newest entry is the server's
    shown = driver.execute_script("const app = window.companion; return app.state && app.history.game ? [app.state"
                                  ".game_id, app.history.game.id, (app.history.entries.at(-1) || {seq: null}).seq]"
                                  " : null")
    newest = server["entries"][-1]["seq"] if server["entries"] else None
    return shown == [server["game"]["id"], server["game"]["id"], newest]


def unlock(driver, url):
    open_page(driver, url, "#/settings")
    driver.execute_async_script("const done = arguments[1]; "
                                "window.companion.api.login(arguments[0]).then(() => done(1))", PIN)
    driver.execute_script("localStorage.setItem('companion.joined', '1')")


def tap(driver, css, timeout=10):
    """Scroll a control to the middle of the screen (clear of the tab bar) and tap it."""
    def ready(d):
        found = d.find_elements("css selector", css)
        return found[0] if found and found[0].is_displayed() else False
    for attempt in range(5):  # the page redraws on every live event: a control found mid-redraw is found again
        element = wait(driver, ready, timeout, f"nothing to tap at {css}")
        try:
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
            element.click()
            return element
        except REDRAWN:
            time.sleep(0.1)
    raise AssertionError(f"{css} kept being redrawn")


# the element scrolled to the middle of the screen, and where it then lies: [left, top, width, height, scrollY]
CENTRED_JS = """arguments[0].scrollIntoView({block: 'center'}); const r = arguments[0].getBoundingClientRect();
return [r.left, r.top, r.width, r.height, scrollY]"""


def still_in_view(driver, element, timeout=20):
    """Scroll ``element`` to the middle of the screen until it lies in the same place at two looks in a row, so a
    pointer's tap aimed at it lands on it: the page around it may still be drawn (a board view is a module loaded
    when first needed; a redraw above it moves it). A redrawn element raises StaleElementReferenceException."""
    end = time.monotonic() + timeout
    last = None
    while True:
        now = driver.execute_script(CENTRED_JS, element)
        if now == last and now[2] > 0:
            return element
        if time.monotonic() > end:
            raise AssertionError(f"the element never stayed put in view: {last} then {now}")
        last = now
        time.sleep(0.1)


def tap_die(driver, box):
    """Tap a die drawn on the camera's picture (an SVG ``g.die-box``: a pointer tap, as a finger does) once it is in
    reach; the die dialog it opens. The dice are drawn before the picture has loaded (hidden till then), and the
    page around them may still move: the tap waits until the die is shown, answers a tap at its middle, and stays
    put between two looks."""
    outline = box.find_element("css selector", "rect.outline")
    looks = [None]

    def in_reach(d):  # and where it was at the last look: the page around it drawn
        d.execute_script("arguments[0].scrollIntoView({block: 'center'})", outline)
        looks.append(d.execute_script(DIE_IN_REACH_JS, box, outline))
        return looks[-1] and looks[-1] == looks[-2]
    wait(driver, in_reach, message="the die on the picture never came into reach: picture not shown, or covered")
    watch_taps(driver)
    ActionChains(driver).move_to_element(outline).click().perform()
    dialog = driver.find_element("id", "die-dialog")
    try:
        wait(driver, lambda d: dialog.is_displayed())
    except TimeoutException:
        raise AssertionError("tapping the die opened no dialog; the click landed on "
                             f"{driver.execute_script('return window.tappedOn')}") from None
    return dialog


# where a die drawn on the picture is, if shown (its overlay is hidden until the picture has loaded), the middle of its
# outline on screen, and the die itself answers a tap there (not the tab bar, not the Undo bar); else false
DIE_IN_REACH_JS = """const [box, outline] = arguments; const r = outline.getBoundingClientRect();
const x = r.left + r.width / 2; const y = r.top + r.height / 2;
if (!r.width || y < 0 || y > innerHeight || x < 0 || x > innerWidth) return false;
const hit = document.elementFromPoint(x, y); return !!hit && box.contains(hit) && [x, y, scrollY];"""


def settled(driver, url):
    """Wait until the board drawn is the one for the table's latest entry and the server's count is unchanged a
    moment later; return that state. The count is read again on each look: a tap's change may still be on its way
    when this starts (the board then skips from the count before it to the one after)."""
    def caught_up(d):
        now = state(url)
        if d.execute_script("return document.querySelector('#board').dataset.entries") != str(now["entries"]):
            return False
        time.sleep(0.15)
        later = state(url)
        return later if later["entries"] == now["entries"] else False
    # 40 s: a loaded CI machine once kept a board 20 s behind; an update lost for good still fails here
    try:
        return wait(driver, caught_up, timeout=40)
    except TimeoutException:
        seen = driver.execute_script("return [document.querySelector('#board').dataset.entries, "
                                     "window.companion.state && window.companion.state.entries, "
                                     "document.querySelector('#conn').dataset.state]")
        console = [e["message"] for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")][-5:]
        raise AssertionError(f"the board never caught up with the table: it shows entry count {seen[0]}, the page "
                             f"holds {seen[1]}, live stream {seen[2]}; server at {state(url)['entries']}; "
                             f"console: {console}") from None


def shown(driver, script, *args):
    return driver.execute_script(script, *args)


def tap_until(driver, css, then_css, tries=4, timeout=8):
    """Tap ``css`` until ``then_css`` shows: a tap that lands on a control in the middle of a redraw (a live
    event arriving) is lost with the old control, so the effect is what is waited for, not the click."""
    for _ in range(tries):
        tap(driver, css)
        try:
            return wait(driver, lambda d: d.find_elements("css selector", then_css), timeout)
        except TimeoutException:
            if not driver.find_elements("css selector", css):
                break  # the control went away: its effect came some other way, or never will
    return wait(driver, lambda d: d.find_elements("css selector", then_css), timeout,
                f"{then_css} never showed after tapping {css}")


def pad(driver, pad_id, values):
    for value in values:
        tap(driver, f'#{pad_id} .pad-keys [data-key="{value}"]')
    tap(driver, f"#{pad_id} .pad-done")


def small_controls(driver):
    """Every visible control smaller than 44x44 CSS pixels: [(description, width, height)]."""
    return driver.execute_script("""
      const sel = 'button, a[href], input:not([type=hidden]), select, textarea, summary, .nk-board .tile, '
        + '.nk-board .keeper, .nk-board .cell, .tess-tower .column, .die-box';
      return [...document.querySelectorAll(sel)].filter(el => {
        if (el.closest('[hidden]') || el.closest('details:not([open]) > :not(summary)')) return false;
        const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
      }).map(el => { const r = el.getBoundingClientRect();
        return [el.tagName + '#' + el.id + '.' + (el.getAttribute('class') || '') + ' '
                + (el.textContent || '').trim().slice(0, 30), r.width, r.height]; })
        .filter(([, w, h]) => w < arguments[0] - 0.5 || h < arguments[0] - 0.5);
    """, SMALL)


def screenshot(driver, directory, name, width=390):
    """A full-page picture ``width`` wide (the window grows to the page's height), back to the phone's size after.
    The window is the page plus the browser's own frame (143 px in headless Chromium): grown by both."""
    height, frame = driver.execute_script("return [document.documentElement.scrollHeight, outerHeight - innerHeight]")
    driver.set_window_size(width, min(max(height + frame, 844), 5000))
    time.sleep(0.2)
    driver.save_screenshot(str(directory / f"{name}.png"))
    driver.set_window_size(390, 844)


def new_game(driver, url, game, names, ticks=()):
    """Start a game on the phone's game screen: the players' names typed, ``ticks`` options ticked, a running game
    replaced after the confirmation; back on the table."""
    open_page(driver, url, "#/game")
    tap(driver, f"#game-{game}")
    rows = driver.find_elements("css selector", ".player-name")
    while len(rows) < len(names):
        tap(driver, "#add-player")
        rows = driver.find_elements("css selector", ".player-name")
    for row, name in zip(rows, names):
        row.clear()
        row.send_keys(name)
    for option in ticks:
        tap(driver, f"#option-{option}")
    tap(driver, "#game-start")
    if driver.execute_script("return document.querySelector('#confirm-dialog').open"):
        tap(driver, "#confirm-yes")
    wait(driver, lambda d: d.execute_script("return location.hash") == "#/table", message="the table never opened")
