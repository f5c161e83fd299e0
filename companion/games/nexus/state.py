"""The whole Nexus game state: players, deck, played cards, counters, closed Nexuses, scores.

The board graph is not stored: it is rebuilt from the played cards (``board``), and an engine keeps
recent boards so loading a state it has just seen costs nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .cards import Card
from .graph import Board
from .grid import Placement

CARD, COUNTER, OVER = "card", "counter", "over"
COLOURS = ("red", "blue", "green", "yellow")


@dataclass
class GameState:
    players: list[str]
    colours: dict[str, str]
    cards: dict[str, Card]
    deck: list[str]  # cards not yet played; top first when ``deck_order`` is "top_first"
    deck_order: str = "unknown"
    placements: list[Placement] = field(default_factory=list)
    counters: dict[str, str] = field(default_factory=dict)  # node id -> player
    closed: list[dict] = field(default_factory=list)  # one record per closed Nexus, in closing order
    scores: dict[str, int] = field(default_factory=dict)
    turn: int = 0  # index into players
    turn_number: int = 1
    phase: str = CARD
    outcome: dict | None = None
    cards_json: list | None = None
    board: Board | None = None

    @property
    def player(self) -> str:
        return self.players[self.turn]

    def node_point(self, nid: str) -> tuple[float, float]:
        """Where node ``nid`` ("card:name") of a played card lies on the board, in half-card units."""
        placement = self.board.placements[self.board.node_card[nid]]
        return placement.board_point(self.cards[placement.card].nodes[nid.split(":", 1)[1]])

    def closed_nodes(self) -> set[str]:
        return {n for record in self.closed for n in record["nodes"]}

    def left_of(self, player: str, steps: int = 1) -> str:
        """Play proceeds to the left: the players list is the seating order, first player first."""
        return self.players[(self.players.index(player) + steps) % len(self.players)]

    def to_json(self) -> dict[str, Any]:
        if self.cards_json is None:
            self.cards_json = [c.to_json() for c in self.cards.values()]
        return {
            "players": list(self.players), "colours": dict(self.colours), "cards": self.cards_json,
            "deck": list(self.deck), "deck_order": self.deck_order,
            "placements": [p.to_json() for p in self.placements], "counters": dict(self.counters),
            "closed": [dict(r) for r in self.closed], "scores": dict(self.scores), "turn": self.turn,
            "turn_number": self.turn_number, "phase": self.phase, "outcome": self.outcome,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any], cache: dict | None = None) -> "GameState":
        """``cache`` (kept by the engine) reuses parsed cards and built boards when the cards are the same object."""
        cache = {} if cache is None else cache
        if cache.get("cards_json") is not data["cards"]:
            cache.update(cards_json=data["cards"], cards={c["id"]: Card.from_json(c) for c in data["cards"]},
                         boards={})
        cards = cache["cards"]
        placements = [Placement.from_json(p) for p in data["placements"]]
        state = cls(list(data["players"]), dict(data["colours"]), cards, list(data["deck"]), data["deck_order"],
                    placements, dict(data["counters"]), [dict(r) for r in data["closed"]], dict(data["scores"]),
                    data["turn"], data["turn_number"], data["phase"], data["outcome"], data["cards"])
        state.board = build_board(cards, placements, cache["boards"])
        return state


def build_board(cards: Mapping[str, Card], placements: list[Placement], boards: dict) -> Board:
    """The board for these placements, from ``boards`` (placements tuple -> Board) when already built."""
    key = tuple(placements)
    if key not in boards:
        board = boards.get(key[:-1]) if key else None
        if board is None:
            board = Board(cards)
            for placement in placements:
                board = board.plus(placement)
        else:
            board = board.plus(key[-1])
        remember(boards, board)
    return boards[key]


def remember(boards: dict, board: Board, keep: int = 4) -> None:
    """Keep the last few boards (undo, legal() and refused events load the previous state again)."""
    boards[board.placements] = board
    while len(boards) > keep:
        boards.pop(next(iter(boards)))
