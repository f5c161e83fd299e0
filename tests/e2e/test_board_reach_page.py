"""Nexus Keepers and Hexors played on a 360 x 740 phone, where a player stopped: what a tap asks for next lies where
the finger can reach it, the page stays put when a tap redraws the board, a tap that cannot act says why, the words
are readable and in the page's language, and the winner is said with why.

One service and one browser for the module; each game is brought to its moment by the engine's own events (the rule
books' example games), then tapped as a player taps it.
"""

from __future__ import annotations

import json

import pytest

from boardhelpers import (REACHABLE_JS, answer_to_tap, open_page, settled, small_controls, tap, tap_until, wait,
                          watch_taps)
from browserhelpers import in_each_look
from screens import REPO, TEXT_CONTRAST_JS, WCAG_JS, show, start

pytestmark = pytest.mark.browser


def test_nexus_keepers_outcomes_of_one_square_come_up_to_the_finger(small_phone):
    service, url, phone = small_phone
    service.table.new_game("nexus-keepers", {}, ["Ann", "Bob"])
    open_page(phone, url, "#/table")
    tap_until(phone, "#nk-setup-start", "#nk-start-turn")
    for event in ({"type": "turn_start"}, {"type": "roll", "dice": [6, 6, 6, 6, 6]}, {"type": "power", "dice": [6]}):
        service.table.submit(event, source="phone")
    summary = settled(phone, url)["summary"]
    here = {k["id"]: k["cell"] for k in summary["board"]["keepers"]}
    by_square = {}
    for move in service.table.engine.legal_moves():
        if move["positions"] != here:
            by_square.setdefault(tuple(move["to"]), []).append(move)
    square = next(to for to, moves in sorted(by_square.items()) if len(moves) > 1)
    tap(phone, ".nk-board .keeper[data-keeper='Ann']")
    wait(phone, lambda d: d.find_elements("css selector", ".nk-board .tile.dest"), message="no destination ringed")
    at = f"[data-x='{square[0]}'][data-y='{square[1]}']"
    # tapped as a finger taps: on the square, or on the keeper standing there
    target = phone.find_elements("css selector", f".nk-board .keeper{at}") or \
        phone.find_elements("css selector", f".nk-board .tile{at}")
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", target[0])
    target[0].click()
    wait(phone, lambda d: d.find_elements("css selector", "#nk-choose .outcome-choice"), message="no choice drawn")
    assert phone.execute_script(REACHABLE_JS, "#nk-choose .outcome-choice"), \
        "the outcomes to choose from were drawn off screen or under the bar"


def test_hexors_colour_keys_are_readable_on_their_own_colour(small_phone):
    """Each key of the duel's colour pad is named on a fill of its die's colour, readable on it (WCAG's 4.5:1 for
    words): « violet » in #111 on purple would stand at 2.7:1."""
    service, url, phone = small_phone
    start(service, "hexors", events=-2)  # the beginner example's last duel, before either roll
    show(phone, url)
    wait(phone, lambda d: d.find_elements("css selector", "#hex-colours .colour-key"), message="no colour pad")
    unread = []
    in_each_look(phone, lambda lang, scheme: unread.extend(
        [lang, scheme, *found] for found in phone.execute_script(TEXT_CONTRAST_JS, "#hex-colours")))
    assert unread == [], unread


@pytest.mark.parametrize("game, line, said", [
    ("nexus-keepers", "#nk-winners", {"en": "Winner: A — the last keeper standing in the Nexus",
                                      "fr": "Vainqueur\u00a0: A — dernier Keeper debout dans le Nexus"}),
    ("hexors", "#hex-winner", {"en": "Yugi wins the game: Kaiba is beaten",
                               "fr": "Yugi gagne la partie\u00a0: Kaiba est battu"}),
])
def test_the_winner_is_said_with_why(small_phone, game, line, said):
    """The board's last word names the winner and what won: the rule books' example games, played to their end."""
    service, url, phone = small_phone
    start(service, game, events=None)
    show(phone, url)
    words = {}
    in_each_look(phone, lambda lang, scheme: words.setdefault(lang, phone.execute_script(
        "return document.querySelector(arguments[0]).textContent", line)),
                 themes=("light",))
    assert words == said, words


