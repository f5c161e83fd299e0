"""Duels: who fights whom after a move, in which order, the rolls, ties, the loser's discard and the stars.

« Il y a duel quand deux carreaux entrent en contact et sont directement en face l'un de l'autre. »
"""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Verdict, verdict
from companion.words import colour_fr, colour_word

from . import rules
from .arena import in_front
from .die import rolled_colour
from .movement import chained, enemies_in_front, is_enemy, trapped
from .state import ADVANCED, ARENA, DISCARD, OVER, Duel, GameState, Piece
from .strike import strike


def start(state: GameState, mover: Piece, order: Any) -> list[Verdict]:
    """After a move: a duel against every enemy tile now in front of the moved tile, in the attacker's order."""
    pid = state.controller(mover)
    enemies = [p.id for p in enemies_in_front(state, pid, mover.cell, ignore=mover.id)]
    if not enemies:
        return []
    if order is not None:
        if not isinstance(order, list) or sorted(order) != sorted(enemies):
            raise rules.Illegal(rules.DUEL_ORDER, f"The order must list exactly the enemy tiles in front: "
                                f"{', '.join(sorted(enemies))}",
                                f"L’ordre doit nommer exactement les carreaux ennemis en face : "
                                f"{', '.join(sorted(enemies))}", [pid])
        enemies = list(order)
    ordered = order is not None
    state.duel = Duel(mover.id, enemies, enemies[0] if len(enemies) == 1 or ordered else None, ordered=ordered)
    names, names_fr = (", ".join(state.label(e, lang) for e in enemies) for lang in ("en", "fr"))
    out = [rules.info(rules.DUEL, f"{state.label(mover)} is face to face with {names}: duel!",
                      f"{state.label(mover, 'fr')} est face à face avec {names_fr} : duel !",
                      [p.id for p in state.players])]
    return out + _announce(state)


def _announce(state: GameState) -> list[Verdict]:
    duel = state.duel
    attacker = state.pieces[duel.attacker]
    pid = state.controller(attacker)
    if duel.defender is None:
        names, names_fr = (", ".join(state.label(t, lang) for t in duel.remaining) for lang in ("en", "fr"))
        return [rules.info(rules.DUEL_ORDER, f"{pid}: choose which of {names} to fight first",
                           f"{pid} : choisissez lequel de {names_fr} affronter d’abord", [pid])]
    (a_name, a_fr), (d_name, d_fr) = state.labels(attacker), state.labels(duel.defender)
    return [rules.info(rules.ROLL, f"Duel {a_name} against {d_name}: {pid} rolls the colour die first",
                       f"Duel {a_fr} contre {d_fr} : {pid} lance le dé de couleur en premier", [pid])]


def challenge(state: GameState, event: Mapping[str, Any]) -> list[Verdict]:
    duel = _need_duel(state)
    pid = state.controller(state.pieces[duel.attacker])
    if duel.defender is not None and duel.rolls:
        raise rules.Illegal(rules.DUEL_ORDER, f"The duel against {state.label(duel.defender)} is under way",
                            f"Le duel contre {state.label(duel.defender, 'fr')} est en cours", [pid])
    target = event["target"]
    if target not in duel.remaining:
        said, said_fr = state.labels(target) if target in state.pieces else (str(target),) * 2
        names, names_fr = (", ".join(state.label(t, lang) for t in duel.remaining) for lang in ("en", "fr"))
        raise rules.Illegal(rules.DUEL_ORDER, f"{said} is not one of the enemy tiles to fight ({names})",
                            f"{said_fr} n’est pas un des carreaux ennemis à affronter ({names_fr})", [pid])
    duel.remaining.remove(target)
    duel.remaining.insert(0, target)
    duel.defender = target
    return _announce(state)


def roll(state: GameState, event: Mapping[str, Any], options: Mapping[str, Any]) -> list[Verdict]:
    duel = _need_duel(state)
    if duel.defender is None:
        raise rules.Illegal(rules.DUEL_ORDER, "The attacker first chooses which enemy tile to fight",
                            "L’attaquant choisit d’abord quel carreau ennemi affronter")
    if len(duel.rolls) == 2:
        raise rules.Illegal(rules.ROLL, "Both players have rolled: compare the strike values",
                            "Les deux joueurs ont lancé : comparez les valeurs de frappe")
    roller = state.controller(state.pieces[duel.attacker if not duel.rolls else duel.defender])
    if event.get("player") is not None and event["player"] != roller:
        raise rules.Illegal(rules.ROLL, f"It is {roller}'s roll (the attacker rolls first, then the defender)",
                            f"C’est à {roller} de lancer (l’attaquant d’abord, puis le défenseur)", [roller])
    colour = rolled_colour(event, state.colours, options["die_reading"])
    duel.rolls.append(colour)
    out = [rules.info(rules.ROLL, f"{roller} rolls {colour}", f"{roller} obtient {colour_fr(colour)}", [roller])]
    if len(duel.rolls) == 2 and not options["duel_confirm"]:
        out += compare(state, options)
    return out


