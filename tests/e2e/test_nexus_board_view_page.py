"""The Nexus board on a phone (issue 53: not 1147 px wide on a 341 px screen mid-game, nor a first screen mostly of
empty board at game over). It opens fitted to the screen with every card in view; − / + and a tap on a square too
small for a finger zoom in (then the squares are 44 px or more and a tap plays); "Overview" fits it again."""

from __future__ import annotations

import re
import time

import pytest

from companion.games.nexus.grid import neighbours
from companion.games.nexus.views import readable
from tests.games.nexus.nexus_helpers import deck as nexus_deck

from boardhelpers import answer_to_tap, tap, tap_until, wait, watch_taps
from browserhelpers import in_each_look, page_errors
from screens import example, language, show, start

pytestmark = pytest.mark.browser

# The board's frame and drawing as laid out now, and every card's place on the screen.
LAYOUT_JS = """const frame = document.querySelector('#nx-scroll'); const board = frame.querySelector('svg.nx-board');
  const f = frame.getBoundingClientRect(); const b = board.getBoundingClientRect();
  const cards = [...board.querySelectorAll('g.card > .card-face')].map((c) => c.getBoundingClientRect())
    .map((r) => [r.left, r.right, r.top, r.bottom]);
  const text = [...board.querySelectorAll('.node text')].filter((e) => e.checkVisibility({visibilityProperty: true}));
  return {frame: [f.left, f.right, f.top, f.bottom], board: [b.width, b.height], cards, scale: +board.dataset.scale,
          overview: board.classList.contains('overview'), text: text.length, page: document.documentElement.scrollWidth,
          screen: innerWidth};"""
SQUARE_JS = """const r = document.querySelector(arguments[0]).getBoundingClientRect(); return [r.width, r.height];"""


def layout(driver):
    return driver.execute_script(LAYOUT_JS)


def assert_fitted(seen):
    left, right, top, bottom = seen["frame"]
    assert seen["board"][0] <= right - left, seen
    assert seen["page"] <= seen["screen"], "the page scrolls sideways"
    for card in seen["cards"]:  # every card in view inside the frame, none cut
        assert left - 0.5 <= card[0] and card[1] <= right + 0.5, (card, seen["frame"])
        assert top - 0.5 <= card[2] and card[3] <= bottom + 0.5, (card, seen["frame"])


@pytest.mark.parametrize("events", [52, None], ids=["middle", "over"])
def test_the_board_opens_fitted_with_every_card_in_view(narrow_table, phone, events):
    service, url = narrow_table
    start(service, "nexus", events)
    show(phone, url)
    seen = layout(phone)
    assert len(seen["cards"]) >= 20
    assert_fitted(seen)
    assert seen["overview"] and seen["text"] == 0  # node values too small to read are hidden, not drawn at 4 px
    assert not page_errors(phone)


@pytest.mark.parametrize("height", [360, 217])
def test_held_sideways_the_board_opens_fitted_with_every_card_in_view(narrow_table, phone, height):
    """A phone held sideways (740 px wide, 360 or, under the browser's bars, 217 px high): the board opens fitted to
    its frame, which stops at 65 % of the window (141 px at 217), every card in view with its foot, so neither
    "Overview" nor − is shown."""
    service, url = narrow_table
    frame = phone.execute_script("return outerHeight - innerHeight")
    phone.set_window_size(740, height + frame)
    try:
        start(service, "nexus", 52)
        show(phone, url)
        seen = layout(phone)
        assert len(seen["cards"]) >= 20
        assert_fitted(seen)
        assert phone.execute_script(ZOOM_BAR_JS)[:4] == [False, False, False, False]
    finally:
        phone.set_window_size(360, 800)


# Whether "Overview" and − are shown and take a tap, and where + lies.
ZOOM_BAR_JS = """const fit = document.querySelector("[data-zoom='fit']");
  const minus = document.querySelector("[data-zoom='out']");
  const plus = document.querySelector("[data-zoom='in']");
  return [fit.checkVisibility({visibilityProperty: true}), !fit.disabled,
          minus.checkVisibility({visibilityProperty: true}), !minus.disabled, plus.getBoundingClientRect().left];"""


