"""Tesseract and Nexus (James Ernest) on a 360 x 740 phone: what a tap on the drawn board allows lies where the
finger can reach it. One service and one browser for the module; each game is brought to its moment by its example
game's own events, then tapped as a player taps it."""

from __future__ import annotations

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains

from boardhelpers import REACHABLE_JS, answer_to_tap, open_page, settled, state, still_in_view, wait, watch_taps
from screens import start

pytestmark = pytest.mark.browser


def finger(phone, css):
    """A pointer's tap on the first element of ``css``, scrolled to the middle of the screen first (and lying still
    there), as a thumb reaches it."""
    watch_taps(phone)
    for attempt in range(3):  # an element redrawn between finding and tapping it is found again
        element = wait(phone, lambda d: d.find_elements("css selector", css), message=f"no {css}")[0]
        try:
            still_in_view(phone, element)
            ActionChains(phone).move_to_element(element).click().perform()
            return
        except StaleElementReferenceException:
            if attempt == 2:
                raise


SCALE_JS = "const board = document.querySelector('#nx-scroll svg.nx-board'); return board && board.dataset.scale"


def finger_through_zoom(phone, css, then):
    """Tap the Nexus board at ``css`` until ``then`` shows: a square drawn under a finger's width is zoomed to by
    the first tap (the board's scale changes), and the second tap plays. Each tap's outcome is waited for."""
    scale = phone.execute_script(SCALE_JS)
    finger(phone, css)
    wait(phone, lambda d: d.find_elements("css selector", then) or d.execute_script(SCALE_JS) != scale,
         message=f"tapping {css} neither showed {then} nor zoomed the board")
    if not phone.find_elements("css selector", then):
        finger(phone, css)
    wait(phone, lambda d: d.find_elements("css selector", then), message=f"{then} never showed after tapping {css}")


@pytest.mark.parametrize("events, css, answer, said", [
    (15, ".lab.current .dice-row [data-index='0']", "#tess-actions button", "Calibrate purple 4 +1"),  # own lab's cube
    (15, "#tess-zone .die.cube", "#tess-actions button", "Calibrate yellow 2 +1"),  # a primed cube
    (15, ".tess-tower .column.removable", "#tess-actions button", "Take the purple 5 from a1"),  # a removable column
    (13, ".tess-tower [data-column='a4']", "#tess-prime-pad .pad-keys button", "1"),  # Threat: which column primes
    (65, ".tess-tower [data-column='b2']", "#tess-event .pad-keys button", "1"),  # an event's column, then its roll
])
def test_a_tesseract_cube_tapped_brings_what_it_allows_into_sight(small_phone, events, css, answer, said):
    """The buttons a tapped cube or column allows (the actions, the prime's pad, an event's next step) are drawn
    under the tower and above the labs: 400 to 1000 px below the finger at 360 x 740 (the labs and priming zone lie
    far down the page), and a player saw nothing happen. Brought into sight after the tap."""
    service, url, phone = small_phone
    start(service, "tesseract", events)
    open_page(phone, url, "#/table")
    settled(phone, url)
    finger(phone, css)
    wait(phone, lambda d: d.find_elements("css selector", answer), message="the tap offered nothing")
    assert phone.find_element("css selector", answer).text == said
    assert wait(phone, lambda d: d.execute_script(REACHABLE_JS, answer))


