"""A notice never hides what it talks about, upright at 360 px on the simulated table (its stack under the top bar,
headed by the SIMULATED banner): "Unlocked" leaves the game's name in sight, another phone's Nexus verdict the
zoomed card's nodes, "The camera learnt…" the roll it learnt from. Where its place under the bar would hide it, the
stack goes to the screen's foot, above the Undo bar."""

from __future__ import annotations

import pytest
from boardhelpers import PIN, tap, tap_until, wait
from browserhelpers import page_errors, pictures
from screens import show, start

from companion.live import CameraStatus

pytestmark = pytest.mark.browser

BOX = """const box = (e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left,
    right: r.right, width: r.width, height: r.height}; };"""
# each notice shown and each element ``arguments[0]`` names in sight, as rectangles on the screen
PLACES = BOX + """return {notices: [...document.querySelectorAll('#notices .notice')].map(box),
  named: [...document.querySelectorAll(arguments[0])].map(box).filter((r) => r.width && r.height
    && r.bottom > 0 && r.top < innerHeight), height: innerHeight};"""


def meets(a, b):
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def assert_clear(phone, named):
    """The notices shown and ``named`` all in sight, none over another."""
    seen = phone.execute_script(PLACES, named)
    assert seen["notices"] and seen["named"], seen
    for notice in seen["notices"]:
        assert 0 <= notice["top"] and notice["bottom"] <= seen["height"], seen
        for what in seen["named"]:
            assert not meets(notice, what), f"a notice {notice} over {named} {what}"


@pytest.fixture(params=[(360, 800), (800, 360)], ids=["upright", "sideways"])
def simulated_phone(resizable_table, request):
    """A phone 360 x 800 upright, or held sideways (800 x 360), at the simulated table."""
    service, url, phone, size = resizable_table
    size(*request.param)
    service.live.camera = CameraStatus(True, "", "simulated", simulated=True)
    yield service, url, phone, request.node.callspec.id
    phone.execute_script("document.querySelector('#notices').replaceChildren()")
    service.live.camera = CameraStatus()
    service.bus.publish("live", service.live.to_json())
    size(390, 844)


def simulated(service, url, phone):
    show(phone, url)
    service.bus.publish("live", service.live.to_json())
    wait(phone, lambda d: "SIMULATED" in d.execute_script(
        "return getComputedStyle(document.querySelector('#notices'), '::before').content"), message="no banner")


def test_unlocked_leaves_the_games_name_in_sight(simulated_phone, screenshots):
    """A locked phone taps Undo: the PIN asked, "Unlocked" said, the game's name (what it may now change) seen."""
    service, url, phone, held = simulated_phone
    start(service, "tesseract", 3)
    simulated(service, url, phone)
    phone.execute_async_script("window.companion.api.logout().then(arguments[0])")
    tap(phone, "#table-undo")
    wait(phone, lambda d: d.find_element("id", "pin-input").is_displayed(), message="no PIN asked")
    phone.find_element("id", "pin-input").send_keys(PIN)
    tap(phone, "#pin-form button[type=submit]")
    wait(phone, lambda d: [n for n in d.find_elements("css selector", "#notices .notice") if "Unlocked" in n.text],
         message="no Unlocked notice")
    phone.execute_script("window.scrollTo(0, 0)")
    wait(phone, lambda d: d.execute_script("return new Promise((done) => requestAnimationFrame(() => done(1)))"))
    assert_clear(phone, "#turn .game-title")
    pictures(phone, screenshots, f"notice-unlocked-{held}")
    assert not page_errors(phone)


LEARNT = {"kind": "info", "message": "The camera learnt: a 4. It has learnt from 1 die at this table.",
          "message_fr": "La caméra a appris : un 4. Elle a appris de 1 dé à cette table.", "profile": 1}


