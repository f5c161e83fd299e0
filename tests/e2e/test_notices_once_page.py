"""A phone says one thing once: a notice equal to one floating already is counted on it ("×2") rather than shown
again, and a notice never repeats the answer beside the finger. Nexus Keepers' reason for a refused tap lies off
its board, never over cells a player may tap next, on a phone 360 px wide and on a tablet."""

from __future__ import annotations

import pytest

from boardhelpers import tap, unlock, wait
from browserhelpers import page_errors, pictures
from screens import language, show, start

pytestmark = pytest.mark.browser

NOTICES = "return [...document.querySelectorAll('#notices .notice')].map((n) => n.innerText)"
SAY_BESIDE = """
const done = arguments[arguments.length - 1];
Promise.all([import("/js/views/answer.js"), import("/js/i18n.js")]).then(([answer, i18n]) => {
  answer.begin();
  answer.show({ message: () => i18n.t(arguments[0]) });
  done();
});
"""
DISPLAY = """const done = arguments[arguments.length - 1];
  import("/js/views/settings.js").then((settings) => { settings.applyDisplay(arguments[0]); done(); });"""
RECTS = """const box = document.querySelector('#tap-answer');
  if (!box || 'empty' in box.dataset) return null;
  const rect = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {answer: rect(box), board: rect(document.querySelector('.nk-board')), text: box.innerText,
          height: innerHeight};"""


def start_free_roll(phone):
    """Start a free roll game on the game screen, without reloading the page (its notices stay)."""
    phone.execute_script("location.hash = '#/game'")
    tap(phone, "#game-free-roll")
    tap(phone, "#game-start")
    if phone.execute_script("return document.querySelector('#confirm-dialog').open"):
        tap(phone, "#confirm-yes")
    wait(phone, lambda d: d.execute_script("return location.hash") == "#/table", message="the table never opened")


def test_the_same_notice_twice_is_shown_once_and_counted(quiet_table, phone, screenshots):
    """Two games started one after the other: "New game started" is one notice, counted (×2), not two stacked over
    the camera's picture, and none while the answer beside the finger says the same."""
    service, url = quiet_table
    unlock(phone, url)
    phone.set_window_size(390, 844)
    phone.execute_script("location.hash = '#/table'")
    phone.execute_script("document.querySelector('#notices').replaceChildren()")
    start_free_roll(phone)
    start_free_roll(phone)
    shown = phone.execute_script(NOTICES)
    said = [text for text in shown if "New game started" in text]
    assert len(said) == 1, f"the same notice shown {len(said)} times: {shown}"
    assert said[0].endswith("×2"), said
    pictures(phone, screenshots, "notice-counted")
    language(phone, "fr")
    assert any("Nouvelle partie commencée ×2" in text for text in phone.execute_script(NOTICES))

    # the answer beside the finger says it too: the notice goes; a notice saying what the answer says is not shown
    phone.execute_async_script(SAY_BESIDE, "game.started")
    assert phone.find_element("id", "tap-answer").text == "Nouvelle partie commencée"
    assert not [text for text in phone.execute_script(NOTICES) if "Nouvelle partie" in text]
    phone.execute_script("window.companion.toast(() => 'Nouvelle partie commencée', 'ok')")
    phone.execute_script("window.companion.toast('Avertissement\u00a0: Nouvelle partie commencée', 'warning')")
    assert phone.execute_script(NOTICES) == []
    phone.execute_script("window.companion.toast('Autre chose', 'info')")  # other words are still said
    assert phone.execute_script(NOTICES) == ["Autre chose"]
    language(phone, "en")
    assert not page_errors(phone)


def test_a_notice_of_a_verdict_writes_its_kind_as_the_pages_language_does(quiet_table, phone):
    """Another phone's move refused is told in a notice: « Interdit : C'est au tour d'A… » in French, a no-break
    space before the colon as French writes it (not « Interdit: »), « Illegal: » in English."""
    service, url = quiet_table
    unlock(phone, url)
    start(service, "nexus-keepers", 1)  # set up: A's turn, not started
    show(phone, url)
    language(phone, "fr")
    try:
        service.table.submit({"type": "turn_start", "player": "B"}, source="phone")  # not this phone's
        said = wait(phone, lambda d: [n for n in d.execute_script(NOTICES) if "tour d’A" in n],
                    message="the refused move was not told")
        assert said == ["Interdit\u00a0: C’est au tour d’A, pas de B"], said
        language(phone, "en")  # said again in English
        assert [n for n in phone.execute_script(NOTICES) if "A's turn" in n] == ["Illegal: It is A's turn, not B's"]
    finally:
        language(phone, "en")
    assert not page_errors(phone)