def test_zoom_buttons_and_overview(narrow_table, phone):
    """"Overview" fits the board again; while the whole board is already in view neither it nor − is shown (not
    shown disabled, with no word why), and + does not slide under the finger when a zoom brings them back."""
    service, url = narrow_table
    start(service, "nexus", 52)
    show(phone, url)
    fit = layout(phone)
    *fitted_bar, plus = phone.execute_script(ZOOM_BAR_JS)
    assert fitted_bar == [False, False, False, False]
    tap(phone, "[data-zoom='in']")
    wait(phone, lambda d: layout(d)["scale"] > fit["scale"], message="+ did not zoom in")
    bigger = layout(phone)
    assert bigger["board"][0] > fit["board"][0] * 1.4
    assert phone.execute_script(ZOOM_BAR_JS) == [True, True, True, True, plus]
    tap(phone, "[data-zoom='fit']")
    wait(phone, lambda d: layout(d)["scale"] == fit["scale"], message="Overview did not fit the board again")
    assert_fitted(layout(phone))
    assert phone.execute_script(ZOOM_BAR_JS)[:4] == [False, False, False, False]


# + at the largest size: [whether it is marked unavailable, its title, what describes it, the line beside it shown,
# its words, whether that line lies clear of the buttons shown, on one line or two], and the board's scale.
PLUS_JS = """const plus = document.querySelector("[data-zoom='in']"); const why = document.querySelector('#nx-zoom-why');
  const w = why.getBoundingClientRect();
  const clear = [...document.querySelectorAll('.nx-zoom-bar button')].filter((b) => b.checkVisibility())
    .map((b) => b.getBoundingClientRect()).every((b) => b.right <= w.left || b.left >= w.right
      || b.bottom <= w.top || b.top >= w.bottom);
  return [plus.getAttribute('aria-disabled'), plus.title, plus.getAttribute('aria-describedby'),
          why.checkVisibility(), why.textContent, clear && w.height < 40,
          +document.querySelector('#nx-scroll svg.nx-board').dataset.scale];"""


def test_at_the_largest_size_plus_says_why_it_does_nothing(narrow_table, phone):
    """At the largest size + is drawn unavailable and says why: the line beside the zoom buttons and its title, in
    each language; a tap on it says so again and leaves the board's size."""
    service, url = narrow_table
    start(service, "nexus", 52)
    show(phone, url)
    assert phone.execute_script(PLUS_JS)[:4] == ["false", "Zoom in", "nx-zoom-why", False]
    for _ in range(8):  # from the fitted board (about 0.25) by steps of 1.5 to 1.5
        if phone.execute_script(PLUS_JS)[0] == "true":
            break
        scale = layout(phone)["scale"]
        tap(phone, "[data-zoom='in']")
        wait(phone, lambda d: layout(d)["scale"] > scale, message="+ did not zoom in")
    seen = []
    in_each_look(phone, lambda lang, scheme: seen.append(phone.execute_script(PLUS_JS)[:6]), themes=("light",))
    english = "The board is at its largest size: drag it to see the rest, or tap Overview to see it whole"
    french = ("Le plateau est à sa taille maximale\u00a0: faites-le glisser pour voir le reste, ou touchez Vue "
              "d’ensemble pour le voir en entier")
    assert seen == [["true", english, "nx-zoom-why", True, "Largest size", True],
                    ["true", french, "nx-zoom-why", True, "Taille maximale", True]], seen
    largest = layout(phone)["scale"]
    watch_taps(phone)
    tap(phone, "[data-zoom='in']")
    assert answer_to_tap(phone) == english
    assert layout(phone)["scale"] == largest
    tap(phone, "[data-zoom='fit']")
    wait(phone, lambda d: d.execute_script(PLUS_JS)[0] == "false", message="Overview left + unavailable")
    assert not phone.execute_script(PLUS_JS)[3]
    assert not page_errors(phone)


