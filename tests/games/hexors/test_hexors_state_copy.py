"""The offers loop puts the Hexors state back once per button tried (GameEngine.available_actions) from a copy of
the state (``GameState.fresh_copy``) rather than its JSON: it must give exactly the state the JSON would and share
nothing that changes, over the example games and advanced games with hidden and with full hands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.event_payload import random_hexors_game
from companion.games.hexors.glossary import KINDS
from companion.games.hexors.state import GameState
from companion.referee import create_game
from tests.games.state_copies import shared

EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "rules" / "examples"


def games() -> list[tuple[str, list[dict]]]:
    found = [(p.stem, [json.loads(line) for line in p.read_text(encoding="utf-8").splitlines()])
             for p in sorted(EXAMPLES.glob("hexors-*.jsonl"))]
    found.append(("hidden hands", random_hexors_game([6, 6], ["Yugi", "Kaiba"])))
    found.append(("full hands", random_hexors_game([sorted(KINDS) * 2] * 2, ["Yugi", "Kaiba"])))
    return found


@pytest.mark.parametrize("name, events", games(), ids=lambda v: v if isinstance(v, str) else "")
def test_a_fresh_copy_is_the_state_its_json_gives_and_shares_nothing_that_changes(name, events):
    engine = create_game("hexors", {})
    duels = 0
    for event in events:
        engine.apply(event)
        state = engine.state
        if state is None:
            continue
        duels += state.duel is not None
        copied, read = state.fresh_copy(), GameState.from_json(state.to_json())
        assert copied == read
        assert copied.to_json() == read.to_json()
        assert not shared(state, copied)
    assert duels or name == "hexors-cannot-move"  # a duel's lists were copied too (that one ends at once)
