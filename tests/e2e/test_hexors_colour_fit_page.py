"""Hexors at 360 px in French: the duel's colour buttons stay inside their box (dark), and a long option's words
(« la valeur de la couleur tirée ») are shown whole in the new-game form, wrapped, not cut: in Chromium's picker laid
out by the page, and in a browser whose picker is the system's (Firefox, Safari: emulated here)."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from boardhelpers import open_page, tap, wait
from browserhelpers import SCREENSHOTS, in_each_look, page_errors
from screens import language, show, start, theme

pytestmark = pytest.mark.browser

OUTSIDE = """const pad = arguments[0].getBoundingClientRect();
  return [...arguments[0].children]
    .map((b) => [b.dataset.colour, b.getBoundingClientRect(), b.scrollWidth, b.clientWidth])
    .filter(([c, r, sw, cw]) => r.left < pad.left - 0.5 || r.right > pad.right + 0.5 || sw > cw + 1)
    .map(([c]) => c);"""


def test_the_duel_colour_buttons_stay_inside_their_box_in_french_dark(narrow_table, phone):
    service, url = narrow_table
    start(service, "hexors", events=12)  # the beginner example's first duel, waiting for the first roll
    open_page(phone, url, "#/table")
    language(phone, "fr")
    theme(phone, "dark")
    try:
        pad = wait(phone, lambda d: d.find_element(By.ID, "hex-colours"), message="no colour buttons")
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", pad)
        phone.save_screenshot(str(SCREENSHOTS / "hexors-colour-pad-360-fr-dark.png"))
        assert phone.execute_script(OUTSIDE, pad) == []
        card = pad.find_element(By.XPATH, "ancestor::*[contains(@class, 'card')][1]")
        assert phone.execute_script("const a = arguments[0].getBoundingClientRect(), b = arguments[1]"
                                    ".getBoundingClientRect(); return a.right <= b.right + 0.5", pad, card)
        assert page_errors(phone) == []
    finally:  # the module's next test shares the phone
        language(phone, "en")
        phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})


def test_a_long_french_option_is_shown_whole_in_the_new_game_form(narrow_table, phone):
    service, url = narrow_table
    open_page(phone, url, "#/game")
    language(phone, "fr")
    try:
        tap(phone, "#game-hexors")
        picker = wait(phone, lambda d: d.find_element(By.ID, "option-symbiosis_value"), message="no such option")
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", picker)
        phone.save_screenshot(str(SCREENSHOTS / "hexors-option-360-fr.png"))
        assert picker.find_element(By.CSS_SELECTOR, "option:checked").text == "la valeur de la couleur tirée"
        # the words wrap onto a second line inside the picker: it grows taller than one line (48 px), and no
        # wider than the form
        box = phone.execute_script("const r = arguments[0].getBoundingClientRect(), f = document.querySelector("
                                   "'#game-options').getBoundingClientRect(); return [r.height, r.right, f.right]",
                                   picker)
        assert box[0] > 60 and box[1] <= box[2] + 0.5, box
        picker.click()
        phone.save_screenshot(str(SCREENSHOTS / "hexors-option-open-360-fr.png"))
        assert page_errors(phone) == []
    finally:
        language(phone, "en")


# A browser without appearance: base-select (Firefox, Safari), as far as the page can tell: CSS.supports says no.
NO_BASE_SELECT = """const supports = CSS.supports.bind(CSS);
CSS.supports = (...args) => args.join(' ').includes('base-select') ? false : supports(...args);"""

# Every choice of every picker in the form, chosen in turn: whether its words are drawn whole where the player sees
# them (the system's picker draws them on one line: the words must fit its room, arrow aside), and whether a tap there
# lands on the picker. [[option, words, whole, tapped]]
CHOICES_SHOWN = """const out = [];
const fits = (select, words) => { const s = getComputedStyle(select); const probe = document.createElement('span');
  probe.style.font = s.font; probe.style.position = 'absolute'; probe.style.whiteSpace = 'nowrap';
  probe.textContent = words; document.body.append(probe); const width = probe.getBoundingClientRect().width;
  probe.remove(); return width <= select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 16; };
