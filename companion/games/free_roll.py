"""Free-roll mode: no rules, just every roll recorded with per-colour fairness statistics.

This is what dice-statistics apps offer: how often each face came up for each
die colour, and a chi-square goodness-of-fit test against a fair die. The state
holds counts and the last few rolls, never every roll (the journal does): its size,
sent to every phone after each roll, does not grow with an evening's length.
"""

from __future__ import annotations

import math
from typing import Any, Mapping

from companion.core import DieReading, Text, Verdict, verdict
from companion.referee.engine import EventError, GameEngine
from companion.referee.options import DICE_OPTIONS, Range
from companion.referee.rule_words import RuleWords
from companion.referee.registry import register
from companion.words import colour_fr

UNKNOWN_COLOUR = "unknown"
#: rolls kept in the state, newest last (the history pages through all of them)
RECENT_ROLLS = 5
#: dice of a colour the fairness test waits for: the approximation wants about five expected rolls per face
DICE_FOR_FAIRNESS = 30


def chi_square_fair_die(counts: list[int]) -> dict[str, Any]:
    """Pearson's chi-square test of six face counts against a fair die (5 degrees of freedom).

    The p-value uses the closed form of the chi-square survival function for
    odd degrees of freedom: sf(x; 5) = erfc(sqrt(x/2)) + sqrt(2x/pi) e^(-x/2) (1 + x/3).
    """
    n = sum(counts)
    if n == 0:
        return {"rolls": 0, "chi2": None, "p_value": None, "enough_data": False, "dice_needed": DICE_FOR_FAIRNESS}
    expected = n / 6.0
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    p = math.erfc(math.sqrt(chi2 / 2)) + math.sqrt(2 * chi2 / math.pi) * math.exp(-chi2 / 2) * (1 + chi2 / 3)
    return {
        "rolls": n,
        "chi2": round(chi2, 4),
        "p_value": round(min(max(p, 0.0), 1.0), 6),
        "enough_data": n >= DICE_FOR_FAIRNESS,
        # how many more the phone's "too few" says (a player had no idea how long to keep rolling)
        "dice_needed": max(0, math.ceil(DICE_FOR_FAIRNESS - n)),
    }


def _p_words(p: float) -> str:
    """A p-value as players read it: two significant digits, a floor instead of an exponent."""
    return "p < 0.0001" if p < 0.0001 else f"p = {p:.2g}"


@register
class FreeRoll(GameEngine):
    name = "free-roll"
    title = Text("Free roll", "Lancer libre")
    rule_words_table = {"free-roll.roll": RuleWords(Text("A roll", "Un lancer")),
                        "free-roll.fairness": RuleWords(Text("Fair dice", "Des dés équilibrés"))}
    dice_options = DICE_OPTIONS
    option_defaults = {
        "significance": (0.01, "a colour's dice are reported as possibly unfair when a fair die would roll this "
                               "unevenly less often than this chance", Range(0.0, 1.0)),
    }

    def setup(self) -> None:
        self.roll_count = 0
        self.recent: list[list[dict[str, Any]]] = []  # the last RECENT_ROLLS rolls, oldest first
        self.counts: dict[str, list[int]] = {}  # faces per colour
        self.totals: dict[str, int] = {}  # how many rolls made each total (a JSON key: its digits)

    def _apply(self, event: Mapping[str, Any]) -> list[Verdict]:
        if event["type"] != "roll":
            raise EventError(f"free-roll only takes \"roll\" events, not {event['type']!r}")
        dice_json = event.get("dice")
        if not isinstance(dice_json, list) or not dice_json:
            raise EventError('a roll needs a non-empty "dice" list')
        try:
            dice = [DieReading.from_json(d) for d in dice_json]
        except ValueError as exc:
            raise EventError(str(exc)) from exc
        was_unfair = {c for c in self.counts if self._unfair(c)}
        self.roll_count += 1
        self.recent = [*self.recent[1 - RECENT_ROLLS:], [d.to_json() for d in dice]]
        for d in dice:
            self.counts.setdefault(d.color or UNKNOWN_COLOUR, [0] * 6)[d.value - 1] += 1
        total = sum(d.value for d in dice)
        self.totals[str(total)] = self.totals.get(str(total), 0) + 1
        values = ", ".join(str(d.value) for d in dice)
        verdicts = [
            verdict(
                "info",
                "free-roll.roll",
                f"Roll {self.roll_count}: {values} (total {total})",
                f"Lancer {self.roll_count} : {values} (total {total})",
            )
        ]
        for colour in sorted(self.counts):
            if colour not in was_unfair and self._unfair(colour):
                p = _p_words(chi_square_fair_die(self.counts[colour])["p_value"])
                n = sum(self.counts[colour])
                dice_en, dice_fr = (("The dice of no colour read", "Les dés sans couleur lue")
                                    if colour == UNKNOWN_COLOUR else
                                    (f"The {colour} dice", f"Les dés {colour_fr(colour, plural=True)}"))
                verdicts.append(verdict("warning", "free-roll.fairness",
                                        f"{dice_en} look unfair: chi-square {p} over {n} rolls",
                                        f"{dice_fr} semblent déséquilibrés : khi-deux {p.replace('.', ',')} sur "
                                        f"{n} lancers"))
        return verdicts

    def _unfair(self, colour: str) -> bool:
        test = chi_square_fair_die(self.counts[colour])
        return bool(test["enough_data"] and test["p_value"] < self.options["significance"])

    def statistics(self) -> dict[str, Any]:
        return {
            colour: {"faces": counts, **chi_square_fair_die(counts)}
            for colour, counts in sorted(self.counts.items())
        }

    def summary(self) -> dict[str, Any]:
        return {"rolls": self.roll_count, "last_roll": self.recent[-1] if self.recent else None,
                "statistics": self.statistics(), "totals": dict(self.totals)}

    def state_json(self) -> dict[str, Any]:
        return {"rolls": self.roll_count, "recent": [list(r) for r in self.recent],
                "counts": {k: list(v) for k, v in self.counts.items()}, "totals": dict(self.totals)}

    def load_state_json(self, state: Mapping[str, Any]) -> None:
        self.roll_count = int(state["rolls"])
        self.recent = [list(r) for r in state["recent"]]
        self.counts = {k: list(v) for k, v in state["counts"].items()}
        self.totals = dict(state["totals"])
