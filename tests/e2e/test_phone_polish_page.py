"""Phone polish seen on the screenshots (issue 53): a Nexus Keepers card control that shows its whole name at
360 px, a Hexors instruction said once, and French that never leaves a "?" or ":" alone at the start of a line."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.action_chains import ActionChains

from boardhelpers import open_page, still_in_view, tap, wait
from browserhelpers import page_errors
from screens import language, show, start

pytestmark = pytest.mark.browser

# The width of each Keeper card control's shown text, in its own font, against the room inside the control (its
# width less padding and the arrow): [[text, needed, room]].
CARD_FITS_JS = """const canvas = document.createElement('canvas').getContext('2d');
  return [...document.querySelectorAll('select.nk-card')].map((s) => {
    const st = getComputedStyle(s); canvas.font = st.font;
    const text = s.options[s.selectedIndex].text;
    const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 20;
    return [text, canvas.measureText(text).width, room]; });"""
# Visible instructions on the board (the phase line and the hints), in order.
INSTRUCTIONS_JS = """return [...document.querySelectorAll('#board .phase, #board .hint')]
  .filter((e) => e.checkVisibility() && e.textContent.trim()).map((e) => e.textContent.trim());"""
# Every text on the screen shown with a breakable space before ? ! : ; or », or after «.
BREAKABLE_JS = """const screen = document.querySelector('.screen:not([hidden])');
  const walker = document.createTreeWalker(screen, NodeFilter.SHOW_TEXT); const bad = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (/ [?!:;»]|« /.test(n.textContent)) bad.push(n.textContent); }
  return bad;"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_keeper_card_controls_show_the_whole_card_name_at_360_px(narrow_table, phone, lang):
    """Each card control shows its card's whole name (not "Ember Warden (example c"): the note "Example cards" is
    the list's heading, in the page's language."""
    service, url = narrow_table
    start(service, "nexus-keepers", 0)
    show(phone, url)
    language(phone, lang)
    wait(phone, lambda d: d.find_elements("css selector", "select.nk-card"), message="no card control")
    fits = phone.execute_script(CARD_FITS_JS)
    assert fits and [text for text, needed, room in fits if needed > room] == []
    group = phone.execute_script("return document.querySelector('select.nk-card optgroup').label")
    assert group == {"en": "Example cards", "fr": "Cartes d’exemple"}[lang]
    assert not page_errors(phone)


def test_hexors_says_tap_a_tile_once_then_where_it_may_go(narrow_table, phone):
    """"Tap one of Yugi's tiles, then a ringed cell" is said once (the phase line and the hint never say the same
    words), then a tile picked says to tap a ringed cell to move."""
    service, url = narrow_table
    start(service, "hexors", 1)
    show(phone, url)
    language(phone, "en")
    said = phone.execute_script(INSTRUCTIONS_JS)
    assert said.count("Tap one of Yugi's tiles, then a ringed cell") == 1, said
    assert len(said) == len(set(said)), said
    tap(phone, "#board [data-tile='kuriboh']")
    wait(phone, lambda d: d.find_elements("id", "hex-move-hint"), message="no hint once a tile is picked")
    assert phone.find_element("id", "hex-move-hint").text.startswith("Tap a ringed cell to move")


def test_french_page_never_breaks_before_its_question_marks_and_colons(narrow_table, phone):
    """French spaces before ? ! : ; and inside « » are no-break ones, in the page's words and in the referee's (the
    verdicts), so « Monstres : à qui est chacun ? » never wraps with its "?" alone on a line."""
    service, url = narrow_table
    start(service, "hexors", 0)
    show(phone, url)
    language(phone, "fr")
    heading = phone.execute_script("return [...document.querySelectorAll('#board h3')].map((e) => e.textContent)")
    assert "Monstres\u00a0: à qui est chacun\u00a0?" in heading
    assert phone.execute_script(BREAKABLE_JS) == []
    start(service, "hexors", 3)
    show(phone, url)
    phone.execute_script("location.hash = '#/verdicts'; window.companion.route()")
    wait(phone, lambda d: d.find_elements("css selector", "#verdict-list > li"), message="no verdicts")
    assert phone.execute_script(BREAKABLE_JS) == []
    said = phone.execute_async_script("""const done = arguments[arguments.length - 1];
      import("/js/i18n.js").then((i18n) => done(["en", "fr"].map((lang) => { i18n.setLanguage(lang);
        return i18n.t("hex.monsters"); })));""")
    assert said == ["Monsters: whose is each?", "Monstres\u00a0: à qui est chacun\u00a0?"]  # English keeps its spaces


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_nexus_with_the_top_card_known_does_not_ask_to_tap_it_below(narrow_table, phone, lang):
    """With the top card known there is no card picker, and the phase line says to play the card drawn on the board
    (not to tap it below), each instruction once, in each language."""
    service, url = narrow_table
    start(service, "nexus", 1)
    show(phone, url)
    language(phone, lang)
    assert not phone.find_elements("id", "nx-drawn")  # no picker: the example deck's top card is known
    phase = phone.find_element("id", "board-phase").text
    assert phase == {"en": "Play the card drawn: tap a ringed square next to the cards, then how it lies",
                     "fr": "Jouez la carte piochée : touchez une case entourée près des cartes, puis son sens"}[lang]
    said = phone.execute_script(INSTRUCTIONS_JS)
    assert len(said) == len(set(said)), said
    assert not page_errors(phone)