for (const select of document.querySelectorAll('#game-options .option select')) {
  const before = select.value;
  for (const option of [...select.options]) {
    select.value = option.value; select.dispatchEvent(new Event('change'));
    const shown = getComputedStyle(select).opacity === '0' ? select.parentElement.querySelector('.picked') : null;
    const whole = shown ? shown.textContent === option.textContent && shown.scrollWidth <= shown.clientWidth
      && shown.getBoundingClientRect().right <= select.getBoundingClientRect().right + 0.5
      : fits(select, option.textContent);
    (shown || select).scrollIntoView({block: 'center'});
    const box = (shown || select).getBoundingClientRect();
    const tapped = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === select;
    out.push([select.dataset.option, option.textContent, whole, tapped]);
  }
  select.value = before; select.dispatchEvent(new Event('change'));
}
return out;"""


def test_every_choice_is_shown_whole_where_the_picker_is_the_systems(narrow_table, phone):
    """Firefox and Safari draw a picker's chosen words on one line, cut at 360 px (« la valeur de la couleur
    tir… »): the page lays out its picker only where the browser lets it (base-select). Elsewhere the words are
    drawn wrapped over the system's picker, which still takes the tap."""
    service, url = narrow_table
    script = phone.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NO_BASE_SELECT})
    cut = []
    try:
        open_page(phone, url, "#/game")
        phone.refresh()  # a new document, where the script runs first
        wait(phone, lambda d: d.execute_script("return document.body.dataset.ready") == "1", message="never ready")
        tap(phone, "#game-hexors")
        wait(phone, lambda d: d.find_element(By.ID, "option-symbiosis_value"), message="no such option")

        def look(lang, scheme):
            shown = phone.execute_script(CHOICES_SHOWN)
            assert len(shown) >= 10, shown
            cut.extend((lang, *choice) for choice in shown if not (choice[2] and choice[3]))
            picker = phone.find_element(By.ID, "option-symbiosis_value")
            phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", picker)
            phone.save_screenshot(str(SCREENSHOTS / f"hexors-option-system-picker-360-{lang}-{scheme}.png"))
        in_each_look(phone, look)
    finally:
        phone.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", {"identifier": script["identifier"]})
        phone.refresh()
    assert cut == [], cut
    assert page_errors(phone) == []


# The arena at 360 px: how far it runs past what shows of it (the board's scroller, its card, the page), and each cell
# of its last column (g) as drawn: its box and whether its middle, where a finger lands, is on that cell.
ARENA_FIT = """const scroller = document.querySelector('#board .board-scroll');
  const arena = scroller.querySelector('.hex-arena');
  const shown = scroller.getBoundingClientRect(), drawn = arena.getBoundingClientRect();
  const cells = [...arena.querySelectorAll('.cell')].filter((g) => g.dataset.cell.startsWith('g')).map((g) => {
    const r = g.querySelector('.hex').getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return {cell: g.dataset.cell, x, y, width: r.width, height: r.height, right: r.right,
            hit: !!hit && !!hit.closest('.cell') && hit.closest('.cell').dataset.cell === g.dataset.cell}; });
  return {scrolls: scroller.scrollWidth - scroller.clientWidth, past_card: drawn.right - shown.right,
          page: document.documentElement.scrollWidth - document.documentElement.clientWidth, cells};"""


