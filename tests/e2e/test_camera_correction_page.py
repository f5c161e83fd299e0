"""A Nexus Keepers roll the camera misread, corrected on the phone: a tap on the die on the camera's picture and
its face said correct that roll; the game does not take it as a reroll of that die (a reroll spent, or refused).
The statistics screen counts each die thrown once: a roll's dice and a reroll's new ones (typed, or the camera's dice
not in the pool before it), not dice read lying in a zone, and Hexors' colour die by the colours rolled; the
history tells a camera reroll by the pool it left. A Tesseract cube the camera saw primed is corrected the same way,
and undo takes back an action, not the priming zone reading that followed it."""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest
from selenium.webdriver.common.by import By

from companion.capture.base import Frame
from companion.core import DieReading, Observation
from tests.conftest import NK_TWO_KEEPERS as SETUP

from boardhelpers import api, open_page, settled, shown, tap, tap_die, unlock, wait
from browserhelpers import page_errors
from test_readable_texts import OVERLAPS

pytestmark = pytest.mark.browser
REPO = Path(__file__).resolve().parents[2]

# A's first roll (« Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. ») is 2 3 5 6 4; the camera
# reads the 4 as a 1, sure of it.
AS_READ = tuple(DieReading(v, "white", (40 + 110 * k, 200, 100 + 110 * k, 260), 0.97)
                for k, v in enumerate((2, 3, 5, 6, 1)))


def test_a_misread_die_tapped_on_the_picture_corrects_the_roll_and_spends_no_reroll(quiet_table, phone):
    service, url = quiet_table
    service.table.new_game("nexus-keepers", {}, ["A", "B"])
    service.table.submit(SETUP)
    service.live.update(Frame(np.full((480, 640, 3), 90, np.uint8), time.time(), 1), list(AS_READ))
    service.table.observe(Observation(dice=AS_READ, source="camera"))
    assert api(url, "api/history")["entries"][-1]["event"]["type"] == "roll"

    unlock(phone, url)
    open_page(phone, url, "#/table")
    css = "#snapshot-overlay g.die-box"
    wait(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, css)) == 5, message="the camera's dice are not drawn")
    tap_die(phone, phone.find_elements(By.CSS_SELECTOR, css)[4])
    assert phone.find_element(By.ID, "die-title").text.endswith("5")  # the fifth die of the roll
    tap(phone, "#die-values button[data-value='4']")
    tap(phone, "#die-save")

    settled(phone, url)
    roll, correction = api(url, "api/history")["entries"][-2:]
    assert correction["event"]["type"] == "correct" and correction["event"]["seq"] == roll["seq"]
    assert roll["event"]["type"] == "roll" and [d["value"] for d in roll["dice"]] == [2, 3, 5, 6, 4]
    summary = shown(phone, "return window.companion.state.summary")
    assert sorted(summary["dice"]) == [2, 3, 4, 5, 6] and summary["rerolls_left"] == 2
    assert page_errors(phone) == []


def test_a_tapped_power_die_corrects_its_own_event_and_a_die_beside_it_the_roll(quiet_table, phone):
    """Power dice join the roll as an event of their own (« Ajoutez simplement le résultat du ou des dés de pouvoir au
    résultat total. »): on the picture, the power die is that event's die and the dice beside it are the roll's."""
    service, url = quiet_table
    service.table.new_game("nexus-keepers", {}, ["A", "B"])
    service.table.submit(SETUP)
    seen = tuple(DieReading(v, "white", (30 + 100 * k, 200, 90 + 100 * k, 260), 0.97)
                 for k, v in enumerate((2, 3, 5, 6, 4, 6)))  # the last die A's power die, a 1 read as 6
    service.live.update(Frame(np.full((480, 640, 3), 90, np.uint8), time.time(), 2), list(seen))
    service.table.observe(Observation(dice=seen[:5], source="camera"))
    service.table.observe(Observation(dice=seen, source="camera"))
    assert [e["event"]["type"] for e in api(url, "api/history")["entries"]] == ["setup", "roll", "power"]

    phone.get("about:blank")  # a fresh load reads the live view set here (a bare update publishes nothing)
    unlock(phone, url)
    open_page(phone, url, "#/table")
    css = "#snapshot-overlay g.die-box"
    wait(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, css)) == 6, message="the camera's dice are not drawn")
    tap_die(phone, phone.find_elements(By.CSS_SELECTOR, css)[1])
    assert phone.find_element(By.ID, "die-title").text.endswith("2")  # the roll's second die, not the power die
    tap(phone, "#die-cancel")
    tap_die(phone, phone.find_elements(By.CSS_SELECTOR, css)[5])
    assert phone.find_element(By.ID, "die-title").text.endswith("1")  # the power event's one die
    tap(phone, "#die-values button[data-value='1']")
    tap(phone, "#die-save")

    settled(phone, url)
    roll, power, correction = api(url, "api/history")["entries"][-3:]
    assert correction["event"]["type"] == "correct" and correction["event"]["seq"] == power["seq"]
    assert [d["value"] for d in power["dice"]] == [1] and [d["value"] for d in roll["dice"]] == [2, 3, 5, 6, 4]
    assert sorted(shown(phone, "return window.companion.state.summary")["dice"]) == [1, 2, 3, 4, 5, 6]
    assert page_errors(phone) == []


