"""A Nexus Keepers roll the camera misread is corrected on that roll from the phone: the roll keeps the dice as read
(value, colour, where), so the phone draws them and a tapped die's face replaces that die's, rather than the dice
sent again as a new reading, which the game would take as a reroll of the misread die."""

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



def _camera(values, y=40.0):
    return Observation(dice=tuple(DieReading(v, "white", (60.0 * i, y, 60.0 * i + 40, y + 40), 0.95)
                                  for i, v in enumerate(values)), source="camera")


def _as_sent(entry, index, value):
    dice = [dict(d) for d in entry["dice"]]
    dice[index]["value"] = value
    return {"seq": entry["seq"], "version": entry["version"], "dice": dice}


def test_a_misread_power_die_is_corrected_on_its_own_event(player, service):
    """The power die added to the roll keeps where it lies, so the phone draws it and corrects that die, not the
    nearest die of the roll."""
    assert player.post("/api/game", {"game": "nexus-keepers", "players": ["A", "B"]}).status_code == 201
    assert player.post("/api/events", {"event": SETUP}).status_code == 200
    service.table.observe(_camera((1, 3, 3, 5, 4)))
    service.table.observe(_camera((1, 3, 3, 5, 4, 6)))  # A adds a power die: a 2 the camera read as 6
    power = player.history()[-1]
    assert power["event"]["type"] == "power" and [d["box"] for d in power["dice"]] == [[300.0, 40.0, 340.0, 80.0]]
    assert player.post("/api/corrections", _as_sent(power, 0, 2)).status_code == 200
    summary = player.state()["summary"]
    assert sorted(summary["dice"]) == [1, 2, 3, 3, 4, 5] and summary["power_dice_left"]["A"] == 1
    assert [d["value"] for d in player.history()[-3]["dice"]] == [1, 3, 3, 5, 4]  # the roll itself untouched


def test_a_misread_power_die_of_a_camera_reroll_is_corrected_on_that_reroll(player, service):
    """« vous pouvez tout à fait utiliser un dé de pouvoir pour relancer un autre dé régulier » — the reroll is the
    whole pool as read; its power die is the die beyond the pool, so correcting a new die's face keeps the reroll
    whole (the event does not name the power die's face, which a correction away from it would contradict)."""
    assert player.post("/api/game", {"game": "nexus-keepers", "players": ["A", "B"]}).status_code == 201
    assert player.post("/api/events", {"event": SETUP}).status_code == 200
    service.table.observe(_camera((1, 3, 3, 5, 4)))
    service.table.observe(_camera((1, 3, 2, 5, 4, 6)))  # a 3 rerolled with a power die: a 5 and a 6, the 5 read 2
    reroll = player.history()[-1]
    assert reroll["event"]["type"] == "reroll" and len(reroll["dice"]) == 6
    assert player.post("/api/corrections", _as_sent(reroll, 2, 5)).status_code == 200
    summary = player.state()["summary"]
    assert sorted(summary["dice"]) == [1, 3, 4, 5, 5, 6]
    assert summary["power_dice_left"]["A"] == 1 and summary["rerolls_left"] == 1