def compare(state: GameState, options: Mapping[str, Any]) -> list[Verdict]:
    """« Les deux joueurs comparent leur VALEUR DE FRAPPE. Le joueur qui obtient le chiffre le plus élevé gagne. »"""
    duel = _need_duel(state)
    if len(duel.rolls) != 2:
        raise rules.Illegal(rules.ROLL, "Both players roll before the strike values are compared",
                            "Les deux joueurs lancent avant de comparer les valeurs de frappe")
    attacker, defender = state.pieces[duel.attacker], state.pieces[duel.defender]
    a = strike(state, attacker, duel.rolls[0], options)
    d = strike(state, defender, duel.rolls[1], options)
    state.last_duel = {"attacker": a, "defender": d, "round": duel.rounds}
    (a_name, a_fr), (d_name, d_fr) = state.labels(attacker), state.labels(defender)
    text = f"{a_name} {_spell(a)} against {d_name} {_spell(d)}"
    text_fr = f"{a_fr} {_spell(a, 'fr')} contre {d_fr} {_spell(d, 'fr')}"
    everyone = [p.id for p in state.players]
    if a["total"] == d["total"]:
        duel.rolls, duel.rounds = [], duel.rounds + 1
        return [rules.info(rules.TIE, f"{text}: a tie, both roll again (attacker first)",
                           f"{text_fr} : égalité, on relance (l’attaquant d’abord)", everyone)]
    winner, loser = (attacker, defender) if a["total"] > d["total"] else (defender, attacker)
    state.last_duel["winner"] = winner.id
    won, won_fr = (a_name, a_fr) if winner is attacker else (d_name, d_fr)
    out = [rules.info(rules.DUEL, f"{text}: {won} wins", f"{text_fr} : {won_fr} gagne", everyone)]
    out += defeat(state, loser, winner)
    if state.phase == OVER:
        return out
    if loser is attacker:
        state.duel = None
        return out + _end_turn(state, options)
    duel.remaining.remove(defender.id)
    duel.defender, duel.rolls, duel.rounds = None, [], 1
    return out + next_opponent(state, options)


def next_opponent(state: GameState, options: Mapping[str, Any]) -> list[Verdict]:
    """Drop opponents no longer in the duel (defeated, trapped, turned ally); end the turn when none is left."""
    duel = state.duel
    attacker = state.pieces[duel.attacker]
    if attacker.status != ARENA or trapped(state, attacker) or chained(state, attacker):
        state.duel = None
        return _end_turn(state, options)
    pid = state.controller(attacker)
    keep = [r for r in duel.remaining if state.pieces[r].status == ARENA and is_enemy(state, pid, state.pieces[r])
            and in_front(attacker.cell, state.pieces[r].cell)]
    if duel.defender is not None and duel.defender not in keep:
        duel.defender, duel.rolls, duel.rounds = None, [], 1
    duel.remaining = keep
    if not keep:
        state.duel = None
        return _end_turn(state, options)
    if duel.defender is None and (len(keep) == 1 or duel.ordered):
        duel.defender = keep[0]
        return _announce(state)
    return _announce(state) if duel.defender is None else []


def defeat(state: GameState, loser: Piece, winner: Piece) -> list[Verdict]:
    """« Les carreaux monstres battus sont retirés de l'arène et placés dans l'ÉCART »; a beaten character ends
    the game."""
    owner = state.get_player(loser.owner)
    champion, beaten_side = state.controller(winner), state.controller(loser)
    loser.status, loser.cell = DISCARD, None
    owner.discard.append(loser.id)
    for action in state.in_play(target=loser.id):
        action.status = DISCARD
        state.get_player(action.owner).discard.append(action.id)
    if loser.is_character:
        from .turns import end_game
        return [verdict("elimination", rules.GAME_OVER, f"{state.label(loser)} is beaten: {owner.id} loses",
                        f"{state.label(loser, 'fr')} est battu : {owner.id} perd", [owner.id]),
                end_game(state, state.enemy_of(owner.id).id)]
    out = [rules.info(rules.DISCARD, f"{state.label(loser)} goes to {owner.id}'s discard pile",
                      f"{state.label(loser, 'fr')} va dans la pile d’écart de {owner.id}", [owner.id])]
    if state.level == ADVANCED and champion != beaten_side:
        gainer = state.get_player(champion)
        gainer.stars += 1
        out.append(rules.info(rules.STARS, f"{champion} takes 1 star from the bank ({gainer.stars} in the fund)",
                              f"{champion} prend 1 étoile à la banque ({gainer.stars} dans le fonds)", [champion]))
    return out


def _end_turn(state: GameState, options: Mapping[str, Any]) -> list[Verdict]:
    from .turns import end_turn
    return end_turn(state, options)


def _need_duel(state: GameState) -> Duel:
    if state.duel is None:
        raise rules.Illegal(rules.DUEL, "No duel is under way", "Aucun duel en cours")
    return state.duel


WORDS = {"en": {"character": "character", "element": "element", "team": "team", "actions": "actions"},
         "fr": {"character": "personnage", "element": "élément", "team": "équipe", "actions": "actions"}}


def _spell(parts: Mapping[str, Any], lang: str = "en") -> str:
    """'7 (yellow 5 +2 character)' — every part of a strike value; '4 (blue)' when no bonus adds to the value, the
    colour's value being the total itself."""
    colour = colour_word(parts["colour"], lang)
    bonuses = [f"+{parts[key]} {WORDS[lang][key]}" for key in ("character", "element", "team", "actions")
               if parts.get(key)]
    if not bonuses:
        return f"{parts['total']} ({colour})"
    return f"{parts['total']} ({colour} {parts.get('symbiosis', parts['printed'])} {' '.join(bonuses)})"
