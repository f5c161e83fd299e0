"""The Tesseract rules engine: options, event dispatch, snapshot and the phone summary."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import DIE_COLOURS, Observation, Text, Verdict
from companion.referee.engine import EventError, GameEngine, OptionsError, StateUntilSetup
from companion.referee.options import DICE_OPTIONS, OneOf, Range
from companion.referee.expectations import RollExpectation
from companion.referee.offers import compact
from companion.referee.registry import register
from companion.words import fact

from . import actions, rules, threat
from .bases import base_layout
from .camera import game_colour, reading_event, reconcile
from .cube import Tesseract as Tower, tower_changes
from .display import display, facts, setup_choices
from .events import drain, resolve
from .flow import require_playing
from .offers import action_offers
from .setup import setup_game
from .state import OVER, GameState

HANDLERS = {
    "take": actions.take,
    "calibrate": actions.calibrate,
    "transfer": actions.transfer,
    "study": actions.study,
    "confine": actions.confine,
    "deepen": actions.deepen,
    "play_card": actions.play_card,
    "end_actions": threat.end_actions,
    "prime": threat.prime,
    "resolve": resolve,
    "reform": actions.reform,
}


@register
class Tesseract(StateUntilSetup, GameEngine):
    name = "tesseract"
    title = Text("Tesseract", "Tesseract")
    rule_words_table = rules.WORDS
    dice_options = DICE_OPTIONS
    readings = frozenset({"priming_zone_reading"})
    option_defaults = {
        "colours": (["red", "blue", "yellow", "purple"], "the four dice colours (16 dice each)"),
        "camera_colours": ({"violet": "purple"}, "camera colour name -> game colour, for names that differ"),
        "camera_frame_is_priming_zone": (False, "treat every die in a reading as primed when no area is given"),
        "lab_slots": (5, "cube slots on a lab sheet (not given in the rule book's text)", Range(3, 12)),
        "start_without_research": (False, "difficulty: no level 2 research card dealt at setup"),
        "extra_primed": (0, "difficulty: 0-2 extra cubes primed at setup (lowest removable cube each)", Range(0, 2)),
        "confine_colours": ("same_or_distinct",
                            "a set or run is all one colour or all different colours; or colours mixed freely",
                            OneOf("same_or_distinct", "any")),
        "breach_scope": ("primed_value", "a Threat phase breaches when 3 or more primed cubes show the value just "
                                         "primed (6 or more: two steps); or when any value is held 3 times or more",
                         OneOf("primed_value", "all_values")),
        "empty_loss": ("threat_start", "lose when the Tesseract is empty at the start of a Threat phase, or as soon as "
                                       "its last cube is taken",
                       OneOf("threat_start", "last_cube")),
        "allow_pass": (False, "let a scientist end the Action phase with actions unused"),
        "base_layout": ({}, "column -> event map replacing the built-in (assumed) base layout"),
    }

    def setup(self) -> None:
        opts = self.options
        colours = opts["colours"]
        if len(colours) != 4 or len(set(colours)) != 4 or not all(isinstance(c, str) and c for c in colours):
            raise OptionsError("option 'colours' must name 4 different colours")
        opts["colours"] = [c.lower() for c in colours]
        mapping = opts["camera_colours"]
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in mapping.items()):
            raise OptionsError("option 'camera_colours' must map colour names to colour names")
        opts["camera_colours"] = {k.lower(): v.lower() for k, v in mapping.items()}
        try:
            if opts["base_layout"]:
                base_layout("1", opts["base_layout"])
        except (ValueError, TypeError) as exc:
            raise OptionsError(f"option 'base_layout': {exc}") from None
        self.state: GameState | None = None

    # -- events ----------------------------------------------------------------
    def _apply(self, event: Mapping[str, Any]) -> list[Verdict]:
        kind = event["type"]
        try:
            if kind == "setup":
                if self.state is not None:
                    raise rules.Illegal(rules.SETUP, "The game is already set up", "La partie est déjà en place")
                self.state, verdicts = setup_game(event, self.options)
                return verdicts + drain(self.state, self.options)  # an event a setup prime revealed
            if kind == "priming_zone_reading":
                if self.state is None:
                    raise rules.Illegal(rules.SETUP, "Set the game up first", "Mettez d’abord la partie en place")
                return reconcile(self.state, event, self.options)
            handler = HANDLERS.get(kind)
            if handler is None:
                raise EventError(f"unknown Tesseract event {kind!r} (known: setup, priming_zone_reading, "
                                 f"{', '.join(HANDLERS)})")
            require_playing(self.state)
            tower_before = Tower(self.state.tesseract.columns)  # its own lists: the event changes the state's
            moved_before, self.state.last_moved = self.state.last_moved, []  # destroy() adds a lab or primed cube
            verdicts = handler(self.state, event, self.options)
            if kind not in ("prime", "resolve", "end_actions"):
                verdicts += drain(self.state, self.options)
            moved = tower_changes(tower_before, self.state.tesseract) + self.state.last_moved
            self.state.last_moved = moved or moved_before
            return verdicts
        except rules.Illegal as refused:
            return [refused.verdict]

    def observation_event(self, observation: Observation) -> dict[str, Any] | None:
        return reading_event(observation, self.options, self.state)

    def expected_roll(self) -> RollExpectation | None:
        """Dice of the game's four colours (as the camera names them) in the priming zone, the labs or on the
        confinement board; any number of them."""
        if self.state is None:
            return None
        named = {c for c in DIE_COLOURS if game_colour(c, self.options) in self.state.colours}
        return RollExpectation(colours=tuple(sorted(named | set(self.state.colours))),
                               zones=("priming-", "lab-", "confinement"))

    # -- state -------------------------------------------------------------------
    def _state_from_json(self, data: Mapping[str, Any]) -> GameState:
        return GameState.from_json(data)

    def offers(self) -> dict[str, dict[str, Any]]:
        return action_offers(self.state)

    def seats(self) -> list[str]:
        return list(self.state.scientists) if self.state is not None else []

    def to_act(self) -> str | None:
        """The summary's ``scientist``, until the game is over."""
        return self.state.scientist if self.state is not None and self.state.phase != OVER else None

    def summary(self) -> dict[str, Any]:
        s = self.state
        if s is None:
            # the phone's Game details say it in the page's language (an English "message" showed in French)
            return {"phase": "setup", "facts": [fact("Setting up: the scientists, the base and the tower",
                                                     "Mise en place : les scientifiques, le socle et la tour")],
                    "setup": setup_choices(self.options["colours"])}
        return {
            "phase": s.phase,
            "scientist": s.scientist,
            "turn": s.turn,
            "actions_left": s.actions_left,
            "breaches": s.breaches,
            "priming_zone": s.zone.to_json(),
            "priming_by_value": {str(v): n for v, n in sorted(s.zone.by_value().items())},
            "labs": s.labs.to_json(),
            "research": s.research.to_json()["hands"],
            "confined": len(s.board.filled),
            "board": s.board.fill_grid(),
            "tesseract_cubes": s.tesseract.count(),
            "lowest_removable": s.tesseract.lowest_removable(),
            "pending": [dict(p) for p in s.pending],
            "outcome": s.outcome,
            "available": compact(self.available_actions()),
            "facts": facts(s),
            **display(s),
        }
