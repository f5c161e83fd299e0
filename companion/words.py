"""Words in what the referee says: counted ones ("1 action", "2 actions"; in French « 0 action », « 2 actions »)
and the names players call things by, colours in French among them.

Why: verdicts are read by players at the table, and "action(s)" reads like a form, "ex-chain-5" like a database.
English takes the plural for every count but 1; French for 2 and more (0 and 1 are singular).
"""

from __future__ import annotations

import re


def plural_en(n: int, one: str, other: str | None = None) -> str:
    """The English word for ``n`` of them: ``one`` for exactly 1, else ``other`` (``one`` + "s" by default)."""
    return one if n == 1 else (other or one + "s")


def plural_fr(n: int, one: str, other: str | None = None) -> str:
    """The French word (noun or adjective) for ``n`` of them: ``one`` below 2, else ``other`` (``one`` + "s")."""
    return one if abs(n) < 2 else (other or one + "s")


def listed(names, lang: str = "en") -> str:
    """Names as a sentence says them: "Ann", "Ann and Bob", "Ann, Bob and Cy" (« Ann, Bob et Cy »)."""
    names = [str(n) for n in names]
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + (" et " if lang == "fr" else " and ") + names[-1]


def won(names) -> tuple[str, str]:
    """The winners' line of every game over, one form in every game and the hall, the verb agreeing: "Ann wins the
    game", "Ann and Bob win the game", « Ann gagne la partie », « Ann et Bob gagnent la partie »."""
    names = list(names)
    many = len(names) > 1
    return (f"{listed(names)} {'win' if many else 'wins'} the game",
            f"{listed(names, 'fr')} {'gagnent' if many else 'gagne'} la partie")


def french_spaces(text: str) -> str:
    """French puts a space before ? ! : ; and inside « »; it must not break there, or a "?" starts a line: each
    such space becomes a no-break one (U+00A0), as the phone's ``frenchSpaces`` (web/js/i18n.js) does."""
    return re.sub(r"« +", "«\u00a0", re.sub(r" +([?!:;»])", "\u00a0\\1", text))


def fact(en: str, fr: str) -> dict[str, str]:
    """One line of a game's details as the phone shows it, in both languages (a summary's ``facts``)."""
    return {"en": en, "fr": french_spaces(fr)}


#: French elides "de" and "que" before a vowel sound; taken here as a name's first letter being a vowel, accented or
#: not, or a y before a consonant (« d'Ada », « qu'Yves », but « de Yugi »: that y is a consonant); h is left out
#: (« de Hugo »: an aspirated h cannot be told from a mute one). The phone's ``elides`` (web/js/i18n.js) is the same.
VOWELS_FR = "aeiouàâäéèêëîïôöùûüæœ"


def elides_fr(word: str) -> bool:
    """Whether French elides "de"/"que" before ``word``: it starts with a vowel sound (« d'Ada », but « de Bo »).
    A letter then a digit (a Tesseract column, « le cube de a1 ») is a code, not a word: no elision."""
    head = str(word)[:2].lower()
    if head[1:].isdecimal():
        return False
    if head[:1] == "y":
        return len(head) == 2 and head[1].isalpha() and head[1] not in VOWELS_FR
    return head != "" and head[0] in VOWELS_FR


def of_fr(name: str) -> str:
    """ "de" and a name, elided before a vowel: « de Bo », « d'Ada »."""
    return f"d’{name}" if elides_fr(name) else f"de {name}"


def elide_names_fr(text: str, names) -> str:
    """French ``text`` with "de"/"que" elided before each of ``names`` that starts with a vowel: « le tour de Ada »
    becomes « le tour d'Ada », « ce que Ada » « ce qu'Ada »; other words are left as written."""
    for name in {str(n) for n in names if n is not None and elides_fr(str(n))}:
        text = re.sub(rf"(?<![\w'’])([Dd]|[Qq]u)e ({re.escape(name)})(?![\w'’])", r"\1’\2", text)
    return text


def plain_name(name: str) -> str:
    """A printed name less any note in brackets: "Chain (example card)" is "Chain" at the table."""
    return re.sub(r"\s*\([^)]*\)", "", name).strip()


COLOURS_FR = {"white": "blanc", "black": "noir", "red": "rouge", "green": "vert", "blue": "bleu", "yellow": "jaune",
              "purple": "violet", "orange": "orange"}
FEMININE_FR = {"blanc": "blanche", "noir": "noire", "vert": "verte", "bleu": "bleue", "violet": "violette"}
INVARIABLE_FR = {"orange"}  # a colour named after a thing takes no plural: « des cubes orange »


def colour_fr(colour: str, feminine: bool = False, plural: bool = False) -> str:
    """A dice or team colour in French (« rouge », « l'équipe verte », « les dés bleus », « des cubes orange »);
    a colour it does not know stays as written."""
    word = COLOURS_FR.get(colour, colour)
    word = FEMININE_FR.get(word, word) if feminine else word
    if plural and colour in COLOURS_FR and word not in INVARIABLE_FR:
        return word + "s"
    return word


def colour_word(colour: str, lang: str = "en") -> str:
    """A colour as written in ``lang``'s verdicts: English as the engines name it, French by ``colour_fr``."""
    return colour_fr(colour) if lang == "fr" else colour
