"""What every phone is sent after each move, in every game: the bytes of the move's live entry event and whether it
carried the board (the state's summary), else (a state past the live events' bound, companion/table/state.py)
each phone reads /api/state again, one more round trip per phone per move.

Each game plays its rule book's example games (docs/rules/examples/) through a Table (journal in a temporary
folder, no camera); free roll is an evening of three-dice rolls; Nexus also plays its whole example deck (54 cards,
two players, each card on a free spot at random, counters by the automatic player, no one reaching the points that
win), the longest game that deck allows; Hexors also plays advanced games the examples do not, to their end by a
seeded random player (``random_hexors_game``): hands the referee is not told (six each) and full hands (two of each
of the twelve action kinds), the rule book's empty star fund, with the examples' names and with the longest names
the phone's form takes (24 letters): each refused launch names its player. Per example: the moves, how many of
their events carried the board, the event's bytes (median, largest), the largest state as a live event would carry it whole
(without the engine's snapshot), the room left under the bound then, and the first move whose event left the board
out; then, for each game's largest state, the summary's heaviest keys (what to make smaller first).

    python benchmarks/event_payload.py [--rolls 300]
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
EXAMPLES = REPO / "docs/rules/examples"
GAMES = {"nexus": ["Ann", "Bob"], "nexus-keepers": ["A", "B", "C"], "hexors": ["Yugi", "Kaiba"], "tesseract": []}
WHOLE_DECK = {"target_points": 1000}
#: the longest names the phone's new-game form takes (web/js/views/games/game.js: maxlength 24)
LONG_NAMES = ["Marie-Charlotte Lefebvre", "Jean-Baptiste Delacroix."]


def example_games() -> list[tuple[str, str, list[dict]]]:
    found = []
    for path in sorted(EXAMPLES.glob("*.jsonl")):
        game = next(g for g in sorted(GAMES, key=len, reverse=True) if path.stem.startswith(g))
        found.append((game, path.stem, [json.loads(line) for line in path.read_text().splitlines()]))
    return found


def free_roll(rolls: int) -> list[dict]:
    rng = random.Random(7)
    return [{"type": "roll", "dice": [{"value": rng.randint(1, 6), "color": rng.choice(["red", "white", "blue"])}
                                      for _ in range(3)]} for _ in range(rolls)]


def sent_bytes(value) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def nexus_whole_deck(seed: int = 3) -> list[dict]:
    """A two-player Nexus game to the example deck's last card (``WHOLE_DECK`` options: no one wins before)."""
    from companion.games.nexus.grid import open_spots
    from companion.games.nexus.players import counter_event
    from companion.referee import create_game

    engine, rng = create_game("nexus", WHOLE_DECK), random.Random(seed)
    moves = [{"type": "setup", "players": ["Ann", "Bob"], "deck": "example", "deck_order": "top_first"}]
    engine.apply(moves[0])
    while engine.outcome is None:
        state = engine.state
        if state.phase == "card":
            spot = rng.choice(open_spots(state.board.occupied, state.board.landscape_of))
            move = {"type": "play_card", "player": state.player, "card": state.deck[0], "x": spot["x"],
                    "y": spot["y"], "rotation": rng.choice(spot["rotations"])}
        else:
            move = counter_event(engine, rng)
        engine.apply(move)
        moves.append(move)
    return moves


def random_hexors_move(summary: dict, rng: random.Random) -> dict:
    """What a player picking at random among what the Hexors summary offers sends next: in a duel the opponent or a
    random colour; now and then a launch offered, with random targets (refused ones included); else a legal move,
    else cannot_move. The benchmark's games and the long-game test (tests/games/test_live_event_size.py) play so."""
    from companion.referee.offers import expand

    duel, launches = summary["duel"], [k for k in expand(summary["available"]) if k.startswith("launch:")]
    tiles = [t["id"] for t in summary["tiles"]]
    if duel and duel["choose_opponent"]:
        return {"type": "challenge", "target": rng.choice(duel["remaining"])}
    if duel:
        return {"type": "roll", "player": duel["next_roll_by"], "colour": rng.choice(summary["colours"])}
    if rng.random() < 0.4 and launches:
        _, player, action = rng.choice(launches).split(":")
        return {"type": "launch", "player": player, "action": action,
                "target": rng.choice(tiles + [a["id"] for a in summary["actions_in_play"]]),
                "tile": rng.choice(tiles), "cell": rng.choice([c["cell"] for c in summary["arena"]["cells"]])}
    if summary["legal_moves"]:
        legal = rng.choice(summary["legal_moves"])
        return {"type": "move", "tile": legal["tile"], "path": legal["path"]}
    return {"type": "cannot_move"}


