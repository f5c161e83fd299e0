"""What a settled camera reading becomes before it is refereed: a roll the rules refuse is looked at again
(companion/referee/aware.py), one the camera is unsure of is journaled as such, never played; and, for the
history, what move the referee took of the pieces the camera saw."""

from __future__ import annotations

import logging
from typing import Any, Mapping

from companion.core import Observation
from companion.referee import GameEngine
from companion.referee.aware import AwareResult, RulesAwareReading
from companion.table_memory import CAMERA_UNSURE

log = logging.getLogger(__name__)

#: the sources whose readings are the camera's (the simulated table's included), not a person's
CAMERA_SOURCES = ("camera", "simulated")
DEFAULT_AWARE = RulesAwareReading()
#: in a verdict's rule, the mark of the move an engine took (hex.move.advance, hex.move.jump, nk.move.explained)
MOVE_RULE = ".move."


def judged(aware: RulesAwareReading | None, observation: Observation, engine: GameEngine) -> AwareResult | None:
    """The rules-aware reading's word on a camera roll (None: not a camera roll, or switched off)."""
    if aware is None or not (observation.dice or observation.unread) or observation.source not in CAMERA_SOURCES:
        return None
    try:
        return aware.judge(observation, engine)
    except Exception:  # an engine's expectation failing must not lose the roll: it is refereed as read
        log.exception("the rules-aware reading failed on a %s roll; refereed as read", observation.source)
        return None


def read_anew_event(observation: Observation) -> dict[str, Any]:
    """A roll the camera asks the players to read anew: every die it saw, read or not."""
    return {"type": CAMERA_UNSURE, "read_anew": [d.to_json() for d in (*observation.dice, *observation.unread)]}


def unsure_event(observation: Observation) -> dict[str, Any]:
    """A roll the rules refuse and the camera is not sure of: its dice as read, and those it could not read."""
    event: dict[str, Any] = {"type": CAMERA_UNSURE, "dice": [d.to_json() for d in observation.dice]}
    if observation.unread:
        event["unread"] = [d.to_json() for d in observation.unread]
    return event


def camera_names(engine: GameEngine, board: dict[str, Any] | None) -> dict[str, Any]:
    """The camera board's pieces in the game's words (``GameEngine.camera_names``), each {en, fr}."""
    names = engine.camera_names(board) if board else {}
    return {sticker: text.to_json() for sticker, text in names.items()}


def camera_move(event: Mapping[str, Any], verdicts: list[Mapping[str, Any]], source: str) -> dict[str, str] | None:
    """For the history, what the camera's pieces became (a ``positions`` entry the camera made): the move the referee
    took in the engine's own words, {en, fr} (its ``<game>.move.*`` info verdicts: Hexors' advance or jump, Nexus
    Keepers' explained move), or {} when it took none (refused, or no legal move explains them): a reading the
    referee did not take is never worded as a move seen. None for any other entry."""
    if source not in CAMERA_SOURCES or event.get("type") != "positions":
        return None
    moves = [v for v in verdicts if v.get("kind") == "info" and MOVE_RULE in str(v.get("rule", ""))]
    if not moves or any(v.get("kind") == "illegal" for v in verdicts):
        return {}
    return {"en": "; ".join(v["message"] for v in moves), "fr": "; ".join(v["message_fr"] for v in moves)}
