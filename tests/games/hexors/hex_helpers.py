"""Build Hexors games through events, then put tiles where a test needs them."""

from __future__ import annotations

import re
from pathlib import Path

from companion.referee import create_game

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "docs" / "rules" / "examples"
RULE_BOOK = REPO.parent / "shared" / "seeds" / "002_4caee053a614f182.txt"
COLOURS = ["red", "orange", "yellow", "green", "blue", "purple"]
DIE = {c: i + 1 for i, c in enumerate(COLOURS)}   # die face value -> colour with the default die_reading "value"


def tile(tid: str, values=(1, 2, 3, 4, 5, 6), kind: str = "monster", element: str = "green", bonus: int = 0) -> dict:
    """A test tile whose strike value for COLOURS[i] is values[i] (faces listed in that order from the hole)."""
    out = {"id": tid, "kind": kind, "name": tid, "faces": [{"value": v, "colour": c} for v, c in zip(values, COLOURS)]}
    if kind == "monster":
        out["element"] = element
    else:
        out["attack_bonus"] = bonus
    return out


def side(character: str, cell: str, monsters: dict[str, str], values=None, char_values=(1, 1, 1, 1, 1, 1),
         bonus: int = 0, elements=None) -> list[dict]:
    values, elements = values or {}, elements or {}
    tiles = [{"id": character, "tile": tile(character, char_values, "character", bonus=bonus), "cell": cell}]
    for name, where in monsters.items():
        tiles.append({"id": name, "tile": tile(name, values.get(name, (1, 2, 3, 4, 5, 6)), element=elements.get(name,
                                                                                                         "green")),
                      "cell": where})
    return tiles


def game(level="beginner", options=None, a_tiles=None, b_tiles=None, a_actions=None, b_actions=None, first=None,
         **kw):
    """Player A at row 1 (character on d1, monsters a1 and a2 around it), player B at row 9."""
    engine = create_game("hexors", {"level": level, **(options or {})})
    a_tiles = a_tiles or side("A", "d1", {"a1": "c1", "a2": "e1"})
    b_tiles = b_tiles or side("B", "d9", {"b1": "c9", "b2": "e9"})
    players = [{"id": "A", "tiles": a_tiles}, {"id": "B", "tiles": b_tiles}]
    if level == "advanced":
        players[0]["actions"] = a_actions if a_actions is not None else []
        players[1]["actions"] = b_actions if b_actions is not None else []
    event = {"type": "setup", "players": players, **({"first": first} if first else {})}
    verdicts = engine.apply(event)
    assert verdicts[0].rule == "hex.setup", verdicts
    return engine


def put(engine, **cells) -> None:
    """Stand tiles on cells (test arrangement, as players would have reached it): put(engine, a1="d5")."""
    state = engine.state
    for tid, name in cells.items():
        piece = state.pieces[tid]
        if name is None:
            piece.status, piece.cell = "discard", None
            state.get_player(piece.owner).discard.append(tid)
        else:
            piece.cell = state.arena.parse(name)
    engine._reset_history()


def rules_of(verdicts) -> list[str]:
    return [v.rule for v in verdicts]


def kinds(verdicts) -> list[str]:
    return [v.kind.value for v in verdicts]


def roll(engine, colour: str, player=None):
    event = {"type": "roll", "colour": colour}
    if player:
        event["player"] = player
    return engine.apply(event)


def squash(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("**", "")).strip()
