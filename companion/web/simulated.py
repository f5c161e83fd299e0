"""A person's seat at the SIMULATED table: they play that seat on the phone, the simulated players take the others
and wait while it is the person's turn (companion/capture/simulated_game.py, ``Seat``)."""

from __future__ import annotations

from flask import Blueprint, jsonify

from companion.files import card_refused_notice
from companion.web.app import context
from companion.web.session import require_pin
from companion.web.validation import ApiError, json_body

blueprint = Blueprint("simulated", __name__, url_prefix="/api")


def _seat_json():
    service = context().service
    engine = service.table.engine
    return jsonify({"simulated": bool(service.live.camera.simulated), "seat": service.simulated_seat.number,
                    "seats": engine.seats(), "to_act": engine.to_act()})


@blueprint.get("/simulated-seat")
def seat():
    """The seat a person took (1: the first player; null: they watch), the game's seats, and whose turn it is."""
    return _seat_json()


@blueprint.post("/simulated-seat")
@require_pin
def take_seat():
    """Take a seat of the game (kept across restarts, and by a new game that has it), or none to watch only."""
    number = json_body("SimulatedSeatRequest")["seat"]
    service = context().service
    if not service.live.camera.simulated:
        raise ApiError(409, "not_simulated", "seats are taken only at the SIMULATED table: here people play")
    seats = service.table.engine.seats()
    if number is not None and number > len(seats):
        raise ApiError(400, "unknown_seat", f"the game has {len(seats)} seats, not {number}" if seats else
                       "the game has no seats yet: wait for the simulated players to set it up")
    service.simulated_seat.take(number)
    if service.simulated_seat.refused is not None:  # every phone is told: it holds, but not past a restart
        service.bus.publish("notice", card_refused_notice(
            "the simulated seat chosen holds until a restart, which finds the seat kept before",
            "la place choisie à la table simulée vaut jusqu’au redémarrage, qui retrouve la place gardée avant",
            service.simulated_seat.refused))
    return _seat_json()
