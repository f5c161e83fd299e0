"""The answer to a phone's own tap shows beside the control that sent it, on the screen, announced to screen readers;
Undo says what it undid; game over offers a rematch with the same players and options; the table's buttons stay
put as rolls arrive; the connection is said in words when it is not live."""

from __future__ import annotations

import time

import pytest

from boardhelpers import api, open_page, screenshot, settled, shown, state, tap, unlock, wait
from browserhelpers import page_errors
from screens import example, show, start

pytestmark = pytest.mark.browser

# per game, the taps that choose a move after the example's setup, and the control that sends it
MOVES = {
    "nexus-keepers": ([], "#nk-start-turn"),
    "tesseract": ([".tess-tower .column[data-column='a2']"], "#tess-take"),
    "hexors": ([".hex-arena .tile[data-tile='kuriboh']"], ".hex-arena .cell.dest[data-cell='d3']"),
    "nexus": ([".nx-board .spot-cell", "#nx-ways .choice-button"], "#nx-play"),
}

ANSWER_BOX = """const box = document.querySelector('#tap-answer');
  if (!box || 'empty' in box.dataset) return null;
  const r = box.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, text: box.innerText,
          live: box.getAttribute('aria-live'), kind: box.dataset.kind, height: innerHeight, width: innerWidth};"""


def rect(driver, element):
    return driver.execute_script("const r = arguments[0].getBoundingClientRect(); "
                                 "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}", element)


def assert_beside(answer, control):
    """The answer lies on the screen, just above or just below the control, overlapping it across."""
    assert 0 <= answer["top"] and answer["bottom"] <= answer["height"], f"the answer is off the screen: {answer}"
    gap = min(abs(answer["top"] - control["bottom"]), abs(control["top"] - answer["bottom"]))
    assert gap <= 12, f"the answer is {gap:.0f} px from the control tapped: {answer} vs {control}"
    assert answer["left"] < control["right"] and control["left"] < answer["right"], (answer, control)
    assert answer["live"] == "polite"


@pytest.mark.parametrize("game", list(MOVES))
def test_a_refused_tap_is_answered_beside_the_control(quiet_table, phone, screenshots, game):
    """The game moved on (another phone, the camera) after this phone drew its board: the move tapped is refused,
    and the reason shows next to the button tapped, not 600 px higher."""
    service, url = quiet_table
    unlock(phone, url)
    start(service, game, 1)
    show(phone, url)
    picks, send = MOVES[game]
    for css in picks:
        tap(phone, css)
    # the stream paused, the table moves on where this page cannot see it
    phone.execute_script("window.companion.stream.source.close()")
    service.table.submit(example(game)[1], source="camera")
    before = state(url)["entries"]
    control = tap(phone, send)
    answer = wait(phone, lambda d: d.execute_script(ANSWER_BOX), message="no answer beside the tap")
    assert "moved on" in answer["text"] and answer["kind"] == "conflict"
    assert_beside(answer, rect(phone, control))
    assert state(url)["entries"] == before      # nothing was played
    screenshot(phone, screenshots, f"answer-{game}-conflict")
    phone.refresh()


def test_an_illegal_move_shows_its_reason_beside_the_button_and_stays_in_the_verdicts(quiet_table, phone):
    service, url = quiet_table
    unlock(phone, url)
    start(service, "nexus-keepers", 1)
    show(phone, url)
    tap(phone, "#details-card > summary")
    tap(phone, "#expert > summary")
    box = phone.find_element("id", "move-json")
    box.clear()
    box.send_keys('{"type": "roll", "dice": [1, 2, 3, 4, 5]}')   # before the turn has started
    control = tap(phone, "#move-form button[type=submit]")
    answer = wait(phone, lambda d: d.execute_script(ANSWER_BOX), message="no answer beside the tap")
    refused = api(url, "api/history")["entries"][-1]["verdicts"][0]
    assert refused["kind"] == "illegal" and answer["kind"] == "illegal"
    assert refused["message"] in answer["text"]
    assert_beside(answer, rect(phone, control))
    # it stays until this phone's next action: a live update redraws the page, the answer stays
    service.table.submit({"type": "turn_start", "player": "A"}, source="camera")
    settled(phone, url)
    assert phone.execute_script(ANSWER_BOX) is not None
    open_page(phone, url, "#/verdicts")
    assert refused["message"] in phone.find_element("id", "verdict-list").text