# The lines on the page that say the game is over, shown now.
OVER_SAID_JS = """return [...document.querySelectorAll('main *')].filter((e) => e.checkVisibility())
  .filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && /game is over|game over|partie (est )?terminée/i
    .test(n.textContent))).map((e) => e.textContent.trim());"""


def test_the_game_over_is_said_once(narrow_table, phone):
    """Game over: the game-over card says it ("Game over", who won), and the board's header does not say it again
    under it: said once, in each language."""
    service, url = narrow_table
    start(service, "nexus", None)
    show(phone, url)
    assert service.table.engine.summary()["phase"] == "over"
    said = []
    in_each_look(phone, lambda lang, scheme: said.append(phone.execute_script(OVER_SAID_JS)), themes=("light",))
    assert said == [["Game over"], ["Partie terminée"]], said
    assert phone.find_element("id", "board-phase").get_attribute("data-phase") == "over"
    assert not page_errors(phone)


# The board's lines that tell the player to tap a card, and whether each lies on the first screen, unscrolled.
TAP_A_CARD_JS = """return [...document.querySelectorAll('#board p')].filter((p) => p.checkVisibility())
  .filter((p) => /tap (a|the) card|touchez (une|la) carte/i.test(p.textContent))
  .map((p) => [p.textContent, p.getBoundingClientRect().bottom <= innerHeight]);"""


def test_where_to_place_a_counter_is_said_once_above_the_board(narrow_table, phone):
    """Counter to place: "Place a counter: tap a card, then a free node" above the board, and under its legend,
    off the first screen, "Tap the card holding the node for Ann's counter": said once, above the board."""
    service, url = narrow_table
    start(service, "nexus", 52)
    show(phone, url)
    assert service.table.engine.summary()["phase"] == "counter"
    said = []
    in_each_look(phone, lambda lang, scheme: said.append(phone.execute_script(TAP_A_CARD_JS)), themes=("light",))
    assert said == [[["Place a counter: tap a card, then a free node", True]],
                    [["Posez un pion\u00a0: touchez une carte, puis un nœud libre", True]]], said
    assert not page_errors(phone)


def test_a_tap_on_a_tiny_square_zooms_there_and_the_next_tap_plays(narrow_table, phone):
    """Mid-game the fitted squares are ~20 px: the first tap zooms to 80 px squares centred on the one tapped (no
    move chosen yet), the second chooses it; the board keeps its zoom as the page redraws."""
    service, url = narrow_table
    moves = example("nexus")
    played = next(i for i in range(50, len(moves)) if moves[i]["type"] == "play_card")
    start(service, "nexus", played)
    show(phone, url)
    assert layout(phone)["scale"] * 80 < 44  # the case: a board too big for the screen
    x, y = moves[played]["x"], moves[played]["y"]
    square = f"#nx-scroll .spot-cell[data-x='{x}'][data-y='{y}'] .spot"
    tap(phone, square)
    wait(phone, lambda d: layout(d)["scale"] >= 1, message="the tap did not zoom in")
    assert not phone.find_elements("id", "nx-ways")
    width, height = phone.execute_script(SQUARE_JS, square)
    assert width >= 44 and height >= 44
    seen = layout(phone)
    assert seen["text"] > 0 and not seen["overview"]
    tap(phone, square)
    wait(phone, lambda d: d.find_elements("id", "nx-ways"), message="the second tap did not choose the square")
    time.sleep(0.3)
    assert layout(phone)["scale"] >= 1
    assert not page_errors(phone)


# Every card down as the phone says it (nx-board.js's cardSaid, from the summary's names, players and turns).
CARD_WORDS_JS = """const done = arguments[arguments.length - 1];
  import(new URL('js/views/games/nx-board.js', document.baseURI).href).then((m) => {
    const summary = m.readable(window.companion.state.summary);
    done(summary.cards.map((c) => m.cardSaid(summary, c.card))); });"""
