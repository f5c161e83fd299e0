"""A Nexus Keepers roll the camera misread is corrected on that roll from the phone: the roll keeps the dice as read
(value, colour, where), so the phone draws them and a tapped die's face replaces that die's; before, the phone could
only send the dice again as a new reading, which the game took as a reroll of the misread die."""

from __future__ import annotations

from companion.core import DieReading, Observation
from tests.conftest import NK_TWO_KEEPERS as SETUP

# A's first roll (« Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. ») is 1 3 3 5 4; the camera
# reads the 4 as a 6, sure of it.
AS_READ = tuple(DieReading(v, "white", (60.0 * i, 40.0, 60.0 * i + 40, 80.0), 0.95)
                for i, v in enumerate((1, 3, 3, 5, 6)))


def test_a_misread_die_of_a_camera_roll_is_corrected_on_that_roll_not_played_as_a_reroll(player, service):
    assert player.post("/api/game", {"game": "nexus-keepers", "players": ["A", "B"]}).status_code == 201
    assert player.post("/api/events", {"event": SETUP}).status_code == 200
    service.table.observe(Observation(dice=AS_READ, source="camera"))
    roll = player.history()[-1]
    assert roll["event"]["type"] == "roll" and roll["in_force"] and roll["source"] == "camera"
    assert [d["box"] for d in roll["dice"]] == [list(d.box) for d in AS_READ]  # drawn where they lie, tappable
    assert player.state()["summary"]["rerolls_left"] == 2

    dice = [{"value": d.value, "color": d.color, "box": list(d.box)} for d in AS_READ]
    dice[4]["value"] = 4  # the die tapped on the phone and said to be a 4
    response = player.post("/api/corrections", {"seq": roll["seq"], "version": roll["version"], "dice": dice})
    assert response.status_code == 200
    summary = player.state()["summary"]
    assert sorted(summary["dice"]) == [1, 3, 3, 4, 5] and summary["rerolls_left"] == 2  # no reroll spent
    roll, correction = player.history()[-2:]
    assert [d["value"] for d in roll["dice"]] == [1, 3, 3, 5, 4] and roll["event"]["type"] == "roll"
    assert correction["event"]["type"] == "correct" and correction["source"] == "phone"

