"""The Hexors arena on a phone: held sideways its frame fits the window and play stands beside it; upright at 360 px its
words are readable and it stays within the screen.

Held sideways (740 x 360, and a reviewer's 740 x 217) the arena's frame fits the window, the duel's colour pad in
sight beside it rather than under a 470 px arena. Its cells stay 44 px (test_hexors_colour_fit_page): where the window
is shorter than that allows, the frame pans over the arena. Upright at 360 px its cells' names, the tiles' marks and
strike values keep the 12 CSS px every board's text keeps (test_every_screen measures it on a 390 px phone)."""

from __future__ import annotations

import time

import pytest
from selenium.common.exceptions import TimeoutException

from boardhelpers import tap, wait
from browserhelpers import in_each_look, page_errors
from screens import TEXT_SIZES_JS, language, show, start

pytestmark = pytest.mark.browser

DUEL = 12  # the example's first duel: Yugi's Kuriboh against Saggi, Yugi to roll
# [left, top, right, bottom] of each selector's element, and the window's [width, height]
FRAME = ".board-scroll:has(> .hex-arena)"
# the narrowest and the lowest cell of the arena drawn, in CSS px
CELL_JS = """const hexes = [...document.querySelectorAll('.hex-arena .cell .hex')].map((h) => h.getBoundingClientRect());
  return [Math.min(...hexes.map((r) => r.width)), Math.min(...hexes.map((r) => r.height))];"""
RECTS_JS = """return [...arguments].map((css) => { const r = document.querySelector(css).getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom]; }).concat([[innerWidth, innerHeight]]);"""


def in_sight(rect, window, undo_top, rail_right):
    """Whether ``rect`` lies whole in the window, between the tabs rail and above the Undo bar."""
    left, top, right, bottom = rect
    return left >= rail_right - 0.5 and right <= window[0] + 0.5 and top >= -0.5 and bottom <= undo_top + 0.5


@pytest.mark.parametrize("height", [360, 217])
def test_held_sideways_the_arena_fits_the_window_beside_the_duels_colours(resizable_table, screenshots, height):
    service, url, phone, size = resizable_table
    size(740, height)
    start(service, "hexors", DUEL)
    show(phone, url)
    found = []

    def look(lang, scheme):
        wait(phone, lambda d: d.find_elements("css selector", "#hex-colours"), message="no colour pad")
        phone.execute_script("document.querySelector('#board').scrollIntoView({block: 'start'})")
        arena, phase, undo, rail, window = phone.execute_script(
            RECTS_JS, FRAME, "#board-phase", "#table-undo", "#tabs")
        if not in_sight(arena, window, undo[1], rail[2]) or not in_sight(phase, window, undo[1], rail[2]):
            found.append((lang, scheme, "board's top", "arena", arena, "phase", phase, "undo top", undo[1]))
        # the colour to tap brought into sight: the arena stays whole beside it
        phone.execute_script("document.querySelector('#hex-colours').scrollIntoView({block: 'nearest'})")
        arena, pad, undo, window = phone.execute_script(RECTS_JS, FRAME, "#hex-colours", "#table-undo")
        if not in_sight(arena, window, undo[1], rail[2]) or not in_sight(pad, window, undo[1], rail[2]):
            found.append((lang, scheme, "colours", "pad", pad, "arena", arena, "undo top", undo[1]))
        if pad[0] < arena[2]:
            found.append((lang, scheme, "the colours not beside the arena", pad, arena))
        if min(phone.execute_script(CELL_JS)) < 44:
            found.append((lang, scheme, "cells under a finger's size", phone.execute_script(CELL_JS)))
        small = [(text, round(px, 2)) for text, px in phone.execute_script(TEXT_SIZES_JS) if px < 11.95]
        if small:
            found.append((lang, scheme, "arena text under 12 CSS px", small[:4]))
        phone.save_screenshot(str(screenshots / f"hexors-sideways-740x{height}-{lang}-{scheme}.png"))
    try:
        in_each_look(phone, look)
        # upright again: the arena is drawn upright, as high as it was (the phone turned back, the page not reloaded)
        size(360, 740)
        wait(phone, lambda d: d.execute_script(
            "const r = document.querySelector('.hex-arena').getBoundingClientRect(); return r.height > 1.4 * r.width"),
            message="the arena stayed turned on a phone held upright")
    finally:
        size(390, 844)
    assert found == [], found
    assert page_errors(phone) == []