def test_a_hexors_player_left_without_a_move_is_said_to_lose_for_it(small_phone):
    service, url, phone = small_phone
    service.table.new_game("hexors", {}, ["Yugi", "Kaiba"])
    for line in (REPO / "docs/rules/examples/hexors-cannot-move.jsonl").read_text().splitlines():
        service.table.submit(json.loads(line), source="phone")
    show(phone, url)
    assert settled(phone, url)["summary"]["phase"] == "over"
    said = phone.execute_script("return document.querySelector('#hex-winner').textContent")
    assert said == "Yugi wins the game: Kaiba cannot move any tile"


def test_nexus_keepers_setup_squares_are_a_finger_wide(small_phone):
    service, url, phone = small_phone
    service.table.new_game("nexus-keepers", {}, ["Ann", "Bob"])
    open_page(phone, url, "#/table")
    wait(phone, lambda d: d.find_elements("css selector", ".nk-board .empty-cell"), message="no setup grid")
    assert [c for c in small_controls(phone) if "cell" in c[0] or "tile" in c[0]] == []



def stays_put(phone, css, watched):
    """A real tap on ``css``, scrolled to the middle of the screen: how far the page and ``watched`` (drawn again
    by the tap) moved, in CSS px."""
    control = phone.find_element("css selector", css)
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", control)
    where = "return [scrollY, document.querySelector(arguments[0]).getBoundingClientRect().top]"
    before = phone.execute_script(where, watched)
    control.click()  # a pointer's tap: the button takes the focus, and the redraw takes the button away
    return [round(b - a) for a, b in zip(before, phone.execute_script(where, watched))]


@pytest.mark.parametrize("game, events, css, watched", [
    ("hexors", 6, "#hex-actions [data-launcher='Kaiba']", "#hex-actions"),  # an action's launcher, far down
    ("hexors", 0, ".hex-players .choice-row button:not([aria-pressed=true])", ".hex-players"),  # setup: a character
    ("nexus-keepers", 0, ".nk-direction button:not([aria-pressed=true])", ".nk-direction"),  # setup: a cube's way
    ("nexus-keepers", 3, "#nk-dice .die[data-index='2']", "#nk-dice"),  # a die picked for a reroll
])
def test_a_tap_that_redraws_the_board_leaves_the_page_where_it_was(small_phone, game, events, css, watched):
    service, url, phone = small_phone
    if game == "hexors" and events:
        service.table.new_game("hexors", {}, ["Yugi", "Kaiba"])
        for line in (REPO / "docs/rules/examples/hexors-advanced-win.jsonl").read_text().splitlines()[:events]:
            service.table.submit(json.loads(line), source="phone")
    else:
        start(service, game, events=events)
    open_page(phone, url, "#/table")
    wait(phone, lambda d: d.find_elements("css selector", css), message=f"no {css}")
    assert stays_put(phone, css, watched) == [0, 0]


@pytest.mark.parametrize("game, events, taps, said", [
    ("nexus-keepers", 1, [".nk-board .keeper[data-keeper='A']"], "Tap “Start the turn” when the player is ready"),
    ("nexus-keepers", 3, [".nk-board .tile[data-x='2'][data-y='1']"], "Tap A on the board to see where it can go"),
    ("hexors", 1, [".hex-arena .cell[data-cell='d5']"], "Tap one of Yugi's tiles, then a ringed cell"),
    ("hexors", -2, [".hex-arena .tile[data-tile='gaia']"], "Yugi rolls the colour die (attacker): tap the colour it shows"),
])
def test_a_tap_out_of_turn_says_what_to_do_instead(small_phone, game, events, taps, said):
    """A keeper's own player tapping it before the turn starts, a tile or cell tapped with no piece picked, a tile
    tapped in a duel: each says what the moment asks for (not silence, nor "It is A's turn" to A)."""
    service, url, phone = small_phone
    start(service, game, events=events)
    show(phone, url)
    watch_taps(phone)
    for css in taps:
        tap(phone, css)
    assert answer_to_tap(phone) == said


