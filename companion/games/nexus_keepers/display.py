"""What a board drawing needs from a Nexus Keepers game: tiles, portals, keepers, the dice grouped by what they allow.

Read-only and plain JSON, so the phone draws the board from the engine's words rather than its internals.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Mapping

from .board import DEFAULT_TERRAIN, ORTHOGONAL
from .cards import example_cards
from .state import GameState

#: The terrains a setup may name (the cards' favoured/unfavoured terrains, and plain ground).
TERRAINS = ("plain", "volcano", "ice", "water", "mountain")


def setup_choices() -> dict[str, Any]:
    """What a setup screen offers: the shipped cards, terrains, unfolding directions."""
    terrains = set(TERRAINS)
    cards = []
    for card in example_cards().values():
        terrains.update(t for t in (card.favoured, card.unfavoured) if t)
        cards.append({"id": card.id, "name": dict(card.name), "power_dice": card.power_dice,
                      "favoured": card.favoured, "unfavoured": card.unfavoured,
                      "faces": {str(v): list(a) for v, a in sorted(card.faces.items())}})
    ordered = [t for t in TERRAINS if t in terrains] + sorted(terrains - set(TERRAINS))
    return {"cards": cards, "terrains": ordered, "directions": list(ORTHOGONAL), "default_terrain": DEFAULT_TERRAIN}


def board_json(state: GameState) -> dict[str, Any]:
    """Every cube in play with its tiles, terrain and Portal side, and each keeper's card, team and place."""
    cubes = [c.to_json() for c in state.board.cubes]
    keepers = [{"id": p.id, "team": p.team, "card": dict(p.card.name), "status": p.status,
                "cell": list(p.cell) if p.cell else None, "power_left": p.power_left, "reserve": p.reserve,
                "favoured": p.card.favoured, "unfavoured": p.card.unfavoured}
               for p in state.players.values()]
    return {"cubes": cubes, "keepers": keepers, "order": state.order()}


def dice_groups(state: GameState) -> list[dict[str, Any]]:
    """The final dice grouped by face, each with the actions the active card gives a group of it.

    A group allows its actions when it holds two or more dice and the face is not a 1
    (« les résultats de 1 ne correspondent jamais à une action »).
    """
    turn = state.turn
    if turn.phase not in ("rolling", "acted") or turn.player not in state.players:
        return []
    card = state.players[turn.player].card
    counts = Counter(turn.final_values)
    groups = []
    for value in sorted(counts):
        actions = list(card.actions_for(value)) if value != 1 else []
        groups.append({"value": value, "count": counts[value], "actions": actions,
                       "usable": bool(actions) and counts[value] >= 2, "steps": max(0, counts[value] - 1)})
    return groups


def reservable(state: GameState) -> list[int]:
    """Faces with a double among the final dice (a die of an unused double may wait on the card)."""
    counts = Counter(state.turn.final_values)
    return sorted(v for v, n in counts.items() if n >= 2)


def display(state: GameState, options: Mapping[str, Any]) -> dict[str, Any]:
    """The extra summary fields a board view draws from."""
    return {"board": board_json(state), "dice_groups": dice_groups(state),
            "reservable": reservable(state) if state.turn.phase in ("rolling", "acted") else [],
            "rerolls_done": state.turn.rerolls_done, "acted": state.turn.acted}