def random_hexors_game(hands, names: list[str], seed: int = 4) -> list[dict]:
    """An advanced Hexors game, the starter set's tiles and ``hands`` (each player's action tiles, or their number
    when the referee is not told them), played to its end by ``random_hexors_move``."""
    from companion.games.hexors.table_bot import SIDES
    from companion.referee import EventError, create_game

    engine, rng = create_game("hexors", {}), random.Random(seed)
    players = [{"id": name, "actions": hand,
                "tiles": [{"id": tile.removeprefix("example-"), "tile": tile, "cell": cell} for tile, cell in side]}
               for name, side, hand in zip(names, SIDES, hands)]
    moves = [{"type": "setup", "level": "advanced", "players": players, "first": names[0]}]
    engine.apply(moves[0])
    while engine.outcome is None:
        move = random_hexors_move(engine.summary(), rng)
        try:
            engine.apply(move)
        except EventError:  # a target of the wrong kind, which the table does not take: another pick
            continue
        moves.append(move)
    return moves


def measure(game: str, players: list[str], moves: list[dict], folder: Path, options: dict | None = None) -> dict:
    from companion.bus import EventBus
    from companion.journal import Journal
    from companion.table import Table

    bus = EventBus()
    journal = Journal(folder / f"{game}.sqlite3")
    try:
        table = Table(journal, bus)
        table.new_game(game, options or {}, players)
        sizes, carried, lean, heaviest, first_partial = [], 0, 0, {}, None
        for n, move in enumerate(moves, 1):
            last = bus.last_id
            table.submit(move, source="phone")
            event = next(e for e in bus.since(last)[0] if e.topic == "entry")
            sizes.append(len(event.text.encode()))
            whole = {k: v for k, v in table.state().items() if k != "snapshot"}
            size = len(json.dumps(whole, separators=(",", ":"), ensure_ascii=False).encode())
            if size > lean:
                lean, heaviest = size, {k: sent_bytes(v) for k, v in (whole["summary"] or {}).items()}
            if event.data["state"].get("partial"):
                first_partial = first_partial or n
            else:
                carried += 1
        return {"moves": len(moves), "carried": carried, "median": int(statistics.median(sizes)), "max": max(sizes),
                "state": lean, "heaviest": heaviest, "first_partial": first_partial}
    finally:
        journal.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rolls", type=int, default=300, help="free roll's rolls")
    args = parser.parse_args(argv)
    from companion.table import EVENT_STATE_MAX
    logging.basicConfig(level=logging.CRITICAL)
    folder = Path(tempfile.mkdtemp(prefix="companion-events-"))
    try:
        runs = [("free-roll", f"{args.rolls} rolls", [], free_roll(args.rolls), {})]
        runs += [(game, name, GAMES[game], moves, {}) for game, name, moves in example_games()]
        runs.append(("nexus", "whole deck (54 cards)", GAMES["nexus"], nexus_whole_deck(), WHOLE_DECK))
        from companion.games.hexors.glossary import KINDS
        for hand, hands in (("hidden hands", [6, 6]), ("full hands", [sorted(KINDS) * 2] * 2)):
            for label, names in ((GAMES["hexors"][0], GAMES["hexors"]), ("24 letters", LONG_NAMES)):
                runs.append(("hexors", f"{hand}, {label}", names, random_hexors_game(hands, names), {}))
        print("a move's live entry event, bytes as sent; 'board': events that carried the state's summary")
        print(f"{'game':<14} {'example':<26} {'moves':>5} {'board':>6} {'median':>7} {'max':>6} {'state':>6} "
              f"{'room':>6} {'first without':>13}")
        largest = {}
        for game, name, players, moves, options in runs:
            m = measure(game, players, moves, folder, options)
            print(f"{game:<14} {name:<26} {m['moves']:>5} {m['carried']:>6} {m['median']:>7} {m['max']:>6} "
                  f"{m['state']:>6} {EVENT_STATE_MAX - m['state']:>6} {m['first_partial'] or '-':>13}")
            if m["state"] > largest.get(game, (0, ""))[0]:
                largest[game] = (m["state"], name, m["heaviest"])
        print("each game's largest state: its summary's heaviest keys, bytes as sent")
        for game, (_, name, heaviest) in largest.items():
            top = sorted(heaviest.items(), key=lambda kv: -kv[1])[:5]
            print(f"{game:<14} {name:<26} " + ", ".join(f"{k} {v}" for k, v in top))
        return 0
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
