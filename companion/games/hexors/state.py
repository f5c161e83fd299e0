"""The whole Hexors game state as plain objects, with its JSON round trip (used for undo and snapshots)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from companion.words import plain_name

from .arena import Arena, Cell
from .glossary import KINDS
from .tiles import CHARACTER, TileDef

ARENA, DISCARD = "arena", "discard"
HAND, PLAY = "hand", "play"
BEGINNER, ADVANCED = "beginner", "advanced"
PLAYING, OVER = "playing", "over"


@dataclass
class Piece:
    """A character or monster tile of the game: where it stands and which way its hole points."""

    id: str
    tile: TileDef
    owner: str
    cell: Cell | None
    facing: int
    status: str = ARENA

    @property
    def is_character(self) -> bool:
        return self.tile.kind == CHARACTER

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "tile": self.tile.to_json(), "owner": self.owner,
                "cell": list(self.cell) if self.cell else None, "facing": self.facing, "status": self.status}

    @classmethod
    def from_json(cls, data: Mapping[str, Any], colours) -> "Piece":
        cell = tuple(data["cell"]) if data["cell"] is not None else None
        return cls(data["id"], TileDef.from_json(data["tile"], colours), data["owner"], cell,
                   int(data["facing"]), data["status"])


@dataclass
class ActionTile:
    """A launched action tile: what it targets and until when it stays in play."""

    id: str
    kind: str
    owner: str
    status: str = PLAY
    target: str | None = None          # a piece id
    cell: Cell | None = None           # a barrier's cell
    launched_turn: int = 0
    ends_after_turn: int | None = None  # None: until disarmed

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "owner": self.owner, "status": self.status, "target": self.target,
                "cell": list(self.cell) if self.cell else None, "launched_turn": self.launched_turn,
                "ends_after_turn": self.ends_after_turn}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "ActionTile":
        return cls(data["id"], data["kind"], data["owner"], data["status"], data["target"],
                   tuple(data["cell"]) if data["cell"] else None, int(data["launched_turn"]), data["ends_after_turn"])


@dataclass
class Player:
    id: str
    side: int
    stars: int = 0
    hand: list[str] | None = None      # action kinds still in hand; None when the hand is kept hidden
    hand_count: int = 0
    discard: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "side": self.side, "stars": self.stars,
                "hand": list(self.hand) if self.hand is not None else None,
                "hand_count": self.hand_count, "discard": list(self.discard)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Player":
        hand = data["hand"]
        return cls(data["id"], int(data["side"]), int(data["stars"]), list(hand) if hand is not None else None,
                   int(data["hand_count"]), list(data["discard"]))


@dataclass
class Duel:
    """The duel in progress: the attacker, the enemies it still has to fight, and this round's rolls."""

    attacker: str
    remaining: list[str]
    defender: str | None = None
    rolls: list[str] = field(default_factory=list)   # colours: attacker's, then defender's
    rounds: int = 1
    ordered: bool = False                            # the move gave the whole order of a multiple attack

    def to_json(self) -> dict[str, Any]:
        return {"attacker": self.attacker, "remaining": list(self.remaining), "defender": self.defender,
                "rolls": list(self.rolls), "rounds": self.rounds, "ordered": self.ordered}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Duel":
        return cls(data["attacker"], list(data["remaining"]), data["defender"], list(data["rolls"]),
                   int(data["rounds"]), bool(data["ordered"]))


def _plain_name(piece: Piece, lang: str = "en") -> str:
    return plain_name(piece.tile.named(lang)) or piece.id