def test_the_camera_learnt_leaves_the_roll_in_sight(simulated_phone, screenshots):
    """A die of the last roll corrected, the roll read under the top bar: "The camera learnt…" is said, the roll's
    dice seen beside it."""
    service, url, phone, held = simulated_phone
    service.table.new_game("free-roll", {}, [])
    phone.get(url + "#/table")  # a free roll draws no board: show() waits for one
    wait(phone, lambda d: d.execute_script("return document.body.dataset.ready") == "1", message="page never ready")
    service.bus.publish("live", service.live.to_json())
    phone.execute_async_script("window.companion.api.post('/api/roll', {dice: [{value: 4, color: 'red'}, "
                               "{value: 2, color: 'white'}]}).then(() => arguments[0]())")
    wait(phone, lambda d: d.find_elements("css selector", "#last-roll .die"), message="no roll shown")
    # the roll read just under the top bar, as a player scrolls to it to correct a die (the game's details open
    # below make the page long enough)
    phone.execute_script("document.querySelector('#details-card').open = true;"
                         "document.querySelector('#expert').open = true")
    phone.execute_script("window.scrollBy(0, document.querySelector('#last-roll').getBoundingClientRect().top"
                         " - Math.max(document.querySelector('.topbar').getBoundingClientRect().bottom, 0) - 30)")
    service.bus.publish("notice", LEARNT)
    wait(phone, lambda d: "The camera learnt" in d.find_element("id", "notices").text, message="no notice")
    assert_clear(phone, "#last-roll")
    pictures(phone, screenshots, f"notice-learnt-{held}")
    assert not page_errors(phone)


def test_another_phones_nexus_verdict_leaves_the_zoomed_cards_nodes_in_sight(simulated_phone, screenshots):
    """Another phone's move refused is told in a notice; this player zooms the card to place a counter on and reads
    it under the top bar: the card's nodes seen beside the notice."""
    from screens import example

    service, url, phone, held = simulated_phone
    start(service, "nexus", 52)  # the next move places a counter
    simulated(service, url, phone)
    move = example("nexus")[52]
    card = move["node"].split(":")[0]
    hit = f"#nx-scroll .card-hit[data-card='{card}']"
    tap_until(phone, hit, "#nx-zoom svg")  # the overview zooms the board in first: the notice lasts 5 s
    tap(phone, "#nx-zoom-close")
    other = next(p for p in ("Ann", "Bob") if p != move["player"])
    service.table.submit({**move, "player": other}, source="phone")  # not this phone's, and not the other's turn
    wait(phone, lambda d: [n for n in d.find_elements("css selector", "#notices .notice") if "Illegal" in n.text],
         message="the refused move was not told")
    # while it is told (a later entry closes the zoom and the notice alike), this player zooms the card to play on
    tap_until(phone, hit, "#nx-zoom svg")
    phone.execute_script("window.scrollBy(0, document.querySelector('#nx-zoom svg').getBoundingClientRect().top"
                         " - Math.max(document.querySelector('.topbar').getBoundingClientRect().bottom, 0) - 20)")
    wait(phone, lambda d: d.execute_script("return new Promise((done) => requestAnimationFrame(() => "
                                           "requestAnimationFrame(() => done(1))))"))
    assert_clear(phone, "#nx-zoom svg")
    pictures(phone, screenshots, f"notice-nexus-verdict-{held}")
    assert not page_errors(phone)


def test_a_tap_sends_a_notice_away_and_plays_nothing(simulated_phone):
    """A notice over the board goes at a tap on it, before its time; the tap plays nothing under it."""
    service, url, phone, held = simulated_phone
    start(service, "tesseract", 3)
    simulated(service, url, phone)
    phone.execute_script("window.companion.toast(() => 'Bob started the game', 'info')")
    notice = wait(phone, lambda d: d.find_elements("css selector", "#notices .notice"), message="no notice")[0]
    notice.click()
    wait(phone, lambda d: not d.find_elements("css selector", "#notices .notice"), timeout=2,
         message="the notice stayed after a tap on it")
    assert phone.execute_script("return window.companion.state.entries") == 3
    assert not page_errors(phone)
