"""The phone's own screens (game, history, statistics, settings) as a player meets them on a 360 x 740 phone over an
evening: a screen opened from another starts at its top."""

from __future__ import annotations

import pytest

from boardhelpers import tap, wait
from browserhelpers import page_errors
from screens import drawn, open_tab

pytestmark = pytest.mark.browser


def open_screen(driver, screen):
    since = open_tab(driver, screen)
    drawn(driver, screen, since)


# the heading of the screen shown: where it lies under the top bar, and the page's scroll
HEADING_JS = """const head = document.querySelector('.screen:not([hidden]) h2').getBoundingClientRect();
  return [head.top - document.querySelector('.topbar').getBoundingClientRect().bottom, scrollY]"""


def test_a_screen_opened_from_another_starts_at_its_top(small_phone):
    """"New game", low in the settings, opened the game screen where the settings had been left: at its options,
    the games to choose from out of sight above; a tab tapped low on a long screen did the same."""
    service, url, phone = small_phone
    service.table.new_game("free-roll", {}, [])
    open_screen(phone, "game")  # its games read: drawn at once when opened again, as at a second visit
    open_screen(phone, "settings")
    tap(phone, "#screen-settings a[href='#/game']")  # scrolled to the middle of the screen, as a finger finds it
    wait(phone, lambda d: d.execute_script("return location.hash") == "#/game", message="the game screen never opened")
    drawn(phone, "game", phone.execute_script("return window.companion.visits") - 1)
    below_bar, scrolled = phone.execute_script(HEADING_JS)
    assert scrolled == 0 and below_bar >= 0, f"the game screen opened {scrolled} px down"
    assert phone.find_element("css selector", "#game-list input").is_displayed()

    phone.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")  # at "Start the game"
    assert phone.execute_script("return scrollY") > 200
    tap(phone, "#tabs a[data-tab='settings']")  # a screen longer than the game's: room to stay scrolled
    wait(phone, lambda d: d.execute_script("return document.body.dataset.screen") == "settings")
    assert phone.execute_script(HEADING_JS)[1] == 0

    # the same screen drawn again (a roll come in) stays where the player scrolled it
    open_screen(phone, "settings")
    phone.execute_script("window.scrollTo(0, 600)")
    before = phone.execute_script("return [scrollY, window.companion.draws]")
    service.table.submit({"type": "roll", "dice": [{"value": 3, "color": "red"}]})
    wait(phone, lambda d: d.execute_script("return window.companion.draws") > before[1],
         message="the settings were not drawn again for the roll")
    assert phone.execute_script("return scrollY") == before[0] == 600
    assert page_errors(phone) == []
