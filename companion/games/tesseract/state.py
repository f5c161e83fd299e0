"""The whole game state as one plain object, with its JSON round trip (used for undo and snapshots)."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Mapping

from .board import ConfinementBoard, PrimingZone
from .cube import Cube, Tesseract
from .labs import Labs, Research

ACTIONS_PER_TURN = 3

SETUP, ACTION, THREAT, OVER = "setup", "action", "threat", "over"


@dataclass
class GameState:
    colours: list[str]
    lab_slots: int
    phase: str = SETUP
    scientists: list[str] = field(default_factory=list)
    base: str = ""
    layout: dict[str, str] = field(default_factory=dict)
    tesseract: Tesseract = field(default_factory=Tesseract)
    zone: PrimingZone = field(default_factory=PrimingZone)
    labs: Labs | None = None
    research: Research | None = None
    board: ConfinementBoard | None = None
    destroyed: list[Cube] = field(default_factory=list)
    current: int = 0
    turn: int = 0
    actions_left: int = ACTIONS_PER_TURN
    breaches: int = 0
    pending: list[dict[str, Any]] = field(default_factory=list)
    last_primed: Cube | None = None
    primed_this_phase: bool = False
    outcome: dict[str, Any] | None = None
    #: the cube whose removal last emptied the Tesseract, where it stood and how it went ({"cube", "column", "how"}):
    #: the empty-Tesseract loss names it, however many actions later the Threat phase comes
    last_cube: dict[str, Any] | None = None
    #: what the last event that moved cubes did, until another one moves some: each cube it took off a column or put
    #: on one (cube.tower_changes), then each it destroyed from a lab or the priming zone (``destroy``)
    last_moved: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.board is None:
            self.board = ConfinementBoard(self.colours)

    @property
    def scientist(self) -> str:
        return self.scientists[self.current]

    def destroy(self, cube: Cube, zone: str | None = None, scientist: str | None = None) -> None:
        """« DÉTRUIRE : retirez un cube du jeu. Placez les cubes détruits de côté, certaines actions les utilisent. »
        A cube from a lab or the priming zone (``zone`` "lab" or "priming") is named in ``last_moved`` too: it leaves
        no mark on the tower, and a phone says where it went from; a cube off the tower is named by its column."""
        self.destroyed.append(cube)
        if zone:
            gone = {"cube": cube.to_json(), "how": "destroyed", "zone": zone}
            self.last_moved.append(gone | ({"scientist": scientist} if scientist else {}))

    def fresh_copy(self) -> "GameState":
        """The same state, sharing nothing that can change (cubes never change): what ``from_json(to_json())`` gives,
        without reading 64 cubes from JSON, for the offers loop's put-back after each button tried
        (GameEngine.available_actions)."""
        names = list(self.scientists)
        return GameState(
            colours=list(self.colours), lab_slots=self.lab_slots, phase=self.phase, scientists=names, base=self.base,
            layout=dict(self.layout), tesseract=Tesseract(self.tesseract.columns), zone=PrimingZone(self.zone.cubes),
            labs=Labs(names, self.lab_slots, self.labs.cubes) if self.labs is not None else None,
            research=Research(names, self.research.decks, self.research.hands) if self.research is not None else None,
            board=ConfinementBoard(self.colours, b.filled, b.revealed, b.unlocked, b.played, b.rows_done)
            if (b := self.board) is not None else None,
            destroyed=list(self.destroyed), current=self.current, turn=self.turn, actions_left=self.actions_left,
            breaches=self.breaches, pending=copy.deepcopy(self.pending), last_primed=self.last_primed,
            primed_this_phase=self.primed_this_phase, outcome=copy.deepcopy(self.outcome) or None,
            last_cube=copy.deepcopy(self.last_cube) or None, last_moved=copy.deepcopy(self.last_moved),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "colours": list(self.colours), "lab_slots": self.lab_slots, "phase": self.phase,
            "scientists": list(self.scientists), "base": self.base, "layout": dict(self.layout),
            "tesseract": self.tesseract.to_json(), "priming_zone": self.zone.to_json(),
            "labs": self.labs.to_json() if self.labs else None,
            "research": self.research.to_json() if self.research else None,
            "board": self.board.to_json(), "destroyed": [c.to_json() for c in self.destroyed],
            "current": self.current, "turn": self.turn, "actions_left": self.actions_left,
            "breaches": self.breaches, "pending": [dict(p) for p in self.pending],
            "last_primed": self.last_primed.to_json() if self.last_primed else None,
            "outcome": dict(self.outcome) if self.outcome else None,
            "primed_this_phase": self.primed_this_phase,
            "last_cube": dict(self.last_cube) if self.last_cube else None,
            "last_moved": [dict(m) for m in self.last_moved],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "GameState":
        colours = list(data["colours"])
        names = list(data["scientists"])
        return cls(
            colours=colours, lab_slots=int(data["lab_slots"]), phase=data["phase"], scientists=names,
            base=data["base"], layout=dict(data["layout"]), tesseract=Tesseract.from_json(data["tesseract"]),
            zone=PrimingZone.from_json(data["priming_zone"]),
            labs=Labs.from_json(names, int(data["lab_slots"]), data["labs"]) if data["labs"] is not None else None,
            research=Research.from_json(names, data["research"]) if data["research"] is not None else None,
            board=ConfinementBoard.from_json(colours, data["board"]),
            destroyed=[Cube.from_json(c) for c in data["destroyed"]], current=int(data["current"]),
            turn=int(data["turn"]), actions_left=int(data["actions_left"]), breaches=int(data["breaches"]),
            pending=[dict(p) for p in data["pending"]],
            last_primed=Cube.from_json(data["last_primed"]) if data["last_primed"] else None,
            outcome=dict(data["outcome"]) if data["outcome"] else None,
            primed_this_phase=bool(data["primed_this_phase"]),
            last_cube=dict(data["last_cube"]) if data.get("last_cube") else None,  # none in an older snapshot
            last_moved=[dict(m) for m in data.get("last_moved") or []],
        )
