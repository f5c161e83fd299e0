"""A Tesseract cube the camera saw primed is corrected from the phone: the prime keeps the die as read (value,
colour, where), so the phone draws it and a tapped die's face replaces it, rather than the prime undone and typed
in again."""

from __future__ import annotations

import json
from pathlib import Path

from companion.core import DieReading, Observation

REPO = Path(__file__).resolve().parents[2]


def test_a_misread_primed_die_is_corrected_on_its_prime(player, service):
    """« Prenez ce cube et lancez-le. Placez-le ensuite dans la zone d'amorçage, sous l'icône correspondant à sa
    nouvelle valeur. »"""
    assert player.post("/api/game", {"game": "tesseract", "options": {"allow_pass": True}}).status_code == 201
    setup = json.loads((REPO / "docs/rules/examples/tesseract-win.jsonl").read_text().splitlines()[0])
    assert player.post("/api/events", {"event": setup}).status_code == 200
    assert player.post("/api/events", {"event": {"type": "end_actions"}}).status_code == 200
    state = service.table.engine.state
    tops = {c: state.tesseract.top(c).color for c in state.tesseract.lowest_removable()}
    column = next(c for c, colour in tops.items() if list(tops.values()).count(colour) == 1)  # the camera can tell
    colour = tops[column]
    before = sorted((c.value, c.color) for c in state.zone.cubes)
    lying = [DieReading(c.value, c.color, (40.0 * k, 10.0, 40.0 * k + 30, 40.0), 0.95)
             for k, c in enumerate(state.zone.cubes)]
    rolled = DieReading(1, colour, (300.0, 10.0, 330.0, 40.0), 0.9)  # the camera reads a 6 as a 1
    dice = (*lying, rolled)  # where table vision places them: each in its value's priming area
    places = tuple({"zone": f"priming-{d.value}", "grid": None, "cell": None, "uncertain": False} for d in dice)
    service.table.observe(Observation(dice=dice, places=places, source="camera"))
    prime = player.history()[-1]
    assert prime["event"]["type"] == "prime" and prime["in_force"] and prime["source"] == "camera"
    assert [(d["value"], d["box"]) for d in prime["dice"]] == [(1, [300.0, 10.0, 330.0, 40.0])]
    dice = [{**prime["dice"][0], "value": 6}]
    response = player.post("/api/corrections", {"seq": prime["seq"], "version": prime["version"], "dice": dice})
    assert response.status_code == 200
    assert sorted((c.value, c.color) for c in service.table.engine.state.zone.cubes) == sorted(before + [(6, colour)])
    wrong = [{**prime["dice"][0], "color": "red" if colour != "red" else "blue"}]  # a colour correction
    refused = player.post("/api/corrections", {"seq": prime["seq"], "version": player.history()[-1]["seq"],
                                               "dice": wrong})
    expected = f"The cube from {column} is {colour}: the {wrong[0]['color']} die is not it"
    assert refused.status_code == 422 and refused.get_json()["message"].endswith(expected)