# Every button of the open die dialog that lies outside the dialog's inside (its padding box less padding) or is
# under 44 px: [[text, left, right, width, height, inner left, inner right]].
DIALOG_FITS_JS = """const dialog = document.querySelector('#die-dialog'); const r = dialog.getBoundingClientRect();
  const st = getComputedStyle(dialog);
  const inner = [r.left + parseFloat(st.paddingLeft) - 0.5, r.right - parseFloat(st.paddingRight) + 0.5];
  return [...dialog.querySelectorAll('button')].filter((b) => b.checkVisibility()).map((b) => {
    const q = b.getBoundingClientRect(); return [b.textContent, q.left, q.right, q.width, q.height, ...inner]; })
    .filter(([, left, right, width, height, lo, hi]) => left < lo || right > hi || width < 43.5 || height < 43.5);"""


def test_the_die_dialog_fits_a_360_px_phone(narrow_table, phone):
    """The dialog correcting a die fits a 360 px phone: each of its buttons (faces, colours) lies within its inside
    and is 44 px at least, not narrowed by the browser's own margins."""
    service, url = narrow_table
    service.table.new_game("free-roll", {}, [])
    service.table.submit({"type": "roll", "dice": [{"value": 3, "color": "yellow"}]}, source="phone")
    open_page(phone, url, "#/table")
    tap(phone, "#last-roll .die")
    wait(phone, lambda d: d.find_element("id", "die-dialog").is_displayed(), message="no die dialog")
    assert phone.execute_script(DIALOG_FITS_JS) == []
    tap(phone, "#die-cancel")
    assert not page_errors(phone)


# Each Nexus Keepers start tile's owner written on the board whose box a keeper's token overlaps: [[text, keeper]].
START_UNDER_KEEPER_JS = """const boxes = [...document.querySelectorAll('.nk-board .keeper circle')]
    .map((c) => [c.closest('.keeper').dataset.keeper, c.getBoundingClientRect()]);
  return [...document.querySelectorAll('.nk-board text.start')].flatMap((s) => { const r = s.getBoundingClientRect();
    return boxes.filter(([, k]) => k.left < r.right && r.left < k.right && k.top < r.bottom && r.top < k.bottom)
      .map(([id]) => [s.textContent, id]); });"""


def test_no_start_tile_owner_is_written_under_a_keeper(narrow_table, phone):
    """No start tile's owner is written where a keeper's token lies over it, so no stray letter peeks out from
    under a keeper on its start tile."""
    service, url = narrow_table
    start(service, "nexus-keepers", 1)
    show(phone, url)
    assert phone.find_elements("css selector", ".nk-board .keeper")
    assert phone.execute_script(START_UNDER_KEEPER_JS) == []


def test_the_paper_sizes_are_said_in_french_on_a_french_page(narrow_table, phone):
    """The French page's paper sizes are in French: « A4 », « A3 », « Lettre US », not "Letter"."""
    service, url = narrow_table
    open_page(phone, url, "#/settings")
    language(phone, "fr")
    try:
        papers = [o.text for o in phone.find_elements("css selector", "#sheets-paper option")]
        assert papers == ["A4", "A3", "Lettre US"]
    finally:
        language(phone, "en")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_breach_track_stays_on_one_line_at_360_px(narrow_table, phone, lang):
    """Tesseract's breach track, its 8 steps, lies on one line in each language (not broken after 5, the last
    steps on a line of their own)."""
    service, url = narrow_table
    start(service, "tesseract", 1)
    show(phone, url)
    language(phone, lang)
    tops = phone.execute_script("return [...document.querySelectorAll('#tess-breaches .step')]"
                                ".map((s) => Math.round(s.getBoundingClientRect().top))")
    assert len(tops) == 8 and len(set(tops)) == 1, tops
    language(phone, "en")


def test_a_refused_pieces_reason_does_not_cover_its_name(narrow_table, phone):
    """A Tesseract column the rules refuse: its reason does not lie on its name shown above it ("b2: blue 6, 4
    levels"), where each would hide half of the other."""
    service, url = narrow_table
    start(service, "tesseract", 1)
    show(phone, url)
    blocked = next(c for c in service.table.engine.state.tesseract.columns
                   if not service.table.engine.state.tesseract.is_removable(c) and c[1] in "23")  # not an edge row
    column = phone.find_element("css selector", f".tess-tower .column[data-column='{blocked}']")
    still_in_view(phone, column)  # the page around it drawn: it stays where it is scrolled to
    phone.execute_script("arguments[0].scrollIntoView({block: 'end'})", column)  # low on the screen: reason above it
    ActionChains(phone).move_to_element(column).click().perform()
    boxes = wait(phone, lambda d: d.execute_script(
        "const a = document.querySelector('#tap-answer'); const n = document.querySelector('#name-tip');"
        "if ('empty' in a.dataset || n.hidden) return null;"
        "return [a.getBoundingClientRect(), n.getBoundingClientRect()].map((r) => [r.top, r.bottom]);"),
        message="no reason and name shown")
    (top, bottom), (tip_top, tip_bottom) = boxes
    assert bottom <= tip_top or top >= tip_bottom, boxes
    assert not page_errors(phone)
