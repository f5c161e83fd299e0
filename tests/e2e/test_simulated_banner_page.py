"""The SIMULATED banner stays readable at 360 px: the notices float over the top of the table screen, where the
banner lies, so their stack begins with it (EN/FR, light/dark pictures); it and Settings › Camera say what the
simulated table is in every game."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from boardhelpers import open_page, wait
from browserhelpers import in_each_look, pictures

from companion.core import DieReading
from companion.live import CameraStatus

pytestmark = pytest.mark.browser

STACK = """const stack = document.querySelector('#notices'), first = stack.querySelector('.notice');
  const before = getComputedStyle(stack, '::before');
  return [before.content, stack.getBoundingClientRect().top, first ? first.getBoundingClientRect().top : null];"""


def test_notices_over_the_simulated_banner_begin_with_it(narrow_table, phone, screenshots):
    service, url = narrow_table
    service.live.camera = CameraStatus(True, "", "simulated", simulated=True)
    phone.set_window_size(360, 740)
    open_page(phone, url, "#/table")
    service.bus.publish("live", service.live.to_json())
    wait(phone, lambda d: d.find_element("id", "simulated-badge").is_displayed(), message="no SIMULATED banner")

    def take(lang, scheme):
        service.bus.publish("notice", {"kind": "info", "message": "Ada rolled 3, 5 and 6",
                                       "message_fr": "Ada a lancé 3, 5 et 6"})
        wait(phone, lambda d: d.find_elements("css selector", "#notices .notice"), message="no notice shown")
        phone.execute_script("window.scrollTo(0, 0)")
        content, stack_top, notice_top = phone.execute_script(STACK)
        words = {"en": "SIMULATED table", "fr": "Table SIMULÉE"}[lang]
        assert words in content, content
        assert notice_top >= stack_top + 20, "the notice lies over the stack's banner"
        phone.save_screenshot(str(screenshots / f"simulated-banner-notices-{scheme}-{lang}.png"))

    in_each_look(phone, take)
    service.live.camera = CameraStatus()
    service.bus.publish("live", service.live.to_json())
    wait(phone, lambda d: phone.execute_script(STACK)[0] == "none", message="the banner stayed on a camera's table")


def test_the_camera_status_counts_the_dice_in_sight_not_read(narrow_table, phone):
    """With dice seen but not read (drawn '?'), the camera status says how many are not read, in English and
    French, not that every die in sight is read."""
    service, url = narrow_table
    service.live.camera = CameraStatus(True, "", "simulated", simulated=True)
    service.live.table = {"plane_state": {"state": "none", "anchors_missing": []}, "needs_plane": []}
    read = DieReading(4, "red", (10.0, 10.0, 40.0, 40.0), 0.9)
    seen = DieReading(5, None, (60.0, 10.0, 90.0, 40.0), 0.2, unread=True)  # 5: only its likeliest guess
    status = "#table-vision-status"
    try:
        open_page(phone, url, "#/table")
        for dice, words in (([read], "The simulated table draws dice on a bare table, with no sheet: every die in sight "
                                     "is read"),
                            ([read, seen, seen], "The simulated table draws dice on a bare table, with no sheet: dice in "
                                                 "sight are read, 2 dice not read")):
            service.live.readings = dice
            service.bus.publish("live", service.live.to_json())
            wait(phone, lambda d: d.find_element("css selector", status).text == words,
                 message=f"not said: {words}")
        # a mat found: its status, then how many are not read
        service.live.camera = CameraStatus(True, "", "usb camera")
        service.live.table = {"plane_state": {"state": "estimated", "anchors_seen": [0, 1, 2, 3],
                                              "reprojection_px": 0.3}, "needs_plane": []}
        service.bus.publish("live", service.live.to_json())
        wait(phone, lambda d: d.find_element("css selector", status).text
             == "Mat found: all 4 markers seen, a close fit · 2 dice not read", message="not said after the mat's status")
        # a marker covered, the plane fitted loosely: said in words too (never « ±2.4 px »)
        service.live.table = {"plane_state": {"state": "estimated", "anchors_seen": [0, 1, 2], "anchors_missing": [3],
                                              "reprojection_px": 2.4}, "needs_plane": []}
        service.bus.publish("live", service.live.to_json())
        wait(phone, lambda d: d.find_element("css selector", status).text
             == "Mat found: 3 of 4 markers seen, a loose fit · 2 dice not read", message="a loose fit not said")
        service.live.camera = CameraStatus(True, "", "simulated", simulated=True)
        service.live.table = {"plane_state": {"state": "none", "anchors_missing": []}, "needs_plane": []}
        service.bus.publish("live", service.live.to_json())
        phone.execute_script("window.companion.switchLanguage('fr')")
        wait(phone, lambda d: d.find_element("css selector", status).text == "La table simulée dessine des dés sur une "
             "table nue, sans feuille : les dés visibles sont lus, 2 dés non lus", message="not said in French")
    finally:
        phone.execute_script("window.companion.switchLanguage('en')")
        service.live.camera, service.live.table, service.live.readings = CameraStatus(), None, []
        service.bus.publish("live", service.live.to_json())


@contextmanager
def simulated_nexus(service):
    """A Nexus game, which has cards and counters and no die, on the SIMULATED table (the live view says so); the
    camera put back after."""
    service.table.new_game("nexus", {}, ["Ann", "Bob"])
    service.live.camera = CameraStatus(True, "", "simulated", simulated=True)
    try:
        yield
    finally:
        service.live.camera = CameraStatus()
        service.bus.publish("live", service.live.to_json())


def test_the_banner_says_the_whole_table_is_drawn(narrow_table, phone):
    """Over a Nexus game the banner says the table is drawn, not seen (the simulated table draws cards, tiles,
    keepers, counters and dice alike), not that « these dice » are."""
    service, url = narrow_table
    said = {}
    with simulated_nexus(service):
        open_page(phone, url, "#/table")
        service.bus.publish("live", service.live.to_json())
        wait(phone, lambda d: d.find_element("id", "simulated-badge").is_displayed(), message="no SIMULATED banner")
        in_each_look(phone, lambda lang, scheme: said.setdefault(lang, phone.execute_script(
            "return document.getElementById('simulated-badge').textContent")),
                     themes=("light",))
    assert said == {"en": "SIMULATED table: no camera, the table is drawn, not seen",
                    "fr": "Table SIMULÉE\u00a0: pas de caméra, la table est dessinée, pas vue"}, said


def test_settings_say_the_simulated_table_is_drawn_in_a_game_without_dice(narrow_table, phone, screenshots):
    """Settings › Camera says it as the banner does, for every game: over Nexus, that the table is drawn, not seen
    (not that it "draws the dice")."""
    service, url = narrow_table
    said = {}
    with simulated_nexus(service):
        open_page(phone, url, "#/settings")
        service.bus.publish("live", service.live.to_json())
        wait(phone, lambda d: d.find_element("id", "camera-status").text.startswith("none"),
             message="the simulated table is not said under Camera")
        in_each_look(phone, lambda lang, scheme: said.setdefault(lang, phone.find_element("id", "camera-status").text),
                     themes=("light",))
        phone.execute_script("document.getElementById('camera-status').scrollIntoView({block: 'center'})")
        pictures(phone, screenshots, "settings-camera-simulated-nexus-360")
    assert said == {"en": "none: the SIMULATED table is drawn, not seen",
                    "fr": "aucune : la table SIMULÉE est dessinée, pas vue"}, said
