"""A malformed field in an event is the sender's mistake: a clear EventError, never a logged traceback.

The engines log a traceback only for their own bugs; each event here holds numbers where a list of objects is
expected (``lab_picks: [1, 2]``, a card's ``skills: [1]``) and must be refused before it reaches one.
"""

from __future__ import annotations

import copy
import json
import logging
from pathlib import Path

import pytest

from companion.games.nexus_keepers.cards import example_cards
from companion.referee import EventError, create_game

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "examples"
WRONG = [1, [1], [1, 2], "x", {}, None, [[1]], [None], True, 1.5, -1]


def setup_event(script: str) -> dict:
    return json.loads((EXAMPLES / script).read_text(encoding="utf-8").splitlines()[0])


def nexus_setup_with_inline_cards() -> dict:
    event = setup_event("nexus-keepers-full-game.jsonl")
    for player in event["players"]:
        player["card"] = example_cards()[player["card"]].to_json()
    return event


def paths(value, prefix=()):
    """Every field of an event (the first three items of each list)."""
    yield prefix
    items = value.items() if isinstance(value, dict) else enumerate(value[:3]) if isinstance(value, list) else ()
    for key, child in items:
        yield from paths(child, prefix + (key,))


def replaced(event: dict, path: tuple, value) -> dict:
    event = copy.deepcopy(event)
    target = event
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return event


def refused_cleanly(game: str, event: dict, caplog) -> None:
    engine = create_game(game)
    before = engine.snapshot()
    caplog.clear()
    with pytest.raises(EventError):
        engine.apply(event)
    assert engine.snapshot() == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


def test_lab_picks_of_numbers_are_refused_without_a_traceback(caplog):
    event = setup_event("tesseract-win.jsonl")
    refused_cleanly("tesseract", {**event, "lab_picks": [1, 2]}, caplog)


def test_a_card_whose_skills_are_numbers_is_refused_without_a_traceback(caplog):
    event = nexus_setup_with_inline_cards()
    event["players"][0]["card"]["skills"] = [1]
    refused_cleanly("nexus-keepers", event, caplog)


@pytest.mark.parametrize("game, event", [
    ("tesseract", setup_event("tesseract-win.jsonl")),
    ("nexus-keepers", nexus_setup_with_inline_cards()),
], ids=["tesseract", "nexus-keepers"])
def test_no_wrongly_typed_setup_field_logs_a_traceback(game, event, caplog):
    caplog.set_level(logging.ERROR)
    engine = create_game(game)
    for path in paths(event):
        if path in ((), ("type",)):
            continue
        for value in WRONG:
            try:
                engine.legal(replaced(event, path, value))
            except EventError:
                pass
    errors = [r.getMessage()[:120] for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == []
