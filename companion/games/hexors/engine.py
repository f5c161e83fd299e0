"""The Hexors referee: options, event dispatch, snapshot (see docs/rules/hexors.md)."""

from __future__ import annotations

from typing import Any, Mapping

from companion.core import Observation, Text, Verdict
from companion.referee.engine import EventError, GameEngine, OptionsError, StateUntilSetup
from companion.referee.options import DICE_OPTIONS
from companion.referee.expectations import RollExpectation
from companion.referee.offers import compact
from companion.referee.registry import register

from . import actions, camera, duel, play, rules, turns
from .arena import Arena
from .die import rolled_colour
from .glossary import KINDS
from .setup import setup_game, start_cells
from .state import OVER, GameState
from .views import summary

DEFAULT_COLOURS = ["red", "orange", "yellow", "green", "blue", "purple"]

CHOICES = {
    "level": ("beginner", "advanced"),
    "die_reading": ("value", "color"),
    "advance_directions": ("any", "forward"),
    "energy_trap_duration": ("turn", "until_disarmed"),
    "genesis_distance": ("within", "exactly"),
    "symbiosis_value": ("rolled_colour", "highest_face"),
    "zombie_targets": ("any_tile", "monsters_only"),
}

EVENTS = ("setup", "move", "challenge", "roll", "compare", "launch", "cannot_move", "positions", "arena_reading")


