"""A journaled game as a BG Stats file: its players in seat order, its winners from the referee's outcome."""

from __future__ import annotations

import json
import subprocess
import sys

from companion.bgstats import bgstats_play
from companion.journal import GameRecord


def record(game="nexus-keepers", players=("Ada", "Bo"), outcome=None, ended=3900.0):
    return GameRecord(7, game, {}, list(players), 1_700_000_000.0, 1_700_000_000.0 + ended if ended else None, outcome)


def test_a_won_game_names_its_winner_and_seats():
    data = bgstats_play(record(outcome={"kind": "win", "rule": "nk.win", "players": ["Bo"]}), "Nexus Keepers")
    play = data["plays"][0]
    names = {p["id"]: p["name"] for p in data["players"]}
    assert [names[s["playerRefId"]] for s in play["playerScores"]] == ["Ada", "Bo"]
    assert [(s["winner"], s["startPlayer"], s["seatOrder"]) for s in play["playerScores"]] == [
        (False, True, 0), (True, False, 1)]
    assert play["durationMin"] == 65 and play["gameRefId"] == data["games"][0]["id"] == 1
    assert data["games"][0]["name"] == "Nexus Keepers" and not data["games"][0]["cooperative"]
    assert play["uuid"] == bgstats_play(record(), "Nexus Keepers")["plays"][0]["uuid"]  # the same game, the same play


def test_a_cooperative_game_is_won_or_lost_together():
    won = bgstats_play(record("tesseract", ("S1", "S2"), {"kind": "win", "rule": "tess.win", "players": []}), "Tesseract")
    lost = bgstats_play(record("tesseract", ("S1", "S2"), {"kind": "loss", "rule": "tess.breach", "players": ["S1"]}),
                        "Tesseract")
    assert won["games"][0]["cooperative"]
    assert [s["winner"] for s in won["plays"][0]["playerScores"]] == [True, True]
    assert [s["winner"] for s in lost["plays"][0]["playerScores"]] == [False, False]


def test_the_phone_and_the_command_export_the_game(player, service, tmp_path):
    service.table.new_game("free-roll", {}, ["Ada", "Bo"])
    game_id = service.table.record.id
    answer = player.get(f"/api/games/{game_id}/bgstats.json")
    assert answer.status_code == 200 and "attachment" in answer.headers["Content-Disposition"]
    assert [p["name"] for p in answer.get_json()["players"]] == ["Ada", "Bo"]
    assert player.get("/api/games/999/bgstats.json").status_code == 404
    config = tmp_path / "c.toml"
    config.write_text(f'[service]\ndata_dir = "{service.config.data_dir}"\n')
    out = subprocess.run([sys.executable, "-m", "companion.cli", "--config", str(config), "games", "export",
                          str(game_id), "--bgstats"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["games"][0]["name"] == "Free roll"
