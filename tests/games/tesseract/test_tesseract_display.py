"""The board summary a phone draws from: the tower from above, revealed symbols, what an event asks."""

from __future__ import annotations

from tess_helpers import new_game


def test_tower_marks_removable_and_lowest_columns():
    engine = new_game(2)
    summary = engine.summary()
    tower = {c["column"]: c for c in summary["tower"]}
    assert len(tower) == 16
    for name in summary["lowest_removable"]:
        assert tower[name]["lowest"] and tower[name]["removable"]
    # a corner column lost its top cube to a lab at setup: 3 levels, and removable (3 visible faces)
    assert tower["a1"]["height"] == 3 and tower["a1"]["removable"]
    # an inner column still at full height is hemmed in on all sides: only its top face shows
    assert tower["b2"]["height"] == 4 and not tower["b2"]["removable"]
    assert summary["scientists"] == ["S1", "S2"] and summary["scientist"] == "S1"


def test_a_base_symbol_shows_only_once_its_column_is_empty():
    engine = new_game(2)
    state = engine.state_json()
    state["game"]["tesseract"]["b1"] = []           # base 1 has Acceleration under b1
    engine.load_state_json(state)
    tower = {c["column"]: c for c in engine.summary()["tower"]}
    assert tower["b1"]["symbol"] == "acceleration"
    assert tower["b1"]["symbol_name"]["fr"] == "Accélération"
    assert tower["c4"]["symbol"] is None            # still covered


def test_waiting_events_say_what_they_need():
    engine = new_game(2)
    state = engine.state_json()
    state["game"]["pending"] = [{"event": "chain_reaction", "column": "b1"}]
    engine.load_state_json(state)
    waiting = engine.summary()["waiting"]
    assert waiting[0]["needs"] == ["column", "rolled"]
    assert waiting[0]["columns"] == engine.summary()["lowest_removable"]