NEXUS_LIST_JS = """return [[...document.querySelectorAll('.nx-nexuses li')].map((li) => li.dataset.nexus),
  [...document.querySelectorAll('.nx-nexuses li strong')].map((s) => s.textContent)]"""
STATE_READS_JS = "return performance.getEntriesByType('resource').filter((r) => r.name.includes('/api/state')).length"


def test_every_card_down_is_said_as_the_verdicts_say_it_and_again_in_the_language_switched_to(narrow_table, phone):
    """The summary sends each card's name once, not each card's words in both languages: the phone says "Bob's Fork",
    "la Fourche de Bob", "l'Embranchement qu'Ann a posé au tour 15" as the referee does, and says them again when the
    language is switched, reading no new state (the Nexus list's words are made of the cards')."""
    service, url = narrow_table
    start(service, "nexus", None)
    show(phone, url)
    state = service.table.engine.state
    words, names = state.words(), state.nexus_names()
    fr = [w.fr for w in words]  # the example game says a card each way
    assert {"la Fourche de Bob", "la Double croix d’Ann", "le Pont qu’Ann a posé au tour 41",
            "la Boucle que Bob a posée au tour 18", "l’Embranchement de Bob"} <= set(fr)
    try:
        for lang in ("fr", "en"):
            reads = phone.execute_script(STATE_READS_JS)
            language(phone, lang)
            assert phone.execute_async_script(CARD_WORDS_JS) == [w.get(lang) for w in words]
            ids, listed = phone.execute_script(NEXUS_LIST_JS)
            # each opens its line: with a capital (« La Chaîne que Bob a posée… »)
            opening = [names[n].get(lang)[0].upper() + names[n].get(lang)[1:] for n in ids]
            assert len(ids) == len(names) and listed == opening
            assert phone.execute_script(STATE_READS_JS) == reads
    finally:
        language(phone, "en")
    assert not page_errors(phone)


def test_a_move_on_a_board_of_twenty_cards_is_drawn_from_its_live_event_without_reading_the_state(narrow_table, phone):
    """Another phone plays the 20th card and its counter: each move's live event carries the board (its state is
    past 16 KiB only with the engine's snapshot, which no phone draws from), so this phone reads no /api/state."""
    service, url = narrow_table
    moves = example("nexus")
    start(service, "nexus", 39)  # 19 cards down, the 20th next
    show(phone, url)
    cards = "return document.querySelectorAll('#nx-scroll svg.nx-board g.card').length"
    drawn, reads = phone.execute_script(cards), phone.execute_script(STATE_READS_JS)
    assert len(service.table.engine.summary()["cards"]) == 19
    for move in moves[39:41]:
        service.table.submit(move, source="phone")
        entries = str(service.table.state_version)
        wait(phone, lambda d: d.execute_script("return document.querySelector('#board').dataset.entries") == entries,
             message="the move was not drawn")
    assert len(service.table.engine.summary()["cards"]) == 20 and phone.execute_script(cards) == drawn + 1
    assert phone.execute_script(STATE_READS_JS) == reads
    assert not page_errors(phone)



def test_the_card_picker_names_each_card_without_its_node_numbers(narrow_table, phone):
    """The first-card picker's buttons are each named "Double cross, 6 left", the picture hidden from screen readers
    (not read out with its node numbers: "44Double cross6 left")."""
    service, url = narrow_table
    service.table.new_game("nexus", {}, ["Ann", "Bob"])
    show(phone, url)
    wait(phone, lambda d: d.find_elements("css selector", "#nx-first-card .nx-pick"), message="no card picker")
    for lang, left in (("en", r"\d+ left"), ("fr", r"encore \d+")):
        language(phone, lang)
        buttons = phone.find_elements("css selector", "#nx-first-card .nx-pick")
        assert len(buttons) > 1
        for button in buttons:
            name = button.find_element("css selector", "span").text
            count = button.find_element("css selector", ".left").text
            assert re.fullmatch(left, count), count
            assert button.accessible_name == f"{name}, {count}"
            assert button.find_element("css selector", "svg").get_attribute("aria-hidden") == "true"
    language(phone, "en")
    assert not page_errors(phone)


