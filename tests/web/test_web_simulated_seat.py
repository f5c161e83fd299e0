"""POST /api/simulated-seat: a person takes a seat at the SIMULATED table, with the table PIN, among the game's own."""

from __future__ import annotations

import pytest

from companion.pipeline import CameraStatus


@pytest.fixture
def simulated(service):
    service.live.camera = CameraStatus(True, "", "simulated", simulated=True)
    service.table.new_game("nexus", {}, ["Ann", "Bob"])
    from companion.games.nexus.cards import example_deck

    service.table.submit({"type": "setup", "players": ["Ann", "Bob"], "deck": "example",
                          "first_card": example_deck()[0].id}, source="simulated player")
    return service


def test_a_person_takes_a_seat_and_the_simulated_players_wait_for_it(simulated, player):
    seat = player.get("/api/simulated-seat").get_json()
    assert seat == {"simulated": True, "seat": None, "seats": ["Ann", "Bob"], "to_act": "Ann"}
    taken = player.post("/api/simulated-seat", {"seat": 1})
    assert taken.status_code == 200 and taken.get_json()["seat"] == 1
    assert simulated.simulated_seat.persons_turn(simulated.table.engine)
    assert player.post("/api/simulated-seat", {"seat": None}).get_json()["seat"] is None
    assert not simulated.simulated_seat.persons_turn(simulated.table.engine)


def test_a_seat_needs_the_pin(simulated, phone):
    response = phone.post("/api/simulated-seat", {"seat": 1})
    assert response.status_code == 401
    assert simulated.simulated_seat.number is None


def test_an_unknown_seat_is_refused_and_the_seat_kept(simulated, player):
    player.post("/api/simulated-seat", {"seat": 2})
    for body in ({"seat": 3}, {"seat": 0}, {"seat": "Ann"}, {}):
        response = player.post("/api/simulated-seat", body)
        assert response.status_code == 400, body
    assert simulated.simulated_seat.number == 2


def test_no_seat_at_a_real_table(service, player):
    response = player.post("/api/simulated-seat", {"seat": 1})
    assert response.status_code == 409 and response.get_json()["error"] == "not_simulated"
