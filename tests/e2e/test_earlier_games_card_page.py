"""On a 360 px phone, the History's « Earlier games » card says what players know of a game: who played, how it
ended or that it was set aside (before anything was played, when nothing was), and the day it began; never a count of
journal entries (undos, corrections and camera readings among them)."""

from __future__ import annotations

import time

import pytest

from boardhelpers import open_page, wait
from browserhelpers import in_each_look, page_errors

pytestmark = pytest.mark.browser

MONTHS = {"en": ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
          "fr": ["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."]}
SET_ASIDE = {"en": ("set aside", "set aside before anything was played"),
             "fr": ("mise de côté", "mise de côté avant d’être jouée")}


def cards(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#past-games .past-game')].map((li) => "
        "[li.dataset.game, li.querySelector('.head small').textContent, li.querySelector('p').textContent])")


def test_earlier_games_tell_players_and_how_the_game_ended_not_journal_entries(narrow_table, phone, screenshots):
    service, url = narrow_table
    service.table.new_game("free-roll", {}, ["Ann", "Bob"])
    service.table.submit({"type": "roll", "dice": [{"value": 2, "color": "green"}]})
    service.table.submit({"type": "roll", "dice": [{"value": 5, "color": "red"}]})
    service.table.undo()   # three entries for one roll that stands
    played = service.table.record.id
    service.table.new_game("nexus-keepers", {}, ["Cy", "Di"])
    unplayed = service.table.record.id
    service.table.new_game("free-roll", {}, ["Eve"])
    today = time.localtime()
    open_page(phone, url, "#/history")
    wait(phone, lambda d: {str(played), str(unplayed)} <= {c[0] for c in cards(d)}, message="no earlier games drawn")
    seen = {}

    def look(lang, scheme):
        wait(phone, lambda d: SET_ASIDE[lang][1] in " ".join(c[2] for c in cards(d)),
             message=f"the unplayed game is not said set aside before anything was played in {lang}")
        said = {c[0]: c[1:] for c in cards(phone)}
        seen[lang] = said
        for game in (played, unplayed):
            head, body = said[str(game)]
            assert str(today.tm_mday) in head and MONTHS[lang][today.tm_mon - 1] in head, (lang, head)
            assert "entr" not in body.lower(), (lang, body)
        assert said[str(played)][1] == f"Ann, Bob · {SET_ASIDE[lang][0]}", said
        assert said[str(unplayed)][1] == f"Cy, Di · {SET_ASIDE[lang][1]}", said
        phone.execute_script("document.querySelector('#past-games').scrollIntoView({block: 'center'})")
        phone.save_screenshot(str(screenshots / f"history-earlier-games-360-{lang}-{scheme}.png"))

    in_each_look(phone, look)
    assert set(seen) == {"en", "fr"}
    assert not page_errors(phone)


def test_a_game_started_again_and_again_unplayed_is_one_card(narrow_table, phone):
    """A game set aside unplayed is one card however often it was started: the same game started three times for
    Fay and Gus shows once (the newest), a played one still shows."""
    service, url = narrow_table
    service.table.new_game("free-roll", {}, ["Fay", "Gus"])
    service.table.submit({"type": "roll", "dice": [{"value": 3, "color": "blue"}]})
    played = service.table.record.id
    starts = []
    for _ in range(3):
        service.table.new_game("free-roll", {}, ["Fay", "Gus"])
        starts.append(service.table.record.id)
    service.table.new_game("free-roll", {}, ["Hal"])
    open_page(phone, url, "#/history")
    wait(phone, lambda d: str(played) in {c[0] for c in cards(d)}, message="the played game is not listed")
    shown = {c[0] for c in cards(phone)}
    assert str(starts[-1]) in shown and not {str(g) for g in starts[:-1]} & shown, (starts, shown)
    assert not page_errors(phone)
