"""The phone's own screens (game, history, statistics, settings) as a player meets them over an evening on a
360 x 740 phone: a screen opened from another starts at its top, as does one whose own tab is tapped again; a new
PIN of the wrong form is said in words before anything is sent; the statistics' colour legend shows every colour in
either theme and a chart fits a phone turned sideways, as does the die dialog; the history marks only what was
undone and says which entry an undo took back; a table without a camera does not promise that corrections teach
it; « Enter a roll » brings its form into sight."""

from __future__ import annotations

import pytest

from boardhelpers import PIN, tap, wait
from browserhelpers import in_each_look, page_errors
from screens import WCAG_JS, drawn, language, open_tab

pytestmark = pytest.mark.browser


def open_screen(driver, screen):
    since = open_tab(driver, screen)
    drawn(driver, screen, since)


# the heading of the screen shown: where it lies under the top bar, and the page's scroll
HEADING_JS = """const head = document.querySelector('.screen:not([hidden]) h2').getBoundingClientRect();
  return [head.top - document.querySelector('.topbar').getBoundingClientRect().bottom, scrollY]"""


def test_a_screen_opened_from_another_starts_at_its_top(small_phone):
    """A screen opened from another starts at its top, whatever was scrolled before: "New game", low in the
    settings, opens the game screen at the games to choose from; a tab tapped low on a long screen likewise. A screen
    drawn again (a roll come in) stays where the player scrolled it."""
    service, url, phone = small_phone
    service.table.new_game("free-roll", {}, [])
    open_screen(phone, "game")  # its games read: drawn at once when opened again, as at a second visit
    open_screen(phone, "settings")
    tap(phone, "#screen-settings a[href='#/game']")  # scrolled to the middle of the screen, as a finger finds it
    wait(phone, lambda d: d.execute_script("return location.hash") == "#/game", message="the game screen never opened")
    drawn(phone, "game", phone.execute_script("return window.companion.visits") - 1)
    below_bar, scrolled = phone.execute_script(HEADING_JS)
    assert scrolled == 0 and below_bar >= 0, f"the game screen opened {scrolled} px down"
    assert phone.find_element("css selector", "#game-list input").is_displayed()

    phone.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")  # at "Start the game"
    assert phone.execute_script("return scrollY") > 200
    tap(phone, "#tabs a[data-tab='settings']")  # a screen longer than the game's: room to stay scrolled
    wait(phone, lambda d: d.execute_script("return document.body.dataset.screen") == "settings")
    assert phone.execute_script(HEADING_JS)[1] == 0

    # the same screen drawn again (a roll come in) stays where the player scrolled it
    open_screen(phone, "settings")
    phone.execute_script("window.scrollTo(0, 600)")
    before = phone.execute_script("return [scrollY, window.companion.draws]")
    service.table.submit({"type": "roll", "dice": [{"value": 3, "color": "red"}]})
    wait(phone, lambda d: d.execute_script("return window.companion.draws") > before[1],
         message="the settings were not drawn again for the roll")
    assert phone.execute_script("return scrollY") == before[0] == 600
    assert page_errors(phone) == []


# what the phone sends to change the PIN, counted: a refusal said before sending must send nothing
COUNT_PIN_POSTS_JS = """if (!window.pinPosts) { window.pinPosts = 0; const real = window.fetch;
  window.fetch = (path, options) => { if (String(path).endsWith('/api/pin')) window.pinPosts += 1;
    return real(path, options); }; }"""
SAID = {"en": {"missing": "Type the current PIN first: the PIN is unchanged.",
               "form": "The new PIN must be 4 to 12 digits, nothing else: the PIN is unchanged."},
        "fr": {"missing": "Saisissez d’abord le code actuel\u00a0: le code n’a pas changé.",
               "form": "Le nouveau code doit compter de 4 à 12 chiffres, rien d’autre\u00a0: le code n’a pas changé."}}


