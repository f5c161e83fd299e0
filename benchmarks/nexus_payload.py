"""What a phone downloads on a growing Nexus board: bytes of /api/state and of the live entry event.

A two-player Nexus game on the example deck is played by the greedy automatic player (companion/games/nexus/
players.py) through the real service and web app (no camera); at the cards named by ``--at`` it prints the bytes of
GET /api/state as it was read before (with the engine's snapshot) and as the phone reads it now
(``?snapshot=false``) and its summary. The card drawn there is then played through POST /api/events as a phone played
it before (the answer's state with the snapshot), undone, and played again as the phone plays it now
(``?snapshot=false``): the bytes of both answers ("move before", "move now"), and of the live entry event that move
sent every phone ("event"; "board": whether it carried the state's summary, else, past 16 KiB of the state as sent,
without the snapshot, each phone reads /api/state again). Last, what each card down adds to the summary between
the first and the last count measured.

    python benchmarks/nexus_payload.py [--at 5 20 40] [--seed 3]
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import shutil
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
PIN = "246810"  # set on the benchmark's own table, to post moves as a phone does


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--at", type=int, nargs="+", default=[5, 20, 40], help="cards on the table when measured")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)

    logging.basicConfig(level=logging.CRITICAL)
    from companion.config import load_config
    from companion.games.nexus.players import card_event, counter_event
    from companion.service import Service
    from companion.web import create_app

    data = Path(tempfile.mkdtemp(prefix="companion-payload-"))
    try:
        service = Service(load_config(None, overrides={"service": {"data_dir": str(data)}}), camera=False)
        app = create_app(service, testing=True)
        app.extensions["companion"].pins.change(PIN)
        client = app.test_client()
        csrf = client.get("/api/session").get_json()["csrf_token"]
        csrf = client.post("/api/login", json={"pin": PIN}, headers={"X-CSRF-Token": csrf}).get_json()["csrf_token"]
        table, rng = service.table, random.Random(args.seed)
        table.new_game("nexus", {"target_points": 10_000}, ["Ann", "Bob"])
        table.submit({"type": "setup", "players": ["Ann", "Bob"], "deck": "example", "deck_order": "top_first"})
        print(f"Nexus, 2 players, example deck, greedy player (seed {args.seed}); bytes as sent")
        print(f"{'cards':>5} {'state before':>13} {'state now':>10} {'summary':>8} {'snapshot':>9} "
              f"{'move before':>12} {'move now':>9} {'event':>6} {'board':>6}")
        cards, wanted, sizes = 1, sorted(args.at), {}  # the first card is down with the setup
        while wanted:
            engine = table.engine
            if engine.outcome is not None or not engine.state.deck:
                print(f"the game ended at {cards} cards")
                break
            if engine.state.phase == "card" and cards == wanted[0]:
                wanted.pop(0)
                before = client.get("/api/state").data
                now = client.get("/api/state?snapshot=false").data
                state = json.loads(before)["state"]
                size = sizes[cards] = len(json.dumps(state["summary"], separators=(",", ":")))
                snapshot = len(json.dumps(state["snapshot"], separators=(",", ":")))
                move = {"event": card_event(engine, engine.state.deck[0], rng)}
                answers = []
                for path in ("/api/events", "/api/events?snapshot=false"):  # the same move, undone between
                    last = service.bus.last_id
                    answer = client.post(path, json=move, headers={"X-CSRF-Token": csrf})
                    if answer.status_code != 200 or table.engine.state.phase != "counter":
                        raise SystemExit(f"the move was not played (HTTP {answer.status_code}): nothing to weigh")
                    answers.append(len(answer.data))
                    if len(answers) == 1:
                        table.undo(source="phone")
                event = next(e for e in service.bus.since(last)[0] if e.topic == "entry")  # the move's, to every phone
                board = "no" if event.data["state"].get("partial") else "yes"
                print(f"{cards:>5} {len(before):>13} {len(now):>10} {size:>8} {snapshot:>9} {answers[0]:>12} "
                      f"{answers[1]:>9} {len(event.text.encode()):>6} {board:>6}")
                cards += 1
            elif engine.state.phase == "card":
                table.submit(card_event(engine, engine.state.deck[0], rng))
                cards += 1
            else:
                table.submit(counter_event(engine, rng))
        if len(sizes) > 1:
            (first, low), *_, (last, high) = sorted(sizes.items())
            print(f"the summary grows {(high - low) / (last - first):.0f} bytes a card from {first} to {last} cards")
        service.stop()
        return 0
    finally:
        shutil.rmtree(data, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
