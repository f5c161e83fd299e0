"""Words and numbers drawn whole on a narrow phone: the roll totals' axis labels apart from each other, the colour
"unknown" (the word Stats uses) whole in the roll entry (360 px, both languages); what a board dims (an eliminated
keeper, a played card) still readable."""

from __future__ import annotations

import pytest

from boardhelpers import open_page, tap, unlock, wait
from browserhelpers import in_each_look, page_errors
from screens import TEXT_CONTRAST_JS, show, start

pytestmark = pytest.mark.browser

OVERLAPS = """return (() => { const charts = document.querySelectorAll('#stats svg.chart');
  const labels = [...charts[charts.length - 1].querySelectorAll('text.axis')]
    .filter((t) => t.getAttribute('text-anchor') === 'middle')
    .map((t) => t.getBoundingClientRect()).sort((a, b) => a.left - b.left);
  return [labels.length, labels.slice(1).filter((r, i) => r.left < labels[i].right + 2).length]; })()"""

FITS = """return [...document.querySelectorAll('#roll-dice .roll-colour')].map((select) => {
  const s = getComputedStyle(select); const probe = document.createElement('span');
  probe.style.font = s.font; probe.style.position = 'absolute';
  probe.textContent = select.selectedOptions[0].textContent;
  document.body.append(probe); const text = probe.getBoundingClientRect().width; probe.remove();
  const room = select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 16;  // 16: the arrow
  return [select.selectedOptions[0].textContent, text, room]; });"""
# each die's row: its Remove button's top and bottom against its face picker's (on its own line, it wrapped)
BESIDE = """return [...document.querySelectorAll('#roll-dice .roll-row')].map((row) => {
  const face = row.querySelector('.roll-value').getBoundingClientRect();
  const remove = row.querySelector('.remove').getBoundingClientRect();
  return [remove.top < face.bottom && remove.bottom > face.top, remove.right <= row.getBoundingClientRect().right + 0.5,
          row.querySelector('.remove').textContent]; });"""


def test_roll_totals_are_labelled_apart(quiet_table, phone):
    service, url = quiet_table
    service.table.new_game("free-roll", {}, [])
    for n in range(1, 13):   # totals from 1 to 72: 72 columns, far too many for a label each
        die = {"value": 6 if n > 1 else 1, "color": "red"}
        service.table.submit({"type": "roll", "dice": [die] * n}, source="phone")
    open_page(phone, url, "#/stats")
    wait(phone, lambda d: d.find_elements("css selector", "#stats svg.chart"), message="no chart")
    labels, overlapping = phone.execute_script(OVERLAPS)
    assert labels >= 5 and overlapping == 0, f"{overlapping} of {labels} total labels run into the next"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_colour_unknown_is_whole_in_the_roll_entry(quiet_table, phone, lang):
    service, url = quiet_table
    unlock(phone, url)
    service.table.new_game("free-roll", {}, [])
    phone.set_window_size(360, 800)
    try:
        open_page(phone, url, "#/table")
        phone.refresh()      # a page of its own: the roll entry is drawn afresh
        wait(phone, lambda d: d.execute_script("return document.body.dataset.ready") == "1")
        phone.execute_script("window.companion.switchLanguage(arguments[0])", lang)
        tap(phone, "#show-roll")
        shown = phone.execute_script(FITS)
        assert shown and all(text <= room for _, text, room in shown), f"colour cut: {shown}"
        assert shown[0][0] == {"en": "unknown", "fr": "inconnue"}[lang]
        # and each die's Remove beside its die, in the row (it wrapped onto a line of its own at 360 px)
        rows = phone.execute_script(BESIDE)
        assert rows and all(beside and inside for beside, inside, _ in rows), rows
        assert rows[0][2] == {"en": "Remove", "fr": "Retirer"}[lang]
    finally:
        phone.execute_script("window.companion.switchLanguage('en')")
        phone.set_window_size(390, 844)
    assert not page_errors(phone)


def test_the_roll_entry_speaks_the_language_switched_to(quiet_table, phone):
    service, url = quiet_table
    unlock(phone, url)
    service.table.new_game("free-roll", {}, [])
    open_page(phone, url, "#/table")
    phone.refresh()
    wait(phone, lambda d: d.execute_script("return document.body.dataset.ready") == "1")
    tap(phone, "#show-roll")
    try:
        phone.execute_script("window.companion.switchLanguage('fr')")
        words = phone.execute_script("return [...document.querySelectorAll('#roll-dice .roll-row')].map((row) => "
                                     "[row.querySelector('.roll-colour').selectedOptions[0].textContent, "
                                     "row.querySelector('.remove').textContent])")
        assert words and all(pair == ["inconnue", "Retirer"] for pair in words), words
    finally:
        phone.execute_script("window.companion.switchLanguage('en')")


