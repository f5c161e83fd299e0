"""Games brought to a known screen on a table without a camera, from the rule books' example games, and the page
read back for what a player sees: colours in either theme, sizes on the screen."""

from __future__ import annotations

import json
from pathlib import Path

from selenium.common.exceptions import TimeoutException

from tests.e2e.boardhelpers import api, open_page, settled, wait  # by its full name: the hall's tests read it too

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = {"nexus-keepers": "nexus-keepers-full-game", "tesseract": "tesseract-win", "hexors": "hexors-beginner-win",
            "nexus": "nexus-two-players"}
PLAYERS = {"nexus-keepers": ["A", "B", "C"], "tesseract": [], "hexors": ["Yugi", "Kaiba"], "nexus": ["Ann", "Bob"]}
# what outlines a board's empty places: the setup grid's squares, the arena's cells, the tower's slots, the spots
OUTLINES = {"nexus-keepers": ".nk-board .empty-cell", "hexors": ".hex-arena .cell .hex",
            "tesseract": ".tess-tower .slot", "nexus": ".nx-board .spot"}


def example(game):
    path = REPO / "docs/rules/examples" / f"{EXAMPLES[game]}.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()]


def start(service, game, events=0, options=None):
    """A new game of ``game`` with the first ``events`` of its example game played (None: all of them)."""
    service.table.new_game(game, options or {}, PLAYERS[game])
    for event in example(game)[:events]:
        service.table.submit(event, source="phone")


def theme(driver, scheme):
    """Draw the page as a phone set to ``scheme`` ("light" or "dark") draws it."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": [
        {"name": "prefers-color-scheme", "value": scheme}]})


def language(driver, lang):
    driver.execute_script("window.companion.switchLanguage(arguments[0])", lang)


# A tab opened afresh, as a tap on it opens it: a new route once (by its hashchange), the route shown again anew;
# the number of the screen's last visit before it is given back.
OPEN_JS = """const app = window.companion, hash = '#/' + arguments[0], before = app.visits;
  if (location.hash === hash) app.route(); else location.hash = hash;
  return before"""
# the screen opened after visit ``arguments[1]`` says it read what it shows and drew it (app.js markDrawn)
DRAWN_JS = """const app = window.companion;
  return app.visits > arguments[1] && document.body.dataset.screenReady === arguments[0] + ':' + app.visits"""


def open_tab(driver, screen):
    """Open the phone's ``screen`` anew; what drawn() waits from."""
    return driver.execute_script(OPEN_JS, screen)


def drawn(driver, screen, since, timeout=20):
    """Wait until ``screen``, opened after visit ``since``, has read what it shows and drawn it (no fixed time)."""
    try:
        wait(driver, lambda d: d.execute_script(DRAWN_JS, screen, since), timeout)
    except TimeoutException:
        marked = driver.execute_script("return [document.body.dataset.screenReady, window.companion.visits]")
        raise AssertionError(f"the {screen} screen (visit > {since}) never said it was drawn: {marked}") from None


# the page's live stream has brought every event published up to arguments[0] (the bus's last id then), and the
# screen shown says it has drawn them, the notices they bring included (app.js markDrawn)
CAUGHT_UP_JS = """const app = window.companion;
  return app.stream.lastId >= arguments[0] && document.body.dataset.screenReady === app.screen + ':' + app.visits"""


def show(driver, url, route="#/table"):
    open_page(driver, url, route)
    settled(driver, url)
    wait(driver, lambda d: d.find_elements("css selector", "#board > *"), message="no board drawn")
    # the notices of what the example's moves did float over the top of the page for a few seconds: not in a picture.
    # The page kept open since the last test is told of those moves by its live stream, each notice a moment after
    # its move (app.js onEvent): it has them all once it has caught up and says its screen is drawn.
    published = api(url, "api/state")["event_id"]
    wait(driver, lambda d: d.execute_script(CAUGHT_UP_JS, published),
         message="the page never caught up with the table's events")
    driver.execute_script("document.querySelector('#notices').replaceChildren()")