def change_pin(phone, current, new):
    """Type both PINs and tap "Change the table PIN"; what the form then says, once it says something new."""
    message = phone.find_element("id", "pin-change-message")
    phone.execute_script("arguments[0].textContent = ''", message)
    for field, value in (("pin-current", current), ("pin-new", new)):
        phone.find_element("id", field).clear()
        if value:
            phone.find_element("id", field).send_keys(value)
    tap(phone, "#pin-change-form button[type=submit]")
    return wait(phone, lambda d: d.execute_script("return arguments[0].textContent", message),
                message="the form said nothing")  # as written: WebDriver's .text makes a no-break space a space


def test_a_new_pin_of_the_wrong_form_is_said_in_words_and_not_sent(small_phone):
    """A new PIN of the wrong form is said in the form's words and never sent (the server would refuse it in its
    schema's words), and an empty current PIN spends none of the few tries; what the form says is said again after a
    switch of language."""
    service, url, phone = small_phone
    open_screen(phone, "settings")
    phone.execute_script(COUNT_PIN_POSTS_JS)
    try:
        for lang in ("en", "fr"):
            language(phone, lang)
            assert change_pin(phone, "", "123456") == SAID[lang]["missing"]
            assert phone.execute_script("return document.activeElement.id") == "pin-current"
            for new in ("12", "12ab56", "12 345"):
                assert change_pin(phone, PIN, new) == SAID[lang]["form"], new
                assert phone.execute_script("return document.activeElement.id") == "pin-new"
        assert phone.execute_script("return window.pinPosts") == 0
        language(phone, "en")
        # said again in the language switched to, not left in the one it was said in
        assert phone.execute_script("return document.querySelector('#pin-change-message').textContent") \
            == SAID["en"]["form"]
        # a PIN of the right form is sent, and the companion's answer said: the count above counts
        assert change_pin(phone, "000000", "1234").startswith("Wrong PIN")
        assert phone.execute_script("return window.pinPosts") == 1
    finally:
        language(phone, "en")
    assert page_errors(phone) == []


# each colour's swatch in the legend: the better of its fill's and its edge's contrast with what lies behind it
SWATCH_JS = WCAG_JS + r"""
const behind = (el) => { for (let e = el.parentElement; e; e = e.parentElement) {
  const c = parse(getComputedStyle(e).backgroundColor); if (c && c[3] > 0.5) return c; } return [255, 255, 255, 1]; };
return [...document.querySelectorAll('#stats .legend li')].map((li) => {
  const swatch = li.querySelector('.swatch'); const s = getComputedStyle(swatch); const bg = behind(swatch);
  const edge = parseFloat(s.borderTopWidth) >= 1 ? ratio(parse(s.borderTopColor), bg) : 1;
  return [li.innerText.trim(), Math.max(ratio(parse(s.backgroundColor), bg), edge)]; });"""


def test_every_colour_of_the_legend_stands_out_in_light_and_dark(small_phone):
    """Every swatch of the faces' legend stands out from the page (3:1) in either theme: black on the dark page and
    white on the light one need their edge."""
    service, url, phone = small_phone
    service.table.new_game("free-roll", {}, [])
    service.table.submit({"type": "roll", "dice": [{"value": v, "color": c} for v, c in
                                                   ((1, "white"), (2, "black"), (3, "yellow"), (4, "blue"))]})
    open_screen(phone, "stats")
    wait(phone, lambda d: len(d.execute_script(SWATCH_JS)) == 4, message="the legend does not list the four colours")
    faint = []

    def look(lang, scheme):
        faint.extend((scheme, colour, round(r, 2)) for colour, r in phone.execute_script(SWATCH_JS) if r < 3)
    in_each_look(phone, look, languages=("en",))
    assert faint == [], f"swatches under 3:1 against the page: {faint}"


# each chart's height and the room under the top bar, on the screen as it is
CHART_ROOM_JS = """const room = innerHeight - document.querySelector('.topbar').getBoundingClientRect().bottom;
  return [...document.querySelectorAll('#stats svg.chart')].map((c) => [c.getBoundingClientRect().height, room,
    Math.min(...[...c.querySelectorAll('text')].map((el) => parseFloat(getComputedStyle(el).fontSize)
      * el.getScreenCTM().a))]);"""


