"""A 503 ``cannot_save`` that says the fault the card gave and what mends it, in English and French.

Why: every such answer said "free some space", which mends a full card only. The fault and its words are
companion/card_faults.py's, shared with the commands that write to the card.
"""

from __future__ import annotations

from companion.card_faults import FAULTS, fault_of
from companion.core import Text
from companion.web.validation import ApiError
from companion.words import french_spaces


def cannot_save(exc: BaseException, what: Text, kept: Text | None) -> ApiError:
    """The answer to a write the card refused: ``what`` could not be done (a sentence's start), ``exc``'s cause,
    the fault, ``kept`` (what is as it was; None where that is not known), and what mends that fault."""
    fault = fault_of(exc)
    said, advice = FAULTS[fault]
    cause = str(exc)
    kept_en, kept_fr = (f"; {kept.en}", f" ; {kept.fr}") if kept is not None else ("", "")
    return ApiError(503, "cannot_save", f"{what.en} ({cause}): {said.en}{kept_en}. {advice.en}",
                    message_fr=french_spaces(f"{what.fr} ({cause}) : {said.fr}{kept_fr}. {advice.fr}"),
                    fault=fault)
