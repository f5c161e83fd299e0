"""benchmarks/soak.py runs, injects both kinds of camera fault and referee faults, and checks delivery; with
--game, on the game's printed mat (table vision)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_a_short_soak_loses_no_event_and_keeps_the_pipeline_alive(tmp_path):
    figures = tmp_path / "soak.json"
    scratch = tmp_path / "tmp"  # the soak's temporary folders go here, so what it leaves behind can be seen
    scratch.mkdir()
    result = subprocess.run([sys.executable, str(REPO / "benchmarks" / "soak.py"), "--minutes", "0.3", "--phones", "2",
                             "--camera-fault-every", "4", "--outage", "1", "--referee-fault-every", "1",
                             "--sample-every", "3", "--warmup", "0", "--json", str(figures)],
                            capture_output=True, text=True, timeout=240, env={**os.environ, "TMPDIR": str(scratch)})
    assert result.returncode == 0, result.stdout + result.stderr
    data = json.loads(figures.read_text())
    assert data["pipeline_alive"] and data["events_lost"] == []
    assert data["camera_faults"] >= 2 and data["camera_lost_reports"] >= 2, "both kinds of fault were reported"
    assert "every phone received every one: yes" in result.stdout
    assert not list(scratch.glob("companion-soak-*")), "the soak's game folder is removed once it stops"


def test_a_soak_of_a_game_runs_table_vision_on_its_printed_mat(tmp_path):
    figures = tmp_path / "soak.json"
    result = subprocess.run([sys.executable, str(REPO / "benchmarks" / "soak.py"), "--minutes", "0.2", "--phones", "1",
                             "--game", "nexus-keepers", "--pace", "1", "--camera-fault-every", "4", "--outage", "1",
                             "--sample-every", "2", "--warmup", "0", "--json", str(figures)],
                            capture_output=True, text=True, timeout=240)
    assert result.returncode == 0, result.stdout + result.stderr
    data = json.loads(figures.read_text())
    assert data["game"] == "nexus-keepers" and data["pipeline_alive"] and data["events_lost"] == []
    assert data["camera_faults"] >= 2, "the camera faults are injected on the game's table too"
    assert data["samples_with_plane"] >= 1, "the mat's markers were seen: the table plane was known"
    assert set(data["rolls_by_type"]) <= {"roll", "reroll", "power", "prime"}, "a roll is an entry that threw dice"
    assert data["other_entries"].get("setup") == 1, "the game's setup is journaled, and not counted as a roll"
    assert "nexus-keepers on its mat" in result.stdout


def test_the_soak_counts_the_rolls_of_every_game_it_played_and_names_the_other_entries(tmp_path):
    """A simulated game played to its end is followed by another: the soak once counted the last game alone (an
    8-minute Hexors soak ended on "rolls 0" after 10 rolls in its first game) and every entry as a roll."""
    sys.path.insert(0, str(REPO))
    from benchmarks.soak import journal_counts
    from companion.journal import Journal

    journal = Journal(tmp_path / "journal.sqlite3")
    first = journal.start_game("hexors", {}, ["A", "B"])
    for seq, event in enumerate(({"type": "setup"}, {"type": "positions"}, {"type": "roll", "dice": [4]},
                                 {"type": "move"}, {"type": "roll", "dice": [2]})):
        journal.append(first, seq, event, [], "camera")
    second = journal.start_game("hexors", {}, ["A", "B"], ending=(first, {"kind": "win"}))
    for seq, event in enumerate(({"type": "setup"}, {"type": "reroll", "results": [3]}, {"type": "end_turn"})):
        journal.append(second, seq, event, [], "camera")
    rolls, others, games = journal_counts(journal)
    journal.close()
    assert games == 2
    assert rolls == {"roll": 2, "reroll": 1}
    assert others == {"setup": 2, "positions": 1, "move": 1, "end_turn": 1}


def test_a_soak_refuses_a_game_that_does_not_exist():
    result = subprocess.run([sys.executable, str(REPO / "benchmarks" / "soak.py"), "--game", "chess"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2 and "unknown game 'chess'" in result.stderr
