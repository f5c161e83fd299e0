"""Two phones at one table: an undo or a correction aimed at a game that moved on is refused, clearly."""

from __future__ import annotations

from webhelpers import Phone


def two_players(app):
    first, second = Phone(app), Phone(app)
    first.login()
    second.login()
    return first, second


def roll(phone, *values):
    response = phone.post("/api/roll", {"dice": [{"value": v, "color": "red"} for v in values]})
    assert response.status_code == 200, response.get_json()
    return phone.state()["accepted"][-1]


def test_double_undo_undoes_one_entry_and_refuses_the_second(app):
    first, second = two_players(app)
    roll(first, 1, 2)
    last = roll(first, 3, 4)
    # Both phones show "Undo entry <last>"; both tap it.
    assert first.post("/api/undo", {"seq": last}).status_code == 200
    refused = second.post("/api/undo", {"seq": last})
    assert refused.status_code == 409
    assert refused.get_json()["error"] == "conflict"
    assert f"entry {last + 1} is no longer the last one" in refused.get_json()["message"]
    assert len(first.state()["accepted"]) == 1   # only one entry was undone


def test_undo_after_a_roll_arrived_meanwhile_is_refused(app):
    first, second = two_players(app)
    seen = roll(first, 5, 5)
    roll(second, 6, 6)                            # the camera or another phone adds a roll
    refused = first.post("/api/undo", {"seq": seen})
    assert refused.status_code == 409
    assert len(first.state()["accepted"]) == 2


def test_an_undo_without_a_seq_still_takes_back_the_last_entry(app):
    first, _ = two_players(app)
    roll(first, 2, 2)
    assert first.post("/api/undo").status_code == 200
    assert first.state()["accepted"] == []


def test_conflicting_corrections_the_second_is_refused(app):
    first, second = two_players(app)
    seq = roll(first, 1, 2)
    entry = next(e for e in first.history() if e["seq"] == seq)
    version = entry["version"]
    assert version == seq
    ok = first.post("/api/corrections", {"seq": seq, "version": version, "dice": [{"value": 3}, {"value": 2}]})
    assert ok.status_code == 200
    late = second.post("/api/corrections", {"seq": seq, "version": version, "dice": [{"value": 6}, {"value": 2}]})
    assert late.status_code == 409
    assert "corrected meanwhile" in late.get_json()["message"]
    entry = next(e for e in first.history() if e["seq"] == seq)
    assert [d["value"] for d in entry["dice"]] == [3, 2]
    assert entry["version"] > seq                 # the correction's own entry
    again = second.post("/api/corrections", {"seq": seq, "version": entry["version"],
                                             "dice": [{"value": 6}, {"value": 2}]})
    assert again.status_code == 200


def test_legal_moves_lists_the_active_keepers_outcomes(app):
    first, _ = two_players(app)
    assert first.post("/api/game",
                      {"game": "nexus-keepers", "options": {}, "players": ["Ann", "Bob"]}).status_code == 201
    assert first.get("/api/legal-moves").get_json()["moves"] == []
    setup = {"type": "setup", "players": [
        {"id": "Ann", "card": "example-ember-warden", "cube": {"origin": [0, 0], "direction": "E"}},
        {"id": "Bob", "card": "example-tide-runner", "cube": {"origin": [4, 1], "direction": "W"}}]}
    assert first.post("/api/events", {"event": setup}).status_code == 200
    assert first.post("/api/events", {"event": {"type": "roll", "dice": [2, 2, 3, 4, 6]}}).status_code == 200
    moves = first.get("/api/legal-moves").get_json()["moves"]
    # A pair of 2s on the Ember Warden gives one move step: Ann stays, or steps to (1, 0) or (0, 1).
    assert sorted(tuple(m["to"]) for m in moves) == [(0, 0), (0, 1), (1, 0)]


def test_a_new_game_started_while_another_phone_looked_is_refused(app):
    first, second = two_players(app)
    seen = first.state()["game_id"]
    started = second.post("/api/game", {"game": "tesseract", "players": ["Ann", "Bob"], "replaces": seen})
    assert started.status_code == 201
    late = first.post("/api/game", {"game": "nexus-keepers", "players": ["Cy"], "replaces": seen})
    assert late.status_code == 409
    assert "another phone started a new game of Tesseract (Ann, Bob)" in late.get_json()["message"]
    assert first.state()["game"] == "tesseract"


def test_a_game_set_aside_can_be_resumed_with_its_entries(app):
    first, second = two_players(app)
    seen = first.state()["game_id"]
    assert first.post("/api/game", {"game": "free-roll", "players": ["Ann"], "replaces": seen}).status_code == 201
    roll(first, 4, 4)
    aside = first.state()["game_id"]
    assert first.post("/api/game", {"game": "tesseract", "players": ["Bob"], "replaces": aside}).status_code == 201
    games = first.get("/api/past-games").get_json()["games"]
    listed = {g["id"]: g for g in games}
    assert listed[aside]["resumable"] and listed[aside]["entries"] == 1 and listed[aside]["players"] == ["Ann"]
    assert listed[aside]["title"]["en"] == "Free roll"
    assert games[0]["current"] and not games[0]["resumable"]
    now = first.state()["game_id"]
    # A phone that saw an older game is refused; one that saw the current one resumes.
    assert second.post("/api/resume", {"game_id": aside, "replaces": seen}).status_code == 409
    resumed = first.post("/api/resume", {"game_id": aside, "replaces": now})
    assert resumed.status_code == 200
    state = first.state()
    assert state["game_id"] == aside and state["players"] == ["Ann"] and len(state["accepted"]) == 1
    listed = {g["id"]: g for g in first.get("/api/past-games").get_json()["games"]}
    assert listed[now]["resumable"]          # the Tesseract game is now the one set aside


def test_a_finished_game_cannot_be_resumed(app, service):
    first, _ = two_players(app)
    assert first.post("/api/game", {"game": "nexus-keepers", "players": ["Ann", "Bob"]}).status_code == 201
    game = first.state()["game_id"]
    service.table.journal.end_game(game, {"kind": "win"})
    assert first.post("/api/game", {"game": "free-roll"}).status_code == 201
    refused = first.post("/api/resume", {"game_id": game})
    assert refused.status_code == 422
    assert "played to its end" in refused.get_json()["message"]



def test_a_move_tapped_on_a_table_that_moved_on_is_refused_and_not_played(app):
    """Two phones show the same game; both tap a roll. The second is refused instead of played as a second roll."""
    first, second = two_players(app)
    seen = first.state()["entries"]
    ok = first.post("/api/roll", {"dice": [{"value": 3}, {"value": 4}], "seen": seen})
    assert ok.status_code == 200
    late = second.post("/api/roll", {"dice": [{"value": 5}, {"value": 5}], "seen": seen})
    assert late.status_code == 409 and late.get_json()["error"] == "conflict"
    assert "moved on" in late.get_json()["message"]
    assert first.state()["entries"] == seen + 1 and len(first.history()) == 1  # nothing journaled for the refusal
    event = second.post("/api/events", {"event": {"type": "roll", "dice": [{"value": 2}]}, "seen": seen})
    assert event.status_code == 409
    # the phone that looked again plays
    assert second.post("/api/roll", {"dice": [{"value": 5}, {"value": 5}], "seen": seen + 1}).status_code == 200
    assert first.state()["entries"] == seen + 2
