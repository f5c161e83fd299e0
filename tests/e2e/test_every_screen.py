"""Every screen of the four games, in light and in dark, in English and in French (issue 53): no visible text, button
or picture label shows an internal id ("example-…", "ex-cross-1", "tile-1-1", "keeper-2", "[vision]", snake_case),
the boards' outlines stand out from the board behind them by 3:1 or more (WCAG's figure for graphics), and no text
on a board is drawn under 12 CSS px on a 390-pixel phone.

Each game is played from its example game (docs/rules/examples) to its setup wizard, its first move, the middle of
the game and its end; at each the table screen is read, and in the middle and at the end every other screen too
(verdicts, history, statistics, the game's options, settings). The setup, the first move's board and the game over
are saved in both themes and both languages to artifacts/screenshots/ (<game>-<setup|board|over>-<theme>-<lang>.png),
where the README's pictures are taken from."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardhelpers import api, open_page, screenshot, settled, unlock, wait
from browserhelpers import in_each_look, page_errors
from screens import CONTRAST_JS, OUTLINES, PLAYERS, TEXT_SIZES_JS, drawn, language, open_tab, show

pytestmark = pytest.mark.browser
REPO = Path(__file__).resolve().parents[2]
INTERNAL = re.compile(r"\bexample-[a-z]|\bex-[a-z]+-\d|\btile-\d+-\d+|\bkeeper-\d|\bhexor-\d"
                      r"|\[[a-z_]+\]|\b[a-z]+_[a-z_]+\b")
EXAMPLES = {"nexus-keepers": "nexus-keepers-full-game", "hexors": "hexors-advanced-win", "tesseract": "tesseract-win",
            "nexus": "nexus-two-players"}
# where each game is shown: (events of the example played (None: all), its picture's name, the other screens read)
OTHERS = ("verdicts", "history", "stats", "game", "settings")
STAGES = {"setup": (0, "setup", ()), "first move": (1, "board", ()), "middle": ("half", None, OTHERS),
          "over": (None, "over", ("verdicts", "history", "stats"))}
# what each screen shows once drawn
DRAWN = {"verdicts": "#verdict-list > li", "history": "#history-list > li", "stats": "#stats > *",
         "game": "#game-options .option", "settings": "#qr[src]"}
# what a screen draws in the page's language (switching it must redraw these)
WORDS = {"table": "#board", "verdicts": "#verdict-list", "history": "#history-list", "stats": "#stats",
         "game": "#game-options", "settings": "#screen-settings"}
# Everything a player may see or hear on the screen shown: its text with every fold opened, and the labels and
# tooltips of its buttons and pictures; the folds opened are closed again (a verdict's "Details" included: its rule in
# words). One fold is a reference, not words: the expert's raw JSON.
SHOWN = """const screen = document.querySelector('.screen:not([hidden])');
  const opened = [...screen.querySelectorAll('details:not([open]):not(.expert)')];
  for (const d of opened) d.open = true;
  const labels = [...screen.querySelectorAll('[aria-label], [title], [alt]')].map(e => [e.getAttribute('aria-label'),
    e.getAttribute('title'), e.getAttribute('alt')].filter(Boolean).join(' '));
  const titles = [...screen.querySelectorAll('svg title')].map(e => e.textContent);
  const text = [screen.innerText, document.querySelector('header').innerText, ...labels, ...titles];
  for (const d of opened) d.open = false;
  return text;"""


def example(game):
    path = REPO / "docs/rules/examples" / f"{EXAMPLES[game]}.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()]


def ids_shown(driver) -> list[str]:
    return sorted({m.group(0) for text in driver.execute_script(SHOWN) for m in INTERNAL.finditer(text)})


def open_screen(driver, url, screen):
    """The phone's tab for ``screen``, drawn afresh (as a player opening it sees it) once it has what it shows."""
    since = open_tab(driver, screen)
    if screen == "table":
        settled(driver, url)
        wait(driver, lambda d: d.find_elements("css selector", "#board > *"), message="no board drawn")
    else:
        wait(driver, lambda d: d.find_elements("css selector", DRAWN[screen]), message=f"the {screen} screen is empty")
    drawn(driver, screen, since)  # its second read too (past games, statistics)