def test_each_chart_is_seen_whole_on_a_phone_turned_sideways(small_phone):
    """Held sideways (740 x 360) each chart fits in the room under the top bar, so its bars and its numbers are in
    sight together, the numbers still readable (12 px)."""
    service, url, phone = small_phone
    service.table.new_game("free-roll", {}, [])
    for values in ([4, 6, 1], [2, 2, 5]):
        service.table.submit({"type": "roll", "dice": [{"value": v, "color": "red"} for v in values]})
    frame = phone.execute_script("return outerHeight - innerHeight")
    phone.set_window_size(740, 360 + frame)
    try:
        open_screen(phone, "stats")
        charts = wait(phone, lambda d: d.execute_script(CHART_ROOM_JS), message="no chart drawn")
        assert len(charts) == 2  # faces per colour, totals
        assert [(round(high), round(room)) for high, room, _ in charts if high > room] == []
        assert min(size for *_, size in charts) >= 12  # the numbers still readable, the chart drawn smaller
    finally:
        phone.set_window_size(360, 740 + frame)


# each line of the history: its words, and the mark beside them (null: none)
HISTORY_ROWS_JS = """return [...document.querySelectorAll('#history-list > li.entry')].map((li) => {
  const head = li.querySelector('.head').cloneNode(true), mark = head.querySelector('.status');
  if (mark) mark.remove();
  return [head.textContent.replace(/\\s+/g, ' ').trim(), mark && mark.textContent]; })"""


def test_the_history_marks_only_what_was_undone_and_says_which_entry_an_undo_took_back(small_phone):
    """Only an undone entry carries a mark, so it stands out among those in force, and an undo's own line says which
    entry it took back, not « undo » (« annulation ») alone."""
    service, url, phone = small_phone
    service.table.new_game("free-roll", {}, [])
    for values in ([4, 6], [2, 5]):
        service.table.submit({"type": "roll", "dice": [{"value": v, "color": "red"} for v in values]})
    service.table.undo()
    open_screen(phone, "history")
    rows = {}
    try:
        for lang in ("en", "fr"):
            language(phone, lang)
            rows[lang] = wait(phone, lambda d: (lambda r: r if len(r) == 3 else None)(d.execute_script(
                HISTORY_ROWS_JS)), message="the history does not show the two rolls and the undo")
    finally:
        language(phone, "en")
    assert rows == {"en": [["3. Entry 2 undone", None], ["2. Roll 2, 5", "undone"], ["1. Roll 4, 6", None]],
                    "fr": [["3. Entrée 2 annulée", None], ["2. Lancer 2, 5", "annulé"], ["1. Lancer 4, 6", None]]}, rows


PROFILE_COUNT_JS = "return document.querySelector('#profile-count').textContent"


def test_a_table_without_a_camera_does_not_promise_that_corrections_teach_it(small_phone):
    """With no camera the settings do not say « each die you correct teaches the camera this table's dice »: dice
    entered by hand teach nothing. A camera at the table keeps that promise."""
    from companion.live import CameraStatus

    service, url, phone = small_phone
    service.profile.store.reset()
    said = {}
    try:
        for camera in ("none", "Pi camera"):
            service.live.camera = CameraStatus(True, "", "" if camera == "none" else camera)
            service.bus.publish("camera", service.live.camera.to_json())
            wait(phone, lambda d: d.execute_script("return window.companion.live.camera.source") == service.live
                 .camera.source, message="the phone never heard of the camera")
            for lang in ("en", "fr"):
                open_screen(phone, "settings")
                language(phone, lang)
                said[(camera, lang)] = wait(phone, lambda d: d.execute_script(PROFILE_COUNT_JS),
                                            message="the profile's count never said")
    finally:
        service.live.camera = CameraStatus()
        service.bus.publish("camera", service.live.camera.to_json())
        language(phone, "en")
    assert said == {
        ("none", "en"): "Nothing learnt yet: this table has no camera, and dice entered by hand teach nothing. Once a "
                        "camera reads the dice, each die you correct teaches it this table's dice.",
        ("none", "fr"): "Rien d’appris pour l’instant\u00a0: cette table n’a pas de caméra, et les dés saisis à la main "
                        "n’apprennent rien. Dès qu’une caméra lit les dés, chaque dé que vous corrigez lui apprend "
                        "ceux de cette table.",
        ("Pi camera", "en"): "Nothing learnt yet: each die you correct teaches the camera this table's dice.",
        ("Pi camera", "fr"): "Rien d’appris pour l’instant\u00a0: chaque dé que vous corrigez apprend à la caméra les "
                             "dés de cette table."}, said


