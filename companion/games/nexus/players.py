"""A simple automatic Nexus player, used to write the example scripts and to load the benchmark board.

Greedy and deterministic given its random generator: it plays the drawn card where it scores the
most for itself now (else at a random legal spot), and puts its counter where it best leads a Nexus.
"""

from __future__ import annotations

import random
from typing import Any

from .grid import Placement, apart_spots
from .scoring import leader, standing, worth


def card_event(engine, card_id: str, rng: random.Random, allowed=None) -> dict[str, Any] | None:
    """The best placement of ``card_id`` among those the referee allows; ``allowed(x, y, rotation)`` may rule spots
    out (None: none left)."""
    state = engine.state
    spots = engine.legal_card_spots(card_id)  # the referee's rules under every variant (no ties: ties_illegal)
    if not spots and engine.options["cards_anywhere"]:  # every spot touching the board ties: a card apart
        spots = [Placement(card_id, s["x"], s["y"], r) for s in apart_spots(state.board.occupied)
                 for r in s["rotations"]]
    options = [p for p in spots if allowed is None or allowed(p.x, p.y, p.rotation)]
    if not options:
        return None
    rng.shuffle(options)
    best, best_gain = options[0], -1
    for placement in options:
        gain = _gain(engine, placement)
        if gain > best_gain:
            best, best_gain = placement, gain
    return {"type": "play_card", "player": state.player, "card": card_id, "x": best.x, "y": best.y,
            "rotation": best.rotation}


def _gain(engine, placement: Placement) -> int:
    """Points the current player would capture with this card, minus those it hands to others."""
    state, opts = engine.state, engine.options
    board = state.board.plus(placement)
    done = state.closed_nodes()
    gain = 0
    for nexus in board.nexuses().values():
        if nexus.nodes[0] in done or not nexus.closed(opts["blocked_rod_closes"]):
            continue
        who, _ = leader(standing(nexus.nodes, board, state.counters, opts))
        points = worth(nexus.nodes, board, state.counters, opts)
        gain += points if who == state.player else -points if who else 0
    return gain


def counter_event(engine, rng: random.Random) -> dict[str, Any]:
    state, opts = engine.state, engine.options
    nodes = engine.legal_counters()
    rng.shuffle(nodes)

    def merit(nid: str) -> tuple:
        nexus = state.board.nexus_of(nid)
        counters = dict(state.counters)
        counters[nid] = state.player
        who, _ = leader(standing(nexus.nodes, state.board, counters, opts))
        return (who == state.player, -nexus.open_ends, worth(nexus.nodes, state.board, counters, opts))

    return {"type": "place_counter", "player": state.player, "node": max(nodes, key=merit)}


def play_game(engine, rng: random.Random, limit: int = 500) -> list[dict[str, Any]]:
    """Play a set-up game (deck order known) to its end; return the events, each applied."""
    events = []
    for _ in range(limit):
        state = engine.state
        if state.outcome is not None:
            break
        if state.phase == "card":
            event = card_event(engine, state.deck[0], rng)
        else:
            event = counter_event(engine, rng)
        verdicts = engine.apply(event)
        assert not any(v.kind.value == "illegal" for v in verdicts), (event, verdicts)
        events.append(event)
    return events
