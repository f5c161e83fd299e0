"""Rule ids, the rule book's sentence for each, and the verdict helpers every Hexors module uses.

A refused event raises ``Illegal`` from wherever the check lives; the engine turns
it into one ``illegal`` verdict quoting the book, and the base class restores the state.
"""

from __future__ import annotations

from companion.core import Verdict, verdict
from companion.referee.rule_words import RuleWords, rule_words_table

SETUP = "hex.setup"
SETUP_START = "hex.setup.start_cell"
SETUP_RANGE = "hex.setup.monster_range"
SETUP_EQUAL = "hex.setup.equal"
SETUP_IDENTICAL = "hex.setup.identical"
SETUP_STARS = "hex.setup.stars"
SETUP_ACTIONS = "hex.setup.actions"
GAME_OVER = "hex.game_over"
TURN = "hex.turn"
MOVE = "hex.move"
ADVANCE = "hex.move.advance"
JUMP = "hex.move.jump"
STOP = "hex.move.stop"
CANNOT_MOVE = "hex.move.none"
DUEL = "hex.duel"
DUEL_ORDER = "hex.duel.order"
ROLL = "hex.duel.roll"
TIE = "hex.duel.tie"
DISCARD = "hex.duel.discard"
BONUS_CHARACTER = "hex.bonus.character"
STARS = "hex.stars"
ACTION = "hex.action"
ACTION_TIMING = "hex.action.timing"
ACTION_COST = "hex.action.cost"
ACTION_EFFECT = "hex.action.effect"
CAMERA = "hex.camera.mismatch"
CAMERA_OK = "hex.camera.match"
FACING = "hex.camera.facing"
WIN = "hex.win"

BOOK: dict[str, str] = {
    SETUP: "Chaque joueur place son carreau personnage sur une case de départ grise à une extrémité de l'arène.",
    SETUP_START: "Chaque joueur place son carreau personnage sur une case de départ grise à une extrémité de l'arène.",
    SETUP_RANGE: "En début de jeu, les carreaux monstres ne doivent pas être placés à plus de 2 cases du carreau "
                 "personnage",
    SETUP_EQUAL: "Chacun des deux joueurs doit avoir un carreau personnage et le même nombre de carreaux monstres "
                 "et de carreaux actions.",
    SETUP_IDENTICAL: "Chaque joueur NE peut PAS avoir plus de deux carreaux monstres ou carreaux actions identiques "
                     "dans sa main.",
    SETUP_STARS: "Pour ce niveau, les 6 ÉTOILES (billes de verre) ne sont pas utilisées, alors mettez-les de côté.",
    SETUP_ACTIONS: "Pour jouer au niveau débutant, il faut seulement le Coffret de départ et un peu de chance.",
    TURN: "Le joueur no° 1 déplace un de ses carreaux Hexor",
    ADVANCE: "Pour avancer, le joueur déplace un carreau monstre ou un carreau personnage de un espace dans une case "
             "libre.",
    JUMP: "Le joueur ne peut faire sauter son carreau que de l'autre côté du carreau allié, et seulement si la case "
          "est libre.",
    STOP: "Au cours du déplacement, si le carreau arrive en face d'un carreau de l'ennemi, le déplacement s'arrête "
          "et un DUEL s'amorce",
    MOVE: "Il ne peut déplacer son carreau avant ou après un saut.",
    CANNOT_MOVE: "S'il en est incapable, il perd la partie.",
    DUEL: "Il y a duel quand deux carreaux entrent en contact et sont directement en face l'un de l'autre.",
    DUEL_ORDER: "Le joueur attaquant choisit dans quel ordre il se mesurera aux différents carreaux ennemis.",
    ROLL: "L'attaquant commence et roule le dé de couleur.",
    TIE: "S'il y a égalité, le dé doit être roulé de nouveau jusqu'à ce qu'il y ait un gagnant.",
    DISCARD: "Les carreaux de l'écart sont hors jeu pour le reste de la partie.",
    BONUS_CHARACTER: "Chaque carreau personnage obtient automatiquement 2 points à ajouter à la Valeur de frappe "
                     "obtenue (niveau débutant).",
    STARS: "Chaque fois qu'un joueur bat un monstre de l'ennemi, il prend 1 étoile de la banque.",
    ACTION: "Pour lancer une action, le joueur doit retourner le carreau action qu'il désire activer et verser à la "
            "banque le nombre d'étoiles nécessaires, qu'il aura prises dans son fonds de carreaux actions.",
    ACTION_TIMING: "Comme il a été mentionné plus haut, un joueur peut lancer une action éclair n'importe quand "
                   "pendant la partie. Cependant, il ne peut lancer une action extrême qu'à son tour de jeu.",
    ACTION_COST: "Les joueurs peuvent lancer autant d'actions qu'ils veulent au cours d'un tour de jeu, mais ils "
                 "doivent avoir suffisamment d'étoiles dans leur fonds pour les payer.",
    ACTION_EFFECT: "L'effet d'une action est immédiat.",
    GAME_OVER: "Si un carreau personnage est battu, la partie est terminée",
    WIN: "Le premier joueur qui bat un carreau personnage de l'ennemi gagne la partie.",
    CAMERA: "Les joueurs doivent toujours placer leurs carreaux à l'endroit",
    FACING: "Les joueurs doivent toujours placer leurs carreaux à l'endroit, c'est-à-dire que le trou dans le haut de "
            "chaque carreau doit être orienté dans le sens opposé au propriétaire du carreau.",
}