@pytest.mark.parametrize("game", list(EXAMPLES))
def test_every_screen_in_both_themes_and_languages_is_readable_and_shows_no_id(quiet_table, phone, screenshots,
                                                                                game):
    service, url = quiet_table
    unlock(phone, url)
    events = example(game)
    found, words, weak, small, measured, facts = {}, {}, [], [], [], []
    try:
        for stage, (played, picture, others) in STAGES.items():
            service.table.new_game(game, {}, PLAYERS[game])
            for event in events[: len(events) // 2 if played == "half" else played]:
                service.table.submit(event, source="phone")
            show(phone, url)
            for screen in ("table", *others):
                open_screen(phone, url, screen)

                def read(lang, scheme):  # the language switched as a player switches it, on the screen open
                    words[(stage, screen, scheme, lang)] = phone.execute_script(
                        "return document.querySelector(arguments[0]).innerText", WORDS[screen])
                    if screen == "table" and picture:
                        screenshot(phone, screenshots, f"{game}-{picture}-{scheme}-{lang}")
                    found[(stage, screen, scheme, lang)] = ids_shown(phone)
                    if screen == "table" and stage == "middle":
                        facts.append(game_details(phone, url, lang))
                    if screen == "table" and lang == "en":  # the board's outlines and sizes, in each theme
                        lines = phone.execute_script(CONTRAST_JS, OUTLINES[game])
                        measured.append(len(lines))
                        weak.extend((stage, scheme, *line) for line in lines if line[2] < 3)
                        small.extend((stage, text, round(px, 1)) for text, px in phone.execute_script(TEXT_SIZES_JS)
                                     if px < 11.95)
                in_each_look(phone, read)
        assert not page_errors(phone)
    finally:
        language(phone, "en")
    assert {where: ids for where, ids in found.items() if ids} == {}
    untold = [where[:3] for where, text in words.items() if where[3] == "en" and text == words[(*where[:3], "fr")]]
    assert not untold, f"screens whose words stayed the same when French was chosen: {untold}"
    assert facts and all(said and shown == said for shown, said in facts), facts  # every game has facts mid-game
    assert sum(measured), f"no outline of {game}'s board ({OUTLINES[game]}) was found to measure"
    assert not weak, f"outlines under 3:1 against their board: {weak[:6]}"
    assert not small, f"text on {game}'s board under 12 CSS px: {small[:10]}"


def game_details(driver, url, lang):
    """"Game details" as shown, and the game's facts in the page's language: the same, with no key of the summary
    ("bonus depth") as a term of a list."""
    facts = settled(driver, url)["summary"]["facts"]
    shown = driver.execute_script("const card = document.querySelector('#details-card'); card.open = true; const shown"
                                  " = [...document.querySelectorAll('#details li')].map(li => li.innerText);"
                                  " card.open = false; return shown")
    assert not driver.find_elements("css selector", "#details dt")
    return shown, [fact[lang] for fact in facts]


def test_the_game_screen_speaks_the_language_chosen_on_it_and_keeps_what_was_typed(quiet_table, phone):
    """French chosen while the game screen is open: its games and options are said in French at once, and what
    was typed is kept."""
    service, url = quiet_table
    unlock(phone, url)
    service.table.new_game("nexus-keepers", {}, PLAYERS["nexus-keepers"])
    try:
        language(phone, "en")
        open_screen(phone, url, "game")
        label = "return document.querySelector('label[for=option-maladresse_ones] strong').innerText"
        english = phone.execute_script(label)
        phone.execute_script("document.querySelector('#option-maladresse_ones').value = '4';"
                             "document.querySelector('#option-leap_over_run').checked = false")
        phone.find_element("id", "lang-toggle").click()
        wait(phone, lambda d: d.execute_script(label) != english, message=f"the options stayed in English: {english}")
        assert phone.find_element("id", "option-maladresse_ones").get_attribute("value") == "4"
        assert not phone.find_element("id", "option-leap_over_run").is_selected()
    finally:
        language(phone, "en")


def test_nothing_empty_takes_room_on_the_table_screen(quiet_table, phone):
    """An empty line kept for the simulated seat's answer left a 60 px gap above every board on a real table."""
    service, url = quiet_table
    unlock(phone, url)
    service.table.new_game("nexus", {}, PLAYERS["nexus"])
    open_screen(phone, url, "table")
    empty = phone.execute_script("""return [...document.querySelector('#screen-table').children]
      .filter(e => !e.hidden && !e.children.length && !e.textContent.trim() && e.getBoundingClientRect().height > 0)
      .map(e => e.id || e.className)""")
    assert empty == []


# The page's reads of ``arguments[0]`` held back until window.letRead() (the rest go on); how many were asked.
HOLD_JS = """const held = arguments[0], real = window.fetch;
  window.heldReads = 0;
  const gate = new Promise((resolve) => { window.letRead = resolve; });
  window.realFetch = real;
  window.fetch = (path, options) => {
    if (!String(path).startsWith(held)) return real(path, options);
    window.heldReads += 1;
    return gate.then(() => real(path, options));
  };"""
TWO_FRAMES_JS = "const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done(1)))"
PAST_SHOWN_JS = "return [...document.querySelectorAll('#past-games li.past-game')].map(li => Number(li.dataset.game))"


def test_a_screen_says_it_is_drawn_only_once_what_it_reads_has_landed(quiet_table, phone):
    """The history screen reads the earlier games after it opens: its mark (body[data-screen-ready]) comes once that
    read is drawn, not before, so a test waits for the mark rather than a fixed time a loaded machine outruns."""
    service, url = quiet_table
    service.table.new_game("nexus", {}, PLAYERS["nexus"])
    service.table.submit(example("nexus")[0], source="phone")
    service.table.new_game("nexus", {}, PLAYERS["nexus"])  # the game played is set aside: an earlier game
    earlier = [game["id"] for game in api(url, "api/past-games")["games"] if not game["current"]]
    assert earlier
    show(phone, url)
    phone.execute_script(HOLD_JS, "/api/past-games")
    try:
        since = open_tab(phone, "history")
        # all the screen's other reads answered and drawn, the earlier games' held
        wait(phone, lambda d: d.execute_script("return window.heldReads === 1 && window.companion.api.pending === 1"),
             message="the history screen never asked for the earlier games")
        phone.execute_async_script(TWO_FRAMES_JS)
        assert phone.execute_script("return document.body.dataset.screenReady") is None
        # the game just set aside is not listed yet (a list read at an earlier visit may be shown meanwhile)
        assert earlier[0] not in phone.execute_script(PAST_SHOWN_JS)
        phone.execute_script("window.letRead()")
        drawn(phone, "history", since)
        assert phone.execute_script(PAST_SHOWN_JS) == earlier
    finally:
        phone.execute_script("if (window.realFetch) { window.fetch = window.realFetch; window.letRead(); }")


# Each time the page marks its screen drawn (body[data-screen-ready]), the table's board as it was at that moment:
# [mark, the game the page holds, its entries, the board drawn (body[data-board]), the board's entries].
MARKS_JS = """window.boardMarks = [];
  new MutationObserver(() => {
    const ready = document.body.dataset.screenReady, app = window.companion;
    if (ready) window.boardMarks.push([ready, app.state.game, app.state.entries, document.body.dataset.board,
      document.querySelector('#board').dataset.entries]);
  }).observe(document.body, {attributes: true, attributeFilter: ['data-screen-ready']});"""


def test_the_table_screen_says_it_is_drawn_only_once_its_board_is(quiet_table, phone):
    """A game's board view is a module loaded when first needed (games/index.js): the table screen is marked drawn
    only once that module has drawn its board, so a test waiting for the mark never looks at the last game's board,
    or none. The page's requests are slowed (CDP: 300 ms each) so the module's imports land well after the game's
    other reads."""
    service, url = quiet_table
    service.table.new_game("free-roll", {}, [])  # no board: no board module loaded in the page opened below
    open_page(phone, url, "#/table")
    phone.execute_script(MARKS_JS)
    phone.execute_cdp_cmd("Network.enable", {})
    slow = {"offline": False, "latency": 300, "downloadThroughput": -1, "uploadThroughput": -1}
    phone.execute_cdp_cmd("Network.emulateNetworkConditions", slow)
    try:
        service.table.new_game("hexors", {}, PLAYERS["hexors"])
        wait(phone, lambda d: any(mark[1] == "hexors" for mark in d.execute_script("return window.boardMarks")),
             message="the table screen never said it was drawn for hexors")
    finally:
        phone.execute_cdp_cmd("Network.emulateNetworkConditions", {**slow, "latency": 0})
    marks = [mark for mark in phone.execute_script("return window.boardMarks") if mark[1] == "hexors"]
    assert all(mark[3] == "hexors" and mark[4] == str(mark[2]) for mark in marks), marks


NOTICES_AT_MARKS_JS = """window.noticeMarks = [];
  new MutationObserver(() => {
    const ready = document.body.dataset.screenReady;
    if (ready) window.noticeMarks.push([window.companion.state.entries,
      document.querySelector('#notices').innerText]);
  }).observe(document.body, {attributes: true, attributeFilter: ['data-screen-ready']});"""


def test_the_screen_says_it_is_drawn_only_once_the_notice_of_another_phones_move_is_shown(quiet_table, phone):
    """Another phone's refused move is told on this one a moment after its entry (app.js onEvent), so that this
    phone's own shows beside its finger instead: the screen is marked drawn only once that notice is shown, so a
    screenshot taken at the mark always has it."""
    service, url = quiet_table
    service.table.new_game("nexus-keepers", {}, PLAYERS["nexus-keepers"])
    service.table.submit(example("nexus-keepers")[0], source="phone")  # set up: A's turn, not started
    open_page(phone, url, "#/table")
    phone.execute_script("document.querySelector('#notices').replaceChildren()")
    phone.execute_script(NOTICES_AT_MARKS_JS)
    entries = service.table.state()["entries"]
    service.table.submit({"type": "turn_start", "player": "B"}, source="phone")  # not this phone's: refused
    wait(phone, lambda d: [m for m in d.execute_script("return window.noticeMarks") if m[0] > entries],
         message="the table screen never said it was drawn after the refused move")
    first = next(m for m in phone.execute_script("return window.noticeMarks") if m[0] > entries)
    assert "It is A's turn" in first[1], first
