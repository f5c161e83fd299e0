"""Before its setup a game's summary is what the phone's Game details show under the setup wizard: its words come
in both languages (``facts``), never an English sentence alone that a French page shows as it is."""

from __future__ import annotations

import pytest

from companion.referee.registry import available_games, create_game

BOARD_GAMES = sorted(name for name in available_games() if name != "free-roll")


@pytest.mark.parametrize("game", BOARD_GAMES)
def test_a_game_waiting_for_its_setup_says_so_in_english_and_french(game):
    """What the game waits for is said in ``facts``, each in English and French; no ``message`` of English alone."""
    summary = create_game(game).summary()
    assert summary["phase"] == "setup" and "message" not in summary
    facts = summary.get("facts", [])
    assert facts, summary  # a game saying nothing while it waits would leave the Game details blank
    assert all(fact["en"] and fact["fr"] for fact in facts), facts
    # the first says what the game waits for (Nexus Keepers' then say how to set up, one step a line)
    assert facts[0]["en"].startswith("Setting up:") and facts[0]["fr"].startswith("Mise en place"), facts[0]