# rule id -> its short name (English, French), as the phone's "Details" tells it
NAMES: dict[str, tuple[str, str]] = {
    SETUP: ("Setting up the arena", "Mise en place de l’arène"),
    SETUP_START: ("The character on a starting cell", "Le personnage sur une case de départ"),
    SETUP_RANGE: ("Monsters near their character at the start", "Les monstres près du personnage au départ"),
    SETUP_EQUAL: ("The same number of tiles each", "Autant de carreaux chacun"),
    SETUP_IDENTICAL: ("At most two identical tiles", "Au plus deux carreaux identiques"),
    SETUP_STARS: ("No stars at the beginner level", "Pas d’étoiles au niveau débutant"),
    SETUP_ACTIONS: ("No action tiles at the beginner level", "Pas de carreaux actions au niveau débutant"),
    GAME_OVER: ("End of the game", "Fin de la partie"),
    TURN: ("Whose turn it is", "À qui le tour"),
    MOVE: ("Moving a tile", "Déplacer un carreau"),
    ADVANCE: ("Moving forward", "Avancer"),
    JUMP: ("Jumping over an ally", "Sauter par-dessus un allié"),
    STOP: ("A move stops face to face with an enemy", "Un déplacement s’arrête face à un ennemi"),
    CANNOT_MOVE: ("A player who cannot move", "Un joueur qui ne peut pas bouger"),
    DUEL: ("Duels", "Les duels"),
    DUEL_ORDER: ("The order of the duels", "L’ordre des duels"),
    ROLL: ("Rolling in a duel", "Lancer le dé en duel"),
    TIE: ("A tied duel", "Une égalité en duel"),
    DISCARD: ("Beaten tiles leave the game", "Les carreaux battus quittent la partie"),
    BONUS_CHARACTER: ("The character's bonus", "Le bonus du personnage"),
    STARS: ("Winning stars", "Gagner des étoiles"),
    ACTION: ("Launching an action", "Lancer une action"),
    ACTION_TIMING: ("When an action may be launched", "Quand lancer une action"),
    ACTION_COST: ("Paying for actions", "Payer les actions"),
    ACTION_EFFECT: ("An action's effect", "L’effet d’une action"),
    CAMERA: ("What the camera sees against the game", "Ce que voit la caméra face à la partie"),
    CAMERA_OK: ("The camera agrees with the game", "La caméra confirme la partie"),
    FACING: ("Tiles facing the right way", "Les carreaux dans le bon sens"),
    WIN: ("Winning the game", "Gagner la partie"),
}

#: every rule in words, with the sentence of the (French) rule book where it has one
WORDS: dict[str, RuleWords] = rule_words_table(NAMES, BOOK, "fr")


class Illegal(Exception):
    """An event the rules forbid; carries the verdict to report, quoting the book's sentence."""

    def __init__(self, rule: str, en: str, fr: str, players=()) -> None:
        super().__init__(en)
        quote = BOOK.get(rule)
        if quote:
            en, fr = f"{en} (rule book: « {quote} »)", f"{fr} (règle : « {quote} »)"
        self.verdict = verdict("illegal", rule, en, fr, players)


def info(rule: str, en: str, fr: str, players=()) -> Verdict:
    return verdict("info", rule, en, fr, players)


def warning(rule: str, en: str, fr: str, players=()) -> Verdict:
    return verdict("warning", rule, en, fr, players)