@register
class Hexors(StateUntilSetup, GameEngine):
    name = "hexors"
    title = Text("Hexors", "Hexors")
    rule_words_table = rules.WORDS
    dice_options = DICE_OPTIONS
    readings = readings_said_once = frozenset({"arena_reading"})
    option_defaults = {
        "level": ("beginner", "the starter set (beginner) or the collection game with action tiles and stars "
                              "(advanced)"),
        "colours": (DEFAULT_COLOURS, "the six colours of the colour die (and of the tiles' faces)"),
        "die_reading": ("value", "by its face value (1 to 6 picks the colour at that place in the game's list of "
                                 "colours), or by the colour the camera reads on it"),
        "arena_columns": (7, "columns of the arena mat (the book shows the mat only as a picture)"),
        "arena_rows": (9, "rows of the arena mat, from the first player's end"),
        "start_cells": ([], "grey starting cells: [[first player's end], [other end]]; empty: middle 3 of each end"),
        "advance_directions": ("any", "an advance goes to any neighbouring cell, or forward only (3 cells)"),
        "character_bonus": (2, "points a character adds to its strike value at the beginner level"),
        "starting_stars": (0, "stars each player's fund starts with (advanced level)"),
        "energy_trap_duration": ("turn", "Coince-énergie lasts the rest of the turn, or until it is disarmed"),
        "divine_chain_turns": (3, "turns after the launch a Chaîne divine lasts (each player's turn counts)"),
        "genesis_range": (2, "how far from its character a monster brought back by Genèse may stand"),
        "genesis_distance": ("within", "Genèse puts a monster back within that range of its character, or exactly "
                                       "that far"),
        "symbiosis_value": ("rolled_colour", "Symbiose borrows an ally's value for the rolled colour, or its "
                                             "highest face"),
        "zombie_targets": ("any_tile", "Zombie may take any enemy tile, or monsters only"),
        "duel_confirm": (False, "wait for the players to compare after both rolls (room for flash actions)"),
    }

    def setup(self) -> None:
        opts = self.options
        for key, allowed in CHOICES.items():
            if opts[key] not in allowed:
                raise OptionsError(f"option {key!r} must be one of {', '.join(allowed)}")
        colours = [str(c).lower() for c in opts["colours"]]
        if len(colours) != 6 or len(set(colours)) != 6:
            raise OptionsError("option 'colours' must name six different colours")
        opts["colours"] = colours
        for key in ("character_bonus", "starting_stars", "divine_chain_turns", "genesis_range"):
            if opts[key] < 0:
                raise OptionsError(f"option {key!r} must be 0 or more")
        try:
            start_cells(Arena(opts["arena_columns"], opts["arena_rows"]), opts)
        except ValueError as exc:
            raise OptionsError(f"arena options: {exc}") from None
        self.state: GameState | None = None

    # -- events ----------------------------------------------------------------
    def _apply(self, event: Mapping[str, Any]) -> list[Verdict]:
        kind = event["type"]
        if kind not in EVENTS:
            raise EventError(f"unknown Hexors event {kind!r} (known: {', '.join(EVENTS)})")
        try:
            if kind == "setup":
                if self.state is not None:
                    raise rules.Illegal(rules.SETUP, "The game is already set up", "La partie est déjà en place")
                self.state, verdicts = setup_game(event, self.options)
                return verdicts + turns.check_can_move(self.state, self.options)
            state = self.state
            if state is None:
                raise rules.Illegal(rules.SETUP, "Set the game up first", "Mettez d’abord la partie en place")
            if state.phase == OVER:
                raise rules.Illegal(rules.GAME_OVER, "The game is over", "La partie est terminée")
            if kind == "move":
                return play.move(state, event, self.options)
            if kind == "challenge":
                return duel.challenge(state, event)
            if kind == "roll":
                return duel.roll(state, event, self.options)
            if kind == "compare":
                return duel.compare(state, self.options)
            if kind == "launch":
                return actions.launch(state, event, self.options)
            if kind == "cannot_move":
                return turns.cannot_move(state, self.options)
            return camera.positions(state, event, self.options, plays=kind == "positions")
        except rules.Illegal as refused:
            return [refused.verdict]

    def observation_event(self, observation: Observation) -> dict[str, Any] | None:
        return camera.observation_event(self.state, observation)

    def camera_names(self, pieces: Mapping[str, Any]) -> dict[str, Text]:
        return camera.camera_names(self.state, pieces)

    def dice_kinds(self) -> tuple[str, ...]:
        """A colour die read by its top face's colour, or a pip die whose value picks the colour (choice D1)."""
        return ("colour",) if self.options["die_reading"] == "color" else ("pips",)

    def named_faces(self, event: Mapping[str, Any]) -> list[str] | None:
        """A duel roll's colour, typed or read (« roule le dé de couleur »: its faces are colours, whichever way
        D1 reads them); None for any other event, or a roll that names no colour of the game."""
        if event.get("type") != "roll":
            return None
        try:
            return [rolled_colour(event, self.options["colours"], self.options["die_reading"])]
        except (ValueError, KeyError, TypeError, AttributeError):
            return None

    def expected_roll(self) -> RollExpectation | None:
        """« L'attaquant commence et roule le dé de couleur »: in a duel, one colour die in the mat's dice zone;
        read by its colour, one of the game's six colours. No roll is expected outside a duel."""
        state = self.state
        if state is None or state.duel is None or state.duel.defender is None:
            return None
        colours = tuple(self.options["colours"]) if self.options["die_reading"] == "color" else None
        return RollExpectation(counts=(1,), colours=colours, zones=("dice",))

    # -- state -------------------------------------------------------------------
    def _state_from_json(self, data: Mapping[str, Any]) -> GameState:
        return GameState.from_json(data)

    def offers(self) -> dict[str, dict[str, Any]]:
        """The buttons beside the arena as the events they send: whom a tile fights first, compare, cannot move, and
        each action tile a player could launch (its target, when it takes one, is picked next)."""
        state = self.state
        if state is None or state.phase == OVER:
            return {}
        out: dict[str, dict[str, Any]] = {}
        if state.level == "advanced":
            for player in state.players:
                for name in sorted(set(player.hand) if player.hand is not None else KINDS):
                    out[f"launch:{player.id}:{name}"] = {"type": "launch", "player": player.id, "action": name}
        if state.duel is not None:
            if state.duel.defender is None:
                for target in state.duel.remaining:
                    out[f"challenge:{target}"] = {"type": "challenge", "target": target}
            elif len(state.duel.rolls) == 2:
                out["compare"] = {"type": "compare"}
        elif state.moved is None:
            out["cannot_move"] = {"type": "cannot_move"}
        return out

    def offer_refusal(self, key: str, refused: Verdict | None, error: EventError | None) -> dict[str, str] | None:
        """A launch offered without its target stands or falls by what the referee checks before the target: the
        level, whose turn an extreme action needs, the hand and the stars."""
        if key.startswith("launch:") and KINDS[key.rsplit(":", 1)[1]].target != "none":
            early = refused is not None and refused.rule in actions.BEFORE_TARGET
            return refused.message.to_json() if early else None
        return super().offer_refusal(key, refused, error)

    def seats(self) -> list[str]:
        return [p.id for p in self.state.players] if self.state is not None else []

    def to_act(self) -> str | None:
        """The summary's duel ``next_roll_by`` while a duel waits for a roll, else its ``turn``."""
        state = self.state
        if state is None or state.outcome is not None:
            return None
        duel = state.duel
        if duel is not None and duel.defender is not None and len(duel.rolls) < 2:
            return state.controller(state.pieces[duel.attacker if not duel.rolls else duel.defender])
        return state.player.id

    def summary(self) -> dict[str, Any]:
        """The refused launches' reasons name the player and the action tile (``compact``'s terms): each reason is
        sent once a sentence shape, not once an action tile."""
        out = summary(self.state, self.options)
        if self.state is None:
            return out
        terms = [*self.seats(), *({"en": k.en, "fr": k.fr} for k in KINDS.values())]
        return {**out, "available": compact(self.available_actions(), terms)}
