"""The phone's picture of the game: cells, tiles with owner/facing/strike values, whose turn, the duel, legal moves."""

from __future__ import annotations

from typing import Any, Mapping

from companion.words import fact, plural_en, plural_fr

from .arena import DIRECTION_NAMES, Arena
from .display import setup_choices, strike_parts
from .glossary import KINDS
from .movement import chained, legal_moves, trapped
from .state import ARENA, GameState


def _cells(state: GameState) -> list[dict[str, Any]]:
    """Each cell's name and centre; ``start_of`` only on a grey starting cell (the player's): a null on each of the
    other cells would be about 1 KB of every live event on the book's 7 x 9 arena."""
    grey = {c: i for i, side in enumerate(state.start_cells) for c in side}
    out = []
    for cell in state.arena.cells():
        name = state.arena.name(cell)
        x, y = Arena.centre(cell)
        grey_of = {"start_of": state.players[grey[name]].id} if name in grey else {}
        out.append({"cell": name, "x": x, "y": y} | grey_of)
    return out


def _beaten(state: GameState) -> dict[str, str] | None:
    """The loser's character beaten in a duel, by name: what ended the game; None while playing, or when the loser
    could not move."""
    if not state.outcome:
        return None
    beaten = [p for p in state.pieces.values()
              if p.owner == state.outcome["loser"] and p.is_character and p.status != ARENA]
    return dict(zip(("en", "fr"), state.labels(beaten[0]))) if beaten else None


def _action_name(state: GameState, action) -> dict[str, str]:
    en, fr = state.action_label(action)
    return {"en": en, "fr": fr}


def _tile(state: GameState, piece) -> dict[str, Any]:
    """A tile as drawn: each face's strike value and colour, ``[value, colour]``, listed by the direction it points
    on the arena (a list, not an object with its two keys: 60 faces on the book's starter set, every live event).
    ``trapped``, ``chained`` and ``effects`` only when so (true, or the actions on it): most tiles, most turns, are
    free, and every live event carries every tile."""
    faces = {DIRECTION_NAMES[(piece.facing + i) % 6]: [f.value, f.colour]
             for i, f in enumerate(piece.tile.faces)}
    effects = [a.id for a in state.in_play(target=piece.id)]
    held = {"trapped": trapped(state, piece) is not None, "chained": chained(state, piece), "effects": effects}
    return {"id": piece.id, "name": piece.tile.name, "name_fr": piece.tile.named("fr"), "kind": piece.tile.kind,
            "owner": piece.owner,
            "controller": state.controller(piece), "cell": state.arena.name(piece.cell),
            "facing": DIRECTION_NAMES[piece.facing], "faces": faces, "element": piece.tile.element,
            "attack_bonus": piece.tile.attack_bonus} | {k: v for k, v in held.items() if v}


def summary(state: GameState | None, options: Mapping[str, Any]) -> dict[str, Any]:
    if state is None:
        # the phone's Game details say it in words, in the page's language (an English "message" showed in French)
        return {"phase": "setup", "facts": [fact("Setting up: each player's tiles on the arena",
                                                 "Mise en place : les carreaux de chaque joueur sur l’arène")],
                "arena": {"columns": options["arena_columns"], "rows": options["arena_rows"]},
                "setup": setup_choices(options)}
    duel = None
    if state.duel is not None:
        d = state.duel
        roller = None
        if d.defender is not None and len(d.rolls) < 2:
            roller = state.controller(state.pieces[d.attacker if not d.rolls else d.defender])
        duel = {"attacker": d.attacker, "defender": d.defender, "remaining": list(d.remaining),
                "rolls": list(d.rolls), "round": d.rounds, "next_roll_by": roller,
                "choose_opponent": d.defender is None}
        if d.defender is not None:
            # Strike values for each colour, so the phone can show both sides before the die settles.
            parts = strike_parts(state, options)
            duel["strike_by_colour"] = {side: {c: p["total"] for c, p in by_colour.items()}
                                        for side, by_colour in parts.items()}
            # each colour's parts without the tile and colour its place names already (12 of each, every event)
            duel["strike_parts"] = {side: {c: {k: v for k, v in p.items() if k not in ("tile", "colour")}
                                           for c, p in by_colour.items()}
                                    for side, by_colour in parts.items()}
    playing = state.phase == "playing" and state.duel is None and state.moved is None
    return {
        "phase": state.phase, "level": state.level, "turn": state.player.id, "turn_number": state.turn,
        "arena": {"columns": state.arena.columns, "rows": state.arena.rows, "cells": _cells(state),
                  "directions": list(DIRECTION_NAMES)},
        "colours": list(state.colours),
        "tiles": [_tile(state, p) for p in state.pieces.values() if p.status == ARENA],
        "labels": {pid: dict(zip(("en", "fr"), state.labels(p))) for pid, p in state.pieces.items()},  # discarded too
        "walls": [{"id": a.id, "kind": a.kind, "owner": a.owner, "cell": state.arena.name(a.cell)}
                  for a in state.in_play() if a.cell is not None],
        "actions_in_play": [{"id": a.id, "kind": a.kind, "name": {"en": KINDS[a.kind].en, "fr": KINDS[a.kind].fr},
                             "owner": a.owner, "target": a.target} for a in state.in_play()],
        "action_labels": {a.id: _action_name(state, a) for a in state.actions.values()},  # discarded ones too
        "action_names": {k: {"en": v.en, "fr": v.fr} for k, v in KINDS.items()},  # what the history's launches say
        "action_kinds": {k: {"type": v.type, "cost": v.cost, "target": v.target} for k, v in KINDS.items()},
        "players": [{"id": p.id, "side": p.side, "stars": p.stars, "actions_in_hand": p.hand_count,
                     "hand": list(p.hand) if p.hand is not None else None,  # None: kept hidden (choice H1)
                     "discard": list(p.discard)} for p in state.players],
        "duel": duel, "last_duel": state.last_duel,
        "legal_moves": legal_moves(state, state.player.id, options) if playing else [],
        "outcome": state.outcome,
        "beaten": _beaten(state),
        "facts": facts(state),
    }


def facts(state: GameState) -> list[dict[str, str]]:
    """The game's details in words (the phone's "Game details"): turn, level, each player's stars and hand."""
    advanced = state.level == "advanced"
    out = [fact(f"Turn {state.turn}: {state.player.id}", f"Tour {state.turn} : {state.player.id}"),
           fact("Advanced level", "Niveau avancé") if advanced else fact("Beginner level", "Niveau débutant")]
    if advanced:
        for p in state.players:
            n, k = p.stars, p.hand_count
            out.append(fact(f"{p.id}: {n} {plural_en(n, 'star')}, {k} action {plural_en(k, 'tile')} in hand",
                            f"{p.id} : {n} {plural_fr(n, 'étoile')}, {k} {plural_fr(k, 'carreau', 'carreaux')} "
                            f"{plural_fr(k, 'action')} en main"))
    return out
