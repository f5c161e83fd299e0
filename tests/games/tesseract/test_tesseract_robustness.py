"""Bad input gets a clear error and loses nothing: random and malformed events never corrupt a game."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.games.tesseract import Tesseract
from companion.referee.engine import OptionsError
from tests.games.refusals import apply_losing_nothing

import pytest

from tess_helpers import new_game

values = st.one_of(st.integers(-2, 8), st.none(), st.text(max_size=3), st.booleans(),
                   st.lists(st.integers(0, 7), max_size=4))
cubes = st.one_of(st.fixed_dictionaries({"color": st.sampled_from(["red", "blue", "yellow", "purple", "green"]),
                                         "value": st.integers(0, 7)}), values)
columns = st.one_of(st.sampled_from(["a1", "a4", "d1", "d4", "b2", "c3", "z9"]), values)
scientists = st.sampled_from(["S1", "S2", "nobody"])
events = st.fixed_dictionaries(
    {"type": st.sampled_from(["take", "calibrate", "transfer", "study", "confine", "deepen", "play_card",
                              "end_actions", "prime", "resolve", "priming_zone_reading", "setup", "nonsense"])},
    optional={"column": columns, "zone": st.sampled_from(["lab", "priming", "tesseract", "x"]), "cube": cubes,
              "delta": values, "to": values, "rolled": values, "level": values, "from": values,
              "cubes": st.lists(cubes, max_size=4), "chosen": cubes, "reroll": values, "dice": st.lists(cubes),
              "effects": st.lists(st.fixed_dictionaries({"op": st.sampled_from(["destroy", "invert", "zap"]),
                                                         "zone": st.sampled_from(["lab", "priming"]),
                                                         "cube": cubes})),
              "read_by_area": st.one_of(st.lists(st.one_of(st.fixed_dictionaries(
                  {"area": values, "read": values, "color": columns}), values), max_size=2), values),
              "unread": st.one_of(st.lists(st.one_of(st.fixed_dictionaries({"area": values, "color": columns}),
                                                     values), max_size=3), values),
              "labs": st.one_of(st.dictionaries(scientists, st.one_of(st.lists(cubes, max_size=3), values), max_size=2),
                                values),
              "lab_unread": st.one_of(st.dictionaries(scientists, st.one_of(st.lists(st.one_of(
                  st.fixed_dictionaries({"color": columns}), values), max_size=2), values), max_size=2), values),
              "spared": values, "rolls": values, "source": st.sampled_from(["research", "confinement", "x"])})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(events, min_size=1, max_size=12))
def test_random_events_give_verdicts_or_clear_errors_and_never_corrupt_the_state(batch):
    engine = new_game()
    for event in batch:
        verdicts = apply_losing_nothing(engine, event)
        if verdicts is None:
            continue
        for v in verdicts:
            assert v.message.en and v.message.fr and v.rule.startswith("tess.")
        # the state always survives a JSON round trip
        assert Tesseract.from_snapshot(engine.snapshot()).state_json() == engine.state_json()


def test_bad_options_are_refused_clearly():
    for options in ({"colours": ["red", "red", "blue", "yellow"]}, {"lab_slots": 1}, {"confine_colours": "x"},
                    {"base_layout": {"z9": "acceleration"}}, {"base_layout": {"a1": "meteor"}},
                    {"camera_colours": {"violet": 3}}, {"unknown": 1}):
        with pytest.raises(OptionsError):
            Tesseract(options)
