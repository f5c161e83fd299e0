"""Launching action tiles (advanced level): timing, stars, and each glossary effect.

« Pour lancer une action, le joueur doit retourner le carreau action qu'il désire
activer et verser à la banque le nombre d'étoiles nécessaires » — and « ces
étoiles ne peuvent pas être récupérées, même si l'ennemi annule l'effet d'une
action par une autre action. »
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Verdict
from companion.words import of_fr, plural_en, plural_fr

from . import duel, rules
from .arena import distance
from .glossary import EXTREME, KINDS, TURNS_3, kind
from .movement import arena_piece
from .setup import home_facing
from .state import ADVANCED, ARENA, DISCARD, PLAY, ActionTile, GameState, Player
from .turns import check_can_move, discard_action


#: What a launch is refused for before its target is looked at (a phone offers a tile by these alone)
BEFORE_TARGET = frozenset({rules.SETUP_ACTIONS, rules.ACTION, rules.ACTION_TIMING, rules.ACTION_COST,
                           rules.SETUP_IDENTICAL})


def launch(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    player = state.get_player(event["player"])
    k = kind(event["action"])
    who = [player.id]
    if state.level != ADVANCED:
        raise rules.Illegal(rules.SETUP_ACTIONS, "Action tiles are played only at the advanced (collection) level",
                            "Les carreaux actions ne se jouent qu’au niveau avancé (jeu de collection)", who)
    if k.type == EXTREME and player is not state.player:
        raise rules.Illegal(rules.ACTION_TIMING, f"{k.en} is an extreme action: only on {player.id}'s own turn",
                            f"{k.fr} est une action extrême : seulement au tour {of_fr(player.id)}", who)
    _take_from_hand(state, player, k.id)
    if player.stars < k.cost:
        raise rules.Illegal(rules.ACTION_COST,
                            f"{k.en} costs {k.cost} {plural_en(k.cost, 'star')}; {player.id} has {player.stars}",
                            f"{k.fr} coûte {k.cost} {plural_fr(k.cost, 'étoile')} ; {player.id} en a "
                            f"{player.stars}", who)
    player.stars -= k.cost
    n = sum(1 for a in state.actions.values() if a.owner == player.id) + 1
    action = ActionTile(f"{player.id}-{k.id}-{n}", k.id, player.id, PLAY, launched_turn=state.turn)
    state.actions[action.id] = action
    en, fr = state.action_label(action)
    out = [rules.info(rules.ACTION, f"{player.id} launches {en}, paying {k.cost} {plural_en(k.cost, 'star')}: "
                      f"{k.effect_en}", f"{player.id} lance {fr} et paie {k.cost} {plural_fr(k.cost, 'étoile')} : "
                      f"{k.effect_fr}", who)]
    out += EFFECTS[k.id](state, player, action, event, options)
    if k.id == "energy_trap":   # « Pour le reste de ce tour de jeu ou jusqu'à ce que ce carreau action soit désarmé »
        action.ends_after_turn = state.turn if options["energy_trap_duration"] == "turn" else None
    elif k.duration == TURNS_3:
        action.ends_after_turn = state.turn + options["divine_chain_turns"]
    if state.duel is not None:
        out += duel.next_opponent(state, options)
    elif state.moved is None:
        out += check_can_move(state, options)
    return out


def _take_from_hand(state: GameState, player: Player, kind_id: str) -> None:
    launched = sum(1 for a in state.actions.values() if a.owner == player.id and a.kind == kind_id)
    if player.hand is None:
        if player.hand_count <= 0 or launched >= 2:
            raise rules.Illegal(rules.SETUP_IDENTICAL if launched >= 2 else rules.ACTION,
                                f"{player.id} has no {KINDS[kind_id].en} tile left in hand",
                                f"{player.id} n’a plus de carreau {KINDS[kind_id].fr} en main", [player.id])
    elif kind_id not in player.hand:
        raise rules.Illegal(rules.ACTION, f"{player.id} has no {KINDS[kind_id].en} tile in hand",
                            f"{player.id} n’a pas de carreau {KINDS[kind_id].fr} en main", [player.id])
    else:
        player.hand.remove(kind_id)
    player.hand_count -= 1


def _monster(state: GameState, event: Mapping[str, Any]):
    piece = arena_piece(state, event["target"])
    if piece.is_character:
        raise rules.Illegal(rules.ACTION_EFFECT, f"{state.label(piece)} is a character: this action targets a monster",
                            f"{state.label(piece, 'fr')} est un personnage : cette action vise un monstre")
    return piece


def _on_monster(state, player, action, event, options) -> list[Verdict]:
    action.target = _monster(state, event).id
    return []


def _disarm(state, player, action, event, options) -> list[Verdict]:
    """« Désarme 1 carreau action lancé, annulant son effet. »"""
    target = state.actions.get(event["target"]) if isinstance(event["target"], str) else None
    if target is None or target.status != PLAY or target is action:
        raise rules.Illegal(rules.ACTION_EFFECT, f"{event['target']!r} is not a launched action tile in play",
                            f"{event['target']!r} n’est pas un carreau action lancé en jeu", [player.id])
    discard_action(state, target.id)
    discard_action(state, action.id)
    en, fr = state.action_label(target)
    return [rules.info(rules.ACTION_EFFECT, f"{en} is disarmed and goes to {target.owner}'s discard pile",
                       f"{fr} est désarmé et va dans la pile d’écart de {target.owner}", [target.owner])]


def _barrier(state, player, action, event, options) -> list[Verdict]:
    """« Le joueur place ce carreau sur une case libre de l'arène comme mur permanent. »"""
    cell = state.arena.parse(event["cell"])
    if state.occupant(cell) is not None:
        raise rules.Illegal(rules.ACTION_EFFECT, f"{event['cell']} is not free", f"{event['cell']} n’est pas libre",
                            [player.id])
    action.cell = cell
    return []


