"""Where a Nexus card lies, told as players at the table say it: by the cards already down, never by grid squares.

Why: the phone draws no coordinates and the deck holds six alike copies of each design, so "Fork at (2, -1)" tells
players nothing. A played card is "the first card" or whoever played it: "Bob's Fork" ("la Fourche de Bob"), and
"the Fork Bob played on turn 3" where Bob has two of them down. A place is the side of the card it meets, in compass
words (north is the top of the phone's board and of the printed mat, the same for everyone around the table):
"east of Bob's Fork, reaching north" ("à l'est de la Fourche de Bob, dépassant vers le nord").
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from companion.core import Text
from companion.words import of_fr, plural_en, plural_fr

from .grid import Placement, neighbours

# the example cards' French names by gender; a name that is plural, or typed by players, is "la carte X"
GENDER_FR = {"Double croix": "f", "Embranchement": "m", "Pont": "m", "Fourche": "f", "Chaîne": "f",
             "Boucle": "f", "Longue tige": "f"}
PLURAL_EN = {"Six caps", "Hooks"}  # "a Hooks card", not "a Hooks"
FIRST = Text("the first card", "la première carte")
# the compass in French: the side ("à l'est" de …) and the way ("vers l'est")
EAST, WEST, NORTH, SOUTH = "east", "west", "north", "south"
COMPASS_FR = {EAST: ("à l’est", "l’est"), WEST: ("à l’ouest", "l’ouest"), NORTH: ("au nord", "le nord"),
              SOUTH: ("au sud", "le sud")}
END_FR = {EAST: "est", WEST: "ouest", NORTH: "nord", SOUTH: "sud"}


def _vowel(word: str) -> bool:
    return word[:1].lower() in "aeiouéèêâîôûh"


def noun_fr(name: str) -> tuple[str, str]:
    """A card's French name with its definite and indefinite articles: ("la Fourche", "une Fourche")."""
    gender = GENDER_FR.get(name)
    if gender is None:
        return f"la carte {name}", f"une carte {name}"
    if _vowel(name):
        return f"l’{name}", ("un " if gender == "m" else "une ") + name
    return ("le " if gender == "m" else "la ") + name, ("un " if gender == "m" else "une ") + name


def a_card(name_en: str, name_fr: str) -> Text:
    """A card not yet down, by its design: "a Bridge", "a Hooks card"; French "un Pont"."""
    en = f"a {name_en} card" if name_en in PLURAL_EN else f"{'an' if _vowel(name_en) else 'a'} {name_en}"
    return Text(en, noun_fr(name_fr)[1])


def another_copy(name_en: str, name_fr: str) -> Text:
    """The top card when the card shown is another copy of its design: "another Hooks card, not this one" — never by
    ids, nor by where the one shown lies in the face-down deck (a depth said to every phone and the hall)."""
    en = f"another {name_en} card" if name_en in PLURAL_EN else f"another {name_en}"
    article, rest = noun_fr(name_fr)[1].split(" ", 1)  # "une Fourche" -> "une autre Fourche"
    return Text(f"{en}, not this one", f"{article} autre {rest}, pas {'celui-ci' if article == 'un' else 'celle-ci'}")


def de(phrase: str) -> str:
    """French "de" before a definite phrase: "du Pont", "de la Fourche", "de l'Embranchement"."""
    if phrase.startswith("le "):
        return "du " + phrase[3:]
    if phrase.startswith("les "):
        return "des " + phrase[4:]
    return "de " + phrase


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def of_player(who: str) -> str:
    """French "de" before a player's name: "de Bob", "d'Ann" (the one rule of companion/words.py)."""
    return of_fr(who)


def played_by(players: Sequence[str], index: int) -> str:
    """Who played the board's card ``index`` (the first card is nobody's): card n went down on turn n, one card a
    turn, play proceeding down the seating order."""
    return players[(index - 1) % len(players)]