def test_with_cards_anywhere_a_card_is_laid_apart_from_the_phone(narrow_table, phone):
    """Variant « allow players to place cards anywhere on the table as long as they match the existing grid »: the
    phone offered only the squares touching the board, so a card apart came only from the camera or a typed event.
    The ring a half-card off the board (the summary's apart_spots) is drawn dotted, a hint says so, and a card is
    laid there by taps: east of the first card, one half-card off it."""
    service, url = narrow_table
    start(service, "nexus", 1, options={"cards_anywhere": True})
    show(phone, url)
    hints = []
    in_each_look(phone, lambda lang, scheme: hints.append(phone.execute_script(
        "return document.querySelector('#nx-apart-hint').textContent")), themes=("light",))
    # grey, not only dotted: the ringed squares beside them are dashed, and "dotted" alone fitted both
    assert hints == ["Variant: a card may also lie apart, on a grey dotted square",
                     "Variante\u00a0: une carte peut aussi se poser à l’écart, sur une case grise en pointillés"], hints
    first = service.table.engine.state.board.placements[0]
    assert (first.x, first.y, first.rotation) == (0, 0, 0)  # the first card covers (0, 0) and (1, 0)
    square = "#nx-scroll .spot-cell.apart[data-x='4'][data-y='0']"  # only a card apart covers it
    way = "#nx-ways [data-x='3'][data-y='0'][data-rotation='0']"
    tap_until(phone, square, way)
    tap_until(phone, way, way + "[aria-pressed='true']")
    tap(phone, "#nx-play")
    wait(phone, lambda d: d.find_elements("css selector", "#board-phase[data-phase='counter']"),
         message="the card was not played")
    board = service.table.engine.state.board
    laid = board.placements[-1]
    assert (laid.x, laid.y, laid.rotation) == (3, 0, 0)
    assert not set(neighbours(laid.cells())) & set(board.occupied)  # it touches no card
    assert not phone.find_elements("id", "nx-apart-hint")  # a counter to place now: no card to lay
    assert not page_errors(phone)


# A game of the example deck under the variant « no ties » (a seeded random game): each card as laid, [card, x, y,
# rotation], and the counter placed after it, Ann and Bob in turn. Then three of the cards Ann may have drawn would
# tie a Nexus on either square of the spot at (-1, 3), however they lie there.
NO_TIES_GAME = [("ex-loop-2", -1, -1, 90, "ex-loop-2:g"), ("ex-hooks-4", 2, -1, 90, "ex-loop-2:c"),
                ("ex-chain-2", 1, 1, 90, "ex-loop-2:e"), ("ex-fork-6", 0, 3, 180, "ex-fork-6:c"),
                ("ex-rod-5", 2, 1, 180, "ex-rod-5:d"), ("ex-chain-6", -3, 0, 180, "ex-chain-2:d"),
                ("ex-cross-4", -2, 1, 270, "ex-chain-2:e"), ("ex-split-4", -3, 3, 0, "ex-hooks-4:d")]
ANSWER_SHOWN_JS = """const box = document.querySelector('#tap-answer');
  return box && !('empty' in box.dataset) ? box.innerText : null"""


def ways_for(summary, card):
    """Each square the engine's free spots cover, with whether each way a card may lie over it would tie (the
    summary's tie_spots for ``card``)."""
    tying = {tuple(spot) for spot in summary["tie_spots"].get(card, [])}
    ways = {}
    for spot in summary["card_spots"]:
        dx, dy = (0, 1) if 90 in spot["rotations"] else (1, 0)
        for cell in ((spot["x"], spot["y"]), (spot["x"] + dx, spot["y"] + dy)):
            ways.setdefault(cell, []).extend((spot["x"], spot["y"], r) in tying for r in spot["rotations"])
    return ways