@pytest.mark.parametrize("events", [0, 4, DUEL], ids=["setup", "play", "duel"])
def test_at_360_px_the_arenas_words_are_readable_and_it_stays_within_the_screen(resizable_table, events):
    service, url, phone, size = resizable_table
    size(360, 740)
    try:
        start(service, "hexors", events)
        show(phone, url)
        wait(phone, lambda d: d.find_elements("css selector", ".hex-arena .tile .label"), message="no tile drawn")
        small = [(text, round(px, 2)) for text, px in phone.execute_script(TEXT_SIZES_JS) if px < 11.95]
        arena = phone.execute_script(RECTS_JS, ".hex-arena")[0]
        scroller = phone.execute_script("const s = document.querySelector('.board-scroll:has(> .hex-arena)');"
                                        " return [s.scrollWidth, s.clientWidth]")
        window = phone.execute_script("return document.documentElement.clientWidth")
    finally:
        size(390, 844)
    assert small == [], f"arena text under 12 CSS px at 360 px: {small[:8]}"
    assert arena[0] >= 0 and arena[2] <= window and scroller[0] <= scroller[1], (arena, scroller, window)
    assert arena[2] - arena[0] > 300, arena  # its cells about 54 px wide, as before: not shrunk to fit bigger words
    assert page_errors(phone) == []


