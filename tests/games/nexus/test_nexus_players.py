"""The simulated players (``players.py``, the table bot's choices) play only what the referee allows, under every
variant."""

from __future__ import annotations

import itertools
import random

import pytest

from companion.games.nexus.cards import example_deck
from companion.games.nexus.players import play_game
from companion.referee import create_game

VARIANTS = ("every_node_worth_one", "ties_illegal", "cards_anywhere", "deck_out_most_points", "blocked_rod_closes")
SEEDS = (15, 1, 2)  # seed 15's players would tie a Nexus (refused under ties_illegal) without asking the referee


@pytest.mark.parametrize("chosen", [c for n in range(len(VARIANTS) + 1) for c in itertools.combinations(VARIANTS, n)],
                         ids=lambda c: "+".join(c) or "book")
def test_the_simulated_players_play_only_legal_moves_under_every_variant(chosen):
    """« make it illegal to create a tie by any means » (variant): the players ask the referee where a card may go,
    so under every variant and its combinations a few seeded games (three players, 12 cards of the example deck)
    run to their end with nothing refused (``play_game`` checks each event's verdicts)."""
    ids = [c.id for c in example_deck()]
    for seed in SEEDS:
        deck = random.Random(seed).sample(ids, 12)
        engine = create_game("nexus", {v: True for v in chosen})
        engine.apply({"type": "setup", "players": ["Ann", "Bob", "Cy"], "deck": deck, "deck_order": "top_first"})
        events = play_game(engine, random.Random(seed))
        assert engine.state.outcome is not None, (chosen, seed, len(events))