def test_the_statistics_count_each_die_thrown_once_a_rerolls_kept_dice_are_not_counted_again(quiet_table, phone):
    """Rolls keep their dice, so Nexus Keepers' camera rolls reach the statistics. « Il peut ensuite relancer autant
    de dés qu'il veut »: the camera's reroll shows the whole pool after it; its dice not in the pool before it were
    thrown and count (the 4 and the 2 that replaced the two 3s), the kept ones not again; a reroll typed on the pad
    says the new faces of the dice picked up, which count. A power die added (« Ajoutez simplement le résultat du ou
    des dés de pouvoir au résultat total. ») is thrown fresh: its face counts. Neither is a roll of its own."""
    service, url = quiet_table
    lying = _rolled_and_rerolled(service)
    power = DieReading(3, "red", (600, 300, 630, 330), 0.97)
    service.table.observe(Observation(dice=(*lying, power), source="camera"))
    service.table.submit({"type": "reroll", "rerolled": [4, 2], "results": [6, 5]})
    assert [e["event"]["type"] for e in api(url, "api/history")["entries"]] == [
        "setup", "roll", "reroll", "power", "reroll"]
    assert sorted(service.table.engine.summary()["dice"]) == [1, 3, 5, 5, 6, 6]

    unlock(phone, url)
    open_page(phone, url, "#/stats")
    wait(phone, lambda d: d.find_elements(By.ID, "stats-rolls"), message="no statistics drawn")
    assert phone.find_element(By.ID, "stats-rolls").text == "1"
    rows = phone.find_elements(By.CSS_SELECTOR, "#stats table.stats-table tbody tr")
    assert [[td.text for td in row.find_elements(By.TAG_NAME, "td")][:2] for row in rows] == [
        ["white", "7"], ["red", "1"], ["unknown", "2"]]
    assert page_errors(phone) == []


def test_hexors_statistics_show_the_colour_die_by_its_faces_in_the_pages_words(quiet_table, phone):
    """« L'attaquant commence et roule le dé de couleur »: its faces are colours, so the screen counts each colour
    rolled, every face of the game's six shown, in the page's language; no faces by value, no totals."""
    service, url = quiet_table
    service.table.new_game("hexors", {}, ["Yugi", "Kaiba"])
    for line in (REPO / "docs/rules/examples/hexors-beginner-win.jsonl").read_text().splitlines()[:12]:
        service.table.submit(json.loads(line))  # up to Kuriboh's challenge (the example has a refused move)
    service.table.submit({"type": "roll", "colour": "orange"})
    service.table.submit({"type": "roll", "dice": [{"value": 4, "color": "white"}]})  # D1: a pip die's 4 is green

    unlock(phone, url)
    open_page(phone, url, "#/stats")
    wait(phone, lambda d: d.find_elements(By.ID, "stats-named"), message="no colour die drawn")
    assert phone.find_element(By.ID, "stats-rolls").text == "2"
    rows = lambda d: [[td.text for td in row.find_elements(By.TAG_NAME, "td")]  # noqa: E731
                      for row in d.find_elements(By.CSS_SELECTOR, "#stats-named tbody tr")]
    assert rows(phone) == [["red", "0"], ["orange", "1"], ["yellow", "0"], ["green", "1"], ["blue", "0"],
                           ["purple", "0"]]
    assert [e.text for e in phone.find_elements(By.CSS_SELECTOR, "#stats h3")] == ["Faces of the colour die"]
    bars = phone.find_elements(By.CSS_SELECTOR, "#stats rect.bar")
    assert [(b.get_attribute("data-group"), b.get_attribute("data-count")) for b in bars][1::2] == [
        ("orange", "1"), ("green", "1"), ("purple", "0")]
    tap(phone, "#lang-toggle")
    wait(phone, lambda d: rows(d)[3] == ["vert", "1"], message="the colours are not named in French")
    assert [r[0] for r in rows(phone)] == ["rouge", "orange", "jaune", "vert", "bleu", "violet"]
    assert phone.find_element(By.CSS_SELECTOR, "#stats h3").text == "Faces du dé de couleur"
    heads = [th.text for th in phone.find_elements(By.CSS_SELECTOR, "#stats-named th")]
    assert heads == ["Couleur", "Sorties"], heads  # how often a face came up, as a French player says it
    assert phone.execute_script(OVERLAPS) == [6, 0]  # each face named under its bar, apart from the next
    tap(phone, "#lang-toggle")
    assert page_errors(phone) == []


