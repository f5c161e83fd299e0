"""Statistics and History on a 360-pixel phone after a few rolls of free roll and moves of Nexus Keepers, in light and
dark, English and French (pictures: <stats|history>-<game>-360-<lang>-<theme>.png): nothing wider than the screen,
a history entry's words just after its number (not centred between the number and the status), the fairness
column named in a player's words (no "chi²", no "p") with no word alone on its last line, a bar named with French's « : », and every bar seen
against its chart (a white die's bars not white on the light theme's white)."""

from __future__ import annotations

import re
import time

import pytest

from boardhelpers import open_page, screenshot, wait
from browserhelpers import in_each_look, page_errors
from screens import CONTRAST_JS, WORDS_ON_FILL_JS, start

pytestmark = pytest.mark.browser

# per history entry: its words and how far they start from its number, in CSS px
HEADS = """return [...document.querySelectorAll('#history-list li .head')].map((head) => {
  const number = head.querySelector('strong').getBoundingClientRect();
  const words = head.querySelector('.what');  // its words, a flex item of their own beside the number
  const range = document.createRange();
  range.selectNodeContents(words);
  return [words.textContent, range.getClientRects()[0].left - number.right];
});"""
# the fairness heading (the table's third), the line heights of its last two words, and how far its last letter
# ends past the screen's right edge
FAIRNESS = """const th = document.querySelectorAll('#stats thead th')[2];
  const text = th.firstChild;
  const box = (i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1);
    return r.getBoundingClientRect(); };
  const starts = [...text.data.matchAll(/\S+/g)].map((word) => word.index);
  return [th.textContent, box(starts.at(-2)).top, box(starts.at(-1)).top,
          box(text.data.length - 1).right - document.documentElement.clientWidth];"""
WIDE = "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
COLOURS = ("white", "red", "blue", "green")


def play(service, game):
    if game == "free-roll":
        service.table.new_game("free-roll", {}, [])
        for values in ([4, 6, 1], [2, 2, 5], [6, 6, 6, 3], [1], [5, 3], [2]):
            service.table.submit({"type": "roll", "dice": [{"value": v, "color": COLOURS[i % 4]}
                                                           for i, v in enumerate(values)]})
        service.table.undo()  # the last roll taken back: History marks it « undone », the one mark of free roll's
    else:
        start(service, "nexus-keepers", 14)  # rolls, a reroll, moves, a refused roll, a keeper falling, MALADRESSE


@pytest.mark.parametrize("game", ["free-roll", "nexus-keepers"])
def test_statistics_and_history_read_well_on_a_narrow_phone(narrow_table, phone, screenshots, game):
    service, url = narrow_table
    play(service, game)
    heads, fairness, wide, bars, weak, badges = [], [], [], [], [], []
    for screen, drawn in (("stats", "#stats table"), ("history", "#history-list li .head")):
        open_page(phone, url, f"#/{screen}")
        wait(phone, lambda d: d.find_elements("css selector", drawn), message=f"the {screen} screen is empty")
        time.sleep(0.6)  # the notices of what the moves did (said 0.4 s after each) float over the top: not here
        phone.execute_script("document.querySelector('#notices').replaceChildren()")

        def look(lang, scheme):
            wide.append((screen, lang, phone.execute_script(WIDE)))
            if screen == "stats":
                fairness.append(phone.execute_script(FAIRNESS))
                weak.extend((lang, scheme, *bar) for bar in phone.execute_script(CONTRAST_JS, "#stats rect.bar")
                            if bar[2] < 3)
                bars.append((lang, phone.execute_script("return document.querySelector('#stats rect.bar title')"
                                                        ".textContent")))
            else:
                heads.extend(phone.execute_script(HEADS))
                badges.extend((lang, scheme, *said) for said in phone.execute_script(
                    WORDS_ON_FILL_JS, "#history-list .status, #history-list .badge"))
            screenshot(phone, screenshots, f"{screen}-{game}-360-{lang}-{scheme}", width=360)
            phone.set_window_size(360, 800)
        in_each_look(phone, look)
    assert [w for w in wide if w[2] > 0] == [], "wider than the screen"
    assert not weak, f"bars under 3:1 against their chart (WCAG's figure for graphics): {weak[:4]}"
    assert len(fairness) == 4 and [f for f in fairness if f[1] != f[2]] == [], fairness
    assert [f for f in fairness if f[3] > 0] == [], "the fairness heading runs off the screen"
    assert [f[0] for f in fairness if re.search(r"[ck]hi|\bp\b|p-value|valeur p", f[0])] == [], fairness
    assert heads and [h for h in heads if h[1] > 12] == [], heads
    # a status's and a verdict's badge words, on their own fill: « refused », « Illegal » stood at 3.5:1 on red
    assert badges and [b for b in badges if b[3] < 4.5] == [], [b for b in badges if b[3] < 4.5][:4]
    # a bar's name (its tooltip, what a screen reader says): « blanc : 1 × 1 », the colon as each language writes it
    assert len(bars) == 4 and all(("\u00a0: " in said) == (lang == "fr") and ": " in said for lang, said in bars), bars
    assert not page_errors(phone)


# per die chip of each History entry: its tag, its role, whether it takes the focus
CHIPS = """return Object.fromEntries([...document.querySelectorAll('#history-list li[data-seq]')].map((li) => [
  li.dataset.seq, [...li.querySelectorAll('.dice-row .die')].map((chip) => { chip.focus();
    return [chip.tagName, chip.getAttribute('role'), document.activeElement === chip]; })]));"""


def test_only_history_chips_that_open_a_die_are_buttons(narrow_table, phone):
    """A die of a roll in force opens its correction when tapped: a button. An undone roll's dice and a board
    game's typed faces open nothing, so they are plain words, neither a button nor focusable (a screen reader does
    not say "button", a Tab does not stop on them)."""
    from boardhelpers import tap

    service, url = narrow_table
    service.table.new_game("free-roll", {}, [])
    for values in ([4, 6], [2, 5, 1]):
        service.table.submit({"type": "roll", "dice": [{"value": v, "color": "red"} for v in values]})
    service.table.undo()
    open_page(phone, url, "#/history")
    chips = wait(phone, lambda d: (lambda c: c if c.get("0") and c.get("1") else None)(d.execute_script(CHIPS)),
                 message="no chips drawn")
    assert chips["0"] == [["BUTTON", None, True]] * 2, chips
    assert chips["1"] == [["SPAN", None, False]] * 3, chips   # the undone roll
    tap(phone, "#history-list li[data-seq='0'] .die")
    assert phone.find_element("id", "die-dialog").is_displayed()
    phone.execute_script("document.getElementById('die-dialog').close()")
    start(service, "nexus-keepers", 3)   # a board game's roll typed as faces
    open_page(phone, url, "#/history")
    typed = wait(phone, lambda d: [c for chips in d.execute_script(CHIPS).values() for c in chips] or None,
                 message="no typed faces drawn")
    assert {tuple(c) for c in typed} == {("SPAN", None, False)}, typed
    assert not page_errors(phone)
