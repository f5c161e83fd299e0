"""Engines declare each option's range or choices; values outside them are refused by name, and the
phones' games list carries the same declaration so a settings page can draw pickers from it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.referee import OneOf, OptionsError, Range, available_games, create_game
from companion.referee.engine import GameEngine


@pytest.mark.parametrize("game, options, message", [
    ("nexus-keepers", {"maladresse_ones": -5}, "option 'maladresse_ones' for nexus-keepers must be 0 to 12, got -5"),
    ("nexus-keepers", {"min_shared_edges": -1}, "option 'min_shared_edges' for nexus-keepers must be 1 to 12, got -1"),
    ("nexus-keepers", {"min_shared_edges": 0}, "'min_shared_edges' for nexus-keepers must be 1 to 12, got 0"),
    ("tesseract", {"lab_slots": 2}, "option 'lab_slots' for tesseract must be 3 to 12, got 2"),
    ("tesseract", {"extra_primed": 3}, "option 'extra_primed' for tesseract must be 0 to 2, got 3"),
    ("tesseract", {"breach_scope": "every_value"},
     "option 'breach_scope' for tesseract must be one of \"primed_value\", \"all_values\", got \"every_value\""),
    ("tesseract", {"confine_colours": "mixed"}, "option 'confine_colours' for tesseract must be one of"),
    ("tesseract", {"empty_loss": "never"}, "option 'empty_loss' for tesseract must be one of"),
    ("free-roll", {"significance": 1.5}, "option 'significance' for free-roll must be 0.0 to 1.0, got 1.5"),
    ("free-roll", {"significance": -0.01}, "must be 0.0 to 1.0"),
])
def test_a_value_outside_the_declared_limit_is_refused_by_name(game, options, message):
    with pytest.raises(OptionsError) as refused:
        create_game(game, options)
    assert message in str(refused.value)


def test_the_limits_include_their_ends_and_every_default_is_within_them():
    assert create_game("nexus-keepers", {"maladresse_ones": 0, "min_shared_edges": 12}).options["maladresse_ones"] == 0
    assert create_game("tesseract", {"lab_slots": 3, "extra_primed": 2, "breach_scope": "all_values"})
    for name, engine in available_games().items():
        create_game(name)  # the defaults pass their own limits
        for key, spec in engine.option_specs().items():
            assert spec.limit is None or spec.limit.problem(spec.default) is None, (name, key)


def test_null_stands_for_the_default_and_a_huge_number_is_shown_short():
    assert create_game("nexus-keepers", {"maladresse_ones": None}).options["maladresse_ones"] == 3
    with pytest.raises(OptionsError) as refused:
        create_game("nexus-keepers", {"maladresse_ones": 10 ** 4000})
    assert len(str(refused.value)) < 120 and "must be 0 to 12" in str(refused.value)


class Dial(GameEngine):
    """Old-style (default, doc) options sit beside declared limits: the declaration is optional."""

    name = "dial-test"
    option_defaults = {
        "plain": (1, "no limit declared"),
        "level": (2, "1 to 5", Range(1, 5)),
        "floor": (0.5, "at least 0", Range(low=0)),
        "mode": ("a", "a or b", OneOf("a", "b")),
    }

    def _apply(self, event):
        return []

    def state_json(self):
        return {}

    def load_state_json(self, state):
        pass


def test_the_declaration_is_optional_and_each_limit_names_its_bounds():
    assert Dial({"plain": -100}).options["plain"] == -100
    for options, message in (({"level": 6}, "must be 1 to 5, got 6"), ({"floor": -1}, "must be at least 0, got -1"),
                             ({"mode": "c"}, 'must be one of "a", "b", got "c"')):
        with pytest.raises(OptionsError, match=message):
            Dial(options)
    assert [spec.to_json() for spec in Dial.option_specs().values()] == [
        {"default": 1, "doc": "no limit declared"},
        {"default": 2, "doc": "1 to 5", "range": {"min": 1, "max": 5}},
        {"default": 0.5, "doc": "at least 0", "range": {"min": 0, "max": None}},
        {"default": "a", "doc": "a or b", "choices": ["a", "b"]},
    ]


def test_the_referee_command_refuses_out_of_range_options_by_name(tmp_path):
    script = tmp_path / "game.jsonl"
    script.write_text(json.dumps({"type": "roll", "dice": [{"value": 2, "color": "red"}]}) + "\n")
    result = subprocess.run([sys.executable, "-m", "companion.cli", "referee", "nexus-keepers", str(script),
                             "--options", '{"min_shared_edges": -2}'], capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "option 'min_shared_edges' for nexus-keepers must be 1 to 12, got -2" in result.stderr
