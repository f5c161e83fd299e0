"""What a board drawing needs from a Tesseract game: the tower from above, revealed symbols, cards, what an event asks.

Read-only plain JSON, so the phone draws from the engine's words rather than its internals.
"""

from __future__ import annotations

from typing import Any

from companion.words import fact, plural_en, plural_fr

from . import bases
from .cube import COLUMNS, CUBES_PER_COLOUR, MAX_LEVELS
from .events import ROW_BONUS
from .flow import MAX_BREACHES
from .state import GameState

#: What each waiting event needs from the players, in the "resolve" event's own field names.
NEEDS: dict[str, tuple[str, ...]] = {
    bases.ACCELERATION: ("column",),
    bases.SHIELD: ("color", "rolled"),
    bases.CHAIN_REACTION: ("column", "rolled"),
    bases.FISSION: ("column", "rolled", "destroyed", "destroyed_rolled"),
    bases.ELECTROSTATIC_DISCHARGE: ("spared", "rolls"),
    bases.ELECTROMAGNETIC_PULSE: ("rolls",),
    bases.INTERPHASE: (),
    bases.SHOCK_WAVE: (),
    ROW_BONUS: ("cube", "column", "rolled"),
}
#: What a phone asks, in order, to compose each keyword's effect (« MOTS CLÉS »), as ``field:kind``; ``a|b`` is
#: either. Kinds: ``cube`` a lab's or primed cube (sets ``zone``, ``cube`` and ``lab``), ``removable`` a removable
#: column, ``column`` one under 4 levels, ``destroyed`` a destroyed cube, ``value`` 1–6, ``delta`` ±1, ``lab`` a
#: scientist's lab, ``level`` 2–4. The engine checks the effect against the table when the card is played.
KEYWORDS: dict[str, list[str]] = {
    "calibrate": ["cube:cube", "delta:delta"],
    "destroy": ["cube:cube|column:removable"],
    "reprogram": ["cube:cube", "to:value"],
    "invert": ["cube:cube"],
    "reroll": ["cube:cube", "rolled:value"],
    "restructure": ["from:removable", "to:column"],
    "take": ["column:removable", "lab:lab"],
    "confine": ["cube:cube"],
    "return": ["cube:destroyed", "column:column", "rolled:value"],
    "draw": ["level:level"],
}
ROW_BONUS_NAME = {"en": "Complete row", "fr": "Ligne complète"}
ROW_BONUS_TEXT = {"en": "choose a destroyed cube, roll it and place it on the Tesseract",
                  "fr": "prenez un cube détruit, lancez-le et posez-le sur le Tesseract"}


def tower(state: GameState) -> list[dict[str, Any]]:
    """Each column seen from above: its height, top cube, whether that cube is removable, its base symbol."""
    tess = state.tesseract
    lowest = set(tess.lowest_removable())
    out = []
    for name in COLUMNS:
        top = tess.top(name)
        symbol = state.layout.get(name)
        out.append({"column": name, "height": tess.height(name), "top": top.to_json() if top else None,
                    "removable": bool(top) and tess.is_removable(name), "lowest": name in lowest,
                    # a symbol is seen once its column is empty (« dès qu'il est révélé »)
                    "symbol": symbol if symbol and tess.height(name) == 0 else None,
                    "symbol_name": bases.event_name(symbol).to_json() if symbol and tess.height(name) == 0 else None})
    return out


def pending(state: GameState) -> list[dict[str, Any]]:
    """The events waiting for the players, with what each needs and the choices it allows."""
    out = []
    for item in state.pending:
        kind = item["event"]
        if kind == ROW_BONUS:
            name, text = ROW_BONUS_NAME, ROW_BONUS_TEXT
        else:
            name, text = bases.EVENTS[kind][0].to_json(), bases.EVENTS[kind][1].to_json()
        entry: dict[str, Any] = {"event": kind, "name": name, "text": text, "needs": list(NEEDS.get(kind, ())),
                                 "columns": state.tesseract.lowest_removable()}
        if kind == ROW_BONUS:
            entry["columns"] = [c for c in COLUMNS if state.tesseract.height(c) < MAX_LEVELS]
        if kind == bases.SHIELD and state.zone.cubes:
            low = min(c.value for c in state.zone.cubes)
            entry["colors"] = sorted({c.color for c in state.zone.cubes if c.value == low})
        out.append(entry)
    return out


