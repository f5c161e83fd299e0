"""Rules-aware reading: a camera roll the rules refuse is looked at again before anyone is accused.

The game says what it expects of its next roll (``engine.expected_roll()``, a ``RollExpectation``) and its
referee says whether a roll is allowed (``engine.legal``). A settled camera roll that does not fit is
1. read again: the values the reader itself gave real probability (at least ``floor``, and the new reading at
   least ``ratio`` times as likely as the first) are tried, most likely first, at most ``max_changes`` dice
   changed; the first reading that fits is refereed instead, and says so (a reading that is just the dice the
   referee already has is nothing new: a misread die of a roll lying still);
2. else, when a die the reader was not sure of (its value under ``sure``) would make the roll fit with another
   face the reader gave a little probability (at least ``doubt``, under ``floor``), "camera unsure": nobody
   is accused and nothing is played, the players look at the dice;
3. else the roll stands as read, and the referee's illegal verdict with it: every reading the reader found
   plausible breaks the rules, or the dice that break them were read clearly.
Before all that, a roll short of dice that the camera saw lying in it but could not read (``Observation.unread``)
would make up is "camera unsure" too: the die is there, its face is what the camera lacks. So is a roll with too
many dice whose extra ones could be dice the camera imagined: as many of its least confident dice as it has too
many are all under ``sure_die`` (board art, a die found twice). With ``missed_die``, a roll of dice read but short
of some the camera did not see at all is "camera unsure" as well (it may have missed one); without, it stays as
read. Unread dice alone are no roll.
Never invents: a value the reader gave less than ``floor`` is never taken. Rolls typed on a phone are what the
player meant and never come here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations, product
from typing import Any

from companion.config import defaults
from companion.core import DieReading, Observation, Verdict, VerdictKind, verdict
from companion.referee.engine import EventError
from companion.referee.expectations import RollExpectation

VISION = defaults("vision")  # the settings' defaults, written once in companion/config.py

AS_READ = "as read"
READ_AGAIN = "read again"
UNSURE = "unsure"

REREAD_RULE = "camera.reread"
UNSURE_RULE = "camera.unsure"


@dataclass(frozen=True)
class AwareResult:
    """What became of a camera roll: ``kind`` (as read, read again, unsure), the observation to referee (the
    corrected one when read again), the note the players see, and each change as (die index, read, taken)."""

    kind: str
    observation: Observation
    note: Verdict | None = None
    changes: tuple[tuple[int, int, int], ...] = ()


class RulesAwareReading:
    """``floor``: the least probability the reader must have given a value for it to be taken on a re-read;
    ``ratio``: the least likelihood of a re-reading against the first reading (the product over the changed dice of
    the new value's probability over the value read).
    ``sure``: a die whose value has at least this probability is clearly read (an illegal roll of clearly read
    dice stays illegal). ``doubt``: a face the reader gave at least this (and a die it was not sure of) is enough
    for "camera unsure" rather than an accusation. ``max_changes``: at most this many dice changed by one re-read.
    ``max_tries``: at most this many re-readings asked of the referee per roll. ``sure_die``: a die read with at
    least this confidence is surely there; a roll with too many dice stays illegal unless that many are less sure."""

    def __init__(self, floor: float = VISION["reread_floor"], sure: float = VISION["sure_reading"],
                 doubt: float = VISION["unsure_doubt"], ratio: float = VISION["reread_ratio"],
                 max_changes: int = 2, max_tries: int = 64, sure_die: float = VISION["sure_die"],
                 missed_die: bool = VISION["missed_die_unsure"]):
        if not 0.0 < floor <= 0.5:
            raise ValueError("floor must be above 0 and at most 0.5")
        if not 0.0 <= sure <= 1.0:
            raise ValueError("sure must be within 0-1")
        if not 0.0 <= doubt <= floor:
            raise ValueError("doubt must be within 0 and the floor")
        if not 0.0 <= ratio <= 1.0:
            raise ValueError("ratio must be within 0-1")
        self.floor, self.sure, self.doubt, self.ratio = float(floor), float(sure), float(doubt), float(ratio)
        self.max_changes, self.max_tries = max(1, int(max_changes)), max(1, int(max_tries))
        if not 0.0 <= sure_die <= 1.0:
            raise ValueError("sure_die must be within 0-1")
        self.sure_die = float(sure_die)
        self.missed_die = bool(missed_die)

    @classmethod
    def from_config(cls, vision: dict) -> "RulesAwareReading | None":
        """The [vision] section's settings, or None when rules-aware reading is switched off."""
        if not vision["rules_aware"]:
            return None
        return cls(floor=vision["reread_floor"], ratio=vision["reread_ratio"], sure=vision["sure_reading"],
                   doubt=vision["unsure_doubt"], sure_die=vision["sure_die"], missed_die=vision["missed_die_unsure"])

    def judge(self, observation: Observation, engine: Any) -> AwareResult:
        """The camera roll as read, read again, or unsure (see the module's docstring)."""
        as_read = AwareResult(AS_READ, observation)
        expectation = engine.expected_roll() if observation.dice or observation.unread else None
        if expectation is None or _fits(engine, expectation, observation) is not False:
            return as_read
        short, unread = expectation.short_of(observation), len(expectation.unread_in_roll(observation))
        if short is not None and short <= unread:
            return AwareResult(UNSURE, observation, _unread_note(observation, expectation, unread))
        if short is not None and self.missed_die and expectation.in_roll(observation):  # dice read: a roll
            return AwareResult(UNSURE, observation, _missed_note(observation, expectation))
        over = expectation.over_by(observation)
        if over is not None:
            least = sorted((observation.dice[k] for k in expectation.in_roll(observation)), key=lambda d: d.confidence)
            if all(d.confidence < self.sure_die for d in least[:over]):
                return AwareResult(UNSURE, observation, _extra_note(observation, expectation, least[:over]))
        if not expectation.admits_some_values(observation):
            return as_read  # too many or too few dice, a colour the game has not: no re-read of values mends it
        roll = expectation.in_roll(observation)
        for changes in self._rereadings(observation, roll, expectation)[: self.max_tries]:
            if _likelihood_ratio(observation, changes) < self.ratio:
                break  # the likeliest first: the rest are less likely still
            corrected = _changed(observation, changes)
            if _fits(engine, expectation, corrected) is not False:  # None: the roll the referee already has
                return AwareResult(READ_AGAIN, corrected, _reread_note(observation, changes), changes)
        change = self._doubt(observation, engine, expectation, roll)
        if change is not None:
            return AwareResult(UNSURE, observation, _unsure_note(observation, engine, expectation, change))
        return as_read

    def _doubt(self, observation: Observation, engine: Any, expectation: RollExpectation,
               roll: list[int]) -> tuple[tuple[int, int, int]] | None:
        """A die the reader was not sure of and a face it gave at least ``doubt`` that would make the roll fit."""
        for k in roll:
            die = observation.dice[k]
            if die.probability(die.value) >= self.sure:
                continue
            for value in expectation.faces:
                change = ((k, die.value, value),)
                if value != die.value and die.probability(value) >= self.doubt \
                        and _fits(engine, expectation, _changed(observation, change)) is not False:
                    return change
        return None

    def _rereadings(self, observation: Observation, roll: list[int],
                    expectation: RollExpectation) -> list[tuple[tuple[int, int, int], ...]]:
        """Every other reading of the roll from values the reader found plausible, the likeliest first."""
        options = {}
        for k in roll:
            die = observation.dice[k]
            others = [v for v in expectation.faces if v != die.value and die.probability(v) >= self.floor]
            if others:
                options[k] = others
        scored = []
        for n in range(1, self.max_changes + 1):
            for dice in combinations(sorted(options), n):
                for values in product(*(options[k] for k in dice)):
                    changes = tuple((k, observation.dice[k].value, v) for k, v in zip(dice, values))
                    scored.append((_likelihood_ratio(observation, changes), changes))
        scored.sort(key=lambda item: -item[0])
        return [changes for _, changes in scored]


def _likelihood_ratio(observation: Observation, changes) -> float:
    ratio = 1.0
    for k, old, new in changes:
        die = observation.dice[k]
        ratio *= die.probability(new) / max(die.probability(old), 1e-9)
    return ratio


def _changed(observation: Observation, changes) -> Observation:
    dice = list(observation.dice)
    for k, old, new in changes:
        dice[k] = _as_value(dice[k], new)
    return replace(observation, dice=tuple(dice))


def _as_value(die: DieReading, value: int) -> DieReading:
    """The die read as ``value``: its confidence is what the reader gave that value."""
    confidence = die.confidence * die.probability(value) / max(die.probability(die.value), 1e-9)
    return replace(die, value=value, confidence=min(1.0, max(0.0, confidence)))


def _fits(engine: Any, expectation: RollExpectation, observation: Observation) -> bool | None:
    """True: the game expects such a roll and its referee allows it; False: not; None: the referee ignores it."""
    if not expectation.admits(observation):
        return False
    try:
        event = engine.observation_event(observation)
        if event is None:
            return None
        return not any(v.kind is VerdictKind.ILLEGAL for v in engine.legal(event))
    except (EventError, ValueError, KeyError, TypeError):
        return False


def _values(observation: Observation) -> str:
    return " ".join(str(d.value) for d in observation.dice)


def _reread_note(observation: Observation, changes) -> Verdict:
    en = ", ".join(f"the {old} is a {new}" for _, old, new in changes)
    fr = ", ".join(f"le {old} est un {new}" for _, old, new in changes)
    return verdict("info", REREAD_RULE,
                   f"Read again: {en} (the camera's second reading of {_values(observation)}, the one the rules allow)",
                   f"Relu : {fr} (deuxième lecture de la caméra pour {_values(observation)}, celle que les règles "
                   "permettent)")


def read_anew_note(observation: Observation) -> Verdict:
    """The last roll's dice, untouched where they lay, read with other faces (``Observation.reread``)."""
    now = " ".join(str(d.value) for d in observation.dice) + " ?" * len(observation.unread)
    return verdict("unsure", UNSURE_RULE,
                   f"Camera unsure: the dice lying there now read {now.strip()}, not as when they settled; nothing "
                   "was played. If they read right now, correct the roll on the phone.",
                   f"Caméra incertaine : les dés posés se lisent maintenant {now.strip()}, pas comme à l’arrêt ; "
                   "rien n’a été joué. S’ils sont bien lus maintenant, corrigez le lancer sur le téléphone.")


def _unread_note(observation: Observation, expectation: RollExpectation, unread: int) -> Verdict:
    (read_en, read_fr), (wanted_en, wanted_fr) = _counted(observation, expectation)
    seen_en = "a die" if unread == 1 else f"{unread} dice"
    seen_fr = "un dé" if unread == 1 else f"{unread} dés"
    return verdict("unsure", UNSURE_RULE,
                   f"Camera unsure: it read {read_en} where {wanted_en}, and sees {seen_en} it could not read. Look "
                   "at the dice: tap the unread one on the camera's picture to say its face, or type the roll.",
                   f"Caméra incertaine : elle a lu {read_fr} alors que {wanted_fr}, et voit {seen_fr} qu’elle n’a pas "
                   "su lire. Regardez les dés : touchez le dé non lu sur l’image de la caméra pour dire sa face, ou "
                   "saisissez le lancer.")


def _missed_note(observation: Observation, expectation: RollExpectation) -> Verdict:
    (read_en, read_fr), (wanted_en, wanted_fr) = _counted(observation, expectation)
    return verdict("unsure", UNSURE_RULE,
                   f"Camera unsure: it read {read_en} where {wanted_en}; it may have missed a die. Look at the "
                   "dice: roll again or type the roll.",
                   f"Caméra incertaine : elle a lu {read_fr} alors que {wanted_fr} ; elle a peut-être manqué un "
                   "dé. Regardez les dés : relancez ou saisissez le lancer.")


def _extra_note(observation: Observation, expectation: RollExpectation, doubtful: list[DieReading]) -> Verdict:
    (read_en, read_fr), (wanted_en, wanted_fr) = _counted(observation, expectation)
    which = " ".join(str(d.value) for d in doubtful)
    one = len(doubtful) == 1
    return verdict("unsure", UNSURE_RULE,
                   f"Camera unsure: it read {read_en} where {wanted_en}, but it is not sure the {which} "
                   f"{'is a die' if one else 'are dice'}. Look at the dice: tap one that is not a die on the "
                   "camera's picture and say so, roll again or type the roll.",
                   f"Caméra incertaine : elle a lu {read_fr} alors que {wanted_fr}, mais elle n’est pas sûre que le "
                   f"{which} {'soit un dé' if one else 'soient des dés'}. Regardez les dés : touchez sur l’image "
                   "de la caméra celui qui n’est pas un dé et dites-le, relancez ou saisissez le lancer.")


def _counted(observation: Observation, expectation: RollExpectation) -> tuple[tuple[str, str], ...]:
    """(what was read, what the game expects), each in English and French: "4 dice (2 3 5 6)", "5 are expected"."""
    read = [observation.dice[k] for k in expectation.in_roll(observation)]
    values = " ".join(str(d.value) for d in read)
    if not read:
        read_en, read_fr = "no die", "aucun dé"
    elif len(read) == 1:
        read_en, read_fr = f"1 die ({values})", f"1 dé ({values})"
    else:
        read_en, read_fr = f"{len(read)} dice ({values})", f"{len(read)} dés ({values})"
    counts = expectation.counts or ()
    plural = len(counts) > 1 or any(c > 1 for c in counts)
    wanted_en = " or ".join(str(c) for c in counts) + (" are expected" if plural else " is expected")
    wanted_fr = " ou ".join(str(c) for c in counts) + (" sont attendus" if plural else " est attendu")
    return (read_en, read_fr), (wanted_en, wanted_fr)


def _unsure_note(observation: Observation, engine: Any, expectation: RollExpectation, change) -> Verdict:
    (_, old, new), = change
    why_en = why_fr = ""
    problems = expectation.problems(observation)
    try:
        refused = [v for v in engine.legal(engine.observation_event(observation)) if v.kind is VerdictKind.ILLEGAL]
    except (EventError, ValueError, KeyError, TypeError):
        refused = []
    if refused:
        why_en, why_fr = f" ({refused[0].message.en})", f" ({refused[0].message.fr})"
    elif problems:
        why_en, why_fr = f" ({problems[0].en})", f" ({problems[0].fr})"
    return verdict("unsure", UNSURE_RULE,
                   f"Camera unsure: it read {_values(observation)}, which the rules refuse{why_en}, but it is not sure "
                   f"of the {old} (a {new} would be allowed). Look at the dice: roll again or type the roll.",
                   f"Caméra incertaine : elle a lu {_values(observation)}, ce que les règles refusent{why_fr}, mais "
                   f"elle n’est pas sûre du {old} (un {new} serait permis). Regardez les dés : relancez ou saisissez "
                   "le lancer.")
