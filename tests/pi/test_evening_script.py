"""benchmarks/evening.py plays a (very) compressed evening against the real server and reports what it measured."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_a_short_evening_loses_nothing_replays_a_retry_after_kill_9_and_keeps_payloads_flat(tmp_path):
    """The timings (restart, throughput) are the benchmark's to print on a quiet machine; what must hold on any
    machine is checked here: every journal entry reached every phone once, the roll retried with its key after the
    kill was answered from the journal, payloads did not grow, both camera outages were told and recovered, the
    idle connections locked no one out and every board game reached its end through the API."""
    figures = tmp_path / "evening.json"
    command = [sys.executable, str(REPO / "benchmarks" / "evening.py"), "--rolls", "400", "--every", "100",
               "--warmup", "100", "--phones", "2", "--idle", "40", "--pairs", "30", "--json", str(figures)]
    result = subprocess.run(command, capture_output=True, text=True, timeout=600,
                            env={**os.environ, "TMPDIR": str(tmp_path)})
    assert figures.exists(), result.stdout + result.stderr
    data = json.loads(figures.read_text())
    goals = data["goals"]
    assert goals["0 lost, 0 duplicated"], data["phones"]
    assert len(data["phones"]) == 2, data["phones"]  # the goals above and below count over these phones
    assert all(phone["resets"] >= 1 for phone in data["phones"]), "each phone was told to reload after the restart"
    assert goals["retry after kill -9 replayed, not applied"], data["retry"]
    assert goals["payloads flat (end <= start + 10%)"], (data["event_bytes"], data["state_bytes"])
    assert goals["every board game finished"], data["board_games"]
    assert goals["each camera outage told and recovered"], data["camera_outages"]
    assert data["slowest_request_while_idle_s"] < 5.0, "idle connections did not lock ordinary requests out"
    assert data["journal_entries"] == 400
    assert data["alternated"]["evening"] > 0 and data["alternated"]["fresh"] > 0, "rolls sent in turn to both servers"
    assert data["server_environment"]["MALLOC_ARENA_MAX"] == "2", "the server runs with the systemd unit's heaps"
    assert not list(tmp_path.glob("companion-evening-*")), "the evening's folders are removed once it stops"