# a phone, a tablet held upright, and a tablet propped up sideways in the large table display (the board beside
# its pieces)
SCREENS = {"phone": ((360, 800), "phone"), "tablet": ((820, 1180), "phone"), "table-display": ((1180, 820), "table")}


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_reason_for_a_refused_tap_lies_off_the_nexus_keepers_board(quiet_table, phone, screenshots, screen):
    """Tapping a keeper on another's turn says why above or below the board, on the screen, not in a box over the
    board's bottom rows, for a keeper on the top row and those lower down."""
    service, url = quiet_table
    unlock(phone, url)
    size, display = SCREENS[screen]
    phone.set_window_size(*size)
    try:
        start(service, "nexus-keepers", 1)  # set up: A's turn, not started, so a tap on any keeper is refused
        show(phone, url)
        phone.execute_async_script(DISPLAY, display)
        keepers = [k for k in service.table.state()["summary"]["board"]["keepers"] if k["status"] == "board"]
        rows = sorted({k["cell"][1] for k in keepers})
        assert len(rows) > 1, "the example's keepers should stand on more than one row"
        for keeper in sorted(keepers, key=lambda k: k["cell"][1]):
            tap(phone, f".nk-board .keeper[data-keeper='{keeper['id']}']")
            seen = wait(phone, lambda d: d.execute_script(RECTS), message="the tap said nothing")
            turn = service.table.state()["summary"]["turn"]  # its own keeper: what to do first
            assert (f"It is {turn}'s turn" if keeper["id"] != turn else "Tap “Start the turn”") in seen["text"]
            left, top, right, bottom = seen["answer"]
            b_left, b_top, b_right, b_bottom = seen["board"]
            overlap = left < b_right and right > b_left and top < b_bottom and bottom > b_top
            assert not overlap, f"the reason lies over the board after tapping {keeper['id']}: {seen}"
            assert 0 <= top and bottom <= seen["height"], f"the reason is off the screen: {seen}"
        pictures(phone, screenshots, f"nk-reason-{screen}")
    finally:
        phone.execute_async_script(DISPLAY, "phone")
        phone.set_window_size(390, 844)
    assert not page_errors(phone)


COVERS = """const box = (el) => el && el.getBoundingClientRect();
  const over = (a, b) => a && b && a.width && b.width && a.left < b.right - 1 && b.left < a.right - 1
    && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const notices = [...document.querySelectorAll('#notices .notice')].map(box);
  return notices.length ? arguments[0].filter((selector) => notices.some((n) => over(n, box(document.querySelector(selector))))) : null;"""


@pytest.mark.parametrize("size", [(360, 740), (740, 360)])
def test_a_notice_covers_neither_the_games_name_nor_the_profile_cards_title(quiet_table, phone, screenshots, size):
    """A notice (« New game started », shown for seconds) hides neither the game's name nor the profile card's
    title: notices lie over the top bar's title (the companion's name) while it is in sight, the connection and the
    language switch left in sight, upright and sideways."""
    service, url = quiet_table
    unlock(phone, url)
    phone.set_window_size(*size)
    try:
        phone.execute_script("document.querySelector('#notices').replaceChildren()")
        start_free_roll(phone)
        wait(phone, lambda d: d.find_elements("css selector", "#turn .game-title"), message="no game drawn")
        covered = phone.execute_script(COVERS, ["#turn .game-title", "#turn", "#lang-toggle", "#conn"])
        assert covered == [], f"the notice lies over {covered}"
        pictures(phone, screenshots, f"notice-over-title-{size[0]}")
        if size[1] < 500:   # sideways the top bar scrolls away: low on the settings no place is free of words
            return
        phone.execute_script("document.querySelector('#notices').replaceChildren()")
        phone.execute_script("location.hash = '#/settings'")
        wait(phone, lambda d: d.find_element("id", "profile-title").text, message="no profile card")
        phone.execute_script("document.querySelector('#profile-card').scrollIntoView({block: 'start'})")
        phone.execute_script("window.companion.toast(() => 'The camera learnt a die', 'ok')")
        covered = phone.execute_script(COVERS, ["#profile-title", "#profile-count", "#lang-toggle"])
        assert covered == [], f"the notice lies over {covered}"
    finally:
        phone.execute_script("document.querySelector('#notices').replaceChildren()")
        phone.set_window_size(390, 844)
    assert not page_errors(phone)