def _power_theft(state, player, action, event, options) -> list[Verdict]:
    """« Quand cette action est lancée, le joueur vole une Étoile du fonds de l'ennemi et la place dans son fonds. »"""
    enemy = state.enemy_of(player.id)
    if enemy.stars < 1:
        raise rules.Illegal(rules.ACTION_EFFECT, f"{enemy.id} has no star to steal", f"{enemy.id} n’a aucune étoile "
                            f"à voler", [player.id])
    enemy.stars -= 1
    player.stars += 1
    discard_action(state, action.id)
    return [rules.info(rules.ACTION_EFFECT, f"{player.id} steals a star from {enemy.id}",
                       f"{player.id} vole une étoile à {enemy.id}", [player.id, enemy.id])]


def _genesis(state, player, action, event, options) -> list[Verdict]:
    """« Le joueur peut ramener sur l'arène n'importe quel carreau monstre qui se trouve dans sa pile d'écart. Ce
    carreau doit être placé à deux cases de son carreau personnage et il peut être utilisé immédiatement si désiré. »"""
    piece = state.piece(event["tile"], on_arena=False)
    if piece.status != DISCARD or piece.owner != player.id or piece.is_character:
        raise rules.Illegal(rules.ACTION_EFFECT, f"{state.label(piece)} is not a monster in {player.id}'s discard pile",
                            f"{state.label(piece, 'fr')} n’est pas un monstre de la pile d’écart de {player.id}",
                            [player.id])
    cell = state.arena.parse(event["cell"])
    reach, away = options["genesis_range"], distance(cell, state.character_of(player.id).cell)
    exactly = options["genesis_distance"] == "exactly"
    if state.occupant(cell) is not None or away > reach or (exactly and away != reach):
        far_en, far_fr = (f"exactly {reach}", f"à exactement {reach}") if exactly else (f"within {reach}",
                                                                                          f"à {reach} au plus")
        raise rules.Illegal(rules.ACTION_EFFECT, f"{event['cell']} must be free and {far_en} cells of "
                            f"{player.id}'s character", f"{event['cell']} doit être libre et {far_fr} cases "
                            f"du personnage de {player.id}", [player.id])
    piece.status, piece.cell, piece.facing = ARENA, cell, home_facing(player.side)
    player.discard.remove(piece.id)
    discard_action(state, action.id)
    return [rules.info(rules.ACTION_EFFECT, f"{state.label(piece)} comes back on {event['cell']}",
                       f"{state.label(piece, 'fr')} revient en {event['cell']}", [player.id])]


def _sandstorm(state, player, action, event, options) -> list[Verdict]:
    """« Désarme tous les carreaux actions de l'ennemi qui sont en jeu. »"""
    enemy = state.enemy_of(player.id)
    gone = [a for a in state.in_play() if a.owner == enemy.id]
    names = [state.action_label(a) for a in gone]
    for a in gone:
        discard_action(state, a.id)
    discard_action(state, action.id)
    return [rules.info(rules.ACTION_EFFECT, f"Sandstorm disarms {', '.join(en for en, _ in names) or 'nothing'}",
                       f"Tempête de sable désarme {', '.join(fr for _, fr in names) or 'rien'}", [enemy.id])]


def _zombie(state, player, action, event, options) -> list[Verdict]:
    """« Le joueur place ce carreau sur le dessus de n'importe quel carreau de l'ennemi. Pendant ce tour de jeu, il
    contrôle ce carreau, qui devient un carreau allié au joueur qui a lancé une action Zombie. »"""
    piece = arena_piece(state, event["target"], [player.id])
    if state.controller(piece) == player.id or piece.owner == player.id:
        raise rules.Illegal(rules.ACTION_EFFECT, f"{state.label(piece)} is not an enemy tile",
                            f"{state.label(piece, 'fr')} n’est pas un carreau ennemi", [player.id])
    if piece.is_character and options["zombie_targets"] == "monsters_only":
        raise rules.Illegal(rules.ACTION_EFFECT, "Zombie takes only monsters (this game's option)",
                            "Zombie ne prend que des monstres (option de cette partie)", [player.id])
    if state.moved == piece.id or (state.duel and piece.id in (state.duel.attacker, *state.duel.remaining)):
        raise rules.Illegal(rules.ACTION_EFFECT, f"{state.label(piece)} is in the move or duel of this turn",
                            f"{state.label(piece, 'fr')} participe au déplacement ou au duel de ce tour", [player.id])
    action.target = piece.id
    return []


EFFECTS = {
    "disarm": _disarm, "mystic_barrier": _barrier, "symbiosis": _on_monster, "setting_sun": _on_monster,
    "power_theft": _power_theft, "energy_trap": _on_monster, "genesis": _genesis, "divine_chain": _on_monster,
    "sandstorm": _sandstorm, "earth_fist": _on_monster, "star_blast": _on_monster, "zombie": _zombie,
}