def test_undo_says_what_it_undid(quiet_table, phone):
    service, url = quiet_table
    unlock(phone, url)
    service.table.new_game("free-roll", {}, [])
    service.table.submit({"type": "roll", "dice": [{"value": 4, "color": "red"}, {"value": 2, "color": "blue"}]},
                         source="phone")
    open_page(phone, url, "#/table")
    wait(phone, lambda d: d.find_element("id", "table-undo").text == "Undo\nRoll 4, 2")
    control = tap(phone, "#table-undo")
    answer = wait(phone, lambda d: d.execute_script(ANSWER_BOX), message="Undo confirmed nothing")
    assert " ".join(answer["text"].split()) == "Undone: Roll 4, 2 (entry 1)"  # "(entry\u00a01)" held on one line
    assert_beside(answer, rect(phone, control))
    assert state(url)["accepted"] == []


def test_game_over_offers_a_rematch_with_the_same_players_and_options(quiet_table, phone, screenshots):
    service, url = quiet_table
    unlock(phone, url)
    start(service, "nexus-keepers", None, options={"maladresse_ones": 4, "leap_over_run": False})
    finished = service.table.record
    assert service.table.state()["outcome"]["kind"] == "win"
    show(phone, url)
    outcome = phone.find_element("id", "outcome")
    assert outcome.is_displayed() and "A wins the game" in outcome.text
    assert "null" not in outcome.text and "undefined" not in outcome.text
    assert phone.find_element("id", "new-game").get_attribute("href").endswith("#/game")
    # the header no longer says whose turn it is
    assert not shown(phone, "const t = document.querySelector('#board-turn'); return Boolean(t && t.checkVisibility())")
    screenshot(phone, screenshots, "game-over-rematch")
    tap(phone, "#rematch")
    wait(phone, lambda d: service.table.record.id != finished.id, message="the rematch started no game")
    again = service.table.record
    assert (again.game, again.players, again.options) == (finished.game, finished.players, finished.options)
    assert again.options["maladresse_ones"] == 4
    wait(phone, lambda d: not d.find_element("id", "outcome").is_displayed(), message="game over stayed shown")
    assert not page_errors(phone)


def test_the_undo_button_stays_put_as_rolls_arrive(quiet_table, phone):
    service, url = quiet_table
    unlock(phone, url)
    service.table.new_game("free-roll", {}, [])
    open_page(phone, url, "#/table")
    phone.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    where = []
    for dice in ([3], [1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1], [6, 6]):
        service.table.submit({"type": "roll", "dice": [{"value": v, "color": "red"} for v in dice]}, source="camera")
        settled_roll(phone, url)
        where.append(rect(phone, phone.find_element("id", "table-undo"))["top"])
    assert max(where) - min(where) <= 1, f"the Undo button moved as rolls arrived: {where}"


def settled_roll(driver, url):
    entries = state(url)["entries"]
    wait(driver, lambda d: d.execute_script("return window.companion.state.entries") == entries)
    wait(driver, lambda d: d.execute_script("return window.companion.history.entries.length") == entries)


def test_the_connection_is_said_in_words_when_not_live(quiet_table, phone):
    from screens import theme
    from screens import TEXT_CONTRAST_JS

    service, url = quiet_table
    open_page(phone, url, "#/table")
    words = "return (() => { const e = document.querySelector('#conn-text'); const r = e.getBoundingClientRect(); " \
            "return r.width > 20 && e.checkVisibility() ? e.textContent : null; })()"
    wait(phone, lambda d: d.find_element("id", "conn").get_attribute("data-state") == "live")
    assert shown(phone, words) is None       # live: the green dot says it
    phone.execute_script("window.companion.stream.source.close(); window.companion.setConnection('offline')")
    assert shown(phone, words) == "Offline — retrying"
    weak = []  # its red words stood at 3.5:1 on the light theme's white, 4.47:1 on the dark one's panel
    try:
        for scheme in ("light", "dark"):
            theme(phone, scheme)
            weak += [(scheme, *line) for line in shown(phone, TEXT_CONTRAST_JS, "#conn")]
    finally:
        phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
        phone.refresh()
    assert weak == [], weak


def test_game_over_lists_the_final_scores_best_first(quiet_table, phone):
    service, url = quiet_table
    start(service, "nexus", None)
    scores = {p["name"]: p["score"] for p in service.table.state()["summary"]["players"]}
    show(phone, url)
    rows = [li.text for li in phone.find_elements("css selector", "#outcome-scores li")]
    best_first = sorted(scores.items(), key=lambda item: -item[1])
    assert rows == [f"{name} {score} point{'s' if score != 1 else ''}" for name, score in best_first]


