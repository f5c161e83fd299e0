"""A phone held sideways keeps the board in sight, and every fold says it opens.

At 740 x 217 (a reviewer's landscape window) the sticky top bar, the fixed Undo bar and the tabs would leave about
20 px of the window for the board; held sideways, the board's band is 60% of the window or more, and in portrait
the bars keep their places. Summaries are drawn with display: flex, which drops the browser's own marker: a chevron
that turns says closed from open."""

from __future__ import annotations

import pytest

from browserhelpers import in_each_look, page_errors
from screens import WCAG_JS, language, show, start

pytestmark = pytest.mark.browser

GAMES = ("hexors", "nexus", "nexus-keepers", "tesseract")
BARS = ".topbar, #tabs, #screen-table > .actions"
# The band of the window no bar covers, across the board's middle, once the board's top is scrolled to (as a tap on
# it scrolls): [band top, band bottom, board top, whether the band's middle is the board's]. A bar touching the
# window's top covers down to its bottom; any other covers from its top down.
BAND_JS = """
const board = document.querySelector('#board'); board.scrollIntoView({block: 'start'});
const b = board.getBoundingClientRect(); const x = (b.left + b.right) / 2;
let top = 0, bottom = innerHeight;
for (const bar of document.querySelectorAll(arguments[0])) {
  const s = getComputedStyle(bar); if (s.position !== 'fixed' && s.position !== 'sticky') continue;
  const r = bar.getBoundingClientRect(); if (!r.height || r.left > x || r.right < x) continue;
  if (r.top <= 1 && r.bottom < innerHeight) top = Math.max(top, r.bottom); else bottom = Math.min(bottom, r.top);
}
const hit = document.elementFromPoint(x, (top + bottom) / 2);
return [top, bottom, b.top, board.contains(hit)];"""
# each tab: [its height, whether its middle is in the window and answers a tap there, whether its word is cut]
TABS_JS = """return [...document.querySelectorAll('#tabs a')].map((a) => { a.scrollIntoView({block: 'nearest'});
  const r = a.getBoundingClientRect(); const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
  const hit = y >= 0 && y <= innerHeight && document.elementFromPoint(x, y); const word = a.lastElementChild;
  const pen = document.createElement('canvas').getContext('2d'); pen.font = getComputedStyle(word).font;
  const cut = pen.measureText(word.textContent).width > word.getBoundingClientRect().width + 0.01;
  return [r.height, !!hit && a.contains(hit), cut]; });"""
RECT_JS = ("const r = document.querySelector(arguments[0]).getBoundingClientRect(); "
           "return [r.top, r.bottom, r.left, r.right]")
# Each fold of the table screen, shut then open (those around it open): [its words, its summary's ::before's content,
# its transform shut, its transform open, its stroke width, its contrast with the backdrop it lies on (WCAG 2)].
MARKS_JS = WCAG_JS + """
const backdrop = (el) => { for (let e = el; e; e = e.parentElement) {
  const c = parse(getComputedStyle(e).backgroundColor); if (c && c[3] > 0) return c; } return [255, 255, 255, 1]; };
const folds = [...document.querySelectorAll('#screen-table details')];
folds.forEach((d) => { d.open = true; });
return folds.filter((d) => d.getClientRects().length).map((d) => {
  const s = d.querySelector(':scope > summary'); const m = getComputedStyle(s, '::before');
  d.open = false; const shut = m.transform; d.open = true;
  return [s.textContent.trim(), m.content, shut, m.transform, parseFloat(m.borderRightWidth),
          ratio(parse(m.borderRightColor), backdrop(s))]; });"""


