"""Rule ids, the book's sentence behind each (with a French rendering), and the verdict helpers.

A refused event raises ``Illegal`` from wherever the check lives; the engine turns it into one
``illegal`` verdict that names the rule and quotes the book, and the base class restores the state.
"""

from __future__ import annotations

from companion.core import Verdict, verdict
from companion.referee.rule_words import RuleWords, rule_words_table

SETUP = "nexus.setup"
SETUP_COLOURS = "nexus.setup.colours"
GAME_OVER = "nexus.game_over"
TURN_ORDER = "nexus.turn.order"
TURN_PHASE = "nexus.turn.phase"
CARD_DECK = "nexus.card.deck"
CARD_TOP = "nexus.card.top"
CARD_OVERLAP = "nexus.card.overlap"
CARD_TOUCH = "nexus.card.touch"
CARD_BASKETWEAVE = "nexus.card.basketweave"
CARD_PLAYED = "nexus.card.played"
ROD_BLOCKED = "nexus.connector.blocked"
SCORE = "nexus.score"
SCORE_TIE = "nexus.score.tie"
SCORE_EMPTY = "nexus.score.empty"
SCORE_ORDER = "nexus.score.order"
COUNTER = "nexus.counter"
COUNTER_NODE = "nexus.counter.node"
COUNTER_OCCUPIED = "nexus.counter.occupied"
COUNTER_CLOSED = "nexus.counter.closed"
COUNTER_NONE = "nexus.counter.none"
NO_TIES = "nexus.variant.no_ties"
WIN = "nexus.win"
DECK_OUT = "nexus.end.deck"

# rule id -> (the book's sentence, a French rendering of it)
BOOK: dict[str, tuple[str, str]] = {
    SETUP: ("Place one card face up in the middle of the table. This card is the beginning of the board.",
            "Posez une carte face visible au milieu de la table. Cette carte est le début du plateau."),
    SETUP_COLOURS: ("Give each player about 20 stones or counters of a different color.",
                    "Donnez à chaque joueur une vingtaine de pierres ou de pions d’une couleur différente."),
    TURN_ORDER: ("Decide randomly who will go first. After that, play proceeds to the left.",
                 "Tirez au sort qui commence. Ensuite, on joue vers la gauche."),
    TURN_PHASE: ("You will play a card from the top of the deck. If this results in any closed Nexuses, you will "
                 "score them. Then you will place one counter on the board.",
                 "Vous jouez la carte du dessus de la pioche. Si cela ferme des Nexus, vous les marquez. "
                 "Puis vous posez un pion sur le plateau."),
    CARD_DECK: ("Take the top card of the deck and play it face up onto the board.",
                "Prenez la carte du dessus de la pioche et jouez-la face visible sur le plateau."),
    CARD_TOP: ("Take the top card of the deck and play it face up onto the board.",
               "Prenez la carte du dessus de la pioche et jouez-la face visible sur le plateau."),
    CARD_OVERLAP: ("Take the top card of the deck and play it face up onto the board.",
                   "Prenez la carte du dessus de la pioche et jouez-la face visible sur le plateau."),
    CARD_TOUCH: ("New cards much touch existing cards.",
                 "Les nouvelles cartes doivent toucher des cartes déjà posées."),
    CARD_BASKETWEAVE: ("Cards must be played in a “basketweave” pattern, with short edges always touching long "
                       "edges, like the cards in Figure 1.",
                       "Les cartes se posent en « vannerie » : un petit côté touche toujours un grand côté, "
                       "comme sur la figure 1."),
    CARD_PLAYED: ("If you close a Nexus, score it.", "Si vous fermez un Nexus, marquez-le."),
    ROD_BLOCKED: ("When every Connector in a Nexus leads to a Node, the Nexus is “closed.”",
                  "Quand chaque Connecteur d’un Nexus mène à un Nœud, le Nexus est « fermé »."),
    SCORE: ("To capture a Nexus, you must have more Power Points than any other player in that Nexus, based on "
            "the Power Values of the Nodes you control.",
            "Pour capturer un Nexus, il faut y avoir plus de points de Puissance que tout autre joueur, "
            "d’après les valeurs de Puissance des Nœuds que vous contrôlez."),
    SCORE_TIE: ("If the strongest players are tied when the Nexus closes, or if the Nexus is empty, no one scores it.",
                "Si les joueurs les plus forts sont à égalité quand le Nexus se ferme, ou si le Nexus est vide, "
                "personne ne le marque."),
    SCORE_EMPTY: ("If the strongest players are tied when the Nexus closes, or if the Nexus is empty, no one "
                  "scores it.",
                  "Si les joueurs les plus forts sont à égalité quand le Nexus se ferme, ou si le Nexus est vide, "
                  "personne ne le marque."),
    SCORE_ORDER: ("If you close two Nexuses at once, you score your own first, then proceed to the left.",
                  "Si vous fermez deux Nexus à la fois, marquez d’abord le vôtre, puis continuez vers la gauche."),
    COUNTER: ("After you have played your card and scored any closed Nexuses, place one counter on an unoccupied "
              "Node.",
              "Après avoir joué votre carte et marqué les Nexus fermés, posez un pion sur un Nœud inoccupé."),
    COUNTER_NODE: ("After you have played your card and scored any closed Nexuses, place one counter on an "
                   "unoccupied Node.",
                   "Après avoir joué votre carte et marqué les Nexus fermés, posez un pion sur un Nœud "
                   "inoccupé."),
    COUNTER_OCCUPIED: ("After you have played your card and scored any closed Nexuses, place one counter on an "
                       "unoccupied Node.",
                       "Après avoir joué votre carte et marqué les Nexus fermés, posez un pion sur un Nœud "
                       "inoccupé."),
    COUNTER_CLOSED: ("You may never play a counter in a closed Nexus.",
                     "Vous ne pouvez jamais poser de pion dans un Nexus fermé."),
    COUNTER_NONE: ("You may never play a counter in a closed Nexus.",
                   "Vous ne pouvez jamais poser de pion dans un Nexus fermé."),
    NO_TIES: ("make it illegal to create a tie by any means",
              "interdire de créer une égalité de quelque façon que ce soit"),
    WIN: ("To win, you must score at least 10 points.", "Pour gagner, il faut marquer au moins 10 points."),
    DECK_OUT: ("To win, you must score at least 10 points.", "Pour gagner, il faut marquer au moins 10 points."),
}