IN_SIGHT = """const box = document.querySelector('#tap-answer').getBoundingClientRect();
  const head = document.querySelector('.topbar').getBoundingClientRect();
  const bars = [...document.querySelectorAll('#screen-table > .actions, .tabs')].map(b => b.getBoundingClientRect())
    .filter(b => b.height && b.top < box.bottom && b.bottom > box.top);
  return box.height > 0 && box.top >= head.bottom && box.bottom <= innerHeight && !bars.length;"""


def test_on_a_360_px_phone_the_answer_is_in_sight_not_under_the_bars(narrow_table, phone):
    """Each answer is in sight, not under the bars: Undo's, with the bars' heights as drawn (1 px taller than
    reckoned would put it under the tab bar); a typed roll's, not where its Submit button was once the form has gone
    (below the page); a roll with no die is answered beside the finger, not as a notice at the top of the screen."""
    service, url = narrow_table
    try:
        service.table.new_game("free-roll", {}, [])
        service.table.submit({"type": "roll", "dice": [{"value": 4, "color": "red"}]}, source="phone")
        open_page(phone, url, "#/table")
        tap(phone, "#table-undo")
        wait(phone, lambda d: d.execute_script(ANSWER_BOX), message="Undo confirmed nothing")
        assert shown(phone, IN_SIGHT), f"Undo's answer is out of sight: {shown(phone, ANSWER_BOX)}"
        tap(phone, "#show-roll")
        while phone.find_elements("css selector", "#roll-dice .remove"):
            tap(phone, "#roll-dice .remove")
        control = tap(phone, "#roll-submit")                # no die: said beside the button, not at the top
        answer = wait(phone, lambda d: d.execute_script(ANSWER_BOX), message="an empty roll was not answered")
        assert answer["text"] == "Add at least one die" and answer["kind"] == "error"
        assert_beside(answer, rect(phone, control))
        tap(phone, "#roll-add")
        tap(phone, "#roll-submit")
        wait(phone, lambda d: state(url)["entries"] == 3, message="the roll typed in was not sent")
        wait(phone, lambda d: "Roll" in (d.execute_script(ANSWER_BOX) or {}).get("text", ""), message="no answer")
        assert shown(phone, IN_SIGHT), f"the roll's answer is out of sight: {shown(phone, ANSWER_BOX)}"
        assert not page_errors(phone)
    finally:
        phone.set_window_size(390, 844)


def test_a_piece_moved_by_tapping_its_ringed_tile_is_answered_off_the_board(narrow_table, phone):
    """The ringed tile tapped is drawn again unringed: its answer goes above or below the Nexus Keepers board, as the
    board's answers do, not where the tile was, over the board's cells."""
    service, url = narrow_table
    try:
        start(service, "nexus-keepers", 3)                  # set up, A's turn started, A rolled
        show(phone, url)
        tap(phone, ".nk-board .keeper[data-keeper='A']")
        wait(phone, lambda d: d.find_elements("css selector", ".nk-board .tile.dest"), message="no destination drawn")
        before = state(url)["entries"]
        rows = shown(phone, "return [...document.querySelectorAll('.nk-board .tile.dest')].map(t => +t.dataset.y)")
        lowest = max(rows)
        tap(phone, f".nk-board .tile.dest[data-y='{lowest}']")     # above it lie the board's other rows
        wait(phone, lambda d: state(url)["entries"] == before + 1, message="the move was not sent")
        settled(phone, url)
        answer = wait(phone, lambda d: d.execute_script(ANSWER_BOX), message="the move was not answered")
        board = rect(phone, phone.find_element("css selector", ".nk-board"))
        assert answer["bottom"] <= board["top"] or answer["top"] >= board["bottom"], (answer, board)
        assert shown(phone, IN_SIGHT), f"the move's answer is out of sight: {answer}"
    finally:
        phone.set_window_size(390, 844)


UNDO_FITS = """const b = document.querySelector('#table-undo');
  return [b, ...b.children].map(e => ({text: e.innerText, cut: e.scrollWidth > e.clientWidth + 1
    || e.scrollHeight > e.clientHeight + 1}));"""


