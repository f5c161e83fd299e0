"""Fixtures for the Nexus Keepers rules tests: boards, games and positions set up in one line."""

from __future__ import annotations

import pytest

from companion.referee import create_game

CARDS = ["example-ember-warden", "example-tide-runner", "example-stone-sentinel", "example-gale-dancer"]

# Rows of five tiles stacked south, portals alternating west / east, so every new cube
# shares five edges with the one above it and no tile stands behind a portal.
ROWS = [{"origin": [0, 0], "direction": "E"}, {"origin": [4, 1], "direction": "W"},
        {"origin": [0, 2], "direction": "E"}, {"origin": [4, 3], "direction": "W"}]


class NexusHelper:
    """Build games through events, then put keepers and dice where a test needs them."""

    def game(self, players: int = 2, options=None, cards=None, teams=None, cubes=None):
        engine = create_game("nexus-keepers", options or {})
        cards = cards or CARDS
        entries = []
        for i in range(players):
            entry = {"id": "ABCD"[i], "card": cards[i], "cube": (cubes or ROWS)[i]}
            if teams:
                entry["team"] = teams[i]
            entries.append(entry)
        verdicts = engine.apply({"type": "setup", "players": entries})
        assert [v.rule for v in verdicts] == ["nk.setup"], verdicts
        return engine

    def rolled(self, engine, player: str, pool, positions=None, reserved=None, used=(0, 0, 0)):
        """Jump to ``player``'s turn with ``pool`` rolled and keepers at ``positions`` ({id: [x, y]})."""
        state = engine.state_json()
        for p in state["players"]:
            if positions and p["id"] in positions:
                where = positions[p["id"]]
                if where in ("fallen", "eliminated"):
                    p["cell"], p["status"] = None, where
                else:
                    p["cell"], p["status"] = list(where), "board"
        state["turn"].update(player=player, phase="rolling", pool=list(pool), reserved_die=reserved,
                             rerolls_done=0, acted=False, used=list(used), pushes=[], offs=0,
                             dice_allowed=len(pool),
                             start_positions={p["id"]: (p["cell"] if p["cell"] else p["status"])
                                              for p in state["players"]})
        engine.load_state_json(state)
        return engine

    @staticmethod
    def rules(verdicts):
        return [v.rule for v in verdicts]

    @staticmethod
    def kinds(verdicts):
        return [v.kind.value for v in verdicts]


@pytest.fixture
def nk() -> NexusHelper:
    return NexusHelper()
