"""The state the phone reads after every change of a big board comes without the engine's snapshot, which the phone
never draws from: at forty Nexus cards the snapshot is 16 KB of an 84 KB answer read by every phone after every
change."""

from __future__ import annotations

import json
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "docs/rules/examples/nexus-two-players.jsonl"


def test_the_state_without_the_snapshot_is_the_state_less_the_snapshot(phone, service):
    service.table.new_game("nexus", {}, [])
    for line in EXAMPLE.read_text().splitlines():
        service.table.submit(json.loads(line))
    whole = phone.get("/api/state")
    lean = phone.get("/api/state?snapshot=false")
    assert whole.get_json()["state"]["snapshot"] == service.table.engine.snapshot()
    assert "snapshot" not in lean.get_json()["state"]
    assert lean.get_json()["state"] == {k: v for k, v in whole.get_json()["state"].items() if k != "snapshot"}
    assert len(lean.data) < len(whole.data) - len(json.dumps(service.table.engine.snapshot())) // 2
    assert "snapshot" in phone.get("/api/state?snapshot=true").get_json()["state"]
