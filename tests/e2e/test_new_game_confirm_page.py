"""Starting a new game over one being played asks first in words a player knows: who plays, since when, the moves
and rolls played, and that the game is kept in History's Earlier games, where it can be resumed: not the journal's
count (« 7 entries », undos and camera readings among them), nor that a new game ends the game."""

from __future__ import annotations

import time

import pytest

from boardhelpers import open_page, tap, wait
from browserhelpers import page_errors
from screens import example, language, theme

pytestmark = pytest.mark.browser

SAID = {
    "en": "Nexus Keepers is being played (A, B, C) since {time}: 2 moves played, including 1 roll. Starting a new "
          "game sets it aside: it stays in History, under Earlier games, where “Resume this game” takes it up again.",
    "fr": "Nexus Keepers est en cours (A, B, C) depuis {time}\u00a0: 2 coups joués, dont 1 lancer. Commencer une "
          "nouvelle partie la met de côté\u00a0: elle reste dans Historique, sous Parties précédentes, où "
          "«\u00a0Reprendre cette partie\u00a0» la reprend.",
}
DIALOG_TEXT = "return document.querySelector('#confirm-dialog').open && document.querySelector('#confirm-text').textContent"


def asked(phone):
    """Tap « Start the game » on the game screen: the confirmation's words once it is open."""
    open_page(phone, phone.current_url.split("#")[0], "#/game")
    tap(phone, "#game-start")
    return wait(phone, lambda d: d.execute_script(DIALOG_TEXT), message="no confirmation before replacing the game")


def test_a_new_game_tells_the_moves_and_rolls_played_and_that_the_game_is_kept(narrow_table, phone, screenshots):
    service, url = narrow_table
    service.table.new_game("nexus-keepers", {}, ["A", "B", "C"])
    setup, turn_start, roll = example("nexus-keepers")[:3]
    for event in (setup, turn_start, roll):
        service.table.submit(event, source="phone")
    service.table.undo()  # the roll taken back and thrown again: one roll in force, five entries in the journal
    service.table.submit(roll, source="phone")
    state = service.table.state(snapshot=False)
    assert (state["entries"], state["moves"], state["rolls"]) == (5, 2, 1)
    began = time.strftime("%H:%M", time.localtime(state["started_at"]))
    open_page(phone, url, "#/table")
    try:
        for lang in ("en", "fr"):
            language(phone, lang)
            said = asked(phone)
            assert said == SAID[lang].format(time=began), said
            for scheme in ("light", "dark"):
                theme(phone, scheme)
                phone.save_screenshot(str(screenshots / f"new-game-confirm-360-{lang}-{scheme}.png"))
            tap(phone, "#confirm-no")
            wait(phone, lambda d: not d.execute_script(DIALOG_TEXT), message="« Keep playing » left the dialog open")
            assert service.table.state(snapshot=False)["game_id"] == state["game_id"], "« Keep playing » replaced it"
        asked(phone)
        tap(phone, "#confirm-yes")  # in French, as the page is
        wait(phone, lambda d: d.execute_script("return location.hash") == "#/table", message="the table never opened")
        assert service.table.state(snapshot=False)["game_id"] != state["game_id"], "the new game did not start"
        open_page(phone, url, "#/history")  # where the words said the game is kept, to be resumed
        kept = f"#past-games .past-game[data-game='{state['game_id']}'] button"
        button = wait(phone, lambda d: [b for b in d.find_elements("css selector", kept) if b.is_displayed()],
                      message="the game is not kept in Earlier games, to be resumed")[0]
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        assert button.text == "Reprendre cette partie"
    finally:
        phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
        language(phone, "en")
    assert not page_errors(phone)


MONTHS = {"en": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
          "fr": ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]}
SINCE = {"en": "since {day} {month}, {time}:", "fr": "depuis le {day} {month}, {time}\u00a0:"}


def test_a_game_begun_another_day_is_said_with_its_day_and_month(narrow_table, phone):
    """A game left from another evening: its time alone would read as one of today's (i18n.js dayAndTime, as the
    Earlier games cards say a day)."""
    service, url = narrow_table
    service.table.new_game("nexus-keepers", {}, ["A", "B", "C"])
    service.table.submit(example("nexus-keepers")[0], source="phone")
    open_page(phone, url, "#/table")
    began = phone.execute_script("const state = window.companion.state; state.started_at -= 3 * 86400;"
                                 "return state.started_at")  # as if begun three days ago
    then = time.localtime(began)
    try:
        for lang in ("en", "fr"):
            language(phone, lang)
            said = asked(phone)
            expected = SINCE[lang].format(day=then.tm_mday, month=MONTHS[lang][then.tm_mon - 1],
                                          time=time.strftime("%H:%M", then))
            assert expected in said, said
            tap(phone, "#confirm-no")
            wait(phone, lambda d: not d.execute_script(DIALOG_TEXT), message="« Keep playing » left the dialog open")
    finally:
        language(phone, "en")
    assert not page_errors(phone)
