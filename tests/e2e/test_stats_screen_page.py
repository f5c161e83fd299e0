"""The Stats screen as a player reads it on a 360-pixel phone, in light and dark, English and French: a game played
without dice (Nexus) says so (not "No roll yet", as if rolls were to come), a game with dice and no roll yet says
"No roll yet"; the charts' numbers are drawn 12 CSS px or more and their guide lines are seen against the chart
(not white lines on the light theme's white chart)."""

from __future__ import annotations

import pytest

from boardhelpers import open_page, wait
from browserhelpers import in_each_look, page_errors
from screens import WCAG_JS, start

pytestmark = pytest.mark.browser

# every number drawn on a chart, as big as it shows on the screen (font size times the drawing's scale)
CHART_TEXT = """return [...document.querySelectorAll('#stats svg text')].map((el) =>
  [el.textContent, parseFloat(getComputedStyle(el).fontSize) * el.getScreenCTM().a]);"""
# each guide line's contrast against the chart behind it: its stroke's alpha and the line's opacity laid over the chart
GRID_CONTRAST = WCAG_JS + r"""
return [...document.querySelectorAll('#stats .chart .grid')].map((line) => {
  const s = getComputedStyle(line); const c = parse(s.stroke);
  const bg = parse(getComputedStyle(line.closest('svg')).backgroundColor); const a = c[3] * +s.opacity;
  return [ratio([0, 1, 2].map((i) => c[i] * a + bg[i] * (1 - a)), bg), s.stroke]; });"""
STATS_WORDS = "return document.querySelector('#stats').innerText"


def stats_words(phone, url):
    open_page(phone, url, "#/stats")
    wait(phone, lambda d: d.execute_script(STATS_WORDS).strip(), message="the stats screen is empty")
    said = {}

    def read(lang, scheme):
        said[lang] = wait(phone, lambda d: d.execute_script(STATS_WORDS).strip(), message="nothing said")
    in_each_look(phone, read, themes=("light",))
    return said


def test_a_game_without_dice_says_it_has_no_rolls_to_count_one_with_dice_waits_for_its_first(narrow_table, phone):
    service, url = narrow_table
    start(service, "nexus", 4)
    said = stats_words(phone, url)
    assert said == {"en": "Nexus (James Ernest) is played without dice: there are no rolls to count.",
                    "fr": "Nexus (James Ernest) se joue sans dés\u00a0: il n’y a aucun lancer à compter."}, said
    service.table.new_game("free-roll", {}, [])
    assert stats_words(phone, url) == {"en": "No roll yet", "fr": "Aucun lancer pour l’instant"}
    assert page_errors(phone) == []


def test_the_charts_numbers_are_readable_and_their_guide_lines_seen_on_a_narrow_phone(narrow_table, phone):
    service, url = narrow_table
    service.table.new_game("free-roll", {}, [])
    for values in ([4, 6, 1], [2, 2, 5], [6, 6, 6, 3]):
        service.table.submit({"type": "roll", "dice": [{"value": v, "color": "red"} for v in values]})
    open_page(phone, url, "#/stats")
    wait(phone, lambda d: d.find_elements("css selector", "#stats svg text"), message="no chart drawn")
    small, faint = [], []

    def look(lang, scheme):
        small.extend((lang, text, round(size, 1)) for text, size in phone.execute_script(CHART_TEXT) if size < 12)
        # guide lines, not content (the table below gives every count): 1.5:1 is seen, white on white is 1:1
        faint.extend((scheme, round(r, 2), colour) for r, colour in phone.execute_script(GRID_CONTRAST) if r < 1.5)
    in_each_look(phone, look)
    assert not small, f"chart numbers under 12 CSS px on a 360 px phone: {small}"
    assert not faint, f"chart guide lines hardly seen against the chart: {faint}"
    assert page_errors(phone) == []


# the fairness column of each colour's row, as the table shows it
FAIRNESS_WORDS = """return Object.fromEntries([...document.querySelectorAll('#stats .stats-table tbody tr')]
  .map((row) => [row.cells[0].innerText, row.cells[2] && row.cells[2].innerText]))"""


def test_a_colour_with_too_few_dice_for_its_fairness_says_how_many_more(narrow_table, phone):
    """"too few rolls" left a player guessing how long to keep rolling: the row says how many more dice of that colour
    its fairness waits for (30 in all, five a face), in the player's language."""
    service, url = narrow_table
    service.table.new_game("free-roll", {}, [])
    for values in ([4, 6, 1], [2, 2, 5], [6, 6, 6, 3]):  # 10 red dice, 1 blue
        service.table.submit({"type": "roll", "dice": [{"value": v, "color": "red"} for v in values]})
    service.table.submit({"type": "roll", "dice": [{"value": 2, "color": "blue"}]})
    open_page(phone, url, "#/stats")
    wait(phone, lambda d: d.find_elements("css selector", "#stats .stats-table tbody tr"), message="no table drawn")
    said = {}
    in_each_look(phone, lambda lang, scheme: said.setdefault(lang, phone.execute_script(FAIRNESS_WORDS)),
                 themes=("light",))
    assert said == {"en": {"red": "20 more dice needed", "blue": "29 more dice needed"},
                    "fr": {"rouge": "encore 20 dés à lancer", "bleu": "encore 29 dés à lancer"}}, said
    assert page_errors(phone) == []
