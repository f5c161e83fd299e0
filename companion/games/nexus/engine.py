"""The Nexus (James Ernest) rules engine: options, event dispatch, snapshot and the phone summary."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Observation, Text, Verdict
from companion.referee.engine import EventError, GameEngine, OptionsError, StateUntilSetup
from companion.referee.offers import compact
from companion.referee.registry import register
from companion.words import fact

from . import rules
from .camera import camera_names, play_from_board
from .display import setup_choices
from .state import OVER, GameState
from .turns import card_spots, counter_nodes, place_counter, play_card, setup_game
from .views import summary

HANDLERS = {"play_card": play_card, "place_counter": place_counter}
EVENTS = ("setup", *HANDLERS)


@register
class Nexus(StateUntilSetup, GameEngine):
    name = "nexus"
    title = Text("Nexus (James Ernest)", "Nexus (James Ernest)")
    rule_words_table = rules.WORDS
    option_defaults = {
        "target_points": (10, "points that win (the book: at least 10)"),
        "every_node_worth_one": (False, "variant: every node is worth one Power Point, whatever its connectors"),
        "ties_illegal": (False, "variant: a card or counter that would tie the strongest players of a Nexus is "
                                "refused (allowed when every choice would)"),
        "cards_anywhere": (False, "variant: a card may go anywhere on the grid, touching no card"),
        "deck_out_most_points": (False, "when the deck runs out with no one at the target, the most points win "
                                        "(ties share) instead of no one (the book: at least 10 points to win)"),
        "blocked_rod_closes": (False, "a rod that meets a blank card edge no longer keeps its Nexus open "
                                      "(the book: every connector must lead to a node)"),
    }

    def setup(self) -> None:
        if self.options["target_points"] < 1:
            raise OptionsError("option 'target_points' must be at least 1")
        self.state: GameState | None = None
        self._cache: dict = {}

    # -- events ----------------------------------------------------------------
    def _apply(self, event: Mapping[str, Any]) -> list[Verdict]:
        kind = event["type"]
        try:
            if kind == "setup":
                if self.state is not None:
                    raise rules.Illegal(rules.SETUP, "The game is already set up", "La partie est déjà en place")
                self.state, verdicts = setup_game(event, self.options, self._cache)
                return verdicts
            handler = HANDLERS.get(kind)
            if handler is None:
                raise EventError(f"unknown Nexus event {kind!r} (known: {', '.join(EVENTS)})")
            if self.state is None:
                raise rules.Illegal(rules.SETUP, "Set the game up first", "Mettez d’abord la partie en place")
            if self.state.phase == OVER:
                raise rules.Illegal(rules.GAME_OVER, "The game is over", "La partie est terminée")
            return handler(self.state, event, self.options, self._cache)
        except rules.Illegal as refused:
            return [refused.verdict]

    def observation_event(self, observation: Observation) -> dict[str, Any] | None:
        """No dice in Nexus: a card the camera sees newly laid on the mat is played (``camera.py``); counters
        are placed from the phone."""
        return play_from_board(self.state, observation.pieces) if observation.pieces else None

    def camera_names(self, pieces: Mapping[str, Any]) -> dict[str, Text]:
        return camera_names(self.state, pieces)

    def expected_roll(self) -> None:
        """No dice in Nexus: no roll is ever expected."""
        return None

    def legal_counters(self) -> list[str]:
        return counter_nodes(self.state, self.options) if self.state else []

    def legal_card_spots(self, card_id: str) -> list:
        """The Placements the rules allow ``card_id`` touching the board now, under the variants chosen."""
        return card_spots(self.state, card_id, self.options) if self.state else []

    # -- state -------------------------------------------------------------------
    def _state_from_json(self, data: Mapping[str, Any]) -> GameState:
        return GameState.from_json(data, self._cache)

    def seats(self) -> list[str]:
        return list(self.state.players) if self.state is not None else []

    def to_act(self) -> str | None:
        """The summary's ``player``."""
        return self.state.player if self.state is not None and self.state.outcome is None else None

    def summary(self) -> dict[str, Any]:
        if self.state is None:
            # the phone's Game details say it in the page's language (an English "message" showed in French)
            return {"phase": "setup", "facts": [fact("Setting up: the players and the first card, face up",
                                                     "Mise en place : les joueurs et la première carte, face visible")],
                    "setup": setup_choices()}
        # Nexus lists no buttons to put to the referee: its phone offers only the nodes and squares the rules leave
        # open (legal_counters, card_spots), worked out by the rules themselves
        return {**summary(self.state, self.options), "available": compact(self.available_actions())}
