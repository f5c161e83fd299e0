"""The JSON API under /api/: read the table freely; change it with the PIN, through the referee.

Every change goes through ``Table`` exactly like a camera observation: it is
refereed, journaled and published on the bus. A change the referee cannot
understand is a 4xx and changes nothing. A change sent again with the same
``Idempotency-Key`` gets the first answer (see ``idempotency``).
"""

from __future__ import annotations

import contextlib
import ipaddress
import time
from typing import Any

from flask import Blueprint, Response, jsonify, request

from companion import __version__
from companion.core import DieReading, Observation, Text
from companion.hidden import public_entry
from companion.journal import JournalError
from companion.referee import EventError, OptionsError
from companion.referee.registry import available_games
from companion.table import Conflict, RequestReused
from companion.web.app import context
from companion.web.card_refusal import cannot_save
from companion.web.idempotency import idempotent, journal_request
from companion.web.session import authenticated, require_pin
from companion.web.validation import ApiError, json_body, openapi

blueprint = Blueprint("api", __name__, url_prefix="/api")


@contextlib.contextmanager
def refereeing(conflict_status: int = 422):
    """Turn the table's refusals into 4xx answers; nothing was changed when they are raised."""
    try:
        yield
    except Conflict as exc:
        raise ApiError(409, "conflict", str(exc)) from exc
    except RequestReused as exc:
        raise ApiError(422, "idempotency_key_reused", str(exc)) from exc
    except (EventError, OptionsError) as exc:
        raise ApiError(conflict_status, "refused", str(exc)) from exc
    except (JournalError, OSError) as exc:  # the card refused the move: the phone says so in its language
        raise cannot_save(exc, Text("the game journal cannot be written", "le journal des parties ne peut pas être "
                                    "écrit"), Text("nothing was changed", "rien n’a été changé")) from exc


