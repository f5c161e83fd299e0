"""Write docs/rules/examples/nexus-{two,three}-players.jsonl (run by hand, not a test).

    PYTHONPATH=. .venv/bin/python tests/games/nexus/make_examples.py

Each is a whole game on the example deck, shuffled by a fixed seed, played by the greedy automatic
player (companion/games/nexus/players.py) until someone reaches 10 points. Two refused events are
slipped in, as players make them at a real table: a card against the basketweave, and a counter in
a closed Nexus; the game goes on after each.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(REPO))

from companion.games.nexus.cards import example_deck  # noqa: E402
from companion.games.nexus.players import card_event, counter_event  # noqa: E402
from companion.referee import create_game  # noqa: E402

OUT = REPO / "docs" / "rules" / "examples"


def refused(engine, event) -> bool:
    return any(v.kind.value == "illegal" for v in engine.apply(event))


def basketweave_mistake(engine, good: dict) -> dict | None:
    """The same card lying the wrong way next to a played card, if such a spot exists."""
    for placement in engine.state.board.placements:
        x, y = (placement.x + 2, placement.y) if placement.landscape else (placement.x, placement.y + 2)
        event = dict(good, x=x, y=y, rotation=placement.rotation)
        verdicts = engine.legal(event)
        if [v.rule for v in verdicts] == ["nexus.card.basketweave"]:
            return event
    return None


def game(players: list[str], seed: int, deck_order: str) -> list[dict] | None:
    rng = random.Random(seed)
    deck = [c.id for c in example_deck()]
    rng.shuffle(deck)
    engine = create_game("nexus")
    setup = {"type": "setup", "players": players, "deck": "example" if deck_order == "unknown" else deck,
             "deck_order": deck_order, "first_card": deck[0]}
    if deck_order == "unknown":
        setup["deck"] = "example"
    events = [setup]
    engine.apply(setup)
    order = deck[1:]
    mistakes = {"basketweave": False, "closed": False}
    while engine.outcome is None:
        state = engine.state
        if state.phase == "card":
            event = card_event(engine, order[0], rng)
            if not mistakes["basketweave"] and state.turn_number >= 3:
                wrong = basketweave_mistake(engine, event)
                if wrong:
                    assert refused(engine, wrong)
                    events.append(wrong)
                    mistakes["basketweave"] = True
            order.pop(0)
        else:
            event = counter_event(engine, rng)
            if not mistakes["closed"] and state.closed_nodes():
                closed = next(iter(sorted(state.closed_nodes())))
                wrong = {"type": "place_counter", "player": state.player, "node": closed}
                assert refused(engine, wrong)
                events.append(wrong)
                mistakes["closed"] = True
        assert not refused(engine, event), event
        events.append(event)
    if engine.outcome.rule != "nexus.win" or not all(mistakes.values()):
        return None
    return events


def main() -> None:
    for name, players, order in (("nexus-two-players.jsonl", ["Ann", "Bob"], "top_first"),
                                 ("nexus-three-players.jsonl", ["Ann", "Bob", "Cy"], "unknown")):
        for seed in range(200):
            events = game(players, seed, order)
            if events:
                (OUT / name).write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events),
                                        encoding="utf-8")
                print(f"{name}: seed {seed}, {len(events)} events")
                break


if __name__ == "__main__":
    main()
