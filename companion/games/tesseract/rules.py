"""Rule ids and the verdict helpers every Tesseract module uses.

A refused action raises ``Illegal`` from wherever the check lives; the engine
turns it into a single ``illegal`` verdict and the base class restores the state.
"""

from __future__ import annotations

from companion.core import Verdict, verdict

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


class Illegal(Exception):
    """An action the rules forbid; carries the verdict to report."""

    def __init__(self, rule: str, en: str, fr: str, players=()) -> None:
        super().__init__(en)
        self.verdict = verdict("illegal", rule, en, fr, players)


def info(rule: str, en: str, fr: str, players=()) -> Verdict:
    return verdict("info", rule, en, fr, players)


def warning(rule: str, en: str, fr: str, players=()) -> Verdict:
    return verdict("warning", rule, en, fr, players)
