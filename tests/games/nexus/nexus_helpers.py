"""A small typed test deck and a board where one card closes chosen Nexuses, built through events.

The board (half-card cells, y down):

    t-bar-1 at (0, 0) landscape: a(power 2)-L ... a-b ... b(power 2)-R; its two rod ends face (-1, 0) and (2, 0).
    t-caps-1 at (-1, 0) turned 90: its "tl" cap meets t-bar-1's left end.
    t-pair-1 at (1, -2) turned 90: two nodes joined to each other only, closed (and empty) as it lands.
    t-hook-1 at (2, -1) landscape: a(power 2)-BL, a-b; its one rod end faces down into (2, 0).
    t-caps-2 at (2, 0) turned 90 then closes both: "bl" meets t-bar-1's right end, "l" meets t-hook-1.
"""

from __future__ import annotations

from pathlib import Path

from companion.core import VerdictKind
from companion.referee import create_game

REPO = Path(__file__).resolve().parents[3]
EXAMPLES = REPO / "docs" / "rules" / "examples"
BOOK = REPO.parent / "shared" / "seeds" / "003_643980c01ab650a9.txt"

BAR = {"nodes": {"a": [2, 2], "b": [6, 2]}, "connectors": [["a", "L"], ["a", "b"], ["b", "R"]]}
CAPS = {"nodes": {"l": [1, 2], "tl": [2, 1], "bl": [2, 3], "tr": [6, 1], "br": [6, 3], "r": [7, 2]},
        "connectors": [["l", "L"], ["tl", "TL"], ["bl", "BL"], ["tr", "TR"], ["br", "BR"], ["r", "R"]]}
PAIR = {"nodes": {"a": [3, 2], "b": [5, 2]}, "connectors": [["a", "b"]]}
HOOK = {"nodes": {"a": [2, 2], "b": [6, 2]}, "connectors": [["a", "BL"], ["a", "b"]]}


def card(kind: str, n: int) -> dict:
    return {"id": f"t-{kind}-{n}", **{"bar": BAR, "caps": CAPS, "pair": PAIR, "hook": HOOK}[kind]}


def deck() -> list[dict]:
    return [card("bar", 1), card("caps", 1), card("caps", 2), card("caps", 3), card("pair", 1), card("pair", 2),
            card("pair", 3), card("hook", 1), card("bar", 2)]


def new_game(options=None, players=("Ann", "Bob"), cards=None, **setup):
    engine = create_game("nexus", options or {})
    event = {"type": "setup", "players": list(players), "deck": cards or deck(), "first_card": "t-bar-1"}
    event.update(setup)
    verdicts = engine.apply(event)
    assert not illegal(verdicts), verdicts
    return engine


def play(engine, card_id, x, y, rotation=0, **extra):
    return engine.apply({"type": "play_card", "card": card_id, "x": x, "y": y, "rotation": rotation, **extra})


def counter(engine, node, **extra):
    return engine.apply({"type": "place_counter", "node": node, **extra})


def ok(verdicts):
    assert not illegal(verdicts), [v.message.en for v in verdicts]
    return verdicts


def illegal(verdicts) -> list:
    return [v for v in verdicts if v.kind is VerdictKind.ILLEGAL]


def rules_of(verdicts) -> list[str]:
    return [v.rule for v in verdicts]


def refused(verdicts) -> str:
    """The one rule a refused event names."""
    assert len(verdicts) == 1 and verdicts[0].kind is VerdictKind.ILLEGAL, verdicts
    return verdicts[0].rule


def closing_board(options=None, ann_counter="t-bar-1:a", bob_counter="t-caps-1:l"):
    """Ann and Bob have each played a card and a counter; Ann's next card (t-caps-2 at (2, 0) turned 90) closes."""
    engine = new_game(options)
    ok(play(engine, "t-caps-1", -1, 0, 90))
    ok(counter(engine, ann_counter))
    ok(play(engine, "t-pair-1", 1, -2, 90))
    ok(counter(engine, bob_counter))
    return engine


def nexus_nodes(summary, nexus):
    """A summary's Nexus's node ids (``summary``: as ``readable`` gives it): it lists them by index among the nodes
    down, card after card, each design's nodes in order, as the phone lists them (nx-board.js's boardNodes)."""
    down = [f"{c['card']}:{n['name']}" for c in summary["cards"] for n in summary["designs"][c["design"]]["nodes"]]
    return [down[i] for i in nexus["nodes"]]
