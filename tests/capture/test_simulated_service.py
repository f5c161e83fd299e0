"""`make run` with no camera, as a newcomer sees it: the service's simulated camera plays the game chosen on the
phone on its mat, and the real pipeline referees it (no simulated truth reaches the referee)."""

from __future__ import annotations

import time

from companion.config import load_config
from companion.service import Service


def test_the_service_plays_a_nexus_keepers_game_on_its_simulated_table(data_dir):
    config = load_config(None, overrides={"service": {"data_dir": str(data_dir)},
                                          "camera": {"source": "simulated", "width": 1024, "height": 768,
                                                     "simulated_pace": 2.0}})
    service = Service(config)
    try:
        service.table.new_game("nexus-keepers", {}, ["Ada", "Bo"])
        service.start()
        deadline = time.monotonic() + 240
        sources = set()
        while time.monotonic() < deadline:
            history = service.table.history()
            sources = {(e["source"], e["event"]["type"]) for e in history if e["in_force"]}
            if ("simulated", "roll") in sources:
                break
            time.sleep(0.5)
        assert ("simulated player", "setup") in sources, sources
        assert ("simulated", "roll") in sources, sources
        live = service.live.to_json()
        assert live["table"]["plane_state"]["state"] in ("estimated", "kept") and not live["table"]["problems"]
    finally:
        service.stop()
