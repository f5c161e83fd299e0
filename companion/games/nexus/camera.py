"""Cards and counters seen by the camera: a sticker's place and turn on the mat become a ``play_card`` event, a
counter of the player's colour (found by its colour: ``tablevision/spots.py``) a ``place_counter``.

A card's sticker sits in its middle, on the edge between its two half-card cells; table vision reads the card's
cell as the first of the two it covers, its top-left (the layout's cards span 2: ``tablevision.cells.covered_from``).
A card whose place is within the layout's margin of a cell edge, or whose turn lies between two, is not guessed.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any, Mapping

from companion.core import Text
from companion.words import colour_fr

from . import places
from .cards import card_name, example_deck
from .grid import Placement
from .state import CARD, COUNTER, GameState
from .table_layout import GRID, ORIGIN
from .turns import SNAP

ROTATION = {"N": 0, "E": 90, "S": 180, "W": 270}


def card_placement(seen: Mapping[str, Any]) -> dict[str, int] | None:
    """{x, y, rotation} on the board for a card whose sticker table vision placed on cell ``seen["cell"]`` (the
    card's top-left half-card cell) facing ``seen["facing"]``; None when either is in doubt."""
    if seen.get("facing") not in ROTATION or seen.get("facing_uncertain") or seen.get("uncertain"):
        return None
    cell = seen.get("cell")
    if cell is None:
        return None
    return {"x": cell[0] - ORIGIN[0], "y": cell[1] - ORIGIN[1], "rotation": ROTATION[seen["facing"]]}


def card_centre(x: int, y: int, rotation: int) -> tuple[float, float]:
    """The mat point under the middle of a card at board (x, y) turned ``rotation``, where its sticker sits: the
    inverse of ``card_placement``."""
    left, top = board_mm((x, y))
    return (left + GRID.cell, top + GRID.cell / 2) if rotation in (0, 180) else (left + GRID.cell / 2, top + GRID.cell)


def board_mm(point: tuple[float, float]) -> tuple[float, float]:
    """A board point (half-card units) on the mat, in mm: the inverse of ``board_units``."""
    return GRID.origin[0] + (point[0] + ORIGIN[0]) * GRID.cell, GRID.origin[1] + (point[1] + ORIGIN[1]) * GRID.cell


def board_units(mm: list[float]) -> list[float]:
    """A point of the mat (mm) in the board's half-card units (board (0, 0) is the mat's ORIGIN cell)."""
    return [round((mm[0] - GRID.origin[0]) / GRID.cell - ORIGIN[0], 3),
            round((mm[1] - GRID.origin[1]) / GRID.cell - ORIGIN[1], 3)]


def counter_from_board(state: GameState, pieces: Mapping[str, Any]) -> dict[str, Any] | None:
    """While a counter is due: the ``place_counter`` event for the one spot of the current player's colour that
    lies on no counter the referee has (the engine snaps it to the node within its reach, or refuses)."""
    colour = state.colours.get(state.player)
    held = [state.node_point(nid) for nid in state.counters]
    new = []
    for seen in pieces.values():
        if seen.get("kind") != "spot" or seen.get("colour") != colour or not seen.get("mm"):
            continue
        at = board_units(seen["mm"])
        if all((at[0] - x) ** 2 + (at[1] - y) ** 2 > 0.2 ** 2 for x, y in held):
            new.append(at)
    return {"type": "place_counter", "at": new[0]} if len(new) == 1 else None


@lru_cache(maxsize=1)
def example_names() -> dict[str, Text]:
    """The example deck's cards by name, for stickers seen before a game names its own."""
    return {c.id: Text(card_name(c), card_name(c, "fr")) for c in example_deck()}


def camera_names(state: GameState | None, pieces: Mapping[str, Any]) -> dict[str, Text]:
    """The game's cards on the camera's board in the players' words: a card lying where it was played as
    ``GameState.placed`` names it ("Bob's Fork"); one seen elsewhere, or not played yet, by its name and where it lies
    from the cards down ("Fork east of Bob's Bridge"); a card whose place is in doubt, or taken away, by its name
    alone."""
    out = {}
    down = {p.card: i for i, p in enumerate(state.board.placements)} if state is not None else {}
    words = state.words() if state is not None else []
    for name, seen in pieces.items():
        if isinstance(seen, Mapping) and seen.get("kind") == "spot":
            out[name] = counter_words(state, seen, words)
            continue
        if not isinstance(seen, Mapping) or seen.get("kind") != "card":
            continue
        if state is None or name not in state.cards:  # before the setup, or not in this game: the card's own name
            if name in example_names():
                out[name] = example_names()[name]
            continue
        where = card_placement(seen) if seen.get("status") != "gone" else None
        label = Text(state.label(name), state.label(name, "fr"))
        if where is None:
            out[name] = label
            continue
        placed = Placement(name, **where)
        if name in down and state.board.placements[down[name]] == placed:
            out[name] = words[down[name]]
        else:
            spot = places.where(placed, state.board.placements, words, skip=down.get(name))
            out[name] = Text(f"{label.en} {spot.en}", f"{label.fr} {spot.fr}")
    return out


def counter_words(state: GameState | None, seen: Mapping[str, Any], words: list[Text]) -> Text:
    """A counter the camera sees (a spot of colour): whose it is by its colour, and the card whose node it stands on
    when it is within a node's reach: "Ann's counter on Bob's Fork" ("un pion d'Ann sur la Fourche de Bob")."""
    colour = seen.get("colour")
    who = next((p for p, c in state.colours.items() if c == colour), None) if state is not None else None
    if who is not None:
        said = Text(f"{who}'s counter", f"un pion {places.of_player(who)}")
    elif isinstance(colour, str):
        said = Text(f"a {colour} counter", f"un pion {colour_fr(colour)}")
    else:
        said = Text("a counter", "un pion")
    if state is None or not seen.get("mm"):
        return said
    at = board_units(seen["mm"])
    near = [(math.dist(state.node_point(nid), at), index) for nid, index in state.board.node_card.items()]
    close = min(near, default=(SNAP + 1, 0))
    if close[0] > SNAP:
        return said
    return Text(f"{said.en} on {words[close[1]].en}", f"{said.fr} sur {words[close[1]].fr}")


def play_from_board(state: GameState | None, pieces: Mapping[str, Any]) -> dict[str, Any] | None:
    """The ``play_card`` event for the one card the camera sees that is not on the board yet, while a card is due;
    the ``place_counter`` event for the one new counter of the player's colour, while a counter is due; None when
    there is none, several, or the place is doubtful."""
    if state is not None and state.phase == COUNTER:
        return counter_from_board(state, pieces)
    if state is None or state.phase != CARD:
        return None
    new = [(name, seen) for name, seen in pieces.items()
           if seen.get("kind") == "card" and seen.get("status") == "seen" and name in state.deck]
    if len(new) != 1:
        return None
    name, seen = new[0]
    where = card_placement(seen)
    return None if where is None else {"type": "play_card", "card": name, **where}
