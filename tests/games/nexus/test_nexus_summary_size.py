"""The Nexus summary stays small as the table fills: every phone reads it again after each change, on a café's
Wi-Fi, all evening. Each card down used to add about 1.7 KB (its rods, its words and each Nexus's words in both
languages, every node's position), then 549 bytes with its words still in both languages, then 323 with each card,
Nexus and spot a JSON object; the phone works out what it can from each design, drawn once, and each card name, sent
once, says the cards' words itself, and reads cards, Nexuses and spots as short lists. The bytes are measured, not
timed (benchmarks/nexus_payload.py prints them as sent)."""

from __future__ import annotations

import json
import random

from companion.games.nexus.grid import open_spots
from companion.games.nexus.players import counter_event
from companion.games.nexus.views import readable
from companion.referee import create_game

from nexus_helpers import nexus_nodes

PER_CARD_BEFORE = 1722  # bytes a card between 20 and 40 cards down in this game, measured before (1.7 KB)
PER_CARD_WITH_WORDS = 549  # the same, measured while each card's words came in both languages (409 without)
NAMES_BY_CARD = 2491  # every card's name in both languages, card by card: the example deck's 54 cards
PER_CARD_WITH_KEYS = 323  # the same, measured while each card, Nexus and spot came as a JSON object, with its keys
NEXUSES_BY_NODE_ID = 12568  # the Nexuses at 40 cards in this game, each node by its id, open ones with no scorer
NEXUSES_WITH_KEYS = 9082  # the same, each node by its index, each Nexus an object with its keys and its id


def card_anywhere(engine, rng):
    """The top card on a free spot, at random (the greedy player weighs every spot: too slow for here)."""
    board = engine.state.board
    spot = rng.choice(open_spots(board.occupied, board.landscape_of))
    return {"type": "play_card", "player": engine.state.player, "card": engine.state.deck[0], "x": spot["x"],
            "y": spot["y"], "rotation": rng.choice(spot["rotations"])}


def new_game():
    engine = create_game("nexus", {"target_points": 10_000})
    engine.apply({"type": "setup", "players": ["Ann", "Bob"], "deck": "example", "deck_order": "top_first"})
    return engine


def summary_bytes_at(counts, seed=3, engine=None):
    """The summary's bytes as sent, at each number of cards down: two players, the example deck."""
    engine = engine or new_game()
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


def test_each_card_down_adds_no_words_nor_keys_to_the_summary():
    """Half what a card added at first, less than a card's words in both languages (549 bytes with them), and half
    what it added while cards, Nexuses and spots came as objects: a live event carries a board of the whole deck."""
    size = summary_bytes_at([20, 40])
    per_card = (size[40] - size[20]) / 20
    assert per_card <= PER_CARD_BEFORE / 2, per_card
    assert per_card <= PER_CARD_WITH_WORDS - 100, per_card
    assert per_card <= PER_CARD_WITH_KEYS / 2, per_card


def test_the_deck_s_names_come_once_each_not_once_a_card():
    """Fifty-four cards, nine names: each name once, each card by its name's index."""
    summary = new_game().summary()
    size = sum(len(json.dumps(summary[key], separators=(",", ":"))) for key in ("names", "labels"))
    assert size <= NAMES_BY_CARD * 0.6, size


def test_a_nexus_lists_its_nodes_by_index_among_the_nodes_down_and_is_named_by_the_first():
    """Each Nexus's node ids ("ex-bridge-1:a") were half its weight: each node now comes by its index among the
    nodes down, as the phone lists them from the cards and their designs; a Nexus is a short list, named by its
    first node (its id came again as a string), and an open one sends no scorer yet."""
    engine = new_game()
    summary_bytes_at([40], engine=engine)
    summary = engine.summary()
    size = len(json.dumps(summary["nexuses"], separators=(",", ":")))
    assert size <= NEXUSES_BY_NODE_ID * 0.8 and size <= NEXUSES_WITH_KEYS / 2, size
    graph = {n.id: list(n.nodes) for n in engine.state.board.nexuses().values()}
    shown = readable(summary)
    assert {n["id"]: nexus_nodes(shown, n) for n in shown["nexuses"]} == graph
    closed = {r["id"] for r in engine.state.closed}
    pairs = zip(summary["nexuses"], shown["nexuses"])
    assert closed and all((len(raw) == 6) == (n["id"] in closed) for raw, n in pairs)