@pytest.mark.parametrize("foe", [".hex-arena .tile[data-tile='kaiba']", "#hex-challenge [data-target='kaiba']"])
def test_a_hexors_move_into_a_duel_brings_the_duels_next_tap_into_sight(small_phone, foe):
    """The beginner example's last move, tapped: Dark Magician meets two foes. What the duel asks next (which foe,
    then the die's colour) is drawn under the arena, off a 740 px screen: brought up within reach after each tap,
    the foe picked on the arena or by its button (whose answer, its button gone, is placed without leaving the
    colour pad out of reach)."""
    service, url, phone = small_phone
    start(service, "hexors", events=-3)
    show(phone, url)
    watch_taps(phone)
    tap(phone, ".hex-arena .tile[data-tile='magician']")
    tap(phone, ".hex-arena .cell[data-cell='d8']")
    wait(phone, lambda d: d.find_elements("css selector", "#hex-challenge button"), message="no foe to pick")
    assert wait(phone, lambda d: d.execute_script(REACHABLE_JS, "#hex-challenge button"))
    tap(phone, foe)
    wait(phone, lambda d: d.find_elements("css selector", "#hex-colours button"), message="no colour pad")
    settled(phone, url)
    answer_to_tap(phone)  # the answer to the foe's tap placed, and the page moved for it if it does
    assert wait(phone, lambda d: d.execute_script(REACHABLE_JS, "#hex-colours button"))


def test_hexors_setup_details_are_in_the_pages_language(small_phone):
    """The Game details under the setup wizard say what the setup is in the page's language (on a French page, not
    'waiting for the setup event')."""
    service, url, phone = small_phone
    start(service, "hexors", events=0)
    open_page(phone, url, "#/table")
    wait(phone, lambda d: d.find_elements("css selector", "#hex-setup-start"), message="no setup wizard")
    words = {}
    in_each_look(phone, lambda lang, scheme: words.setdefault(lang, phone.execute_script(
        "return document.querySelector('#details').textContent")), themes=("light",))
    assert words == {"en": "Setting up: each player's tiles on the arena",
                     "fr": "Mise en place\u00a0: les carreaux de chaque joueur sur l’arène"}


# Words drawn on a board's own shapes (a die face's value on its colour, a terrain's name on its tile) against the
# fill of the shape under them, opacity included: [[text, ratio, fill, under]] under WCAG 2's 4.5:1 (3:1 from 24 px,
# or 18.66 px bold, as drawn on the screen).
ON_SHAPE_JS = WCAG_JS + r"""
const out = []; let measured = 0;
for (const text of document.querySelectorAll(arguments[0])) {
  const shape = [...text.parentElement.children].filter((el) => el.matches('rect, circle, polygon')
    && el.getAttribute('fill') && el.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING).at(-1);
  if (!shape || !text.getBoundingClientRect().width) continue;
  const s = getComputedStyle(text); const under = parse(getComputedStyle(shape).fill);
  const fill = parse(s.fill); const a = fill[3] * (+s.opacity);
  const seen = [0, 1, 2].map((i) => fill[i] * a + under[i] * (1 - a));
  const px = parseFloat(s.fontSize) * text.getScreenCTM().a;
  const need = px >= 24 || (px >= 18.66 && parseInt(s.fontWeight) >= 700) ? 3 : 4.5;
  const r = ratio(seen, under); measured += 1;
  if (r < need) out.push([text.textContent, r.toFixed(2), s.fill, String(under)]);
}
return [measured, out];
"""


def test_words_on_the_boards_shapes_stand_out_from_them(small_phone):
    """Words on the board's shapes reach WCAG's figure against them (4.5:1, 3:1 for large type): a tile face's
    strike value in white on green would stand at 3.3:1, a mountain's name at 3.7:1."""
    service, url, phone = small_phone
    unread, measured = [], {}

    def measure(game, css, scheme):
        count, low = phone.execute_script(ON_SHAPE_JS, css)
        measured[game, scheme] = count
        unread.extend((game, scheme, *found[1:]) for found in low)

    for game, css in (("hexors", ".hex-arena .face text"), ("nexus-keepers", ".nk-board .tile text")):
        start(service, game, events=None if game == "hexors" else 1)
        show(phone, url)
        in_each_look(phone, lambda lang, scheme: measure(game, css, scheme))
    assert measured and all(measured.values()), f"no word measured on a board's shapes: {measured}"
    assert sorted(set(unread)) == []
