"""The board summary a phone draws from: the tower from above, revealed symbols, what an event asks."""

from __future__ import annotations

from companion.games.tesseract.display import moved_changes

from tess_helpers import illegal, new_game


def test_tower_marks_removable_and_lowest_columns():
    """« Un cube est considéré comme amovible si au moins trois de ses faces sont visibles (y compris sa face
    supérieure). » « Identifiez le cube amovible le plus bas en hauteur et en valeur en faisant pivoter le Tesseract.
    L'emplacement l'emporte sur la valeur. »: the phone's tower marks each column's cube removable, and the lowest."""
    engine = new_game(2)
    summary = engine.summary()
    tower = {c["column"]: c for c in summary["tower"]}
    assert len(tower) == 16
    # the lowest level holding removable cubes is the four corners' 3rd (a lab took each top cube at setup); there
    # the yellow 3s of a1 and d1 are lower than the blue 6s of a4 and d4: those two alone are marked the lowest
    assert [(n, c["top"]["value"]) for n, c in tower.items() if c["height"] == 3 and c["removable"]] == [
        ("a1", 3), ("a4", 6), ("d1", 3), ("d4", 6)]
    assert min(c["height"] for c in tower.values() if c["removable"]) == 3
    assert summary["lowest_removable"] == ["a1", "d1"]
    assert [n for n, c in tower.items() if c["lowest"]] == ["a1", "d1"]
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


def test_the_summary_says_which_cubes_the_last_tower_change_moved():
    """The summary's ``last_moved`` names each cube the last event that changed the tower took off a column or put
    on one, so the drawing can ring it as well as say it ("S1 takes red 4 from a1"); an action that leaves the
    tower alone keeps it, a refused one and an undo leave it as the game stands."""
    engine = new_game(2)
    assert moved_changes(engine.summary()["last_moved"]) == []  # the setup's own primes are not a player's move
    column = engine.summary()["removable"][0]
    top = next(c["top"] for c in engine.summary()["tower"] if c["column"] == column)
    engine.apply({"type": "take", "column": column})
    taken = [{"column": column, "cube": top, "how": "removed"}]
    assert moved_changes(engine.summary()["last_moved"]) == taken
    assert engine.summary()["last_moved"] == [["removed", column, top["color"], top["value"]]]  # as it is sent
    lab_cube = engine.summary()["labs"]["S1"][0]
    delta = 1 if lab_cube["value"] < 6 else -1
    assert not illegal(engine.apply({"type": "calibrate", "cube": lab_cube, "delta": delta}))
    assert moved_changes(engine.summary()["last_moved"]) == taken  # the tower untouched: its last change still shown
    assert illegal(engine.apply({"type": "take", "column": "b2"}))  # hemmed in: refused
    assert moved_changes(engine.summary()["last_moved"]) == taken
    summary = engine.summary()
    source = next(c for c in summary["removable"] if c != column)
    moved = next(c["top"] for c in summary["tower"] if c["column"] == source)
    to = next(c["column"] for c in summary["tower"] if c["height"] < 4 and c["column"] not in (source, column))
    verdicts = engine.apply({"type": "play_card", "source": "scientist",
                             "effects": [{"op": "restructure", "from": source, "to": to}]})
    assert not illegal(verdicts), verdicts
    assert sorted(moved_changes(engine.summary()["last_moved"]), key=lambda m: m["how"]) == [
        {"column": to, "cube": moved, "how": "placed"}, {"column": source, "cube": moved, "how": "removed"}]
    engine.undo()
    assert moved_changes(engine.summary()["last_moved"]) == taken


def test_the_last_change_names_a_cube_destroyed_from_a_lab_or_the_priming_zone():
    """``last_moved`` is what the last event that moved cubes did: a cube destroyed from a lab or the priming zone
    is named with where it was (no column to ring), so the tower's older change is not shown as the news; an event
    that moves none keeps it, and a refused one leaves it as it stood."""
    engine = new_game(2)
    column = engine.summary()["removable"][0]
    engine.apply({"type": "take", "column": column})
    lab_cube = engine.summary()["labs"]["S1"][0]
    verdicts = engine.apply({"type": "play_card", "source": "scientist",
                             "effects": [{"op": "destroy", "zone": "lab", "cube": lab_cube}]})
    assert not illegal(verdicts), verdicts
    from_lab = [{"cube": lab_cube, "how": "destroyed", "zone": "lab", "scientist": "S1"}]
    assert moved_changes(engine.summary()["last_moved"]) == from_lab
    assert engine.summary()["last_moved"] == [["destroyed", "lab", lab_cube["color"], lab_cube["value"], "S1"]]
    assert engine.summary()["destroyed"][-1] == lab_cube
    assert illegal(engine.apply({"type": "take", "column": "b2"}))  # hemmed in: refused
    assert moved_changes(engine.summary()["last_moved"]) == from_lab
    primed = engine.summary()["priming_zone"][0]
    verdicts = engine.apply({"type": "play_card", "level": 2,
                             "effects": [{"op": "destroy", "zone": "priming", "cube": primed}]})
    assert not illegal(verdicts), verdicts
    assert moved_changes(engine.summary()["last_moved"]) == [{"cube": primed, "how": "destroyed",
                                                               "zone": "priming"}]
    engine.undo()
    assert moved_changes(engine.summary()["last_moved"]) == from_lab
