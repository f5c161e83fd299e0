"""Cards seen by the camera: a sticker's place and turn on the mat become a ``play_card`` event.

A card's sticker sits in its middle, on the edge between its two half-card cells; the card's top-left cell is
the one half a cell back along its length (left when it lies landscape, up when it stands portrait). A card whose
place is within the layout's margin of a cell edge, or whose turn lies between two, is not guessed.
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.tablevision.cells import square_cell

from .state import CARD, GameState
from .table_layout import GRID, ORIGIN

ROTATION = {"N": 0, "E": 90, "S": 180, "W": 270}


def card_placement(seen: Mapping[str, Any], margin: float = 3.0) -> dict[str, int] | None:
    """{x, y, rotation} on the board for a card sticker seen at ``seen["mm"]`` facing ``seen["facing"]``."""
    if seen.get("facing") not in ROTATION or seen.get("facing_uncertain") or not seen.get("mm"):
        return None
    rotation = ROTATION[seen["facing"]]
    x, y = seen["mm"]
    probe = (x - GRID.cell / 2, y) if rotation in (0, 180) else (x, y - GRID.cell / 2)
    cell, edge = square_cell(GRID, probe)
    if cell is None or edge < margin:
        return None
    return {"x": cell[0] - ORIGIN[0], "y": cell[1] - ORIGIN[1], "rotation": rotation}


def play_from_board(state: GameState | None, pieces: Mapping[str, Any]) -> dict[str, Any] | None:
    """The ``play_card`` event for the one card the camera sees that is not on the board yet, while a card is due;
    None when there is none, several, or its place is doubtful."""
    if state is None or state.phase != CARD:
        return None
    new = [(name, seen) for name, seen in pieces.items()
           if seen.get("kind") == "card" and seen.get("status") == "seen" and name in state.deck]
    if len(new) != 1:
        return None
    name, seen = new[0]
    where = card_placement(seen)
    return None if where is None else {"type": "play_card", "card": name, **where}
