"""POST /api/simulated-seat: a person takes a seat at the SIMULATED table, with the table PIN, among the game's own."""

from __future__ import annotations

import pytest

from companion.games.nexus.cards import example_deck
from companion.pipeline import CameraStatus
from webhelpers import make_service


@pytest.fixture
def simulated(service):
    service.live.camera = CameraStatus(True, "", "simulated", simulated=True)
    nexus_game(service, ["Ann", "Bob"])
    return service


def nexus_game(service, players):
    service.table.new_game("nexus", {}, players)
    service.table.submit({"type": "setup", "players": players, "deck": "example",
                          "first_card": example_deck()[0].id}, source="simulated player")


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


def test_the_seat_survives_a_restart(simulated, player, data_dir):
    """The person's seat is the running game's: a restart (a power cut, an update) finds them in the same seat, and
    the simulated players still wait for it."""
    assert player.post("/api/simulated-seat", {"seat": 2}).status_code == 200
    simulated.stop()
    again = make_service(data_dir)
    try:
        assert again.table.engine.seats() == ["Ann", "Bob"]
        assert again.simulated_seat.number == 2
        again.simulated_seat.take(1)                        # Ann, whose turn it is: the simulated players wait
        assert again.simulated_seat.persons_turn(again.table.engine)
    finally:
        again.stop()


def test_a_new_game_keeps_the_seat_it_has_and_gives_up_one_it_lacks(simulated, player):
    player.post("/api/simulated-seat", {"seat": 2})
    nexus_game(simulated, ["Cy", "Dee", "Eve"])
    assert simulated.simulated_seat.number == 2            # the new game has a second seat: the person keeps it
    assert player.post("/api/simulated-seat", {"seat": 3}).status_code == 200
    simulated.table.new_game("nexus", {}, ["Fay", "Gus"])
    assert simulated.simulated_seat.number == 3            # not set up yet: its seats are not known
    simulated.table.submit({"type": "setup", "players": ["Fay", "Gus"], "deck": "example",
                            "first_card": example_deck()[0].id}, source="simulated player")
    assert simulated.simulated_seat.number is None         # two seats: the third is given up
    assert player.get("/api/simulated-seat").get_json()["seat"] is None


def test_a_seat_the_card_refuses_to_keep_holds_and_every_phone_is_told_until_when(simulated, player, monkeypatch):
    """A seat the card refuses to keep holds, and every phone is told, in English and French, that it holds until
    a restart (which would move the players)."""
    import errno
    import os

    def refused(*args, **kwargs):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr("companion.files.write_atomically", refused)
    last = simulated.bus.last_id
    assert player.post("/api/simulated-seat", {"seat": 2}).get_json()["seat"] == 2
    assert simulated.simulated_seat.number == 2
    notices = [e.data for e in simulated.bus.since(last)[0] if e.topic == "notice"]
    assert len(notices) == 1 and "the simulated seat chosen holds until a restart" in notices[0]["message"]
    assert os.strerror(errno.EROFS) in notices[0]["message"] and "jusqu’au redémarrage" in notices[0]["message_fr"]


def test_a_game_over_waits_for_the_seated_person_and_not_for_a_watcher(service, player):
    """At a game over, a person who plays a seat is waited for (the simulated table draws the game, no rematch of
    its own): the game over screen, its winner and its Rematch / New game stay theirs. Watching only, the simulated
    players go on to the next game."""
    import json
    from pathlib import Path

    service.live.camera = CameraStatus(True, "", "simulated", simulated=True)
    example = Path(__file__).resolve().parents[2] / "docs/rules/examples/nexus-keepers-full-game.jsonl"
    service.table.new_game("nexus-keepers", {}, [])
    for line in example.read_text().splitlines():
        service.table.submit(json.loads(line), source="simulated player")
    engine = service.table.engine
    assert engine.outcome is not None and engine.to_act() is None
    assert not service.simulated_seat.persons_turn(engine)
    assert player.post("/api/simulated-seat", {"seat": 2}).status_code == 200
    assert service.simulated_seat.persons_turn(engine)