def test_held_sideways_a_tap_leaves_the_arena_where_it_was_panned_to(resizable_table):
    """At 740 x 217 the frame shows part of the arena; a tile tapped at its far end redraws the board, and the frame
    stays where it was panned to, on the tile just picked and the cells it may reach, not back at the arena's start."""
    service, url, phone, size = resizable_table
    size(740, 217)
    try:
        start(service, "hexors", 4)  # Kaiba's turn: his Celtic Guardian on d7, far from his near end
        show(phone, url)
        panned = phone.execute_script(f"""const frame = document.querySelector('{FRAME}');
          frame.scrollLeft = frame.scrollWidth; frame.scrollTop = frame.scrollHeight;
          return [frame.scrollLeft, frame.scrollTop];""")
        phone.execute_script("document.querySelector(\".hex-arena .tile[data-tile='celtic']\")"
                             ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
        wait(phone, lambda d: d.find_elements("css selector", ".hex-arena .tile.selected[data-tile='celtic']"),
             message="the tile tapped was not picked")
        after = phone.execute_script(f"const frame = document.querySelector('{FRAME}');"
                                     " return [frame.scrollLeft, frame.scrollTop]")
    finally:
        size(390, 844)
    assert panned[0] > 40 and after == panned, (panned, after)
    assert page_errors(phone) == []


def duel_in_frame(phone):
    """Wait until Kuriboh and Saggi, the duel's tiles, lie whole in the arena's frame (it opens on them at the next
    frame once laid out); else fail with where they and the frame lie."""
    looked = []

    def in_frame(driver):
        frame, *tiles = driver.execute_script(RECTS_JS, FRAME, ".hex-arena .tile.target[data-tile='kuriboh']",
                                              ".hex-arena .tile.target[data-tile='saggi']")[:3]
        looked[:] = [frame, tiles]
        return all(frame[0] <= left and right <= frame[2] and frame[1] <= top and bottom <= frame[3]
                   for left, top, right, bottom in tiles)
    try:
        wait(phone, in_frame, timeout=5)
    except TimeoutException:
        raise AssertionError(f"the duel's tiles are not in the frame (frame, tiles): {looked}") from None


def test_held_sideways_a_duel_opens_with_its_tiles_in_the_frame(resizable_table):
    """At 740 x 217 the frame shows a third of the arena: opened on its near corner, it hid Kuriboh and Saggi, the
    tiles in the duel whose colour is asked for beside it."""
    service, url, phone, size = resizable_table
    size(740, 217)
    try:
        start(service, "hexors", DUEL)
        show(phone, url)
        duel_in_frame(phone)
    finally:
        size(390, 844)
    assert page_errors(phone) == []


def test_a_phone_turned_on_another_tab_in_a_duel_finds_the_duel_in_the_frame_back_on_the_table(resizable_table):
    """The phone turned while History is shown, in a duel: back on the table, the arena's frame finds the duel
    (Kuriboh and Saggi in the frame at 740 x 217), rather than staying on its near corner because the hidden arena's
    frame took the duel as opened on it though nothing was in view."""
    service, url, phone, size = resizable_table
    size(390, 844)
    try:
        start(service, "hexors", DUEL)
        show(phone, url)
        phone.execute_script("location.hash = '#/history'")
        wait(phone, lambda d: d.execute_script("return document.body.dataset.screen") == "history",
             message="History never shown")
        size(740, 217)
        wait(phone, lambda d: d.find_elements("css selector", ".hex-arena.turned"),
             message="the arena was not drawn again turned")
        phone.execute_script("location.hash = '#/table'")
        wait(phone, lambda d: d.execute_script("return document.body.dataset.screen") == "table",
             message="the table never shown again")
        duel_in_frame(phone)
    finally:
        size(390, 844)
    assert page_errors(phone) == []



def test_held_sideways_a_tiles_name_goes_when_the_frame_pans_it_out_of_sight(resizable_table):
    """At 740 x 217 a tile tapped shows its full name (wider than the frame: held at the window's left edge); the
    frame panned (a drag) until the tile is out of it, the name goes rather than name nothing in sight. A pan that
    keeps the tile in the frame keeps its name."""
    service, url, phone, size = resizable_table
    size(740, 217)
    pan = f"const frame = document.querySelector('{FRAME}'); frame.scrollLeft += arguments[0];"
    shown = "return !document.querySelector('#name-tip').hidden"
    try:
        start(service, "hexors", 4)  # Kaiba's turn: his Celtic Guardian on d7, at the arena's far end (right)
        show(phone, url)
        phone.execute_script(pan, 10 ** 4)
        phone.execute_script("document.querySelector(\".hex-arena .tile[data-tile='celtic']\")"
                             ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
        wait(phone, lambda d: d.execute_script(shown), message="no name shown for the tile tapped")
        phone.execute_script(pan, -10)
        kept = phone.execute_script(shown)
        phone.execute_script(pan, -(10 ** 4))  # the tile out of the frame
        wait(phone, lambda d: not d.execute_script(shown), message="the name stayed with its tile out of the frame")
    finally:
        size(390, 844)
    assert kept, "a pan keeping the tile in the frame took its name away"
    assert page_errors(phone) == []


# The prompt above the colours (who rolls, what to tap) and the colours: [top of the prompt, bottom of the colours,
# top of the Undo bar].
PROMPT_JS = """const hint = document.querySelector('#hex-roll-hint'), pad = document.querySelector('#hex-colours');
  return hint && pad ? [hint.getBoundingClientRect().top, pad.getBoundingClientRect().bottom,
                        document.querySelector('#table-undo').getBoundingClientRect().top] : null;"""


def pick_saggi_for_a_duel(service, url, phone, lang):
    """Yugi's Kuriboh picks its foe, Saggi, on a phone showing the table in ``lang`` from the top: the duel's
    colours are then asked for."""
    start(service, "hexors", DUEL - 1)
    show(phone, url)
    language(phone, lang)
    phone.execute_script("scrollTo(0, 0)")
    tap(phone, "#hex-challenge [data-target='saggi']")


def test_held_sideways_a_duels_colours_come_into_sight_with_the_line_that_asks_for_them(resizable_table):
    """A foe picked for a duel brings the colour to tap into sight with the line above it saying who rolls and what
    to tap (three lines in French): held sideways (740 x 360) both are in sight together, above the Undo bar, in each
    language."""
    service, url, phone, size = resizable_table
    size(740, 360)
    found = []
    try:
        for lang in ("en", "fr"):
            pick_saggi_for_a_duel(service, url, phone, lang)
            wait(phone, lambda d: d.execute_script(PROMPT_JS), message="no colours to tap")
            try:
                wait(phone, lambda d: (lambda r: r[0] >= -0.5 and r[1] <= r[2] + 0.5)(d.execute_script(PROMPT_JS)),
                     timeout=6)
            except TimeoutException:
                found.append((lang, phone.execute_script(PROMPT_JS)))
    finally:
        language(phone, "en")
        size(390, 844)
    assert found == [], found
    assert page_errors(phone) == []


# The tile's name shown, the tabs' rail and the window: [[left, top, right, bottom] of the name, the rail's right
# edge, [width, height], the name's words, 20rem in CSS px, the answer to the tap: [left, right, words]].
NAME_TIP_JS = """const tip = document.querySelector('#name-tip'); const r = tip.getBoundingClientRect();
  const box = document.querySelector('#tap-answer'); const a = box.getBoundingClientRect();
  return [[r.left, r.top, r.right, r.bottom], document.querySelector('#tabs').getBoundingClientRect().right,
          [innerWidth, innerHeight], tip.hidden ? null : tip.textContent,
          20 * parseFloat(getComputedStyle(document.documentElement).fontSize),
          'empty' in box.dataset ? null : [a.left, a.right, box.innerText]];"""


def test_held_sideways_a_tiles_full_name_is_seen_whole_right_of_the_tabs(resizable_table):
    """Held sideways (740 x 360) a tile's full name (« Gaïa le Chevalier Implacable (carreau d'exemple) · élément :
    vert », 540-600 px on one line) takes a few lines no wider than 20rem; it and the answer to the tap (not Kaiba's
    tile) lie whole in the window right of the tabs' rail down the left side, in each language."""
    service, url, phone, size = resizable_table
    size(740, 360)
    seen = []
    try:
        start(service, "hexors", 4)
        show(phone, url)
        for lang in ("en", "fr"):
            language(phone, lang)
            phone.execute_script("document.querySelector('#board').scrollIntoView({block: 'start'})")
            phone.execute_script("document.querySelector(\".hex-arena .tile[data-tile='gaia']\")"
                                 ".dispatchEvent(new MouseEvent('click', {bubbles: true}))")
            wait(phone, lambda d: d.execute_script(NAME_TIP_JS)[3] and d.execute_script(NAME_TIP_JS)[5],
                 message="no name, or no answer, shown for the tile tapped")
            time.sleep(0.1)  # placed again once the tile's own handler has drawn the board (board.js)
            seen.append((lang, *phone.execute_script(NAME_TIP_JS)))
    finally:
        language(phone, "en")
        size(390, 844)
    for lang, (left, top, right, bottom), rail, (width, height), name, most, (begins, ends, said) in seen:
        assert name.startswith({"en": "Gaia the Fierce Knight", "fr": "Gaïa le Chevalier Implacable"}[lang]), name
        # the answer (Kaiba's turn: not his tile) lies right of the rail too
        assert rail - 0.5 <= begins and ends <= width + 0.5 and "Kaiba" in said, (lang, begins, rail, ends, said)
        assert rail - 0.5 <= left and right <= width + 0.5 and 0 <= top and bottom <= height, (lang, left, rail, right)
        assert right - left <= most + 0.5, (lang, right - left, most)
    assert page_errors(phone) == []


# The answer to a tap and each colour key: [[left, top, right, bottom], ...], the answer's first; null while no
# answer is shown.
ANSWER_KEYS_JS = """const box = document.querySelector('#tap-answer');
  if ('empty' in box.dataset) return null;
  return [box, ...document.querySelectorAll('#hex-colours .colour-key')].map((el) => {
    const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; });"""


def test_held_sideways_the_answer_to_a_foe_picked_leaves_the_colour_keys_free(resizable_table):
    """Held sideways (740 x 360) a foe picked in a duel is answered « Duel Kuriboh contre Saggi le Clown Noir : Yugi
    lance le dé de couleur en premier », though every place beside the finger lies over the colour keys or the
    arena's empty cells: the answer lies over no colour key, in sight, in each language (the line asking for the
    colour, which it says again, may lie under it)."""
    service, url, phone, size = resizable_table
    size(740, 360)
    found = []
    try:
        for lang in ("en", "fr"):
            pick_saggi_for_a_duel(service, url, phone, lang)
            wait(phone, lambda d: d.execute_script(ANSWER_KEYS_JS), message="no answer to the foe picked")
            time.sleep(0.3)  # placed again once the colours' pad is brought into sight
            (left, top, right, bottom), *keys = phone.execute_script(ANSWER_KEYS_JS)
            width, height = phone.execute_script("return [innerWidth, innerHeight]")
            under = [i for i, (kl, kt, kr, kb) in enumerate(keys) if kl < right and left < kr and kt < bottom and top < kb]
            if under or top < -0.5 or bottom > height + 0.5 or len(keys) < 6:
                found.append((lang, [left, top, right, bottom], "over keys", under, len(keys)))
    finally:
        language(phone, "en")
        size(390, 844)
    assert found == [], found
    assert page_errors(phone) == []