def test_a_hexors_tile_shows_its_full_name_when_tapped(quiet_table, phone):
    """A tile on the arena shows its initials (a name in full would be 8 px and cut: 'Thousa'); tapped, its
    whole name shows above it."""
    service, url = quiet_table
    unlock(phone, url)
    start(service, "hexors", 1)
    show(phone, url)
    name = service.table.state()["summary"]["labels"]["kuriboh"]["en"]
    assert phone.find_element("css selector", ".hex-arena .tile[data-tile='kuriboh'] .label").text == name[:2]
    tap(phone, ".hex-arena .tile[data-tile='kuriboh']")      # the arena is drawn again, the tile selected
    tip = wait(phone, lambda d: d.execute_script(
        "const t = document.querySelector('#name-tip'); if (!t || t.hidden) return null;"
        " const r = t.getBoundingClientRect();"
        " return {text: t.textContent, top: r.top, bottom: r.bottom, height: innerHeight};"),
        message="no name shown")
    assert tip["text"].startswith(name) and 0 <= tip["top"] and tip["bottom"] <= tip["height"]
    # another game started on another phone: the name of a tile no longer drawn went on floating over its board
    start(service, "nexus-keepers", 3)
    wait(phone, lambda d: d.execute_script("return document.body.dataset.board") == "nexus-keepers",
         message="the new game's board never drawn")
    assert phone.execute_script("return document.querySelector('#name-tip').hidden") is True


def dimmed_words_under_4_5(phone, inside, name):
    """Words under WCAG's figure inside ``inside`` in each language and theme (a screenshot of each look)."""
    from browserhelpers import SCREENSHOTS

    weak = []

    def take(lang, scheme):
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})",
                             phone.find_element("css selector", inside))
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        phone.save_screenshot(str(SCREENSHOTS / f"{name}-360-{lang}-{scheme}.png"))
        weak.extend((lang, scheme, *line) for line in phone.execute_script(TEXT_CONTRAST_JS, inside)
                    if line[2] != "rgba(0, 0, 0, 0)")  # a filled confinement slot's mark is not drawn
    in_each_look(phone, take)
    return weak


def test_an_eliminated_keepers_row_is_dimmed_but_readable(narrow_table, phone):
    """The row of a keeper out of the game is dimmed by a colour whose contrast still reaches 4.5:1 (WCAG's figure
    for words), not by opacity (at 55% its name stands under 4.5:1)."""
    service, url = narrow_table
    start(service, "nexus-keepers", 15)  # the example's third keeper eliminated
    show(phone, url)
    row = phone.find_element("css selector", ".keepers li[data-status='eliminated']")
    assert "C" in row.text
    assert dimmed_words_under_4_5(phone, ".keepers", "nk-eliminated-row") == []
    opacity = "return getComputedStyle(document.querySelector(arguments[0])).opacity"
    assert phone.execute_script(opacity, ".keepers li[data-status='eliminated']") == "1"
    assert not page_errors(phone)


def test_a_played_confinement_card_is_dimmed_but_readable(narrow_table, phone):
    """A confinement card played (and discarded) is dimmed with its value and « jouée » at 4.5:1 or more (at 50%
    opacity they stand under it)."""
    service, url = narrow_table
    start(service, "tesseract", 66)  # the example's first card unlocked, in Ada's action phase
    service.table.submit({"type": "play_card", "source": "confinement", "value": 3, "effects": []}, source="phone")
    show(phone, url)
    card = phone.find_element("css selector", "#tess-confinement th[data-card='played']")
    assert card.get_attribute("data-value") == "3"
    assert dimmed_words_under_4_5(phone, "#tess-confinement", "tess-played-card") == []
    opacity = "return getComputedStyle(document.querySelector(arguments[0])).opacity"
    assert phone.execute_script(opacity, "#tess-confinement th[data-card='played']") == "1"
    assert not page_errors(phone)


# the words of each cell of the confinement board that spill out of their cell: [[words, spilled px]]
SPILLED = """return [...document.querySelectorAll('#tess-confinement :is(th, td, th small)')].flatMap((el) => {
  const text = [...el.childNodes].find((n) => n.nodeType === 3 && n.textContent.trim());
  if (!text) return [];
  const range = document.createRange(); range.selectNodeContents(text);
  const cell = el.closest('th, td'), pad = parseFloat(getComputedStyle(cell).paddingLeft) / 2;
  const r = range.getBoundingClientRect(), c = cell.getBoundingClientRect();
  const spilled = Math.max(c.left + pad - r.left, r.right - c.right + pad);  // half its padding kept clear
  return spilled > 0.5 ? [[text.textContent.trim(), spilled]] : []; });"""


def test_the_confinement_boards_colour_names_stay_in_their_column(narrow_table, phone):
    """At 360 px the board's colour names (« violet », « purple », « yellow ») stay in their column rather than run
    over the first slot of their row (as seven equal columns would have them). Each card's state (« jouée », « seen »)
    stays in its column too."""
    service, url = narrow_table
    start(service, "tesseract", 66)
    show(phone, url)
    spilled = []

    def look(lang, scheme):
        spilled.extend((lang, *cell) for cell in phone.execute_script(SPILLED))
    in_each_look(phone, look, themes=("dark",))
    assert spilled == [], spilled

