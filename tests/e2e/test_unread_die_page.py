"""A die the camera sees but cannot read, on the phone: drawn "?" on the camera's picture (never the reader's
guess); after the "camera unsure" it caused, a tap on it asks the player for its face, and saving plays the roll
with it added."""

from __future__ import annotations

import time

import numpy as np
import pytest
from selenium.webdriver.common.by import By

from companion.capture.base import Frame
from companion.core import DieReading, Observation
from tests.conftest import NK_TWO_KEEPERS as SETUP

from boardhelpers import api, open_page, settled, shown, tap, tap_die, unlock, wait
from browserhelpers import page_errors

pytestmark = pytest.mark.browser

# A's first roll (« Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. »): four dice read, the
# fifth seen but not read (the reader's likeliest face, a 4, at 0.3).
READ = tuple(DieReading(v, "white", (40 + 110 * k, 200, 100 + 110 * k, 260), 0.97) for k, v in enumerate((2, 3, 5, 6)))
UNREAD = DieReading(4, "white", (500, 300, 560, 360), 0.12, (0.1, 0.1, 0.2, 0.3, 0.2, 0.1), unread=True)


def test_a_die_the_camera_could_not_read_is_drawn_unread_and_a_tap_says_its_face(quiet_table, phone):
    service, url = quiet_table
    service.table.new_game("nexus-keepers", {}, ["A", "B"])
    service.table.submit(SETUP)
    service.live.update(Frame(np.full((480, 640, 3), 90, np.uint8), time.time(), 1), [*READ, UNREAD])
    service.table.observe(Observation(dice=READ, unread=(UNREAD,), source="camera"))
    unsure = api(url, "api/history")["entries"][-1]
    assert unsure["event"]["type"] == "camera_unsure" and len(unsure["event"]["unread"]) == 1

    unlock(phone, url)
    open_page(phone, url, "#/table")
    wait(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#snapshot-overlay g.die-box")) == 5,
         message="the camera's dice are not drawn on the picture")
    drawn = phone.find_element(By.CSS_SELECTOR, "#snapshot-overlay g.die-box.unread")
    assert drawn.get_attribute("data-value") == "?" and drawn.find_element(By.TAG_NAME, "text").text == "?"
    tap_die(phone, drawn)
    assert phone.find_element(By.ID, "die-note").text.startswith("The camera sees this die but could not read it")
    assert phone.find_elements(By.CSS_SELECTOR, "#die-values button[aria-pressed=true]") == []  # no guess offered
    tap(phone, "#die-values button[data-value='1']")
    tap(phone, "#die-save")

    settled(phone, url)
    played = api(url, "api/history")["entries"][-1]
    assert played["source"] == "phone" and played["in_force"]
    assert played["event"]["type"] == "roll"
    assert [d["value"] for d in played["event"]["dice"]] == [2, 3, 5, 6, 1]  # the fifth die added
    assert sorted(shown(phone, "return window.companion.state.summary.dice")) == [1, 2, 3, 5, 6]
    assert page_errors(phone) == []


# Three dice read and three seen unread where five are expected: two of the unread are dice, the third is not.
READ_THREE = READ[:3]
UNREAD_THREE = tuple(DieReading(4, "white", (380 + 90 * k, 330, 440 + 90 * k, 390), 0.12,
                                (0.1, 0.1, 0.2, 0.3, 0.2, 0.1), unread=True) for k in range(3))


def _table_page_showing(phone, url, unread):
    """The table page loaded afresh (a fresh load reads the live view the test set: a bare update publishes
    nothing), once it draws ``unread`` dice the camera could not read; their boxes."""
    phone.get("about:blank")
    unlock(phone, url)
    open_page(phone, url, "#/table")
    css = "#snapshot-overlay g.die-box.unread"
    wait(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, css)) == unread,
         message=f"the {unread} dice the camera could not read are not drawn")
    return phone.find_elements(By.CSS_SELECTOR, css)


def test_every_die_the_camera_could_not_read_is_asked_before_the_roll_is_played(quiet_table, phone):
    """One face said at a time would play a roll still short of a die, judged illegal: the dialog asks each
    unread die in turn, the one asked outlined on the picture, and 'Not a die' leaves one out."""
    service, url = quiet_table
    service.table.new_game("nexus-keepers", {}, ["A", "B"])
    service.table.submit(SETUP)
    service.live.update(Frame(np.full((480, 640, 3), 90, np.uint8), time.time(), 2), [*READ_THREE, *UNREAD_THREE])
    service.table.observe(Observation(dice=READ_THREE, unread=UNREAD_THREE, source="camera"))
    assert api(url, "api/history")["entries"][-1]["event"]["type"] == "camera_unsure"

    dialog = tap_die(phone, _table_page_showing(phone, url, 3)[1])
    asked = phone.find_elements(By.CSS_SELECTOR, "#snapshot-overlay g.die-box.asking")
    assert [g.get_attribute("data-index") for g in asked] == ["4"]  # the tapped one is asked first
    assert "Then 2 more the camera could not read." in phone.find_element(By.ID, "die-note").text
    assert phone.find_element(By.ID, "die-not-a-die").is_displayed()
    tap(phone, "#die-values button[data-value='4']")
    tap(phone, "#die-save")

    wait(phone, lambda d: dialog.is_displayed() and "Then 1 more" in d.find_element(By.ID, "die-note").text,
         message="the second die the camera could not read was not asked")
    assert api(url, "api/history")["entries"][-1]["event"]["type"] == "camera_unsure"  # nothing played yet
    assert [g.get_attribute("data-index") for g in
            phone.find_elements(By.CSS_SELECTOR, "#snapshot-overlay g.die-box.asking")] == ["3"]
    tap(phone, "#die-values button[data-value='6']")
    tap(phone, "#die-save")

    wait(phone, lambda d: dialog.is_displayed() and "more the camera" not in d.find_element(By.ID, "die-note").text,
         message="the third die the camera could not read was not asked")
    tap(phone, "#die-not-a-die")

    settled(phone, url)
    played = api(url, "api/history")["entries"][-1]
    assert played["source"] == "phone" and played["in_force"]
    assert played["event"]["type"] == "roll" and [d["value"] for d in played["event"]["dice"]] == [2, 3, 5, 4, 6]
    assert not phone.find_elements(By.CSS_SELECTOR, "#snapshot-overlay g.die-box.asking")
    assert page_errors(phone) == []