def test_the_statistics_leave_out_readings_of_dice_lying_in_a_zone(quiet_table, phone):
    """Tesseract's priming zone read twice shows the same two dice twice: no throw, nothing to count."""
    service, url = quiet_table
    service.table.new_game("tesseract", {"camera_frame_is_priming_zone": True}, ["Ada", "Marie"])
    service.table.submit(json.loads((REPO / "docs/rules/examples/tesseract-win.jsonl").read_text().splitlines()[0]))
    lying = (DieReading(2, "purple", (110, 110, 130, 130), 0.97), DieReading(5, "yellow", (150, 150, 170, 170), 0.97))
    for _ in range(2):
        service.table.observe(Observation(dice=lying, source="camera"))
    entries = api(url, "api/history")["entries"]
    assert [(e["event"]["type"], e["reading"], len(e["event"]["dice"])) for e in entries[1:]] == [
        ("priming_zone_reading", True, 2)] * 2

    unlock(phone, url)
    open_page(phone, url, "#/stats")
    wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, "#stats p.hint"), message="no statistics screen drawn")
    assert phone.find_elements(By.ID, "stats-rolls") == []  # "no rolls yet"
    assert page_errors(phone) == []


def test_the_fairness_test_is_written_as_players_read_numbers(quiet_table, phone):
    """36 green dice (faces 3 9 6 6 6 6: chi-square 3, p 0.70): two significant digits, the page language's decimal
    mark (0.7 in English, 0,7 in French, not 0.699986)."""
    service, url = quiet_table
    service.table.new_game("free-roll", {}, [])
    for value, times in zip(range(1, 7), (3, 9, 6, 6, 6, 6)):
        for _ in range(times):
            service.table.submit({"type": "roll", "dice": [{"value": value, "color": "green"}]})
    cell = lambda d: d.find_element(By.CSS_SELECTOR, "#stats table.stats-table tbody tr td:last-child").text  # noqa
    open_page(phone, url, "#/stats")
    wait(phone, lambda d: cell(d) == "0.7 — looks fair", message="the English p-value is not 0.7")
    tap(phone, "#lang-toggle")
    wait(phone, lambda d: cell(d) == "0,7 — semble équilibré", message="the French p-value is not 0,7")
    tap(phone, "#lang-toggle")
    assert page_errors(phone) == []


