"""Small shared helpers for event parsing and bilingual verdict text."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Verdict, verdict
from companion.referee.engine import EventError
from companion.words import plural_en, plural_fr

from . import rules
from .dice import Budget

ACTION_WORDS = {"en": {"move": "move", "jump": "jump", "push": "push", "or": "or", "none": "no action"},
                "fr": {"move": "bouger", "jump": "sauter", "push": "pousser", "or": "ou", "none": "aucune action"}}

#: The terrains' French names, as said after "sur" (the setup's terrains: display.TERRAINS).
TERRAINS_FR = {"plain": "la plaine", "volcano": "le volcan", "ice": "la glace", "water": "l’eau",
               "mountain": "la montagne"}


#: The board's directions (board.ORTHOGONAL: N is up the drawing) as a push is said.
DIRECTIONS = {"en": {"N": "north", "E": "east", "S": "south", "W": "west"},
              "fr": {"N": "vers le nord", "E": "vers l’est", "S": "vers le sud", "W": "vers l’ouest"}}


def pushed(target: str, distance: int, lang: str, direction: str | None = None) -> str:
    """What a push moves, after the verb: "Bo 2 spaces west", « Bo de 2 cases vers l'ouest »."""
    if lang == "fr":
        text = f"{target} de {distance} {plural_fr(distance, 'case')}"
    else:
        text = f"{target} {distance} {plural_en(distance, 'space')}"
    return f"{text} {DIRECTIONS[lang][direction]}" if direction else text


def terrain_fr(terrain: str) -> str:
    """A terrain in French; a terrain a setup made up keeps its own name."""
    return TERRAINS_FR.get(terrain, f"le terrain {terrain}")


def die_values(dice: Any, what: str = "dice") -> list[int]:
    """Die values from plain ints or DieReading-like objects ({"value": 4, ...})."""
    if not isinstance(dice, list):
        raise EventError(f'"{what}" must be a list of die values')
    out = []
    for d in dice:
        v = d.get("value") if isinstance(d, Mapping) else d
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 6:
            raise EventError(f'"{what}" must hold die values 1-6, got {d!r}')
        out.append(v)
    return out


def illegal(rule: str, en: str, fr: str, players=(), quote: bool = False) -> list[Verdict]:
    """A refusal; ``quote``: it breaks the book's sentence of its rule, said after the reason in each language (the
    English book's where it has the rule, else the French one's): the reason alone did not say the rule."""
    if quote:
        book = rules.BOOK[rule]
        english = rules.ENGLISH_BOOK.get(rule)
        en = f"{en} (rule book: “{english}”)" if english else f"{en} (rule book: « {book} »)"
        fr = f"{fr} (règle : « {book} »)"
    return [verdict("illegal", rule, en, fr, players)]


def show(values) -> str:
    """Dice as the verdicts list them, "6, 6, 4": a narrow phone breaks the line between two dice, never inside a
    run of values ("6-6-6-4" broke after its first "6-")."""
    return ", ".join(str(v) for v in values) or "-"


def budget_text(budget: Budget, lang: str = "en") -> str:
    words = ACTION_WORDS[lang]
    # a push part of whole pushes (option split_pushes off) says each: "push 2+1", a push of 2 and one of 1
    parts = [f"{words[name]} {n if isinstance(n, int) else '+'.join(map(str, n))}"
             for name, n in zip(("move", "jump", "push"), budget) if n]
    return ", ".join(parts) or words["none"]


def budgets_text(budgets: list[Budget], lang: str = "en") -> str:
    return f" {ACTION_WORDS[lang]['or']} ".join(budget_text(b, lang) for b in budgets) or ACTION_WORDS[lang]["none"]