def test_the_arena_fits_a_360_px_phone_and_its_last_column_takes_a_tap(narrow_table, phone):
    """The arena is drawn to its card's width at 360 px (not 320 px at the least, 20 px more than the card holds,
    which scrolls the board sideways and cuts its g column off); its cells stay over 44 px (a finger's size) both
    ways, and a tap on the middle of a g cell lands on it."""
    service, url = narrow_table
    start(service, "hexors", events=1)  # Yugi's turn: Kuriboh can move
    show(phone, url)
    fit = []

    def look(lang, scheme):
        phone.execute_script("document.querySelector('.hex-arena').scrollIntoView({block: 'end'})")
        fit.append((lang, scheme, phone.execute_script(ARENA_FIT)))
        phone.save_screenshot(str(SCREENSHOTS / f"hexors-arena-360-{lang}-{scheme}.png"))
    in_each_look(phone, look)
    for lang, scheme, seen in fit:
        assert seen["scrolls"] <= 0 and seen["past_card"] <= 0.5 and seen["page"] <= 0, (lang, scheme, seen)
        assert len(seen["cells"]) >= 5, seen
        assert all(c["hit"] and c["width"] >= 44 and c["height"] >= 44 for c in seen["cells"]), (lang, scheme, seen)
    # a real tap at a g cell's middle (no scrolling first, as a finger): Kuriboh picked, the cell answers by name
    summary = service.table.state()["summary"]
    reach = {m["path"][-1] for m in summary["legal_moves"] if m["tile"] == "kuriboh"}
    taken = {t["cell"] for t in summary["tiles"]}
    cell = next(c for c in fit[-1][2]["cells"] if c["cell"] not in reach | taken)
    tap(phone, ".hex-arena .tile[data-tile='kuriboh']")
    phone.execute_script("document.querySelector('.hex-arena').scrollIntoView({block: 'end'})")
    point = phone.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
                                 " return [r.left + r.width / 2, r.top + r.height / 2]",
                                 f".hex-arena .cell[data-cell='{cell['cell']}'] .hex")
    for kind in ("mousePressed", "mouseReleased"):
        phone.execute_cdp_cmd("Input.dispatchMouseEvent", {"type": kind, "x": point[0], "y": point[1],
                                                           "button": "left", "clickCount": 1})
    said = wait(phone, lambda d: d.execute_script(
        "const box = document.querySelector('#tap-answer'); return box && !('empty' in box.dataset) && box.innerText"),
        message=f"a tap on {cell['cell']} said nothing")
    assert f"Kuriboh cannot reach {cell['cell']} this turn" in said
    assert page_errors(phone) == []


# the arena's cells as drawn: the box around them all, the smallest cell, and the window's height (CSS px)
CELLS_DRAWN = """const hexes = [...document.querySelectorAll('.hex-arena .cell .hex')].map((h) => h.getBoundingClientRect());
  return {height: Math.max(...hexes.map((r) => r.bottom)) - Math.min(...hexes.map((r) => r.top)), window: innerHeight,
          width: Math.min(...hexes.map((r) => r.width)), cell_height: Math.min(...hexes.map((r) => r.height))};"""


def cells_once_drawn(phone):
    """The arena's cells as drawn for the window's new size: the same at two looks 0.1 s apart (a resize redraws the
    arena after the window has changed; a look right after it can find the last size's cells)."""
    looks = [None]

    def still(d):
        looks.append(d.execute_script(CELLS_DRAWN))
        return looks[-1] == looks[-2] and looks[-1]
    return wait(phone, still, message="the arena kept being redrawn after a resize")


def test_the_arena_is_seen_whole_on_a_desktop_and_its_cells_stay_finger_sized_in_landscape(narrow_table, phone):
    """The arena is no taller than the window between its bars, so its nine rows are seen at once on a desktop's
    657 px window and the large table display (drawn to its card's width it would run 1080 px down), unless that
    would draw cells under a finger's 44 px (a phone held sideways scrolls it)."""
    service, url = narrow_table
    start(service, "hexors", events=1)
    show(phone, url)
    seen = []
    try:
        for mode in ("phone", "table"):
            phone.execute_script("document.body.dataset.display = arguments[0]", mode)
            for size in ((1280, 800), (740, 360), (360, 800)):
                phone.set_window_size(*size)
                seen.append((mode, size, cells_once_drawn(phone)))
    finally:
        phone.execute_script("document.body.dataset.display = 'phone'")
        phone.set_window_size(360, 800)
    for mode, size, drawn in seen:
        assert drawn["width"] >= 44 and drawn["cell_height"] >= 44, (mode, size, drawn)
        if size == (1280, 800):
            assert drawn["height"] <= drawn["window"] - 150, (mode, size, drawn)
    assert page_errors(phone) == []
