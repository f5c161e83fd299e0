"""Rule ids and the verdict helpers every Tesseract module uses.

A refused action raises ``Illegal`` from wherever the check lives; the engine
turns it into a single ``illegal`` verdict and the base class restores the state.
"""

from __future__ import annotations

from companion.core import Verdict, verdict
from companion.referee.rule_words import RuleWords, rule_words_table

ACTION_LIMIT = "tess.action.limit"
ACTION_REMAINING = "tess.action.remaining"
PHASE = "tess.phase"
SETUP = "tess.setup"
GAME_OVER = "tess.game_over"
PENDING = "tess.event.pending"
TAKE = "tess.take"
TAKE_REMOVABLE = "tess.take.removable"
LAB_FULL = "tess.lab.full"
LAB_CUBE = "tess.lab.cube"
ZONE_CUBE = "tess.priming.cube"
CALIBRATE = "tess.calibrate"
CALIBRATE_WRAP = "tess.calibrate.wrap"
CALIBRATE_DESTROY = "tess.calibrate.destroy"
TRANSFER = "tess.transfer"
STUDY = "tess.study"
CONFINE = "tess.confine"
CONFINE_SET = "tess.confine.set"
CONFINE_SLOT = "tess.confine.slot"
CONFINE_DESTROY = "tess.confine.destroy"
CONFINE_REROLL = "tess.confine.reroll"
BONUS_REVEAL = "tess.bonus.reveal"
BONUS_UNLOCK = "tess.bonus.unlock"
BONUS_ROW = "tess.bonus.row"
CARD = "tess.card"
CAPACITY = "tess.capacity"
EFFECT = "tess.effect"
PRIME = "tess.prime"
BREACH = "tess.breach"
BREACH_WARNING = "tess.breach.warning"
EVENT = "tess.event"
CAMERA = "tess.camera.mismatch"
CAMERA_OK = "tess.camera.match"
CAMERA_WHICH = "tess.camera.which"
CAMERA_UNSURE = "tess.camera.unsure"
CAMERA_REREAD = "tess.camera.reread"
TURN = "tess.turn"
REFORM = "tess.reform"
WIN = "tess.win"
LOSS_BREACHES = "tess.loss.breaches"
LOSS_EMPTY = "tess.loss.empty"


# rule id -> the sentence of the (French) rule book behind it, where the code quotes one
BOOK: dict[str, str] = {
    ACTION_LIMIT: "Lors de la phase Action, effectuez 3 actions au choix.",
    ACTION_REMAINING: "Lors de la phase Action, effectuez 3 actions au choix.",
    TAKE: "Prenez un cube amovible du Tesseract et placez-le sur un emplacement vide de votre fiche Labo, "
          "sans changer sa valeur.",
    TAKE_REMOVABLE: "Un cube est considéré comme amovible si au moins trois de ses faces sont visibles "
                    "(y compris sa face supérieure).",
    CALIBRATE_WRAP: "un 6 ne peut pas être transformé en 1, et inversement",
    CALIBRATE_DESTROY: "dans la zone d'amorçage, un cube de valeur 1 peut être calibré sur 0. Il est alors détruit.",
    TRANSFER: "Déplacez un cube depuis votre fiche Labo sur un emplacement vide d'un autre laboratoire OU depuis "
              "un autre laboratoire sur votre fiche Labo.",
    STUDY: "Défaussez une carte Recherche de votre main et piochez-en une du niveau supérieur.",
    CONFINE_SET: "elle comprend au minimum 3 cubes, ET elle rassemble des cubes de même couleur OU de couleurs "
                 "différentes.",
    CARD: "Vous ne pouvez pas non plus les donner à d'autres scientifiques ou les jouer pendant un autre tour que le "
          "vôtre.",
    CAPACITY: "La capacité permanente s'applique systématiquement, sans dépenser d'action (mais elle peut être liée à "
              "une action précise).",
    EVENT: "Un événement est appliqué dès qu'il est révélé, indépendamment de la phase ou de l'action en cours.",
    BREACH: "si la zone d'amorçage contient 3 cubes ou plus de même valeur, avancez le jeton Brèche de 1 case. "
            "Si elle contient 6 cubes ou plus de même valeur, avancez le jeton Brèche de 2 cases.",
    REFORM: "il ne s'agit pas d'un jeu de dextérité. Reformez le Tesseract du mieux que vous pouvez.",
}

