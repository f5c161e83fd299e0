"""The action tiles of the GLOSSAIRE DES ACTIONS, as data: type, star cost, target, duration.

« Action éclair … Une action éclair peut être lancée n'importe quand, même si
ce n'est pas le tour de jeu du joueur qui le lance. »
« Action extrême … Un joueur ne peut tendre ce type d'action qu'à son tour de jeu. »
"""

from __future__ import annotations

from dataclasses import dataclass

FLASH, EXTREME = "flash", "extreme"

# targets
NONE, CELL, MONSTER, ENEMY_TILE, ACTION_TILE, DISCARDED_MONSTER = (
    "none", "cell", "monster", "enemy_tile", "action", "discarded_monster")

# how long the tile stays in play
INSTANT, TURN, UNTIL_DISARMED, TURNS_3 = "instant", "turn", "until_disarmed", "three_turns"


@dataclass(frozen=True)
class ActionKind:
    id: str
    fr: str
    en: str
    type: str
    cost: int
    target: str
    duration: str
    effect_en: str
    effect_fr: str


KINDS: dict[str, ActionKind] = {k.id: k for k in (
    ActionKind("disarm", "Désarmement", "Disarm", FLASH, 1, ACTION_TILE, INSTANT,
               "disarms one launched action tile", "désarme 1 carreau action lancé"),
    ActionKind("mystic_barrier", "Barrière mystique", "Mystic barrier", EXTREME, 1, CELL, UNTIL_DISARMED,
               "a permanent wall on a free cell, allied to its player", "mur permanent sur une case libre, allié"),
    ActionKind("symbiosis", "Symbiose", "Symbiosis", FLASH, 1, MONSTER, TURN,
               "the monster may use the highest strike value of an allied monster in front of it",
               "le monstre peut utiliser la plus grosse valeur de frappe d’un monstre allié en face de lui"),
    ActionKind("setting_sun", "Soleil couchant", "Setting sun", FLASH, 1, MONSTER, TURN,
               "+3 strike value this turn", "+3 à la valeur de frappe pendant ce tour"),
    ActionKind("power_theft", "Vol de puissance", "Power theft", FLASH, 1, NONE, INSTANT,
               "steals one star from the enemy's fund", "vole une étoile du fonds de l’ennemi"),
    ActionKind("energy_trap", "Coince-énergie", "Energy trap", EXTREME, 2, MONSTER, TURN,
               "the monster cannot move, attack or be attacked; an allied wall for the launcher",
               "le monstre ne peut pas bouger, attaquer ou être attaqué ; mur allié pour le lanceur"),
    ActionKind("genesis", "Genèse", "Genesis", EXTREME, 2, DISCARDED_MONSTER, INSTANT,
               "brings a monster back from the discard pile near the character",
               "ramène un monstre de l’écart près du carreau personnage"),
    ActionKind("divine_chain", "Chaîne divine", "Divine chain", EXTREME, 2, MONSTER, TURNS_3,
               "for the next 3 turns the monster cannot move or attack, and defends without element or team bonus",
               "pendant 3 tours le monstre ne peut bouger ni attaquer, et se défend sans prime d’élément ni d’équipe"),
    ActionKind("sandstorm", "Tempête de sable", "Sandstorm", EXTREME, 2, NONE, INSTANT,
               "disarms all the enemy's action tiles in play", "désarme tous les carreaux actions de l’ennemi en jeu"),
    ActionKind("earth_fist", "Poing de terre", "Earth fist", FLASH, 2, MONSTER, TURN,
               "+7 strike value this turn", "+7 à la valeur de frappe pendant ce tour"),
    ActionKind("star_blast", "Explosion d’étoiles", "Star blast", EXTREME, 3, MONSTER, UNTIL_DISARMED,
               "+3 strike value for the rest of the game", "+3 à la valeur de frappe pour le reste de la partie"),
    ActionKind("zombie", "Zombie", "Zombie", FLASH, 3, ENEMY_TILE, TURN,
               "controls an enemy tile for this turn", "contrôle un carreau de l’ennemi pendant ce tour"),
)}

#: strike bonus each kind adds to the monster it sits on
STRIKE_BONUS = {"setting_sun": 3, "earth_fist": 7, "star_blast": 3}


def kind(name: object) -> ActionKind:
    if not isinstance(name, str) or name not in KINDS:
        raise ValueError(f"unknown action tile {name!r} (known: {', '.join(KINDS)})")
    return KINDS[name]
