"""Malformed and oversized bodies: a 4xx that says what is wrong, never a 500, never a change of state."""

from __future__ import annotations

import pytest

CHANGES = ["/api/roll", "/api/corrections", "/api/events", "/api/game", "/api/undo", "/api/login", "/api/pin"]


def snapshot(player):
    return player.state(), player.history()


@pytest.mark.parametrize("path", CHANGES)
@pytest.mark.parametrize("raw, status, words", [
    (b"{\"dice\": [", 400, "not valid JSON"),
    (b"\xff\xfe{}", 400, "not"),
    (b"{\"value\": NaN}", 400, "NaN"),
    (b"[" * 5000 + b"]" * 5000, 400, ""),
    (b"\"just a string\"", 400, "body"),
])
def test_bad_json_is_a_400_with_a_message(player, path, raw, status, words):
    before = snapshot(player)
    response = player.post(path, data=raw, headers={"Content-Type": "application/json"})
    assert response.status_code == status
    assert words in response.get_json()["message"]
    assert snapshot(player) == before


@pytest.mark.parametrize("path", ["/api/roll", "/api/game", "/api/login"])
def test_a_body_that_is_not_declared_json_is_a_415(player, path):
    response = player.post(path, data=b"pin=1234", headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert response.status_code == 415


@pytest.mark.parametrize("path", CHANGES)
def test_an_oversized_body_is_a_413_before_it_is_read(player, path):
    before = snapshot(player)
    big = b'{"dice": [' + b'{"value": 1},' * 6000 + b'{"value": 1}]}'
    assert len(big) > 64 * 1024
    response = player.post(path, data=big, headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert "64 KiB" in response.get_json()["message"]
    assert snapshot(player) == before


@pytest.mark.parametrize("body, where", [
    ({"dice": [{"value": 7}]}, "body.dice[0].value"),
    ({"dice": [{"value": "6"}]}, "body.dice[0].value"),
    ({"dice": [{"value": True}]}, "body.dice[0].value"),
    ({"dice": []}, "body.dice"),
    ({"dice": [{"value": 3, "colour": "red"}]}, "body.dice[0]"),
    ({"dice": [{"value": 3, "confidence": 2}]}, "body.dice[0].confidence"),
    ({"dice": [{"value": 3, "box": [1, 2, 3]}]}, "body.dice[0].box"),
    ({"dice": [{"value": 2}] * 31}, "body.dice"),
    ({}, "body"),
    ({"dice": [{"value": 2}], "extra": 1}, "body"),
])
def test_a_roll_off_the_schema_names_the_offending_field(player, body, where):
    before = snapshot(player)
    response = player.post("/api/roll", body)
    assert response.status_code == 400
    assert response.get_json()["message"].startswith(where + ":") or where in response.get_json()["message"]
    assert snapshot(player) == before


@pytest.mark.parametrize("path, body", [
    ("/api/corrections", {"seq": -1, "dice": [{"value": 1}]}),
    ("/api/corrections", {"seq": 2 ** 40, "dice": [{"value": 1}]}),
    ("/api/corrections", {"seq": 1.5, "dice": [{"value": 1}]}),
    ("/api/events", {"event": {"dice": []}}),
    ("/api/events", {"event": {"type": 4}}),
    ("/api/events", {"event": "roll"}),
    ("/api/game", {"game": ""}),
    ("/api/game", {"game": "free-roll", "players": "Ana"}),
    ("/api/game", {"game": "free-roll", "options": []}),
    ("/api/undo", {"now": True}),
    ("/api/login", {"pin": 1234}),
    ("/api/pin", {"current": "1", "new": 5678}),
])
def test_other_bodies_off_the_schema_are_400s(player, path, body):
    before = snapshot(player)
    response = player.post(path, body)
    assert response.status_code == 400, response.get_json()
    assert snapshot(player) == before


def test_reserved_event_types_are_refused_as_events(player):
    player.post("/api/roll", {"dice": [{"value": 2}]})
    before = snapshot(player)
    for kind in ("undo", "correct"):
        response = player.post("/api/events", {"event": {"type": kind, "seq": 0, "dice": [{"value": 6}]}})
        assert response.status_code == 422
    assert snapshot(player) == before


def test_a_bad_last_event_id_is_a_400(phone):
    assert phone.client.get("/api/stream?last_id=abc").status_code == 400
    response = phone.client.get("/api/stream", headers={"Last-Event-ID": "-4"})
    assert response.status_code == 400 and response.get_json()["error"] == "bad_last_id"
