"""Write the Hexors example scripts in docs/rules/examples (run from the repository root).

Each game is told as moves and the duel outcome wanted; the colours rolled are
picked from the tiles' strike values so that the story happens, and every event
is checked against the engine as it is written.

    PYTHONPATH=. python tests/games/hexors/hexors_examples.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from companion.referee import create_game

OUT = Path(__file__).resolve().parents[3] / "docs" / "rules" / "examples"


class Script:
    def __init__(self, options=None):
        self.engine = create_game("hexors", options or {})
        self.events: list[dict] = []

    def __call__(self, event: dict, expect: str | None = None) -> list:
        verdicts = self.engine.apply(event)
        rules = [v.rule for v in verdicts]
        refused = any(v.kind.value == "illegal" for v in verdicts)
        if expect == "illegal":
            assert refused, (event, rules)
        else:
            assert not refused, (event, [v.message.en for v in verdicts])
            if expect:
                assert expect in rules, (event, rules)
        self.events.append(event)
        return verdicts

    def move(self, tile, *path, expect=None, **extra):
        return self({"type": "move", "tile": tile, "path": list(path), **extra}, expect)

    def duel(self, outcome: str, attacker_colour: str | None = None):
        """Roll for the current duel so that it ends as ``outcome``: "attacker", "defender" or "tie"."""
        duel = self.engine.summary()["duel"]
        table = duel["strike_by_colour"]
        colours = [attacker_colour] if attacker_colour else list(table["attacker"])
        for a in colours:
            for d in table["defender"]:
                sa, sd = table["attacker"][a], table["defender"][d]
                if (outcome == "tie" and sa == sd) or (outcome == "attacker" and sa > sd) or \
                        (outcome == "defender" and sa < sd):
                    pa = self.engine.state.controller(self.engine.state.pieces[duel["attacker"]])
                    pd = self.engine.state.controller(self.engine.state.pieces[duel["defender"]])
                    self({"type": "roll", "player": pa, "colour": a})
                    return self({"type": "roll", "player": pd, "colour": d})
        raise AssertionError(f"no pair of colours gives {outcome}: {table}")

    def write(self, name: str) -> None:
        text = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in self.events)
        (OUT / name).write_text(text, encoding="utf-8")
        outcome = self.engine.outcome.message.en if self.engine.outcome else None
        print(f"{name}: {len(self.events)} events, outcome {outcome}")


def starter_setup(level="beginner", actions=None, stars=None):
    a = [{"id": "yugi", "tile": "example-yugi", "cell": "d1"},
         {"id": "kuriboh", "tile": "example-kuriboh", "cell": "d2"},
         {"id": "gaia", "tile": "example-gaia-the-fierce-knight", "cell": "c1"},
         {"id": "magician", "tile": "example-dark-magician", "cell": "e1"},
         {"id": "elf", "tile": "example-mystical-elf", "cell": "e2"}]
    b = [{"id": "kaiba", "tile": "example-kaiba", "cell": "d9"},
         {"id": "celtic", "tile": "example-celtic-guardian", "cell": "d8"},
         {"id": "dragon", "tile": "example-thousand-dragon", "cell": "c9"},
         {"id": "blue-eyes", "tile": "example-blue-eyes-white-dragon", "cell": "e9"},
         {"id": "saggi", "tile": "example-saggi-the-dark-clown", "cell": "e8"}]
    players = [{"id": "Yugi", "tiles": a}, {"id": "Kaiba", "tiles": b}]
    if actions:
        players[0]["actions"], players[1]["actions"] = actions
    if stars is not None:
        players[0]["stars"] = players[1]["stars"] = stars
    return {"type": "setup", "level": level, "players": players, "first": "Yugi"}


def beginner_win() -> Script:
    """Starter set: a jump chain, a refused move, a multiple attack with a tie, then Kaiba beaten by a monster."""
    s = Script()
    s(starter_setup())
    s.move("kuriboh", "d3")
    s.move("celtic", "d7")
    s.move("magician", "e3", "c4")        # jump chain over elf (e2) then kuriboh (d3)
    s.move("celtic", "d6")
    s.move("kuriboh", "d4")
    s.move("saggi", "e7")
    s.move("gaia", "c3", expect="illegal")  # two cells, no ally between
    s.move("gaia", "c2")
    s.move("saggi", "e6")
    s.move("kuriboh", "d5", expect="hex.duel.order")
    s({"type": "challenge", "target": "saggi"})
    s.duel("tie")
    s.duel("attacker")            # kuriboh beats saggi after a tie…
    s.duel("defender")            # …then loses to celtic: the multiple attack stops
    s.move("celtic", "d5")
    s.move("magician", "c5", expect="hex.duel")
    s.duel("attacker")
    s.move("blue-eyes", "e8")
    s.move("magician", "c6")
    s.move("blue-eyes", "e9")
    s.move("magician", "d6")
    s.move("blue-eyes", "f9")
    s.move("magician", "d7")
    s.move("blue-eyes", "g9")
    s.move("magician", "d8", order=["kaiba", "dragon"], expect="hex.duel")
    s.duel("attacker")
    return s


def advanced_win() -> Script:
    """Collection game: element and team bonuses, stars, six action tiles, a refused extreme action, a win."""
    s = Script()
    hands = (["setting_sun", "mystic_barrier", "power_theft", "symbiosis", "star_blast", "genesis"],
             ["disarm", "earth_fist", "zombie", "energy_trap", "divine_chain", "sandstorm"])
    s(starter_setup("advanced", hands, stars=2))   # a starting fund of 2 stars each (the book's is empty)
    s.move("kuriboh", "d3")
    s.move("celtic", "d7")
    s.move("magician", "e3", "c4")
    s.move("celtic", "d6")
    s.move("kuriboh", "d4")
    s.move("saggi", "e7")
    s.move("magician", "c5")
    s.move("saggi", "e6")
    s.move("kuriboh", "d5", order=["saggi", "celtic"], expect="hex.duel")   # team bonus from magician (c5)
    s.duel("attacker")
    s({"type": "launch", "player": "Kaiba", "action": "earth_fist", "target": "celtic"})   # flash, mid-duel
    s.duel("defender")
    s.move("blue-eyes", "e8")
    # an extreme action is refused on the other player's turn
    s({"type": "launch", "player": "Kaiba", "action": "energy_trap", "target": "magician"}, "illegal")
    s({"type": "launch", "player": "Yugi", "action": "genesis", "tile": "kuriboh", "cell": "d3"})
    s.move("kuriboh", "d4")
    s.move("celtic", "d7")
    s({"type": "launch", "player": "Yugi", "action": "mystic_barrier", "cell": "d5"})
    s.move("kuriboh", "d6", expect="hex.duel")      # a jump over the barrier, which also gives a team bonus
    s.duel("attacker")
    s({"type": "launch", "player": "Kaiba", "action": "disarm", "target": "Yugi-mystic_barrier-2"})
    s.move("blue-eyes", "e7", expect="hex.duel")
    s.duel("attacker")
    s({"type": "launch", "player": "Yugi", "action": "power_theft"})
    s.move("magician", "c6")
    s.move("blue-eyes", "d7")
    s({"type": "launch", "player": "Yugi", "action": "setting_sun", "target": "magician"})
    s.move("magician", "c7", expect="hex.duel")
    s.duel("attacker")
    s.move("dragon", "b9")
    s.move("magician", "c8")
    s.move("dragon", "a9")
    s.move("magician", "d8", expect="hex.duel")
    s.duel("attacker")
    return s


def cannot_move() -> Script:
    """A tiny 3x3 mat: after Yugi's move Kaiba has no legal move left and loses."""
    s = Script()
    a = [("yugi", "example-yugi", "b1"), ("kuriboh", "example-kuriboh", "a2"),
         ("gaia", "example-gaia-the-fierce-knight", "b2"), ("elf", "example-mystical-elf", "a3")]
    b = [("kaiba", "example-kaiba", "c3"), ("celtic", "example-celtic-guardian", "b3"),
         ("saggi", "example-saggi-the-dark-clown", "c1"), ("dragon", "example-thousand-dragon", "c2")]
    s({"type": "setup", "arena": {"columns": 3, "rows": 3, "start_cells": [["a1", "b1", "c1"], ["a3", "b3", "c3"]]},
       "players": [{"id": "Yugi", "tiles": [{"id": i, "tile": t, "cell": c} for i, t, c in a]},
                   {"id": "Kaiba", "tiles": [{"id": i, "tile": t, "cell": c} for i, t, c in b]}]})
    s.move("kuriboh", "a1", expect="hex.move.none")
    return s


SCRIPTS = {"hexors-beginner-win.jsonl": beginner_win, "hexors-advanced-win.jsonl": advanced_win,
           "hexors-cannot-move.jsonl": cannot_move}

if __name__ == "__main__":
    for name, story in SCRIPTS.items():
        story().write(name)
    sys.exit(0)