@pytest.mark.parametrize("height", [217, 360])
def test_a_phone_held_sideways_keeps_most_of_the_window_for_the_board(resizable_table, screenshots, height):
    service, url, phone, size = resizable_table
    size(740, height)
    found = []
    for game in GAMES:
        start(service, game, 4)
        show(phone, url)
        top, bottom, board_top, board_seen = phone.execute_script(BAND_JS, BARS)
        if bottom - top < 0.6 * height:
            found.append((game, "the board's band", round(bottom - top), "px of", height))
        if not (top - 1 <= board_top < bottom) or not board_seen:
            found.append((game, "the board's top out of sight", board_top, (top, bottom)))
        if game == "hexors" and height == 217:
            phone.execute_script("scrollTo(0, 0)")
            for lang in ("fr", "en"):  # « Historique », « Réglages »: the longest words
                language(phone, lang)
                tabs = phone.execute_script(TABS_JS)
                if len(tabs) != 5 or any(h < 44 or not seen or cut for h, seen, cut in tabs):
                    found.append(("tabs", lang, tabs))
            undo = phone.execute_script(RECT_JS, "#table-undo")
            if undo[1] > height or undo[0] < 0 or undo[1] - undo[0] < 44:
                found.append(("undo", undo))

        def picture(lang, scheme):  # the board's top scrolled to, as a tap on it scrolls
            phone.execute_script("document.querySelector('#board').scrollIntoView({block: 'start'})")
            phone.save_screenshot(str(screenshots / f"sideways-{game}-740x{height}-{lang}-{scheme}.png"))
        in_each_look(phone, picture)
    size(390, 844)
    assert found == [], found
    assert page_errors(phone) == []


def test_a_phone_held_upright_keeps_its_bars(resizable_table):
    """At 360 x 740 the bars keep the portrait layout the sideways one must leave as it is: the top bar on top
    (sticky, 67 px), the tabs along the bottom (67 px), the Undo bar just above them (74 px)."""
    service, url, phone, size = resizable_table
    size(360, 740)
    start(service, "hexors", 4)
    show(phone, url)
    phone.execute_script("scrollTo(0, 0)")
    rects = {bar: [round(v) for v in phone.execute_script(RECT_JS, bar)]
             for bar in (".topbar", "#tabs", "#screen-table > .actions")}
    sticky = phone.execute_script("return getComputedStyle(document.querySelector('.topbar')).position")
    size(390, 844)
    assert sticky == "sticky"
    assert rects[".topbar"][:2] == [0, 67]
    assert rects["#tabs"][:2] == [673, 740] and rects["#tabs"][2] == 0
    assert rects["#screen-table > .actions"][:2] == [599, 673]


def test_every_fold_shows_whether_it_is_open(resizable_table, screenshots):
    service, url, phone, size = resizable_table
    size(390, 844)
    start(service, "tesseract", 4)  # its play screen has a « More » fold besides Game details and Expert
    show(phone, url)
    found = []

    def look(lang, scheme):
        # no turn under way (reduced motion): a mark read just after a fold opens is where it comes to rest
        phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": [
            {"name": "prefers-color-scheme", "value": scheme}, {"name": "prefers-reduced-motion", "value": "reduce"}]})
        folds = phone.execute_script(MARKS_JS)
        if len(folds) < 4:
            found.append((lang, "folds", [fold[0] for fold in folds]))
        for words, content, shut, opened, width, contrast in folds:
            if content != '""' or width < 2:  # drawn, and with no words a screen reader would read
                found.append((lang, scheme, words, "no mark drawn, or one with words", content, width))
            if shut == opened:
                found.append((lang, scheme, words, "the same mark shut and open", shut))
            if contrast < 3:
                found.append((lang, scheme, words, "a faint mark", round(contrast, 2)))
        phone.find_element("css selector", "#details-card").location_once_scrolled_into_view
        phone.save_screenshot(str(screenshots / f"folds-open-{lang}-{scheme}.png"))
        phone.execute_script("document.querySelectorAll('#screen-table details').forEach((d) => { d.open = false; })")
        phone.save_screenshot(str(screenshots / f"folds-closed-{lang}-{scheme}.png"))
    in_each_look(phone, look)
    assert found == [], found
    assert page_errors(phone) == []