def card_phrases(players: Sequence[str], names: Sequence[Text]) -> list[Text]:
    """Every card down (``names``: each design's name, in the order played) as players point at it: "the first
    card", "Bob's Fork" ("la Fourche de Bob"), or "the Fork Bob played on turn 3" where Bob has more than one of that
    design down."""
    owners = [played_by(players, i) for i in range(len(names))]
    count = Counter((owners[i], names[i]) for i in range(1, len(names)))
    out = [FIRST] if names else []
    for index in range(1, len(names)):
        who, name = owners[index], names[index]
        the = noun_fr(name.fr)[0]
        if count[(who, name)] < 2:
            out.append(Text(f"{who}'s {name.en}", f"{the} {of_player(who)}"))
            continue
        that = "qu’" if of_player(who).startswith("d’") else "que "  # "qu’Ann a posée"
        posed = "posée" if GENDER_FR.get(name.fr, "f") == "f" else "posé"
        out.append(Text(f"the {name.en} {who} played on turn {index}",
                        f"{the} {that}{who} a {posed} au tour {index}"))
    return out


def _box(placement: Placement) -> tuple[int, int, int, int]:
    cells = placement.cells()
    return cells[0][0], cells[0][1], cells[-1][0] + 1, cells[-1][1] + 1


def _along(lo: int, hi: int, ref_lo: int, ref_hi: int, low: str, high: str) -> Text | None:
    """Along the side two cards meet by: where the new card sticks out past the other ("reaching north"), or which
    end of the other it sits at ("at its east end"); None when they line up."""
    if lo < ref_lo or hi > ref_hi:
        way = low if lo < ref_lo else high
        return Text(f", reaching {way}", f", dépassant vers {COMPASS_FR[way][1]}")
    if (lo, hi) != (ref_lo, ref_hi):
        end = low if lo == ref_lo else high
        return Text(f", at its {end} end", f", à son bout {END_FR[end]}")
    return None


def _half_cards(n: int) -> Text:
    return Text(f"{n} {plural_en(n, 'half-card')} ", f"{n} {plural_fr(n, 'demi-carte')} ")


def relative(new: Placement, ref: Placement, ref_words: Text) -> Text:
    """Where ``new`` lies from ``ref``: the side it meets, then how it lines up along that side; a card apart (the
    variant « anywhere on the table ») is so many half-cards off that side."""
    x0, y0, x1, y1 = _box(new)
    rx0, ry0, rx1, ry1 = _box(ref)
    across = [(EAST, x0 - rx1), (WEST, rx0 - x1), (SOUTH, y0 - ry1), (NORTH, ry0 - y1)]
    off = [(side, gap) for side, gap in across if gap >= 0]
    if not off:
        return Text(f"on {ref_words.en}", f"sur {ref_words.fr}")
    en, fr = [], []
    for side, gap in off:
        far = _half_cards(gap) if gap else Text("", "")
        en.append(f"{far.en}{side}")
        fr.append(f"{far.fr}{COMPASS_FR[side][0]}")
    said = Text(" and ".join(en) + f" of {ref_words.en}", " et ".join(fr) + f" {de(ref_words.fr)}")
    if len(off) == 1:
        side = off[0][0]
        line = _along(y0, y1, ry0, ry1, NORTH, SOUTH) if side in (EAST, WEST) else \
            _along(x0, x1, rx0, rx1, WEST, EAST)
        if line is not None:
            said = Text(said.en + line.en, said.fr + line.fr)
    return said


def where(new: Placement, board: Sequence[Placement], words: Sequence[Text], skip: int | None = None) -> Text:
    """Where ``new`` lies on a board of ``board`` cards (``words``: each as ``card_phrases`` says it), from the
    first-played card it meets; past cards it does not meet, from the first card. ``skip``: a board index to leave
    out (the card itself, seen elsewhere by the camera)."""
    at = {cell: i for i, p in enumerate(board) if i != skip for cell in p.cells()}
    met = sorted({at[c] for c in neighbours(new.cells()) if c in at})
    if not met:
        others = [i for i in range(len(board)) if i != skip]
        if not others:
            return Text("alone", "seule")
        met = others[:1]
    return relative(new, board[met[0]], words[met[0]])
