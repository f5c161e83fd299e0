"""A tile's strike value in a duel, spelled out: the printed number for the rolled colour plus every bonus."""

from __future__ import annotations

from typing import Any, Mapping

from .arena import in_front
from .glossary import STRIKE_BONUS
from .movement import chained, is_ally
from .state import ADVANCED, GameState, Piece


def team_bonus(state: GameState, piece: Piece) -> int:
    """« Lors de duel, tout carreau d'une équipe ajoute 1 point à sa valeur de frappe. Quelque soit le nombre de
    carreaux formant une équipe, la prime est toujours de 1 point. » Characters get none (they have their own bonus)."""
    if piece.is_character or chained(state, piece):
        return 0
    pid = state.controller(piece)
    for _d, cell in state.arena.neighbours(piece.cell):
        if is_ally(state, pid, state.occupant(cell)):
            return 1
    return 0


def element_bonus(state: GameState, piece: Piece) -> int:
    """« le joueur doit faire correspondre la couleur de l'élément de son monstre avec le chiffre de la même couleur
    de son carreau personnage, puis additionner ce chiffre à la valeur de frappe du monstre. »"""
    if piece.is_character or chained(state, piece):
        return 0
    character = state.character_of(state.controller(piece))
    return character.tile.value_for(piece.tile.element)


def symbiosis_value(state: GameState, piece: Piece, colour: str, options: Mapping[str, Any]) -> int | None:
    """« Le carreau monstre touché peut utiliser la plus grosse valeur de frappe de n'importe quel monstre allié
    avec lequel il est en contact, directement face à lui. »"""
    if not state.in_play("symbiosis", piece.id):
        return None
    pid = state.controller(piece)
    best = None
    for other in state.on_arena():
        if other is piece or other.is_character or not in_front(piece.cell, other.cell):
            continue
        if not is_ally(state, pid, other):
            continue
        value = other.tile.highest if options["symbiosis_value"] == "highest_face" else other.tile.value_for(colour)
        best = value if best is None else max(best, value)
    return best


def strike(state: GameState, piece: Piece, colour: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """The strike value with its parts, as the phone shows it."""
    printed = piece.tile.value_for(colour)
    parts: dict[str, Any] = {"tile": piece.id, "colour": colour, "printed": printed}
    base = printed
    borrowed = symbiosis_value(state, piece, colour, options)
    if borrowed is not None and borrowed > printed:
        parts["symbiosis"] = borrowed
        base = borrowed
    bonus = 0
    if piece.is_character:
        parts["character"] = piece.tile.attack_bonus if state.level == ADVANCED else options["character_bonus"]
        bonus += parts["character"]
    if state.level == ADVANCED and not piece.is_character:
        parts["element"] = element_bonus(state, piece)
        parts["team"] = team_bonus(state, piece)
        actions = sum(STRIKE_BONUS.get(a.kind, 0) for a in state.in_play(target=piece.id))
        if actions:
            parts["actions"] = actions
        bonus += parts["element"] + parts["team"] + actions
    parts["total"] = base + bonus
    return parts
