"""The Nexus summary stays small as the table fills: every phone reads it again after each change, on a café's
Wi-Fi, all evening. The phone works out what it can from each design (drawn once) and each card's name (sent once,
saying the card's words itself), and reads cards, Nexuses and spots as short lists; with the variant « cards
anywhere » the ring of spots a half-card off the board comes too, each spot by its turn. The bytes are measured, not
timed (benchmarks/nexus_payload.py prints them as sent), against the sizes the summary's earlier forms measured."""

from __future__ import annotations

import json
import random

import pytest

from companion.games.nexus.grid import apart_spots, open_spots
from companion.table.state import EVENT_STATE_MAX
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
# variant « cards anywhere », a card laid apart every fifth: what the ring of spots a half-card off the board
# (apart_spots) added per card between 20 and 40 cards down while each spot named both its rotations, [x, y, [0, 180]]
RING_PER_CARD_WITH_ROTATIONS = 29.5
ANYWHERE = {"cards_anywhere": True}


def card_anywhere(engine, rng, apart=False):
    """The top card on a free spot, at random (the greedy player weighs every spot: too slow for here); ``apart``:
    on the ring a half-card off the board (variant « cards anywhere »)."""
    board = engine.state.board
    spot = rng.choice(apart_spots(board.occupied) if apart else open_spots(board.occupied, board.landscape_of))
    return {"type": "play_card", "player": engine.state.player, "card": engine.state.deck[0], "x": spot["x"],
            "y": spot["y"], "rotation": rng.choice(spot["rotations"])}


def new_game(options=None):
    engine = create_game("nexus", {"target_points": 10_000, **(options or {})})
    engine.apply({"type": "setup", "players": ["Ann", "Bob"], "deck": "example", "deck_order": "top_first"})
    return engine


def summary_bytes_at(counts, seed=3, engine=None, apart_every=0, key=None):
    """The summary's bytes as sent (``key``: of that entry only), at each number of cards down: two players, the
    example deck; ``apart_every``: every so many cards down, the next is laid apart (variant « cards anywhere »)."""
    engine = engine or new_game()
    rng, out = random.Random(seed), {}
    for count in counts:
        while not (engine.state.phase == "card" and len(engine.state.board.placements) == count):
            assert engine.outcome is None and engine.state.deck, "the game ended before the board filled"
            if engine.state.phase == "card":
                down = len(engine.state.board.placements)
                engine.apply(card_anywhere(engine, rng, apart=bool(apart_every) and down % apart_every == 0))
            else:
                engine.apply(counter_event(engine, rng))
        summary = engine.summary()
        out[count] = len(json.dumps(summary if key is None else summary[key], separators=(",", ":")))
    return out


@pytest.mark.parametrize("options", [{}, ANYWHERE], ids=["book", "cards_anywhere"])
def test_each_card_down_adds_no_words_nor_keys_to_the_summary(options):
    """Each card down adds no words and no keys: at most half its first form's bytes, 100 under its bytes with its
    words in both languages, and half its bytes as JSON objects, so a live event carries a board of the whole deck.
    With the variant « cards anywhere » the summary carries the ring of spots a half-card off the board too."""
    engine = new_game(options)
    size = summary_bytes_at([20, 40], engine=engine)
    assert bool(engine.summary().get("apart_spots")) == bool(options), "the ring comes with the variant only"
    per_card = (size[40] - size[20]) / 20
    assert per_card <= PER_CARD_BEFORE / 2, per_card
    assert per_card <= PER_CARD_WITH_WORDS - 100, per_card
    assert per_card <= PER_CARD_WITH_KEYS / 2, per_card


def test_with_cards_anywhere_and_cards_laid_apart_the_ring_stays_small_over_an_evening():
    """Variant « cards anywhere », every fifth card laid apart: each card apart brings a ring of its own, each spot
    named by its turn (0 lying, 90 standing), so the rings add under 70 % of both rotations' bytes per card; the
    summary, rings and all, adds under two thirds of a card as JSON objects, and at fifty cards stays well inside a
    live event (16 KiB)."""
    whole = summary_bytes_at([20, 40, 50], engine=new_game(ANYWHERE), apart_every=5)
    ring = summary_bytes_at([20, 40, 50], engine=new_game(ANYWHERE), apart_every=5, key="apart_spots")
    assert min(ring.values()) > 500, ring  # measured: the rings are sent
    per_card = (ring[40] - ring[20]) / 20
    assert per_card <= RING_PER_CARD_WITH_ROTATIONS * 0.7, per_card
    assert (whole[40] - whole[20]) / 20 <= PER_CARD_WITH_KEYS * 2 / 3, whole
    assert whole[50] <= EVENT_STATE_MAX * 0.8, whole


@pytest.mark.parametrize("variant", [None, "cards_anywhere", "ties_illegal"])
def test_a_variant_s_spots_ride_on_the_summary_only_under_that_variant(variant):
    """Every live event carries the summary: the ring a half-card off the board (apart_spots) and the spots that
    would tie (tie_spots) are each sent under its own variant only, in both phases (empty outside the card phase),
    for under the book's rules the two empty lists are 32 bytes of every event; the phone and ``readable`` read a
    missing one as empty."""
    engine = new_game({variant: True} if variant else {})
    summary_bytes_at([20], engine=engine)
    keys = {"cards_anywhere": "apart_spots", "ties_illegal": "tie_spots"}
    for phase in ("card", "counter"):
        assert engine.state.phase == phase
        summary = engine.summary()
        assert {k for k in keys.values() if k in summary} == ({keys[variant]} if variant else set()), phase
        if variant == "cards_anywhere":
            assert bool(summary["apart_spots"]) == (phase == "card"), phase
        shown = readable(summary)
        if variant != "cards_anywhere":
            assert shown["apart_spots"] == [], phase
        if variant != "ties_illegal":
            assert shown["tie_spots"] == {}, phase
        if phase == "card":
            engine.apply(card_anywhere(engine, random.Random(5)))


def test_the_deck_s_names_come_once_each_not_once_a_card():
    """Fifty-four cards, nine names: each name once, each card by its name's index."""
    summary = new_game().summary()
    size = sum(len(json.dumps(summary[key], separators=(",", ":"))) for key in ("names", "labels"))
    assert size <= NAMES_BY_CARD * 0.6, size


def test_a_nexus_lists_its_nodes_by_index_among_the_nodes_down_and_is_named_by_the_first():
    """Each Nexus's nodes come by their index among the nodes down, as the phone lists them from the cards and their
    designs, not as node ids ("ex-bridge-1:a", half a Nexus's weight); a Nexus is a short list, named by its first
    node (no id sent again as a string), and an open one sends no scorer yet."""
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
