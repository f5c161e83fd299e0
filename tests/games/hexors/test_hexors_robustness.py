"""Any event, however malformed, is refereed or refused with a clear error, never an engine crash."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.games.refusals import apply_losing_nothing

from hex_helpers import game, put

CELLS = ["d5", "d4", "c5", "e6", "z9", "a1", 3, None]
TILES = ["a1", "a2", "A", "b1", "B", "zz", 0, None]
values = st.recursive(st.none() | st.booleans() | st.integers(-3, 12) | st.sampled_from(CELLS + TILES + ["red"]),
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(
                          ["cell", "facing", "value", "color", "colour"]), inner, max_size=3), max_leaves=6)
events = st.fixed_dictionaries(
    {"type": st.sampled_from(["move", "challenge", "roll", "compare", "launch", "cannot_move", "positions",
                              "setup"])},
    optional={"tile": st.sampled_from(TILES) | values, "path": st.lists(st.sampled_from(CELLS), max_size=3) | values,
              "to": values, "target": st.sampled_from(TILES + ["A-disarm-1"]) | values, "colour": values,
              "dice": values, "player": st.sampled_from(["A", "B", "C", 1]), "order": values,
              "action": st.sampled_from(["disarm", "zombie", "genesis", "mystic_barrier", "nope"]),
              "cell": st.sampled_from(CELLS), "tiles": values, "players": values})


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=st.lists(events, min_size=1, max_size=6), level=st.sampled_from(["beginner", "advanced"]))
def test_random_events_never_crash_and_refusals_change_nothing(sequence, level):
    engine = game(level, options={"starting_stars": 5},
                  **({"a_actions": ["disarm", "zombie", "genesis"], "b_actions": ["mystic_barrier"] * 2 + ["disarm"]}
                     if level == "advanced" else {}))
    put(engine, a1="d4", b1="d6", b2="e6")
    for event in sequence:
        apply_losing_nothing(engine, event)
        engine.summary()