# rule id -> its short name (English, French), as the phone's "Details" tells it
NAMES: dict[str, tuple[str, str]] = {
    SETUP: ("Setting up the board", "Mise en place du plateau"),
    SETUP_COLOURS: ("A colour for each player", "Une couleur par joueur"),
    GAME_OVER: ("End of the game", "Fin de la partie"),
    TURN_ORDER: ("Who plays next", "Qui joue ensuite"),
    TURN_PHASE: ("The steps of a turn", "Les étapes d’un tour"),
    CARD_DECK: ("Playing the top card of the deck", "Jouer la carte du dessus de la pioche"),
    CARD_TOP: ("Only the top card may be played", "Seule la carte du dessus se joue"),
    CARD_OVERLAP: ("Cards never overlap", "Les cartes ne se chevauchent pas"),
    CARD_TOUCH: ("A new card touches the board", "Une nouvelle carte touche le plateau"),
    CARD_BASKETWEAVE: ("Cards in a basketweave", "Les cartes en vannerie"),
    CARD_PLAYED: ("A card played", "Une carte jouée"),
    ROD_BLOCKED: ("When a Nexus closes", "Quand un Nexus se ferme"),
    SCORE: ("Capturing a Nexus", "Capturer un Nexus"),
    SCORE_TIE: ("A tied Nexus scores nothing", "Un Nexus à égalité ne rapporte rien"),
    SCORE_EMPTY: ("An empty Nexus scores nothing", "Un Nexus vide ne rapporte rien"),
    SCORE_ORDER: ("Scoring several Nexuses at once", "Marquer plusieurs Nexus à la fois"),
    COUNTER: ("Placing a counter", "Poser un pion"),
    COUNTER_NODE: ("A counter goes on a Node", "Un pion se pose sur un Nœud"),
    COUNTER_OCCUPIED: ("One counter per Node", "Un seul pion par Nœud"),
    COUNTER_CLOSED: ("No counter in a closed Nexus", "Pas de pion dans un Nexus fermé"),
    COUNTER_NONE: ("No Node left for a counter", "Plus aucun Nœud pour un pion"),
    NO_TIES: ("Variant: no ties", "Variante : pas d’égalité"),
    WIN: ("Winning the game", "Gagner la partie"),
    DECK_OUT: ("The deck runs out", "La pioche est vide"),
}

#: every rule in words, with the sentence of the (English) rule book where it has one
WORDS: dict[str, RuleWords] = rule_words_table(NAMES, {rule: quote[0] for rule, quote in BOOK.items()}, "en")


def book_said(rule: str) -> dict[str, str]:
    """How a verdict quotes the book for ``rule`` (English; the French rendering on a French phone), as the tail
    after " — "; the phone ends its own refusals with it, so they give the rule the engine would give."""
    book_en, book_fr = BOOK[rule]
    return {"en": f"the book: “{book_en}”", "fr": f"la règle : « {book_fr} »"}


def _with_book(rule: str, en: str, fr: str) -> tuple[str, str]:
    if rule not in BOOK:
        return en, fr
    said = book_said(rule)
    return f"{en} — {said['en']}", f"{fr} — {said['fr']}"


class Illegal(Exception):
    """An event the rules forbid; carries the verdict to report (with the book's sentence)."""

    def __init__(self, rule: str, en: str, fr: str, players=()) -> None:
        super().__init__(en)
        self.verdict = verdict("illegal", rule, *_with_book(rule, en, fr), players)


def info(rule: str, en: str, fr: str, players=()) -> Verdict:
    return verdict("info", rule, en, fr, players)


def warning(rule: str, en: str, fr: str, players=()) -> Verdict:
    return verdict("warning", rule, *_with_book(rule, en, fr), players)


def win(rule: str, en: str, fr: str, players=()) -> Verdict:
    return verdict("win", rule, *_with_book(rule, en, fr), players)


def end(rule: str, en: str, fr: str) -> Verdict:
    """The game ends with no winner (a ``loss`` for everyone: no one won)."""
    return verdict("loss", rule, *_with_book(rule, en, fr))