def _json_safe(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_json_safe(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def _state_response(status: int = 200):
    ctx = context()
    event_id = ctx.service.bus.last_id  # read first: later events will be sent again, never missed
    response = jsonify({"event_id": event_id, "state": _answered_state()})
    response.status_code = status
    return response


def _change_result(verdicts):
    return jsonify({"verdicts": [v.to_json() for v in verdicts], "state": _answered_state()})


def _answered_state() -> dict[str, Any]:
    """The state, with the engine's ``snapshot`` only for a request made on the Pi itself (the CLI, tests,
    benchmarks): it holds what the table keeps face down (a Nexus deck in order), and anyone on the Wi-Fi can read
    the state. ``?snapshot=false`` leaves it out there too (GET /api/state refuses ``?snapshot=true`` from
    elsewhere; a change's answer, made by then, comes without it). The phone draws from the summary, which shows
    only what lies face up (each game's ``summary``)."""
    return context().service.table.state(snapshot=request.args.get("snapshot") != "false" and from_this_machine())


def from_this_machine() -> bool:
    """The request comes from the Pi itself (loopback; waitress trusts no proxy header)."""
    try:
        address = ipaddress.ip_address((request.remote_addr or "").split("%", 1)[0])
    except ValueError:
        return False
    return (getattr(address, "ipv4_mapped", None) or address).is_loopback


def _dice(items: list[dict[str, Any]]) -> list[DieReading]:
    try:
        return [DieReading.from_json(item) for item in items]
    except (ValueError, TypeError, OverflowError) as exc:
        raise ApiError(422, "refused", str(exc)) from exc


# -- reading ------------------------------------------------------------------------
@blueprint.get("/info")
def info():
    ctx = context()
    settings = ctx.service.config["service"]
    return jsonify({
        "name": settings["name"],
        "version": __version__,
        "language": settings["language"],
        "links": ctx.links.to_json(),
        "camera": ctx.service.live.camera.to_json(),
        "notices": _notices_for_this_phone(ctx.service.notices),
        "journal_problem": _journal_problem(),
        "event_id": ctx.service.bus.last_id,
    })


def _notices_for_this_phone(notices: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """What the service tells every phone; that every phone must enter the new PIN (the PIN file was damaged) not to
    a phone that has entered it, which has nothing left to do about it."""
    signed_in = authenticated()
    return [{key: value for key, value in notice.items() if key != "signed_out_only"} for notice in notices
            if not (notice.get("signed_out_only") and signed_in)]


def _journal_problem() -> dict[str, Any] | None:
    """Why the journal cannot be written now, in words (None: it can)."""
    failure = context().service.journal.failure
    return failure.to_json() if failure else None


@blueprint.get("/games")
def games():
    listed = []
    for name, engine in available_games().items():
        # "range" ({"min", "max"}, both included) or "choices" when the engine declares them: a phone can
        # draw a picker, and the engine refuses anything else by name.
        options = [{"name": key, **_json_safe(spec.to_json())} for key, spec in engine.option_specs().items()]
        # "rules": each rule id a verdict may carry, in words (a phone shows these, never the id)
        listed.append({"name": name, "title": engine.title.to_json(), "options": options,
                       "rules": engine.rule_words()})
    return jsonify({"games": listed})


@blueprint.get("/state")
def state():
    if request.args.get("snapshot") == "true" and not from_this_machine():
        raise ApiError(403, "snapshot_local_only", "the engine's snapshot is served only on the companion itself: "
                                                   "it shows what lies face down (read the summary)")
    return _state_response()


#: entries in a page of history when the phone does not say (the phones ask for fewer), and at most
HISTORY_PAGE = 500
HISTORY_PAGE_MAX = 500


def _count_arg(name: str, default: int | None, high: int) -> int | None:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    if not raw.isascii() or not raw.isdigit() or len(raw) > 18:
        raise ApiError(400, f"bad_{name}", f"{name} must be a whole number from 0 to {high}")
    return min(int(raw), high)


@blueprint.get("/history")
def history():
    """A page of the game's entries, in order: the newest ``limit``, or those before entry ``before``; ``more``
    says whether older ones remain (ask again with ``before`` = the page's first seq)."""
    ctx = context()
    before = _count_arg("before", None, 2 ** 62)
    limit = _count_arg("limit", HISTORY_PAGE, HISTORY_PAGE_MAX)
    event_id = ctx.service.bus.last_id
    table = ctx.service.table
    with table.lock:
        entries, more = table.history_page(before, limit)
        record, version = table.record, table.state_version
    entries = [public_entry(record.game, entry) for entry in entries]  # nothing face down (companion/hidden.py)
    return jsonify({"event_id": event_id, "game": record.to_json(), "entries": entries, "more": more,
                    "older": entries[0]["seq"] if more and entries else None, "version": version})


@blueprint.get("/statistics")
def statistics():
    """Faces per die colour, a named die's faces (Hexors' colours) and roll totals over the rolls in force of the game
    at the table."""
    ctx = context()
    event_id = ctx.service.bus.last_id
    table = ctx.service.table
    with table.lock:
        counted = table.statistics()
        game_id, version = table.record.id, table.state_version
        dice = bool(table.engine.dice_options)  # Nexus has none: its Stats screen says so, not "no roll yet"
    return jsonify({"event_id": event_id, "game_id": game_id, "version": version, "dice": dice, **counted})


@blueprint.get("/legal-moves")
def legal_moves():
    """The outcomes the player to act can bring about now, for games whose engine lists them (else none)."""
    engine = context().service.table.engine
    lister = getattr(engine, "legal_moves", None)
    return jsonify({"game": engine.name, "moves": _json_safe(lister()) if callable(lister) else []})


@blueprint.get("/live")
def live():
    return jsonify(context().service.live.to_json())


@blueprint.get("/snapshot.jpg")
def snapshot():
    data = context().service.live.jpeg()
    if data is None:
        raise ApiError(404, "no_frame", "no camera picture yet")
    return Response(data, mimetype="image/jpeg")


@blueprint.get("/qr.svg")
def qr():
    return Response(context().links.qr_svg(), mimetype="image/svg+xml")


@blueprint.get("/openapi.json")
def openapi_document():
    return jsonify(openapi())


# -- changing -----------------------------------------------------------------------
@blueprint.post("/game")
@require_pin
@idempotent
def new_game():
    body = json_body("NewGameRequest")
    with refereeing():
        context().service.table.new_game(body["game"], body.get("options", {}), list(body.get("players", [])),
                                         replaces=body.get("replaces"), request=journal_request())
    return _state_response(201)


@blueprint.get("/past-games")
def past_games():
    table = context().service.table
    games = table.past_games()
    for game in games:
        try:
            game["title"] = create_title(game["game"])
        except KeyError:
            game["title"] = {"en": game["game"], "fr": game["game"]}
    return jsonify({"games": games})


@blueprint.get("/games/<int:game_id>/bgstats.json")
def bgstats(game_id: int):
    """One journaled game as a BG Stats file (companion/bgstats.py)."""
    from companion.bgstats import bgstats_play

    service = context().service
    record = service.journal.game(game_id)
    if record is None:
        raise ApiError(404, "unknown_game", f"no game {game_id} in the journal")
    try:
        title = create_title(record.game)["en"]
    except KeyError:
        title = record.game
    outcome = service.table.outcome(game_id)
    response = jsonify(bgstats_play(record, title, entries=service.journal.entries(game_id), outcome=outcome))
    response.headers["Content-Disposition"] = f'attachment; filename="bgstats-game-{game_id}.json"'
    return response


@blueprint.post("/resume")
@require_pin
@idempotent
def resume_game():
    body = json_body("ResumeRequest")
    with refereeing():
        context().service.table.resume(body["game_id"], replaces=body.get("replaces"), request=journal_request())
    return _state_response()


def create_title(name: str) -> dict[str, str]:
    return available_games()[name].title.to_json()


@blueprint.post("/events")
@require_pin
@idempotent
def submit_event():
    body = json_body("EventRequest")
    with refereeing():
        verdicts = context().service.table.submit(body["event"], source="phone", seen=body.get("seen"),
                                                  request=journal_request())
    return _change_result(verdicts)


@blueprint.post("/roll")
@require_pin
@idempotent
def submit_roll():
    """A roll typed in on a phone becomes an observation, turned into the game's event by its engine."""
    body = json_body("RollRequest")
    table = context().service.table
    observation = Observation(dice=tuple(_dice(body["dice"])), source="phone", at=time.time())
    with refereeing():
        verdicts = table.answered(journal_request())  # a retry after a restart: the game may take no roll now
        if verdicts is None:
            event = table.engine.observation_event(observation)
            if event is None:
                raise ApiError(422, "refused", "this game does not take a roll now")
            verdicts = table.submit(event, source="phone", seen=body.get("seen"), request=journal_request())
    return _change_result(verdicts)


@blueprint.post("/corrections")
@require_pin
@idempotent
def correct():
    body = json_body("CorrectionRequest")
    dice = [d.to_json() for d in _dice(body["dice"])]
    with refereeing():
        verdicts = context().service.table.correct(body["seq"], dice, source="phone", version=body.get("version"),
                                                   request=journal_request())
    return _change_result(verdicts)


@blueprint.post("/undo")
@require_pin
@idempotent
def undo():
    body = json_body("UndoRequest", optional=True)
    with refereeing(conflict_status=409):
        context().service.table.undo(source="phone", expected=body.get("seq"), request=journal_request())
    return _state_response()
