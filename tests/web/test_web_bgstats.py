"""A journaled game as a BG Stats file: its players in seat order, its winners from the referee's outcome."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from companion.bgstats import bgstats_play, setup_players
from companion.journal import Entry, GameRecord

REPO = Path(__file__).resolve().parents[2]


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
    won = bgstats_play(record("tesseract", ("S1", "S2"), {"kind": "win", "rule": "tess.win", "players": []}),
                       "Tesseract")
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


def test_a_game_started_without_names_is_played_by_those_its_setup_names():
    """Hexors' setup names its two sides; a game started without names is played by both, so the file lists both,
    not the outcome's players (the winner alone)."""
    setup = {"type": "setup", "players": [{"id": "Yugi", "tiles": []}, {"id": "Kaiba", "tiles": []}]}
    entries = [Entry(0, setup, [], "phone", 1_700_000_000.0), Entry(1, {"type": "move"}, [], "camera", 1_700_001_200.0)]
    won = record("hexors", (), {"kind": "win", "rule": "hex.win", "players": ["Yugi"]}, ended=None)
    play = bgstats_play(won, "Hexors", entries=entries)
    assert [p["name"] for p in play["players"]] == ["Yugi", "Kaiba"]
    assert [s["winner"] for s in play["plays"][0]["playerScores"]] == [True, False]
    assert play["plays"][0]["durationMin"] == 20  # until its last entry: the game at the table has not ended
    assert setup_players([{"type": "setup", "players": ["Ann", "Bob"]}]) == ["Ann", "Bob"]
    assert setup_players([{"type": "setup", "players": 2}]) == []


def test_the_game_just_won_at_the_table_is_exported_with_its_winner(player, service):
    """The journal ends a game when the next one starts; the file of the game just won names its winner already."""
    service.table.new_game("hexors", {}, [])
    for line in (REPO / "docs/rules/examples/hexors-cannot-move.jsonl").read_text().splitlines():
        service.table.submit(json.loads(line))
    assert service.table.state()["outcome"]["players"] == ["Yugi"]
    data = player.get(f"/api/games/{service.table.record.id}/bgstats.json").get_json()
    assert [p["name"] for p in data["players"]] == ["Yugi", "Kaiba"]
    assert [s["winner"] for s in data["plays"][0]["playerScores"]] == [True, False]


def test_a_game_lasts_until_its_last_entry_not_until_the_next_one_started():
    """The journal ends a game when the next one starts, perhaps the next evening: the play lasts to its last entry."""
    won = record(outcome={"kind": "win", "rule": "nk.win", "players": ["Bo"]}, ended=86_400.0)
    entries = [Entry(0, {"type": "roll"}, [], "camera", 1_700_000_000.0 + 45 * 60)]
    assert bgstats_play(won, "Nexus Keepers", entries=entries)["plays"][0]["durationMin"] == 45
    assert bgstats_play(won, "Nexus Keepers")["plays"][0]["durationMin"] == 1440  # no entries known: until it ended
