"""The Nexus summary stays small as the table fills: every phone reads it again after each change, on a café's
Wi-Fi, all evening. Each card down used to add about 1.7 KB (its rods, its words and each Nexus's words in both
languages, every node's position); the phone works out what it can from each design, drawn once, and the cards'
words. The bytes are measured, not timed (benchmarks/nexus_payload.py prints them as sent)."""

from __future__ import annotations

import json
import random

from companion.games.nexus.grid import open_spots
from companion.games.nexus.players import counter_event
from companion.referee import create_game

PER_CARD_BEFORE = 1722  # bytes a card between 20 and 40 cards down in this game, measured before (1.7 KB)


def card_anywhere(engine, rng):
    """The top card on a free spot, at random (the greedy player weighs every spot: too slow for here)."""
    board = engine.state.board
    spot = rng.choice(open_spots(board.occupied, board.landscape_of))
    return {"type": "play_card", "player": engine.state.player, "card": engine.state.deck[0], "x": spot["x"],
            "y": spot["y"], "rotation": rng.choice(spot["rotations"])}


def summary_bytes_at(counts, seed=3):
    """The summary's bytes as sent, at each number of cards down: two players, the example deck."""
    engine = create_game("nexus", {"target_points": 10_000})
    engine.apply({"type": "setup", "players": ["Ann", "Bob"], "deck": "example", "deck_order": "top_first"})
    rng, out = random.Random(seed), {}
    for count in counts:
        while not (engine.state.phase == "card" and len(engine.state.board.placements) == count):
            assert engine.outcome is None and engine.state.deck, "the game ended before the board filled"
            if engine.state.phase == "card":
                engine.apply(card_anywhere(engine, rng))
            else:
                engine.apply(counter_event(engine, rng))
        out[count] = len(json.dumps(engine.summary(), separators=(",", ":")))
    return out


def test_each_card_down_adds_at_most_half_what_it_did_to_the_summary():
    size = summary_bytes_at([20, 40])
    per_card = (size[40] - size[20]) / 20
    assert per_card <= PER_CARD_BEFORE / 2, per_card
