"""A roll typed on the phone counts in the statistics like one the camera read: a player audit found Stats saying
"no rolls yet" in a Nexus Keepers game after Ada's roll 3 3 4 5 6 was typed on the pad, whose dice are bare faces."""

from __future__ import annotations

from tests.conftest import NK_TWO_KEEPERS as SETUP
from tests.web.test_web_journal_keys import restarted_phone


def counts(phone) -> dict:
    counted = phone.get("/api/statistics").get_json()
    return {key: counted[key] for key in ("rolls", "faces", "totals")}


def test_typed_nexus_keepers_rolls_count_in_the_statistics_and_again_after_a_replay(player, service, data_dir):
    assert player.post("/api/game", {"game": "nexus-keepers", "players": ["A", "B"]}).status_code == 201
    assert player.post("/api/events", {"event": SETUP}).status_code == 200
    # « Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. »: typed on the pad, faces only
    assert player.post("/api/events", {"event": {"type": "roll", "dice": [3, 3, 4, 5, 6]}}).status_code == 200
    assert player.post("/api/events", {"event": {"type": "power", "dice": [2]}}).status_code == 200
    live = counts(player)
    # the power die is thrown (its face counted) but makes no roll of its own
    assert live == {"rolls": 1, "faces": {"unknown": [0, 1, 2, 1, 1, 1]}, "totals": {"21": 1}}

    restarted, phone = restarted_phone(service, player, data_dir)  # the game replayed from the journal
    try:
        assert counts(phone) == live
        assert phone.post("/api/undo", {}).status_code == 200  # the power die taken back: its face uncounted
        assert counts(phone) == {"rolls": 1, "faces": {"unknown": [0, 0, 2, 1, 1, 1]}, "totals": {"21": 1}}
    finally:
        restarted.stop()