def test_a_primed_die_tapped_on_the_picture_corrects_the_prime(quiet_table, phone):
    """« Placez-le ensuite dans la zone d'amorçage, sous l'icône correspondant à sa nouvelle valeur. »: the die the
    camera saw primed is drawn on the picture; tapped and said to be a 6, the cube is primed as a 6."""
    service, url = quiet_table
    service.table.new_game("tesseract", {"allow_pass": True}, ["Ada", "Marie"])
    service.table.submit(json.loads((REPO / "docs/rules/examples/tesseract-win.jsonl").read_text().splitlines()[0]))
    service.table.submit({"type": "end_actions"})
    state = service.table.engine.state
    tops = {c: state.tesseract.top(c).color for c in state.tesseract.lowest_removable()}
    column = next(c for c, colour in tops.items() if list(tops.values()).count(colour) == 1)
    zone = [DieReading(c.value, c.color, (40 + 90 * k, 100, 100 + 90 * k, 160), 0.97)
            for k, c in enumerate(state.zone.cubes)]
    dice = (*zone, DieReading(1, tops[column], (300, 300, 360, 360), 0.9))  # a 6 read as a 1
    places = tuple({"zone": f"priming-{d.value}", "grid": None, "cell": None, "uncertain": False} for d in dice)
    service.live.update(Frame(np.full((480, 640, 3), 90, np.uint8), time.time(), 1), list(dice))
    service.table.observe(Observation(dice=dice, places=places, source="camera"))
    assert api(url, "api/history")["entries"][-1]["event"]["type"] == "prime"

    phone.get("about:blank")  # a fresh load reads the live view set here (a bare update publishes nothing)
    unlock(phone, url)
    open_page(phone, url, "#/table")
    css = "#snapshot-overlay g.die-box"
    wait(phone, lambda d: len(d.find_elements(By.CSS_SELECTOR, css)) == len(dice), message="no dice drawn")
    tap_die(phone, phone.find_elements(By.CSS_SELECTOR, css)[-1])
    tap(phone, "#die-values button[data-value='6']")
    tap(phone, "#die-save")
    settled(phone, url)
    prime, correction = api(url, "api/history")["entries"][-2:]
    assert correction["event"]["type"] == "correct" and correction["event"]["seq"] == prime["seq"]
    assert [d["value"] for d in prime["dice"]] == [6]
    assert (6, tops[column]) in [(c.value, c.color) for c in service.table.engine.state.zone.cubes]
    assert page_errors(phone) == []


def test_undo_takes_back_the_action_not_the_zone_reading_after_it(quiet_table, phone):
    """The camera reads Tesseract's priming zone again after an action: the history shows that reading with no
    "undone" badge, and the undo button names the action it takes back, not the reading."""
    service, url = quiet_table
    service.table.new_game("tesseract", {"camera_frame_is_priming_zone": True}, ["Ada", "Marie"])
    service.table.submit(json.loads((REPO / "docs/rules/examples/tesseract-win.jsonl").read_text().splitlines()[0]))
    column = service.table.engine.state.tesseract.lowest_removable()[0]
    service.table.submit({"type": "take", "column": column})
    zone = tuple(DieReading(c.value, c.color, (110 + 30 * k, 110, 130 + 30 * k, 130), 0.97)
                 for k, c in enumerate(service.table.engine.state.zone.cubes))
    service.table.observe(Observation(dice=zone, source="camera"))
    unlock(phone, url)
    open_page(phone, url, "#/history")
    css = "#history-list li[data-type='priming_zone_reading']"
    wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, css), message="no zone reading in the history")
    assert phone.find_elements(By.CSS_SELECTOR, f"{css} .status") == []
    wait(phone, lambda d: f"Take from {column}" in d.find_element(By.ID, "history-undo").text,
         message="the undo button does not name the take")
    assert page_errors(phone) == []


def test_the_history_tells_a_camera_reroll_by_the_pool_it_left(quiet_table, phone):
    """A reroll the camera saw is the whole pool afterwards (the engine infers which dice were picked up): the
    history says « Reroll → » and that pool, not an empty « Reroll  → »."""
    service, url = quiet_table
    _rolled_and_rerolled(service)
    unlock(phone, url)
    open_page(phone, url, "#/history")
    css = "#history-list li[data-type='reroll'] .head"
    wait(phone, lambda d: d.find_elements(By.CSS_SELECTOR, css), message="no reroll in the history")
    assert "Reroll → 1, 4, 2, 5, 6" in phone.find_element(By.CSS_SELECTOR, css).text
    assert page_errors(phone) == []


def _rolled_and_rerolled(service):
    """A new Nexus Keepers game where A's camera roll 1 3 3 5 6 is rerolled to 1 4 2 5 6 (the two 3s); the dice
    lying there after it."""
    service.table.new_game("nexus-keepers", {}, ["A", "B"])
    service.table.submit(SETUP)
    boxes = [(40 + 110 * k, 200, 100 + 110 * k, 260) for k in range(5)]
    for values in ((1, 3, 3, 5, 6), (1, 4, 2, 5, 6)):
        lying = tuple(DieReading(v, "white", b, 0.97) for v, b in zip(values, boxes))
        service.table.observe(Observation(dice=lying, source="camera"))
    return lying