# the die dialog's controls a player cannot see without scrolling inside it (or at all): [[id or words, top, bottom]]
DIALOG_HIDDEN_JS = """const dialog = document.querySelector('#die-dialog'), box = dialog.getBoundingClientRect();
  return [...dialog.querySelectorAll('button')].filter((b) => b.getClientRects().length).map((b) => {
    const r = b.getBoundingClientRect(), hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return [b.id || b.textContent.trim(), Math.round(r.top), Math.round(r.bottom), r.top >= box.top - 1
      && r.bottom <= box.bottom + 1 && r.bottom <= innerHeight && !!hit && (hit === b || b.contains(hit))]; })
    .filter((b) => !b[3]).map((b) => b.slice(0, 3));"""


def test_the_die_dialog_shows_every_face_colour_and_save_on_a_phone_turned_sideways(small_phone):
    """Held sideways (740 x 360) the die dialog needs no scrolling inside: its faces stand beside its colours, every
    control (the colours' last rows, Save) in sight and answering a tap where it is drawn."""
    service, url, phone = small_phone
    service.table.new_game("free-roll", {}, [])
    service.table.submit({"type": "roll", "dice": [{"value": 3, "color": "red"}, {"value": 5, "color": "blue"}]})
    frame = phone.execute_script("return outerHeight - innerHeight")
    phone.set_window_size(740, 360 + frame)
    hidden = {}
    try:
        for lang in ("en", "fr"):
            open_screen(phone, "table")
            language(phone, lang)
            tap(phone, "#last-roll .die")
            wait(phone, lambda d: d.execute_script("return document.querySelector('#die-dialog').open"),
                 message="the die dialog did not open")
            hidden[lang] = phone.execute_script(DIALOG_HIDDEN_JS)
            phone.find_element("id", "die-cancel").click()
    finally:
        phone.execute_script("const d = document.querySelector('#die-dialog'); if (d.open) d.close()")
        language(phone, "en")
        phone.set_window_size(360, 740 + frame)
    assert hidden == {"en": [], "fr": []}, hidden


def test_enter_a_roll_brings_its_form_into_sight(small_phone):
    """« Enter a roll », in the bar at the foot of the screen, brings its form into sight, « Submit the roll » above
    the bar: on a 360 x 740 phone the form lies below a camera's picture or the no-camera caption, and a tap that
    showed nothing would seem to do nothing."""
    from boardhelpers import REACHABLE_JS

    service, url, phone = small_phone
    service.table.new_game("free-roll", {}, ["Ann", "Bob", "Cy"])
    service.table.submit({"type": "roll", "dice": [{"value": 3, "color": "red"}, {"value": 5, "color": "blue"}]})
    open_screen(phone, "table")
    phone.execute_script("document.querySelector('#roll-form').hidden = true; window.scrollTo(0, 0)")
    phone.find_element("id", "show-roll").click()  # in the fixed bar: tapped where it is, nothing scrolled first
    wait(phone, lambda d: d.find_element("id", "roll-form").is_displayed(), message="the form did not open")
    reach = {css: phone.execute_script(REACHABLE_JS, css) for css in ("#roll-dice .roll-value", "#roll-submit")}
    phone.find_element("id", "show-roll").click()  # and shut again
    assert reach == {"#roll-dice .roll-value": True, "#roll-submit": True}, reach


def test_the_tab_of_the_screen_shown_tapped_again_goes_back_to_its_top(small_phone):
    """Low on a long screen (the settings, an evening's history), its own tab tapped again goes back to its top."""
    service, url, phone = small_phone
    open_screen(phone, "settings")
    phone.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert phone.execute_script("return scrollY") > 200
    phone.find_element("css selector", "#tabs a[data-tab='settings']").click()
    wait(phone, lambda d: d.execute_script("return scrollY") == 0, timeout=5,
         message="the settings stayed scrolled down when their tab was tapped")
    assert phone.execute_script("return document.body.dataset.screen") == "settings"
