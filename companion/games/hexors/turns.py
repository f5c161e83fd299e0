"""Turn changes, what expires with a turn, the player who cannot move, and the end of the game.

« Le tour se termine quand le joueur a fini de déplacer son carreau sans avoir
touché un carreau ennemi, ou une fois que le duel a pris fin. »
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Verdict, verdict
from companion.words import won

from . import rules
from .glossary import FLASH, KINDS
from .movement import can_move
from .state import ADVANCED, DISCARD, OVER, GameState


def end_game(state: GameState, winner: str) -> Verdict:
    loser = state.enemy_of(winner).id
    result = verdict("win", rules.WIN, *won([winner]), [winner])
    state.phase, state.duel = OVER, None
    state.outcome = {**result.to_json(), "winner": winner, "loser": loser}
    return result


def discard_action(state: GameState, action_id: str) -> None:
    action = state.actions[action_id]
    action.status = DISCARD
    state.get_player(action.owner).discard.append(action.id)


def _expire(state: GameState, options: Mapping[str, Any]) -> list[Verdict]:
    """« À moins d'indication contraire, ce type d'action n'a d'effet que pendant le tour de jeu où il est lancé,
    et ce carreau doit être mis dans la pile de l'écart une fois le tour de jeu terminé. »"""
    out = []
    for action in state.in_play():
        flash_over = KINDS[action.kind].type == FLASH and action.ends_after_turn is None
        if flash_over or (action.ends_after_turn is not None and action.ends_after_turn <= state.turn):
            discard_action(state, action.id)
            en, fr = state.action_label(action)
            out.append(rules.info(rules.ACTION, f"{en} ends and goes to {action.owner}'s discard pile",
                                  f"{fr} prend fin et va dans la pile d’écart de {action.owner}", [action.owner]))
    return out


def end_turn(state: GameState, options: Mapping[str, Any]) -> list[Verdict]:
    out = _expire(state, options)
    state.turn += 1
    state.current = (state.current + 1) % len(state.players)
    state.moved, state.duel = None, None
    pid = state.player.id
    out.append(rules.info(rules.TURN, f"Turn {state.turn}: {pid} moves a tile", f"Tour {state.turn} : {pid} "
                          f"déplace un carreau", [pid]))
    return out + check_can_move(state, options)


def could_launch(state: GameState) -> bool:
    """Whether the player could still launch an action tile (which might free a move): one in hand that its fund
    pays for (« ils doivent avoir suffisamment d'étoiles dans leur fonds pour les payer »); a hidden hand's kinds
    are unknown, so any tile left and a star."""
    player = state.player
    if state.level != ADVANCED:
        return False
    if player.hand is None:
        return player.stars > 0 and player.hand_count > 0
    return any(KINDS[k].cost <= player.stars for k in player.hand)


def check_can_move(state: GameState, options: Mapping[str, Any]) -> list[Verdict]:
    """« Le joueur doit toujours déplacer son carreau personnage ou un carreau monstre à chacun de ses tours de jeu.
    S'il en est incapable, il perd la partie. »"""
    if state.phase == OVER or can_move(state, state.player.id, options):
        return []
    pid = state.player.id
    if could_launch(state):
        return [rules.warning(rules.CANNOT_MOVE, f"{pid} has no legal move: launch an action that frees one, or "
                              f"send \"cannot_move\" to lose the game",
                              f"{pid} n’a aucun déplacement légal : lancez une action qui en libère un, ou "
                              f"envoyez « cannot_move » pour perdre la partie", [pid])]
    return lose_blocked(state)


def lose_blocked(state: GameState) -> list[Verdict]:
    pid = state.player.id
    out = [verdict("elimination", rules.CANNOT_MOVE, f"{pid} cannot move any tile and loses",
                   f"{pid} ne peut déplacer aucun carreau et perd la partie", [pid])]
    return out + [end_game(state, state.enemy_of(pid).id)]


def cannot_move(state: GameState, options: Mapping[str, Any]) -> list[Verdict]:
    """The player accepts the loss when no move is left (checked)."""
    if state.duel is not None or state.moved is not None:
        raise rules.Illegal(rules.CANNOT_MOVE, "The player has already moved this turn",
                            "Le joueur a déjà déplacé un carreau ce tour-ci")
    if can_move(state, state.player.id, options):
        raise rules.Illegal(rules.CANNOT_MOVE, f"{state.player.id} still has a legal move",
                            f"{state.player.id} a encore un déplacement légal", [state.player.id])
    return lose_blocked(state)