def tap_square(phone, cell, then):
    """Tap the square ``cell`` until ``then`` (a selector, or a function of the driver) shows: the first tap on a
    square too small for a finger zooms to it."""
    square = f"#nx-scroll .spot-cell[data-x='{cell[0]}'][data-y='{cell[1]}'] .spot"
    for _ in range(3):
        tap(phone, square)
        time.sleep(0.3)
        found = then(phone) if callable(then) else phone.find_elements("css selector", then)
        if found:
            return found
    raise AssertionError(f"tapping {cell} never showed {then}")


def test_under_no_ties_a_square_where_the_card_picked_would_tie_is_crossed_out(narrow_table, phone):
    """Variant « make it illegal to create a tie by any means »: the card drawn is known only once the player says it,
    so the phone, not the referee's refusal, tells the squares apart. For the card picked (the summary's tie_spots) a
    square where it would tie however it lies is crossed out in red, a line above the board says so, in each
    language, and a tap on the square says why and chooses nothing."""
    service, url = narrow_table
    service.table.new_game("nexus", {"ties_illegal": True}, ["Ann", "Bob"])
    service.table.submit({"type": "setup", "players": ["Ann", "Bob"], "deck": "example", "first_card": "ex-cross-1"},
                         source="phone")
    for turn, (card, x, y, rotation, node) in enumerate(NO_TIES_GAME):
        player = ("Ann", "Bob")[turn % 2]
        service.table.submit({"type": "play_card", "player": player, "card": card, "x": x, "y": y,
                              "rotation": rotation}, source="phone")
        service.table.submit({"type": "place_counter", "player": player, "node": node}, source="phone")
    ways = ways_for(readable(service.table.engine.summary()), "ex-fork-1")
    crossed = sorted(cell for cell, tie in ways.items() if all(tie))
    assert crossed == [(-1, 3), (-1, 4)], crossed
    show(phone, url)
    tap_until(phone, "#nx-drawn [data-card='ex-fork-1']", "#nx-card-hint[data-card='ex-fork-1']")
    drawn = phone.execute_script("return [...document.querySelectorAll('#nx-scroll .spot-cell.tie')]"
                                 ".map((g) => [+g.dataset.x, +g.dataset.y, !!g.querySelector('.tie-cross')])")
    assert sorted(drawn) == [[x, y, True] for x, y in crossed]
    hints = []
    in_each_look(phone, lambda lang, scheme: hints.append(phone.execute_script(
        "return document.querySelector('#nx-tie-hint').textContent")), themes=("light",))
    assert hints == ["Variant no ties: a square crossed out in red, or a way struck out, would tie a Nexus with this "
                     "card",
                     "Variante sans égalité\u00a0: une case barrée de rouge, ou un sens barré, mettrait un Nexus à "
                     "égalité avec cette carte"], hints
    entries = service.table.state_version
    said = tap_square(phone, crossed[0], lambda d: d.execute_script(ANSWER_SHOWN_JS))
    assert said.startswith("Variant no ties: here, however it lies, the card would tie"), said
    assert said.endswith(" — the book: “make it illegal to create a tie by any means”"), said  # the engine's rule
    assert not phone.find_elements("id", "nx-ways") and service.table.state_version == entries
    assert not page_errors(phone)