@dataclass
class GameState:
    arena: Arena
    colours: list[str]
    level: str
    players: list[Player]
    pieces: dict[str, Piece]
    start_cells: list[list[str]]
    actions: dict[str, ActionTile] = field(default_factory=dict)
    current: int = 0
    turn: int = 1
    moved: str | None = None            # the tile moved this turn
    duel: Duel | None = None
    phase: str = PLAYING
    outcome: dict[str, Any] | None = None
    last_duel: dict[str, Any] | None = None

    # -- who's who -------------------------------------------------------------
    @property
    def player(self) -> Player:
        return self.players[self.current]

    def get_player(self, pid: Any) -> Player:
        for p in self.players:
            if p.id == pid:
                return p
        raise ValueError(f"unknown player {pid!r} (players: {', '.join(p.id for p in self.players)})")

    def enemy_of(self, pid: str) -> Player:
        return next(p for p in self.players if p.id != pid)

    def piece(self, pid: Any, on_arena: bool = True) -> Piece:
        piece = self.pieces.get(pid) if isinstance(pid, str) else None
        if piece is None:
            raise ValueError(f"unknown tile {pid!r}")
        if on_arena and piece.status != ARENA:
            raise ValueError(f"tile {pid!r} is not on the arena (it is in the discard pile)")
        return piece

    def label(self, piece: Piece | str, lang: str = "en") -> str:
        """A tile as players call it in verdicts and on the phone, in ``lang``: its name less a note in brackets
        ("Dark Magician", « Magicien Sombre », not "example-dark-magician"), with its id where another tile of the
        game has that name."""
        piece = self.pieces[piece] if isinstance(piece, str) else piece
        name = _plain_name(piece, lang)
        if any(other is not piece and _plain_name(other, lang) == name for other in self.pieces.values()):
            return f"{name} ({piece.id})"
        return name

    def labels(self, piece: Piece | str) -> tuple[str, str]:
        """The tile's label in English and in French."""
        return self.label(piece), self.label(piece, "fr")

    def action_label(self, action: ActionTile) -> tuple[str, str]:
        """An action tile as players call it, in English and French: its kind's name ("Earth fist", not
        "Kaiba-earth_fist-1"), with its owner where another player launched one too, and which of theirs where they
        launched two."""
        kind = KINDS[action.kind]
        same = [a for a in self.actions.values() if a.kind == action.kind]
        if len(same) == 1:
            return kind.en, kind.fr
        theirs = [a for a in same if a.owner == action.owner]
        if len(theirs) == 1:
            return f"{kind.en} ({action.owner})", f"{kind.fr} ({action.owner})"
        n = theirs.index(action) + 1
        en = {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")
        return f"{kind.en} ({action.owner}, {en})", f"{kind.fr} ({action.owner}, {'1er' if n == 1 else f'{n}e'})"

    def on_arena(self) -> list[Piece]:
        return [p for p in self.pieces.values() if p.status == ARENA]

    def in_play(self, kind: str | None = None, target: str | None = None) -> list[ActionTile]:
        return [a for a in self.actions.values() if a.status == PLAY
                and (kind is None or a.kind == kind) and (target is None or a.target == target)]

    def controller(self, piece: Piece) -> str:
        """The player who controls a tile: its owner, or the launcher of a Zombie on it this turn."""
        zombie = self.in_play("zombie", piece.id)
        return zombie[-1].owner if zombie else piece.owner

    def character_of(self, pid: str) -> Piece:
        return next(p for p in self.pieces.values() if p.owner == pid and p.is_character)

    def occupant(self, cell: Cell) -> Piece | ActionTile | None:
        for p in self.on_arena():
            if p.cell == cell:
                return p
        for a in self.in_play():
            if a.cell == cell:
                return a
        return None

    def fresh_copy(self) -> "GameState":
        """The same state, sharing nothing that can change (the arena and tiles never change): what
        ``from_json(to_json())`` gives, without reading every tile from JSON, for the offers loop's put-back after
        each button tried (GameEngine.available_actions)."""
        return GameState(
            arena=self.arena, colours=list(self.colours), level=self.level,
            players=[replace(p, hand=list(p.hand) if p.hand is not None else None, discard=list(p.discard))
                     for p in self.players],
            pieces={k: replace(p) for k, p in self.pieces.items()}, start_cells=[list(s) for s in self.start_cells],
            actions={k: replace(a) for k, a in self.actions.items()}, current=self.current, turn=self.turn,
            moved=self.moved,
            duel=replace(d, remaining=list(d.remaining), rolls=list(d.rolls)) if (d := self.duel) else None,
            phase=self.phase, outcome=copy.deepcopy(self.outcome) or None,
            last_duel=copy.deepcopy(self.last_duel) or None,
        )

    # -- JSON --------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "arena": [self.arena.columns, self.arena.rows], "colours": list(self.colours), "level": self.level,
            "players": [p.to_json() for p in self.players], "pieces": [p.to_json() for p in self.pieces.values()],
            "start_cells": [list(s) for s in self.start_cells],
            "actions": [a.to_json() for a in self.actions.values()], "current": self.current, "turn": self.turn,
            "moved": self.moved, "duel": self.duel.to_json() if self.duel else None, "phase": self.phase,
            "outcome": dict(self.outcome) if self.outcome else None,
            "last_duel": dict(self.last_duel) if self.last_duel else None,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "GameState":
        colours = list(data["colours"])
        pieces = [Piece.from_json(p, colours) for p in data["pieces"]]
        actions = [ActionTile.from_json(a) for a in data["actions"]]
        return cls(
            arena=Arena(*data["arena"]), colours=colours, level=data["level"],
            players=[Player.from_json(p) for p in data["players"]], pieces={p.id: p for p in pieces},
            start_cells=[list(s) for s in data["start_cells"]], actions={a.id: a for a in actions},
            current=int(data["current"]), turn=int(data["turn"]), moved=data["moved"],
            duel=Duel.from_json(data["duel"]) if data["duel"] else None, phase=data["phase"],
            outcome=dict(data["outcome"]) if data["outcome"] else None,
            last_duel=dict(data["last_duel"]) if data["last_duel"] else None,
        )