# WCAG 2's colour helpers the contrast scripts below share: parse a computed colour to [r, g, b, alpha], its relative
# luminance, and the contrast ratio of two colours ((L1 + 0.05) / (L2 + 0.05)).
WCAG_JS = r"""
const parse = (c) => { const m = c.match(/rgba?\(([^)]+)\)/); if (!m) return null;
  const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
const lum = ([r, g, b]) => {
  const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
"""

# The contrast of a drawn outline against what lies behind it (WCAG 2: (L1 + 0.05) / (L2 + 0.05)); a colour with
# alpha is laid over that background first. Returns [[selector, element index, ratio, colour, background]].
CONTRAST_JS = WCAG_JS + r"""
const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3]));
const backdrop = (el) => { for (let e = el; e; e = e.parentElement) {
  if (e instanceof SVGElement && !(e instanceof SVGSVGElement)) continue;
  const c = parse(getComputedStyle(e).backgroundColor); if (c && c[3] > 0) return c; } return [255, 255, 255, 1]; };
const out = [];
document.querySelectorAll(arguments[0]).forEach((el, i) => {
  const r = el.getBoundingClientRect(); if (!r.width || !r.height) return;
  const s = getComputedStyle(el); const bg = backdrop(el);
  const width = parseFloat(s.strokeWidth) * (el.getScreenCTM ? el.getScreenCTM().a : 1);
  const stroke = s.stroke !== "none" && width >= 1 ? parse(s.stroke) : null;
  const fill = s.fill !== "none" ? parse(s.fill) : null;
  const seen = [stroke, fill].filter(Boolean)
    .map((c) => [ratio(over([c[0], c[1], c[2], c[3] * (+s.opacity || 1)], bg), bg), c]);
  const best = seen.sort((p, q) => q[0] - p[0])[0] || [1, null];
  out.push([arguments[0], i, best[0], String(best[1]), String(bg)]);
});
return out;
"""

# Every piece of text drawn on a board, as big as it shows on the screen (font size times the drawing's scale):
# [[text, CSS px]].
TEXT_SIZES_JS = r"""
return [...document.querySelectorAll('#board svg text')].filter((el) => {
  const r = el.getBoundingClientRect();
  return r.width > 0 && el.textContent.trim() && getComputedStyle(el).visibility !== 'hidden';
}).map((el) => [el.textContent.trim(), parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a]);
"""

# The words of a badge, a status or a step against the fill it has itself (WCAG 2's ratio), for every element shown
# of arguments[0]: [[text, ratio, colour, fill]].
WORDS_ON_FILL_JS = WCAG_JS + r"""
return [...document.querySelectorAll(arguments[0])].filter((el) => el.getClientRects().length).map((el) => {
  const s = getComputedStyle(el);
  return [el.textContent.trim(), ratio(parse(s.color), parse(s.backgroundColor)), s.color, s.backgroundColor]; });
"""


# Text under WCAG 2's 4.5:1 against what lies behind it (3:1 from 24 px, or 18.66 px bold), inside arguments[0]:
# [[text, ratio, colour, background]]
TEXT_CONTRAST_JS = WCAG_JS + r"""
const bgOf = (el) => { for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
  if (c && c[3] > 0.5) return c; } return [255, 255, 255, 1]; };
const out = [];
const root = document.querySelector(arguments[0]) || document.body;
for (const el of root.querySelectorAll('*')) {
  if (!el.getClientRects().length || el.closest('[hidden]')) continue;
  const own = [...el.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim())
    .map(n => n.textContent.trim()).join(' ');
  if (!own) continue;
  const s = getComputedStyle(el); if (s.visibility === 'hidden') continue;
  let fade = 1; for (let e = el; e; e = e.parentElement) fade *= +getComputedStyle(e).opacity;  // a faded card's words
  const bg = bgOf(el); const fg = parse(s.color).map((v, i) => i < 3 ? v * fade + bg[i] * (1 - fade) : v);
  const big = parseFloat(s.fontSize) >= 24 || (parseFloat(s.fontSize) >= 18.66 && parseInt(s.fontWeight) >= 700);
  const r = ratio(fg, bg) * 1; const need = big ? 3 : 4.5;
  if (r < need) out.push([own.slice(0, 40), r.toFixed(2), s.color, String(bg), (s.opacity)]);
}
return out.map(([text, r, fg, bg]) => [text, r, fg, bg]);
"""
