"""Notices on a phone held sideways, down a long table screen: just under the top bar, and at the window's top once
the bar has scrolled away, on a table with a camera and on the simulated table alike (there the stack begins with
its SIMULATED banner), not 68 px down with a strip of board above them wherever the bar is. Over the control the
player just tapped they go to the screen's foot, above the Undo bar: a notice never hides what the player touched."""

from __future__ import annotations

import pytest
from boardhelpers import wait
from browserhelpers import page_errors, pictures
from screens import show, start

from companion.live import CameraStatus

pytestmark = pytest.mark.browser

GAP = 6  # notices.js: px between the stack and the bar above it, or the window's top
PLACES = """const box = (s) => { const e = document.querySelector(s); if (!e) return null;
    const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  return {stack: box('#notices'), bar: box('.topbar'), undo: box('#screen-table > .actions'),
    control: box(arguments[0] || 'body'), over: document.querySelector('#notices').classList.contains('over-title'),
    height: innerHeight, banner: getComputedStyle(document.querySelector('#notices'), '::before').content};"""


DIE = "#nk-dice .die[data-index='2']"


def meets(a, b):
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


@pytest.fixture
def sideways_table(resizable_table, request):
    """Nexus Keepers under way (a screen five windows long) on a phone held sideways, 800 x 360; the table's camera
    simulated or not (``request.param``)."""
    service, url, phone, size = resizable_table
    simulated = request.param
    size(800, 360)
    service.live.camera = CameraStatus(True, "", "simulated", simulated=True) if simulated else CameraStatus()
    start(service, "nexus-keepers", 3)
    show(phone, url)
    service.bus.publish("live", service.live.to_json())
    wait(phone, lambda d: ("SIMULATED" in d.execute_script(PLACES, None)["banner"]) == simulated,
         message="the simulated banner is not as the camera is")
    yield service, phone, simulated
    phone.execute_script("document.querySelector('#notices').replaceChildren()")
    service.live.camera = CameraStatus()
    service.bus.publish("live", service.live.to_json())
    size(390, 844)


def toast(phone):
    phone.execute_script("document.querySelector('#notices').replaceChildren();"
                         "window.companion.toast(() => 'The camera learnt a die', 'ok')")
    return wait(phone, lambda d: d.find_elements("css selector", "#notices .notice"), message="no notice")


@pytest.mark.parametrize("sideways_table", [False, True], ids=["camera", "simulated"], indirect=True)
def test_sideways_notices_lie_under_the_bar_or_at_the_windows_top(sideways_table, screenshots):
    service, phone, simulated = sideways_table
    for scrolled in (0, 300, 900):
        phone.execute_script("window.scrollTo(0, arguments[0])", scrolled)
        toast(phone)
        seen = phone.execute_script(PLACES, None)
        if seen["over"]:  # over the bar's title, in sight at the top of the page: not on the simulated table
            assert not simulated and scrolled == 0 and seen["stack"]["top"] < seen["bar"]["bottom"], seen
            continue
        under = max(seen["bar"]["bottom"], 0) + GAP
        assert abs(seen["stack"]["top"] - under) <= 1, f"scrolled {scrolled} px, the stack is not where expected: {seen}"
        assert seen["stack"]["bottom"] <= seen["undo"]["top"], seen
        if scrolled:
            assert seen["stack"]["top"] <= GAP + 1, f"the bar is gone, the stack not at the window's top: {seen}"
            if scrolled == 300:
                pictures(phone, screenshots, f"notices-sideways-{'simulated' if simulated else 'camera'}")
    assert not page_errors(phone)


@pytest.mark.parametrize("sideways_table", [False, True], ids=["camera", "simulated"], indirect=True)
@pytest.mark.parametrize("at", [10, 60])
def test_a_notice_never_hides_the_control_just_tapped(sideways_table, screenshots, at):
    """A die picked for a reroll with the page scrolled so it lies ``at`` px from the window's top: the notice then
    shown leaves it in sight, and lies above the Undo bar."""
    service, phone, simulated = sideways_table
    phone.execute_script("const s = document.querySelector(arguments[0]);"
                         "window.scrollTo(0, s.getBoundingClientRect().top + scrollY - arguments[1])", DIE, at)
    phone.find_element("css selector", DIE).click()  # in sight already: a pointer's tap where it lies
    wait(phone, lambda d: d.execute_script("return document.querySelector(arguments[0]).ariaPressed", DIE) == "true",
         message="the die was not picked")
    toast(phone)
    seen = phone.execute_script(PLACES, DIE)
    assert abs(seen["control"]["top"] - at) <= 6, seen  # picked, a die is drawn a few px lower
    assert not meets(seen["stack"], seen["control"]), f"the notice lies over the control just tapped: {seen}"
    assert 0 <= seen["stack"]["top"] and seen["stack"]["bottom"] <= seen["undo"]["top"], seen
    if at == 10:  # the stack at the screen's foot
        pictures(phone, screenshots, f"notices-sideways-tapped-{'simulated' if simulated else 'camera'}")
    assert not page_errors(phone)