def test_a_question_mark_called_no_die_after_a_roll_played_sends_nothing(quiet_table, phone):
    """Five dice read and played, and a "?" beside them (board art the camera half took for a die): saying it is
    not a die changes nothing, so nothing is sent (a roll of the dice read, sent again, would be refused: the game
    takes no roll now)."""
    service, url = quiet_table
    service.table.new_game("nexus-keepers", {}, ["A", "B"])
    service.table.submit(SETUP)
    five = (*READ, DieReading(1, "white", (40, 330, 100, 390), 0.95))
    service.live.update(Frame(np.full((480, 640, 3), 90, np.uint8), time.time(), 3), [*five, UNREAD])
    service.table.observe(Observation(dice=five, unread=(UNREAD,), source="camera"))
    before = api(url, "api/history")["entries"]
    assert before[-1]["event"]["type"] == "roll" and before[-1]["in_force"]

    dialog = tap_die(phone, _table_page_showing(phone, url, 1)[0])
    tap(phone, "#die-not-a-die")
    wait(phone, lambda d: not dialog.is_displayed(), message="the dialog stayed open")
    time.sleep(1.0)  # a request would have been sent at once
    assert shown(phone, "return (window.companion.mine || {}).error || null") is None  # nothing sent, nothing refused
    assert api(url, "api/history")["entries"] == before
    assert page_errors(phone) == []


def test_a_camera_unsure_roll_whose_question_mark_is_no_die_is_played_as_read(quiet_table, phone):
    """The player settles the camera's doubt: the die it saw but could not read is none, so the roll is the four
    dice read, the player's own word, and the referee judges it short (« les joueurs lancent 5 dés »)."""
    service, url = quiet_table
    service.table.new_game("nexus-keepers", {}, ["A", "B"])
    service.table.submit(SETUP)
    service.live.update(Frame(np.full((480, 640, 3), 90, np.uint8), time.time(), 4), [*READ, UNREAD])
    service.table.observe(Observation(dice=READ, unread=(UNREAD,), source="camera"))
    assert api(url, "api/history")["entries"][-1]["event"]["type"] == "camera_unsure"

    tap_die(phone, _table_page_showing(phone, url, 1)[0])
    tap(phone, "#die-not-a-die")

    settled(phone, url)
    played = api(url, "api/history")["entries"][-1]
    assert played["source"] == "phone" and [d["value"] for d in played["event"]["dice"]] == [2, 3, 5, 6]
    assert [v["rule"] for v in played["verdicts"] if v["kind"] == "illegal"] == ["nk.roll.dice-count"]
    assert page_errors(phone) == []


def test_a_die_too_many_the_camera_is_unsure_of_is_taken_out_with_not_a_die(quiet_table, phone):
    """Six dice read where five are expected (« les joueurs lancent 5 dés »), the sixth at 0.3, under sure_die:
    "camera unsure". A tap on that die and "Not a die" plays the other five as the player's roll."""
    service, url = quiet_table
    service.table.new_game("nexus-keepers", {}, ["A", "B"])
    service.table.submit(SETUP)
    six = (*READ, DieReading(1, "white", (40, 330, 100, 390), 0.95), DieReading(4, "white", (500, 300, 560, 360), 0.3))
    service.live.update(Frame(np.full((480, 640, 3), 90, np.uint8), time.time(), 5), list(six))
    service.table.observe(Observation(dice=six, source="camera"))
    unsure = api(url, "api/history")["entries"][-1]
    assert unsure["event"]["type"] == "camera_unsure"
    assert "tap one that is not a die on the camera's picture" in unsure["verdicts"][0]["message"]

    _table_page_showing(phone, url, 0)
    wait(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#snapshot-overlay g.die-box")) == 6,
         message="the six dice read are not drawn")
    tap_die(phone, phone.find_elements(By.CSS_SELECTOR, "#snapshot-overlay g.die-box")[5])
    assert phone.find_element(By.ID, "die-title").text.endswith("6")
    tap(phone, "#die-not-a-die")

    settled(phone, url)
    played = api(url, "api/history")["entries"][-1]
    assert played["source"] == "phone" and played["in_force"]
    assert [d["value"] for d in played["event"]["dice"]] == [2, 3, 5, 6, 1]
    assert not [v for v in played["verdicts"] if v["kind"] == "illegal"]
    assert page_errors(phone) == []
