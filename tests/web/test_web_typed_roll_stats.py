"""A roll typed on the phone counts in the statistics like one the camera read: a Nexus Keepers game whose roll
3 3 4 5 6 is typed on the pad (bare faces) has Stats counting it, not saying "no rolls yet" (found in a player
audit)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import NK_TWO_KEEPERS as SETUP
from tests.web.test_web_journal_keys import restarted_phone

REPO = Path(__file__).resolve().parents[2]


def counts(phone) -> dict:
    counted = phone.get("/api/statistics").get_json()
    return {key: counted[key] for key in ("rolls", "faces", "totals", "named")}


def test_typed_nexus_keepers_rolls_count_in_the_statistics_and_again_after_a_replay(player, service, data_dir):
    assert player.post("/api/game", {"game": "nexus-keepers", "players": ["A", "B"]}).status_code == 201
    assert player.post("/api/events", {"event": SETUP}).status_code == 200
    # « Lors du premier tour de chaque joueur, les joueurs lancent 5 dés. »: typed on the pad, faces only
    assert player.post("/api/events", {"event": {"type": "roll", "dice": [3, 3, 4, 5, 6]}}).status_code == 200
    assert player.post("/api/events", {"event": {"type": "power", "dice": [2]}}).status_code == 200
    live = counts(player)
    # the power die is thrown (its face counted) but makes no roll of its own
    assert live == {"rolls": 1, "faces": {"unknown": [0, 1, 2, 1, 1, 1]}, "totals": {"21": 1}, "named": {}}

    restarted, phone = restarted_phone(service, player, data_dir)  # the game replayed from the journal
    try:
        assert counts(phone) == live
        assert phone.post("/api/undo", {}).status_code == 200  # the power die taken back: its face uncounted
        assert counts(phone) == {"rolls": 1, "faces": {"unknown": [0, 0, 2, 1, 1, 1]}, "totals": {"21": 1}, "named": {}}
    finally:
        restarted.stop()


def test_a_typed_nexus_keepers_reroll_counts_the_new_faces_of_the_dice_picked_up(player):
    """« Il peut ensuite relancer autant de dés qu'il veut »: the pad's reroll says which dice were picked up and
    their new faces; those faces are counted as thrown, in no roll's total."""
    assert player.post("/api/game", {"game": "nexus-keepers", "players": ["A", "B"]}).status_code == 201
    assert player.post("/api/events", {"event": SETUP}).status_code == 200
    assert player.post("/api/events", {"event": {"type": "roll", "dice": [3, 3, 4, 5, 6]}}).status_code == 200
    reroll = {"type": "reroll", "rerolled": [3, 3], "results": [2, 6]}
    assert player.post("/api/events", {"event": reroll}).status_code == 200
    assert counts(player) == {"rolls": 1, "faces": {"unknown": [0, 1, 2, 1, 1, 2]}, "totals": {"21": 1}, "named": {}}


def test_hexors_duel_rolls_count_by_colour_typed_or_read_by_the_camera(player):
    """« L'attaquant commence et roule le dé de couleur »: a typed roll names its colour, a pip die read picks the
    colour at its value's place in the game's colours (D1: 1 red ... 6 purple). Both count by that colour."""
    lines = (REPO / "docs/rules/examples/hexors-beginner-win.jsonl").read_text().splitlines()
    assert player.post("/api/game", {"game": "hexors", "players": ["Yugi", "Kaiba"]}).status_code == 201
    for line in lines[:12]:  # up to Kuriboh's challenge (one move in the example is refused)
        player.post("/api/events", {"event": json.loads(line)})
    assert player.post("/api/events", {"event": {"type": "roll", "colour": "orange"}}).status_code == 200
    read = {"type": "roll", "dice": [{"value": 4, "color": "white"}]}
    assert player.post("/api/events", {"event": read}).status_code == 200
    assert counts(player) == {"rolls": 2, "faces": {}, "totals": {}, "named": {"orange": 1, "green": 1}}
