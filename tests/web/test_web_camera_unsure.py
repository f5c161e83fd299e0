"""A camera roll the rules refuse and the camera is unsure of, as the phones get it: its own verdict kind in the
history (checked against the API document), never in force, the dice as read; a phone's roll is not second-guessed."""

from __future__ import annotations

from companion.core import DieReading, Observation
from tests.conftest import NK_TWO_KEEPERS as SETUP

# A kept the 1 of 1 3 3 5 6 and rerolled the 3s (4, 2); the camera read the 1 as a 6 it was unsure of (0.75).
DOUBTFUL_SIX = DieReading(6, "white", confidence=0.75, probabilities=(0.02, 0.0, 0.0, 0.0, 0.23, 0.75))
KEPT = [DieReading(v, "white") for v in (4, 2, 5, 6)]


def test_camera_unsure_reaches_the_phones_history_without_accusing_anyone(player, service):
    assert player.post("/api/game", {"game": "nexus-keepers", "players": ["A", "B"]}).status_code == 201
    assert player.post("/api/events", {"event": SETUP}).status_code == 200
    assert player.post("/api/roll", {"dice": [{"value": v} for v in (1, 3, 3, 5, 6)]}).status_code == 200

    service.table.observe(Observation(dice=(DOUBTFUL_SIX, *KEPT), source="camera"))
    last = player.history()[-1]  # the answer is checked against the API document
    assert last["event"]["type"] == "camera_unsure" and not last["in_force"] and last["source"] == "camera"
    assert [v["kind"] for v in last["verdicts"]] == ["unsure"] and last["verdicts"][0]["players"] == []
    assert last["event"]["dice"][0]["probabilities"] == [0.02, 0.0, 0.0, 0.0, 0.23, 0.75]
    assert player.state()["summary"]["dice"] == [1, 3, 3, 5, 6]

    # The same dice typed on the phone are what the player meant: the reroll of a 1 is refused.
    response = player.post("/api/roll", {"dice": [{"value": 6}, *({"value": d.value} for d in KEPT)]})
    assert [v["kind"] for v in response.get_json()["verdicts"]] == ["illegal"]
