"""Settings › Camera on the SIMULATED table says what it is for every game, as the banner does: over a Nexus game,
which has cards and counters and no die, that the table is drawn, not seen (not that it "draws the dice")."""

from __future__ import annotations

import pytest
from boardhelpers import open_page, wait
from browserhelpers import in_each_look, pictures

from companion.live import CameraStatus

pytestmark = pytest.mark.browser


def test_settings_say_the_simulated_table_is_drawn_in_a_game_without_dice(narrow_table, phone, screenshots):
    service, url = narrow_table
    service.table.new_game("nexus", {}, ["Ann", "Bob"])
    service.live.camera = CameraStatus(True, "", "simulated", simulated=True)
    said = {}
    try:
        open_page(phone, url, "#/settings")
        service.bus.publish("live", service.live.to_json())
        wait(phone, lambda d: d.find_element("id", "camera-status").text.startswith("none"),
             message="the simulated table is not said under Camera")
        in_each_look(phone, lambda lang, scheme: said.setdefault(lang, phone.find_element("id", "camera-status").text),
                     themes=("light",))
        phone.execute_script("document.getElementById('camera-status').scrollIntoView({block: 'center'})")
        pictures(phone, screenshots, "settings-camera-simulated-nexus-360")
    finally:
        service.live.camera = CameraStatus()
        service.bus.publish("live", service.live.to_json())
    assert said == {"en": "none: the SIMULATED table is drawn, not seen",
                    "fr": "aucune : la table SIMULÉE est dessinée, pas vue"}, said