def test_on_a_360_px_phone_undo_shows_all_its_words_with_no_entry_number(narrow_table, phone, screenshots):
    """The Undo button says "Undo", then the entry in the History's words on a second line, whole (not cut, no entry
    number, which is not the roll's), its dice with commas as the verdict says them ("Roll 6 4 6 1 1" would read as
    one number); the verdict's "(total 18)" is kept on one line at 360 px by a no-break space."""
    service, url = narrow_table
    try:
        service.table.new_game("free-roll", {}, [])
        service.table.submit({"type": "roll", "dice": [{"value": 2, "color": "red"}]}, source="phone")
        service.table.undo()
        service.table.submit({"type": "roll", "dice": [{"value": v, "color": "blue"} for v in (6, 4, 6, 1, 1)]},
                             source="phone")
        open_page(phone, url, "#/table")
        settled_roll(phone, url)
        button = phone.find_element("id", "table-undo")
        wait(phone, lambda d: button.text == "Undo\nRoll 6, 4, 6, 1, 1")
        assert button.accessible_name == "Undo: Roll 6, 4, 6, 1, 1"
        latest = wait(phone, lambda d: (lambda text: "(total" in text and text)(
            d.find_element("id", "latest-verdicts").get_attribute("textContent")), message="no verdict shown")
        assert "6, 4, 6, 1, 1 (total\u00a018)" in latest, f"(total 18) may break across two lines: {latest!r}"
        parts = phone.execute_script(UNDO_FITS)
        assert not [p for p in parts if p["cut"]], f"Undo's words are cut: {parts}"
        phone.save_screenshot(str(screenshots / "undo-360-en.png"))
        open_page(phone, url, "#/history")   # the History names the entry in the same words
        assert "Roll 6, 4, 6, 1, 1" in phone.find_element("css selector", "#history-list .entry").text
    finally:
        phone.set_window_size(390, 844)


def test_a_refusal_goes_once_the_next_tap_is_taken(quiet_table, phone):
    """B's keeper tapped on A's turn is refused ("It is A's turn", in red beside it); A's keeper tapped next is taken
    (its cells ringed): the refusal, no longer true, goes. Tapped again, B's keeper is refused again."""
    service, url = quiet_table
    unlock(phone, url)
    start(service, "nexus-keepers", 3)                      # set up, A's turn started, A rolled
    show(phone, url)
    tap(phone, ".nk-board .keeper[data-keeper='B']")
    answer = wait(phone, lambda d: d.execute_script(ANSWER_BOX), message="B's keeper was not refused")
    assert "It is A's turn" in answer["text"] and answer["kind"] == "error"
    tap(phone, ".nk-board .keeper[data-keeper='A']")
    wait(phone, lambda d: d.find_elements("css selector", ".nk-board .tile.dest"), message="A's keeper not taken")
    wait(phone, lambda d: d.execute_script(ANSWER_BOX) is None, message="the refusal stayed after a tap taken")
    tap(phone, ".nk-board .keeper[data-keeper='B']")
    answer = wait(phone, lambda d: d.execute_script(ANSWER_BOX), message="B's keeper was not refused again")
    assert "It is A's turn" in answer["text"]
    phone.execute_async_script("setTimeout(arguments[0], 0)")  # after what the tap set off (refusal.js: a 0 ms timer)
    assert phone.execute_script(ANSWER_BOX) is not None     # the refusal of this very tap stays
    assert not page_errors(phone)


# sets how long the page keeps a refusal nobody taps after (web/js/views/refusal.js), answers what it was
KEPT = """const [ms, done] = arguments;
import("/js/views/refusal.js").then((refusal) => { const was = refusal.kept.ms; refusal.kept.ms = ms; done(was); });"""


def test_a_refusal_nobody_taps_after_goes_after_a_while(quiet_table, phone):
    """Left on the screen, the red "It is A's turn" would still say no long after: it goes after 20 s with no tap
    (shortened to 1.5 s here), not before."""
    service, url = quiet_table
    unlock(phone, url)
    start(service, "nexus-keepers", 3)                      # set up, A's turn started, A rolled
    show(phone, url)
    assert phone.execute_async_script(KEPT, 1500) == 20000  # the page's own time
    try:
        tapped = time.monotonic()
        tap(phone, ".nk-board .keeper[data-keeper='B']")
        answer = wait(phone, lambda d: d.execute_script(ANSWER_BOX), message="B's keeper was not refused")
        assert "It is A's turn" in answer["text"] and answer["kind"] == "error"
        wait(phone, lambda d: d.execute_script(ANSWER_BOX) is None, timeout=30, message="the refusal never went")
        assert time.monotonic() - tapped >= 1.5, "the refusal went before its time"
    finally:
        phone.execute_async_script(KEPT, 20000)
    assert not page_errors(phone)