def test_under_no_ties_a_way_the_card_picked_would_tie_lying_is_struck_out(narrow_table, phone):
    """Variant « make it illegal to create a tie by any means »: a card joining Ann's 2 and Bob's 2 into one Nexus
    (tests/games/nexus/test_nexus_scoring.py) lying one way on a square, and tying nothing the other way: that way is
    struck out, a tap on it says why and sends nothing, the other is chosen at the tap on the square."""
    service, url = narrow_table
    link = {"id": "t-link", "nodes": {"m": [2, 2]}, "connectors": [["m", "L"], ["m", "BL"]]}
    service.table.new_game("nexus", {"ties_illegal": True}, ["Ann", "Bob"])
    service.table.submit({"type": "setup", "players": ["Ann", "Bob"], "deck": nexus_deck() + [link],
                          "first_card": "t-bar-1"}, source="phone")
    for event in ({"card": "t-caps-1", "x": -1, "y": 0, "rotation": 90}, {"node": "t-bar-1:a"},
                  {"card": "t-pair-1", "x": 1, "y": -2, "rotation": 90}, {"node": "t-caps-1:l"},
                  {"card": "t-hook-1", "x": 2, "y": -1, "rotation": 0}, {"node": "t-caps-1:bl"},
                  {"card": "t-pair-2", "x": 3, "y": -3, "rotation": 90}, {"node": "t-hook-1:a"}):
        service.table.submit({"type": "play_card" if "card" in event else "place_counter", **event}, source="phone")
    ways = ways_for(readable(service.table.engine.summary()), "t-link")
    assert ways[(2, 1)] == [True, False], ways  # t-link on (2, 0) turned right ties, turned left does not
    show(phone, url)
    tap_until(phone, "#nx-drawn [data-card='t-link']", "#nx-card-hint[data-card='t-link']")
    assert phone.find_element("id", "nx-tie-hint").text == ("Variant no ties: once a square is tapped, a way struck "
                                                            "out would tie a Nexus with this card")
    assert not phone.find_elements("css selector", "#nx-scroll .spot-cell.tie")
    tap_square(phone, (2, 1), "#nx-ways")
    struck = phone.find_elements("css selector", "#nx-ways [data-tie='true']")
    assert [(b.get_attribute("data-rotation"), b.get_attribute("aria-disabled")) for b in struck] == [("90", "true")]
    assert struck[0].find_elements("tag name", "s")
    assert phone.find_elements("css selector", "#nx-ways [data-rotation='270'][aria-pressed='true']")  # the one left
    assert phone.find_element("id", "nx-ways-tie").text == "A way struck out would tie a Nexus (variant no ties)"
    entries = service.table.state_version
    watch_taps(phone)
    tap(phone, "#nx-ways [data-tie='true']")
    said = answer_to_tap(phone)
    assert said.startswith("Variant no ties: lying so, the card would tie"), "no why for the way"
    assert said.endswith(" — the book: “make it illegal to create a tie by any means”"), said  # the engine's rule
    assert service.table.state_version == entries  # nothing sent
    assert phone.find_elements("css selector", "#nx-ways [data-rotation='270'][aria-pressed='true']")
    assert not page_errors(phone)



# each card name's lines in the first-card picker, and how many cards its first row has
NAME_LINES_JS = """const picks = [...document.querySelectorAll('#nx-first-card .nx-pick')];
  const names = picks.map((p) => { const range = document.createRange(); range.selectNodeContents(p.querySelector('span'));
    return [p.querySelector('span').textContent, range.getClientRects().length,
            `${p.clientWidth} px card, ${getComputedStyle(p.querySelector('span')).fontSize} text`]; });
  return [names, picks.filter((p) => p.offsetTop === picks[0].offsetTop).length];"""


def test_each_card_name_in_the_picker_keeps_its_word_whole(narrow_table, phone):
    """On a 360 px phone (emulated: its scrollbars over the page, as a phone's, not beside it) the picker has three
    cards a row, and each card's name keeps its words whole, the French « Embranchement » included (not
    « Embrancheme / nt »)."""
    service, url = narrow_table
    service.table.new_game("nexus", {}, ["Ann", "Bob"])
    try:
        phone.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                              {"width": 360, "height": 740, "deviceScaleFactor": 1, "mobile": True})
        show(phone, url)
        for lang, longest in (("en", "Double cross"), ("fr", "Embranchement")):
            language(phone, lang)
            names, a_row = wait(phone, lambda d: (seen := d.execute_script(NAME_LINES_JS))
                                and longest in [n[0] for n in seen[0]] and seen, message="no card picker")
            assert a_row == 3 and len(names) == 9, (a_row, names)
            assert [(name, lines, size) for name, lines, size in names if lines > len(name.split())] == []
    finally:
        language(phone, "en")
        phone.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    assert not page_errors(phone)