# rule id -> its short name (English, French), as the phone's "Details" tells it
NAMES: dict[str, tuple[str, str]] = {
    ACTION_LIMIT: ("Three actions a turn", "Trois actions par tour"),
    ACTION_REMAINING: ("Actions left to play", "Des actions restent à jouer"),
    PHASE: ("The phases of a turn", "Les phases d’un tour"),
    SETUP: ("Setting up the game", "Mise en place"),
    GAME_OVER: ("End of the game", "Fin de la partie"),
    PENDING: ("An event waiting to be resolved", "Un événement à résoudre d’abord"),
    TAKE: ("Taking a cube", "Prendre un cube"),
    TAKE_REMOVABLE: ("Only a removable cube may be taken", "Seul un cube amovible se prend"),
    LAB_FULL: ("A full lab", "Un labo plein"),
    LAB_CUBE: ("A cube in a lab", "Un cube d’un labo"),
    ZONE_CUBE: ("A cube in the priming zone", "Un cube de la zone d’amorçage"),
    CALIBRATE: ("Calibrating a cube", "Calibrer un cube"),
    CALIBRATE_WRAP: ("A 6 never becomes a 1", "Un 6 ne devient jamais un 1"),
    CALIBRATE_DESTROY: ("A primed 1 calibrated to 0 is destroyed", "Un 1 amorcé calibré sur 0 est détruit"),
    TRANSFER: ("Moving a cube between labs", "Déplacer un cube entre labos"),
    STUDY: ("Studying a research card", "Étudier une carte Recherche"),
    CONFINE: ("Confining cubes", "Confiner des cubes"),
    CONFINE_SET: ("A set or a run to confine", "Une série ou une suite à confiner"),
    CONFINE_SLOT: ("A confinement slot already filled", "Un emplacement de confinement déjà pris"),
    CONFINE_DESTROY: ("Confining destroys a primed cube", "Confiner détruit un cube amorcé"),
    CONFINE_REROLL: ("The other cubes are rolled again", "Les autres cubes sont relancés"),
    BONUS_REVEAL: ("A confinement card turned face up", "Une carte Confinement révélée"),
    BONUS_UNLOCK: ("A confinement card unlocked", "Une carte Confinement débloquée"),
    BONUS_ROW: ("A complete row returns a cube", "Une rangée complète rend un cube"),
    CARD: ("Playing a card", "Jouer une carte"),
    CAPACITY: ("A scientist's permanent capacity", "La capacité permanente d’un scientifique"),
    EFFECT: ("A card's effect", "L’effet d’une carte"),
    PRIME: ("Priming a cube", "Amorcer un cube"),
    BREACH: ("The breach advances", "La brèche avance"),
    BREACH_WARNING: ("The breach is close", "La brèche est proche"),
    EVENT: ("A base event", "Un événement du socle"),
    CAMERA: ("What the camera sees against the game", "Ce que voit la caméra face à la partie"),
    CAMERA_OK: ("The camera agrees with the game", "La caméra confirme la partie"),
    CAMERA_WHICH: ("Which cube the camera saw", "Quel cube la caméra a vu"),
    CAMERA_UNSURE: ("A die the camera is unsure of", "Un dé dont la caméra n’est pas sûre"),
    CAMERA_REREAD: ("A die read again", "Un dé relu"),
    TURN: ("Whose turn it is", "À qui le tour"),
    REFORM: ("Rebuilding the Tesseract", "Reformer le Tesseract"),
    WIN: ("Winning the game", "Gagner la partie"),
    LOSS_BREACHES: ("Losing to the breaches", "Perdre par les brèches"),
    LOSS_EMPTY: ("Losing when the Tesseract is empty", "Perdre quand le Tesseract est vide"),
}

#: every rule in words, with the sentence of the (French) rule book where the code quotes one
WORDS: dict[str, RuleWords] = rule_words_table(NAMES, BOOK, "fr")


class Illegal(Exception):
    """An action the rules forbid; carries the verdict to report. ``quote``: the refusal breaks the book's sentence of
    its rule (``BOOK``), said after the reason ("Il reste 1 action à Ann" alone did not say the rule); not every
    refusal of a rule breaks that sentence (a card not held is no card played on another's turn)."""

    def __init__(self, rule: str, en: str, fr: str, players=(), quote: bool = False) -> None:
        super().__init__(en)
        quote = BOOK[rule] if quote else None
        if quote:
            en, fr = f"{en} (rule book: « {quote} »)", f"{fr} (règle : « {quote} »)"
        self.verdict = verdict("illegal", rule, en, fr, players)


def info(rule: str, en: str, fr: str, players=()) -> Verdict:
    return verdict("info", rule, en, fr, players)


def warning(rule: str, en: str, fr: str, players=()) -> Verdict:
    return verdict("warning", rule, en, fr, players)