def test_a_nexus_square_and_way_tapped_bring_the_next_step_into_sight(small_phone):
    """A ringed square tapped on the board asks how the card lies, then offers Play: both are drawn under the board
    and its legend, below a 740 px screen, and each is brought into sight after its tap."""
    service, url, phone = small_phone
    start(service, "nexus", 4)  # Bob's card to play
    open_page(phone, url, "#/table")
    assert settled(phone, url)["summary"]["phase"] == "card"
    spots = phone.execute_script("return [...document.querySelectorAll('.nx-board .spot-cell')]"
                                 ".map(g => [g.dataset.x, g.dataset.y])")
    x, y = spots[len(spots) // 2]
    finger_through_zoom(phone, f".nx-board .spot-cell[data-x='{x}'][data-y='{y}']", "#nx-ways button")
    assert wait(phone, lambda d: d.execute_script(REACHABLE_JS, "#nx-ways button"))
    finger(phone, "#nx-ways button:last-child")
    assert wait(phone, lambda d: d.execute_script(REACHABLE_JS, "#nx-play"))


def test_a_nexus_card_tapped_for_a_counter_brings_its_nodes_into_sight(small_phone):
    """In the counter phase a card tapped on the board opens it large, with its free nodes to tap: drawn under the
    board, its nodes 710 px down a 740 px screen behind the Undo bar. Brought into sight after the tap."""
    service, url, phone = small_phone
    start(service, "nexus", 3)  # Ann places her second counter
    open_page(phone, url, "#/table")
    assert settled(phone, url)["summary"]["phase"] == "counter"
    finger_through_zoom(phone, ".nx-board .card-hit", "#nx-zoom")
    assert wait(phone, lambda d: d.execute_script(REACHABLE_JS, "#nx-zoom .node.legal .node-hit"))


# each run of words in a score row: [row's words, [line boxes of each text and strong in it]]
SCORE_LINES_JS = """return [...document.querySelectorAll('#nx-scores li')].map(li => {
  const boxes = [...li.querySelectorAll('strong')].map(s => s.getClientRects().length);
  const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (n.parentElement.closest('strong, .token')) continue;
    const range = document.createRange(); range.selectNodeContents(n); boxes.push(range.getClientRects().length); }
  return [li.innerText, boxes]; })"""


def test_nexus_scores_keep_their_words_together_and_their_tokens_readable(small_phone):
    """The score rows at the game's end, in French at 360 px: « · rouge · » and « 10 points » of « Ann · rouge · 10
    points » are each kept on one line, not broken over two; and the red token's dark initials reach 4.5:1
    (4.5:1 is WCAG's figure for words), not 4.47:1."""
    from browserhelpers import in_each_look
    from screens import WORDS_ON_FILL_JS

    service, url, phone = small_phone
    start(service, "nexus", None)
    open_page(phone, url, "#/table")
    assert settled(phone, url)["summary"]["phase"] == "over"
    said = {}

    def look(lang, scheme):
        said[lang, scheme] = (phone.execute_script(SCORE_LINES_JS),
                              phone.execute_script(WORDS_ON_FILL_JS, "#nx-scores .token, #board-turn .token"))
    in_each_look(phone, look)
    assert len(said) == 4
    for (lang, scheme), (rows, tokens) in said.items():
        assert len(rows) == 2 and all(boxes and set(boxes) == {1} for _, boxes in rows), (lang, rows)
        assert tokens and [tk for tk in tokens if tk[1] < 4.5] == [], (lang, scheme, tokens)


def stays_put(phone, css, watched):
    """A real tap on ``css``, scrolled to the middle of the screen: how far the page and ``watched`` (drawn again
    by the tap) moved, in CSS px."""
    control = wait(phone, lambda d: d.find_elements("css selector", css), message=f"no {css}")[0]
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", control)
    where = "return [scrollY, document.querySelector(arguments[0]).getBoundingClientRect().top]"
    before = phone.execute_script(where, watched)
    control.click()  # a pointer's tap: the button takes the focus, and the redraw takes the button away
    return [round(b - a) for a, b in zip(before, phone.execute_script(where, watched))]


def test_a_tesseract_setup_tap_leaves_the_page_where_it_was(small_phone):
    """A choice tapped on the setup redraws it, and the page and the choice stay put (« Enter the built tower » at
    360 x 740): no jump up while the setup is drawn again under the finger."""
    service, url, phone = small_phone
    service.table.new_game("tesseract", {}, ["Ada", "Marie"])
    open_page(phone, url, "#/table")
    assert stays_put(phone, ".tess-tower-mode [data-value='built']", ".tess-tower-mode") == [0, 0]


def test_nexus_headings_naming_a_card_open_with_a_capital(small_phone):
    """The verdicts' words for a card, put first in a line, open with a capital in both languages: the card opened
    for a counter is headed « The first card: tap a free node », and each Nexus in the list likewise."""
    from browserhelpers import in_each_look

    service, url, phone = small_phone
    start(service, "nexus", 3)
    open_page(phone, url, "#/table")
    settled(phone, url)
    finger_through_zoom(phone, ".nx-board .card-hit", "#nx-zoom")
    said = []
    in_each_look(phone, lambda lang, scheme: said.append((lang, phone.execute_script(
        "return [document.querySelector('#nx-zoom h3').textContent]"
        ".concat([...document.querySelectorAll('.nx-nexuses li strong')].map(e => e.textContent))"))),
        themes=("light",))
    assert [lang for lang, _ in said] == ["en", "fr"] and all(len(lines) > 1 for _, lines in said), said
    assert [(lang, line) for lang, lines in said for line in lines if line[0] != line[0].upper()] == [], said
    assert said[0][1][0] == "The first card: tap a free node", said


@pytest.mark.parametrize("events, deepen, css, said", [
    (15, True, ".lab.current .dice-row [data-index='0']",
     "Tap a keyword of the card first (under the tower), then what it applies to"),
    (15, True, ".tess-tower .column.removable",
     "Tap a keyword of the card first (under the tower), then what it applies to"),
    (13, False, ".lab.current .dice-row [data-index='0']", "The Threat phase primes the lowest removable cube: a4, d4"),
    (13, False, "#tess-zone .die.cube", "The Threat phase primes the lowest removable cube: a4, d4"),
])
def test_a_tesseract_cube_that_cannot_act_says_what_the_moment_asks_for(small_phone, events, deepen, css, said):
    """A cube or column tapped while Deepen's effects are composed with no keyword picked, or a lab or primed cube
    in the Threat phase: each says what the moment asks for, beside the finger."""
    service, url, phone = small_phone
    start(service, "tesseract", events)
    open_page(phone, url, "#/table")
    entries = settled(phone, url)["entries"]
    if deepen:
        finger(phone, ".tess-controls details summary")
        finger(phone, "#tess-deepen")
        wait(phone, lambda d: d.find_elements("css selector", "#tess-fx-none"), message="no composer")
    finger(phone, css)
    assert answer_to_tap(phone) == said
    assert settled(phone, url)["entries"] == entries


def test_the_nexus_legend_says_how_to_read_the_numbers_the_whole_board_hides(small_phone):
    """While the board is drawn whole, its node numbers hidden as too small to read, the legend says to zoom in (+)
    to read them, not « The number on each node is its power » over numbers not there; zoomed in, it says that."""
    service, url, phone = small_phone
    start(service, "nexus", 20)
    open_page(phone, url, "#/table")
    settled(phone, url)
    legend = "return [...document.querySelectorAll('#board p.hint')].find(p => p.innerText.includes('power')).innerText"
    overview = "return document.querySelector('#nx-scroll svg.nx-board').classList.contains('overview')"
    assert phone.execute_script(overview)
    assert "zoom in (+) to read them" in phone.execute_script(legend)
    for _ in range(3):
        if not phone.execute_script(overview):
            break
        scale = phone.execute_script(SCALE_JS)
        finger(phone, ".nx-zoom-bar [data-zoom='in']")
        wait(phone, lambda d: d.execute_script(SCALE_JS) != scale, message="zooming in changed nothing")
    assert not phone.execute_script(overview)
    assert "zoom in" not in phone.execute_script(legend)
    assert phone.execute_script(legend).startswith("The number on each node is its power")


def test_three_lab_cubes_are_picked_and_confined_without_leaving_the_lab(small_phone):
    """« Confine: 3 or more cubes of the same value in your lab »: the three cubes are tapped one after the other,
    each tap answered beside the lab (the actions it allows under it), the next cube still under the finger; then
    Confine's first step comes into sight."""
    service, url, phone = small_phone
    start(service, "tesseract", 15)  # Ada's lab: purple 4, red 4, yellow 4
    open_page(phone, url, "#/table")
    settled(phone, url)
    finger(phone, ".lab.current .dice-row [data-index='0']")
    wait(phone, lambda d: d.find_elements("css selector", "#tess-actions button"), message="no actions")
    for index in (1, 2):  # two cubes picked allow nothing yet: the third is tapped at once
        cube = f".lab.current .dice-row [data-index='{index}']"
        assert wait(phone, lambda d: d.execute_script(REACHABLE_JS, cube), message=f"cube {index} out of reach")
        finger(phone, cube)
    assert wait(phone, lambda d: d.execute_script(REACHABLE_JS, "#tess-confine"))
    finger(phone, "#tess-confine")
    assert wait(phone, lambda d: d.execute_script(REACHABLE_JS, "#tess-confine-pick button"))


def test_the_nexus_card_drawn_picked_brings_the_ringed_squares_into_sight(small_phone):
    """A deck of unknown order: the card drawn is picked from the list under the board, then placed on one of the
    board's ringed squares, which lie above the screen once a card down the list is picked: the board comes into
    sight."""
    service, url, phone = small_phone
    service.table.new_game("nexus", {}, ["Ann", "Bob"])
    open_page(phone, url, "#/table")
    finger(phone, "#nx-setup-start")
    # the list picked from is the one drawn after the start is taken (a redraw made the old one stale)
    wait(phone, lambda d: state(url)["entries"], message="the start was never taken")
    settled(phone, url)
    finger(phone, "#nx-drawn [data-card]:nth-child(6)")
    wait(phone, lambda d: d.find_elements("css selector", ".nx-board .spot-cell"), message="no ringed square")
    assert wait(phone, lambda d: d.execute_script(REACHABLE_JS, ".nx-board .spot-cell .spot"))


def test_a_tesseract_game_over_draws_no_column_to_take(small_phone):
    """Once the game is won, the tower draws neither its removable columns' bright edges nor the lowest one's amber
    (« ambre : le plus bas amovible »), as if a prime were to come, and a column tapped says the game is over."""
    service, url, phone = small_phone
    start(service, "tesseract", None)
    open_page(phone, url, "#/table")
    assert settled(phone, url)["summary"]["phase"] == "over"
    assert phone.find_elements("css selector", ".tess-tower .column") and \
        phone.find_elements("css selector", ".tess-tower .column.removable, .tess-tower .column.lowest") == []
    finger(phone, ".tess-tower [data-column='a1']")
    assert answer_to_tap(phone) == "The game is over"


def test_the_prime_s_pad_names_the_cube_to_roll_by_its_colour(small_phone):
    """The Threat phase's pad names the cube to roll by its colour, the one the tower shows on top of that column,
    in each language (not « Roll the cube from a4: its value » over six colourless faces)."""
    from screens import language

    service, url, phone = small_phone
    start(service, "tesseract", 13)
    top = next(c["top"] for c in service.table.engine.summary()["tower"] if c["column"] == "a4")
    open_page(phone, url, "#/table")
    settled(phone, url)
    finger(phone, ".tess-tower [data-column='a4']")
    title = "#tess-prime-pad h3"
    wait(phone, lambda d: d.find_elements("css selector", title), message="no prime pad")
    said = {}
    try:
        for lang in ("en", "fr"):
            language(phone, lang)
            said[lang] = wait(phone, lambda d: d.execute_script(
                "const e = document.querySelector(arguments[0]); return e && e.textContent", title))
    finally:
        language(phone, "en")
    colour = {"en": top["color"], "fr": {"red": "rouge", "blue": "bleu", "yellow": "jaune", "purple": "violet"}[top["color"]]}
    assert said == {"en": f"Roll the {colour['en']} cube from a4: its value",
                    "fr": f"Lancez le cube {colour['fr']} de a4\u00a0: sa valeur"}, said