def levels(state: GameState) -> list[list[dict[str, Any]]]:
    """The tower level by level, the bottom one first, each its 16 columns in order (a1, a2 ... d4) with the cube
    there or None: what players build from, or check their tower against."""
    stacks = state.tesseract.columns
    return [[{"column": name, "cube": stacks[name][level].to_json() if len(stacks[name]) > level else None}
             for name in COLUMNS] for level in range(MAX_LEVELS)]


def short_moves(moved: list[dict[str, Any]]) -> list[list[Any]]:
    """``last_moved`` as the summary sends it, each change a short list: ``[how, where, colour, value]`` (where: the
    column, or the zone a destroyed cube left), then the scientist whose lab it was when named: about half the bytes
    of objects repeating their keys for every cube, in every live event."""
    return [[m["how"], m.get("column") or m["zone"], m["cube"]["color"], m["cube"]["value"]]
            + ([m["scientist"]] if m.get("scientist") else []) for m in moved]


def moved_changes(sent: list[list[Any]]) -> list[dict[str, Any]]:
    """What ``short_moves`` was given, from what it made (for readers of a summary: tests, tools)."""
    out = []
    for how, where, colour, value, *scientist in sent:
        change = {"cube": {"color": colour, "value": value}, "how": how}
        change |= {"zone": where} if how == "destroyed" else {"column": where}
        out.append(change | ({"scientist": scientist[0]} if scientist else {}))
    return out


def display(state: GameState) -> dict[str, Any]:
    """The extra summary fields a board view draws from."""
    board = state.board
    return {
        "colours": list(state.colours), "scientists": list(state.scientists), "lab_slots": state.lab_slots,
        "base": state.base, "tower": tower(state), "levels": levels(state), "max_levels": MAX_LEVELS,
        "removable": state.tesseract.removable(),
        "confinement": {"revealed": sorted(board.revealed), "unlocked": sorted(board.unlocked),
                        "played": sorted(board.played), "rows_done": sorted(board.rows_done), "size": board.size},
        "destroyed": [c.to_json() for c in state.destroyed],  # in the order destroyed, the newest last
        "last_moved": short_moves(state.last_moved),
        "waiting": pending(state),
        "keywords": KEYWORDS,
        "primed_this_phase": state.primed_this_phase,
    }


def facts(state: GameState) -> list[dict[str, str]]:
    """The game's details in words (the phone's "Game details")."""
    n, cubes, confined = state.actions_left, state.tesseract.count(), len(state.board.filled)
    out = [fact(f"Turn {state.turn + 1}: {state.scientist}", f"Tour {state.turn + 1} : {state.scientist}")]
    if state.phase == "action":
        out.append(fact(f"{n} {plural_en(n, 'action')} left",
                        f"{n} {plural_fr(n, 'action')} {plural_fr(n, 'restante')}"))
    b = state.breaches
    out += [fact(f"{b} of {MAX_BREACHES} breaches", f"{b} {plural_fr(b, 'brèche')} sur {MAX_BREACHES}"),
            fact(f"{cubes} {plural_en(cubes, 'cube')} in the Tesseract",
                 f"{cubes} {plural_fr(cubes, 'cube')} dans le Tesseract"),
            fact(f"{confined} of {state.board.size} cubes confined", f"{confined} {plural_fr(confined, 'cube')} "
                 f"{plural_fr(confined, 'confiné')} sur {state.board.size}")]
    if state.destroyed:
        k = len(state.destroyed)
        out.append(fact(f"{k} {plural_en(k, 'cube')} destroyed",
                        f"{k} {plural_fr(k, 'cube')} {plural_fr(k, 'détruit')}"))
    return out


def setup_choices(colours: list[str] | None = None) -> dict[str, Any]:
    """What a setup screen offers: the bases, the number of scientists, and what a tower built at the table holds
    (the box's dice: ``per_colour`` of each of the game's colours, stacked ``max_levels`` high on the 16 columns)."""
    return {"bases": list(bases.BASES), "players": [1, 2, 3, 4], "colours": list(colours or []),
            "per_colour": CUBES_PER_COLOUR, "columns": list(COLUMNS), "max_levels": MAX_LEVELS}
