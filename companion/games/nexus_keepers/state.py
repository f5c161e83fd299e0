"""The plain game state: players, their keepers, the board and the turn in progress."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .board import Board, Cell, parse_cell
from .cards import KeeperCard
from .dice import Budget

ON_BOARD, FALLEN, ELIMINATED = "board", "fallen", "eliminated"
PHASES = ("idle", "start", "rolling", "acted", "reconnect", "over")


@dataclass
class Player:
    """One player and their Keeper (the keeper's id is the player's id)."""

    id: str
    card: KeeperCard
    team: str
    power_left: int
    reserve: int | None = None     # die waiting on the card for the next turn
    turns_played: int = 0
    status: str = ON_BOARD
    cell: Cell | None = None

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "card": self.card.to_json(), "team": self.team, "power_left": self.power_left,
                "reserve": self.reserve, "turns_played": self.turns_played, "status": self.status,
                "cell": list(self.cell) if self.cell else None}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Player":
        return cls(d["id"], KeeperCard.from_json(d["card"]), d["team"], d["power_left"], d["reserve"],
                   d["turns_played"], d["status"], parse_cell(d["cell"]) if d["cell"] else None)


@dataclass
class Turn:
    """The turn in progress. ``pool`` holds the rolled dice (regular and power), not the reserved die."""

    player: str = ""
    bonus_depth: int = 0
    phase: str = "idle"
    dice_allowed: int = 0
    pool: list[int] = field(default_factory=list)
    reserved_die: int | None = None
    rerolls_done: int = 0
    acted: bool = False
    used: Budget = (0, 0, 0)
    offs: int = 0
    start_positions: dict[str, Any] = field(default_factory=dict)
    pushes: list[int] = field(default_factory=list)  # each explicit push's spaces (option split_pushes off)

    @property
    def final_values(self) -> list[int]:
        """'Ce dé réservé sera automatiquement ajouté ... après toutes relances.'"""
        return self.pool + ([self.reserved_die] if self.reserved_die is not None else [])

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "bonus_depth": self.bonus_depth, "phase": self.phase,
                "dice_allowed": self.dice_allowed, "pool": list(self.pool), "reserved_die": self.reserved_die,
                "rerolls_done": self.rerolls_done, "acted": self.acted, "used": list(self.used),
                "offs": self.offs, "start_positions": dict(self.start_positions), "pushes": list(self.pushes)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Turn":
        return cls(d["player"], d["bonus_depth"], d["phase"], d["dice_allowed"], list(d["pool"]),
                   d["reserved_die"], d["rerolls_done"], d["acted"], tuple(d["used"]), d["offs"],
                   dict(d["start_positions"]), list(d.get("pushes", [])))


@dataclass
class GameState:
    players: dict[str, Player] = field(default_factory=dict)
    board: Board = field(default_factory=Board)
    turn: Turn = field(default_factory=Turn)
    pending_bonus: int = 0
    reconnect: list[str] = field(default_factory=list)   # cubes that must be moved after a closure
    reconnect_hint: list[dict[str, Any]] | None = None    # a legal way to move them, for the phone
    winners: list[str] = field(default_factory=list)
    turns: int = 0

    @property
    def set_up(self) -> bool:
        return bool(self.players)

    def order(self) -> list[str]:
        return list(self.players)

    def keeper_at(self, cell: Cell) -> str | None:
        for p in self.players.values():
            if p.status == ON_BOARD and p.cell == cell:
                return p.id
        return None

    def alive(self) -> list[Player]:
        return [p for p in self.players.values() if p.status != ELIMINATED]

    def to_json(self) -> dict[str, Any]:
        return {"players": [p.to_json() for p in self.players.values()], "board": self.board.to_json(),
                "turn": self.turn.to_json(), "pending_bonus": self.pending_bonus,
                "reconnect": list(self.reconnect), "reconnect_hint": self.reconnect_hint,
                "winners": list(self.winners), "turns": self.turns}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "GameState":
        players = [Player.from_json(p) for p in d["players"]]
        return cls({p.id: p for p in players}, Board.from_json(d["board"]), Turn.from_json(d["turn"]),
                   d["pending_bonus"], list(d["reconnect"]), d.get("reconnect_hint"), list(d["winners"]), d["turns"])
