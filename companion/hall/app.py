"""The hall's page and API: every table live, the standings, the exports; the organiser's PIN to rename or hide a
table. Looking needs nothing; a change needs the organiser's session (PIN once) and its CSRF token."""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Blueprint, Flask, Response, current_app, jsonify, request, send_from_directory, session
from werkzeug.exceptions import HTTPException

from companion.card_faults import fault_of
from companion.core import Text
from companion.hall import board as hall_board
from companion.hall.board import HallBoard
from companion.hall.export import bgstats_file, games_csv, standings_csv
from companion.web.card_refusal import cannot_save
from companion.web.hosts import AllowedHosts
from companion.web.sign_in_key import SignInKey
from companion.web.auth import CSRF_HEADER, LoginLimiter, PinStore, new_csrf_token, new_pin, tokens_match

log = logging.getLogger(__name__)

blueprint = Blueprint("hall", __name__)

#: how long a page's request for news may wait for one (seconds)
LONGEST_WAIT = 15.0
MAX_BODY = 4096


@dataclass
class HallContext:
    board: HallBoard
    subscriber: Any  # HallSubscriber, or anything with to_json() (tests)
    pins: PinStore
    limiter: LoginLimiter
    page_dir: Path
    waiters: threading.BoundedSemaphore  # requests allowed to wait for news: the rest answer at once
    key: SignInKey  # signs the organiser's sign-in; kept on the card again once it takes it


def hall_dir() -> Path:
    from companion.web.app import find_web_dir

    return find_web_dir() / "hall"


def organiser_pin(data_dir: Path, renew: bool = False) -> PinStore:
    """The organiser's PIN, kept hashed in the hall's data directory; made (and shown once, in the log) the first
    time, or again when ``renew`` (``companion hall --new-pin``)."""
    pins = PinStore(data_dir, create=False)
    if renew or not pins.path.exists() or pins.set_aside is not None:
        pin = new_pin()
        pins.change(pin)
        log.warning("Organiser PIN created: %s — it renames or hides tables on the hall page. It will not be shown "
                    "again (companion hall --new-pin makes a new one).", pin)
    return pins


def create_hall_app(board: HallBoard, subscriber: Any, data_dir: Path, threads: int = 32,
                    page_dir: Path | None = None, new_pin: bool = False,
                    allowed_hosts: list[str] | None = None) -> Flask:
    """``allowed_hosts``: the names the hall answers to besides IP addresses and this machine's own (the table's
    ``service.allowed_hosts``; by default ``localhost`` and ``*.local``): a page elsewhere cannot read it or change
    it through a name of its own pointed at the hall (DNS rebinding)."""
    app = Flask(__name__, static_folder=None)
    hosts = AllowedHosts(["localhost", "*.local"] if allowed_hosts is None else list(allowed_hosts))

    @app.before_request
    def only_our_names():
        if not hosts.admits(request.host):
            return refuse(421, "unknown_host", "this hall answers only to its own addresses and names")
        origin = request.headers.get("Origin")
        if request.method not in ("GET", "HEAD") and origin and not hosts.admits_origin(origin):
            return refuse(403, "foreign_origin", "changes are accepted only from the hall's own page")
        return None

    # a key the card will not keep signs all the same: the organiser signs in again after a restart, told on the page;
    # tried again on the hall file's clock
    key = SignInKey(data_dir, clock=hall_board.now, retry_every=hall_board.RETRY_EVERY)
    app.secret_key = key.secret
    app.config.update(SESSION_COOKIE_SAMESITE="Strict", SESSION_COOKIE_HTTPONLY=True,
                      MAX_CONTENT_LENGTH=MAX_BODY, SESSION_COOKIE_NAME="hall_session")
    app.extensions["hall"] = HallContext(board, subscriber, organiser_pin(data_dir, new_pin), LoginLimiter(),
                                         page_dir or hall_dir(), threading.BoundedSemaphore(max(1, threads - 6)),
                                         key)
    app.register_blueprint(blueprint)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        return jsonify({"error": exc.name.lower().replace(" ", "_"), "message": exc.description}), exc.code

    return app


def ctx() -> HallContext:
    return current_app.extensions["hall"]


def organiser() -> bool:
    return session.get("organiser") == ctx().pins.generation


def csrf() -> str:
    token = session.get("csrf")
    if not isinstance(token, str):
        token = session["csrf"] = new_csrf_token()
    return token


def refuse(status: int, code: str, message: str):
    return jsonify({"error": code, "message": message}), status


@blueprint.before_request
def changes_need_the_token():
    if request.method in ("GET", "HEAD"):
        return None
    if not tokens_match(session.get("csrf"), request.headers.get(CSRF_HEADER)):
        return refuse(403, "csrf", "reload the hall page and try again")
    return None


# -- the page --------------------------------------------------------------------------------
@blueprint.get("/")
def page():
    response = send_from_directory(ctx().page_dir, "index.html")
    response.headers["Cache-Control"] = "no-cache"
    return response


@blueprint.get("/<any('hall.js', 'hall.css'):name>")
def asset(name: str):
    response = send_from_directory(ctx().page_dir, name)
    response.headers["Cache-Control"] = "no-cache"
    return response


@blueprint.get("/<any('moments.js'):name>")
def shared_module(name: str):
    """A module of the phone's page the hall page imports too (times as both pages write them), from its web/js."""
    response = send_from_directory(ctx().page_dir.parent / "js", name)
    response.headers["Cache-Control"] = "no-cache"
    return response


# -- reading ---------------------------------------------------------------------------------
@blueprint.get("/api/hall")
def hall():
    """Every table and the standings; ``after``: the version the page shows, answered when there is news (or after
    up to ``wait`` seconds)."""
    context = ctx()
    after = request.args.get("after", type=int)
    wait = min(max(request.args.get("wait", default=0.0, type=float), 0.0), LONGEST_WAIT)
    version = context.board.version
    if after is not None and after >= version and wait > 0 and context.waiters.acquire(blocking=False):
        try:
            version = context.board.wait(after, wait)
        finally:
            context.waiters.release()
    sees_hidden = organiser()
    context.key.keep_again(context.board.writing_again_at)  # a card mended keeps the sign-in key too
    refused = context.board.card_refusal  # the card refuses the hall's file: the evening is held in memory
    key_refused = context.key.refused  # the card refuses the sign-in key: the organiser signs in after a restart
    return jsonify({"version": version, "tables": context.board.tables(hidden=sees_hidden),
                    "standings": context.board.standings(), "broker": context.subscriber.to_json(),
                    "held_in_memory": fault_of(refused) if refused is not None else None,
                    "writing_again": context.board.writing_again_at,  # the card took the file again (time.time())
                    "key_not_kept": fault_of(key_refused) if key_refused is not None else None,
                    "organiser": sees_hidden, "csrf_token": csrf()})


def _download(body: str, name: str, kind: str) -> Response:
    return Response(body, mimetype=kind, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@blueprint.get("/api/standings.csv")
def standings_export():
    return _download(standings_csv(ctx().board.standings()), "standings.csv", "text/csv")


@blueprint.get("/api/games.csv")
def games_export():
    return _download(games_csv(ctx().board.games()), "games.csv", "text/csv")


@blueprint.get("/api/bgstats.json")
def bgstats_export():
    return _download(json.dumps(bgstats_file(ctx().board.games()), indent=1), "hall-bgstats.json",
                     "application/json")


# -- the organiser ---------------------------------------------------------------------------
def _body() -> dict[str, Any]:
    data = request.get_json(silent=True)
    return data if isinstance(data, dict) else {}


@blueprint.post("/api/login")
def login():
    context = ctx()
    client = request.remote_addr or "?"
    wait = context.limiter.attempt(client)
    if wait > 0:
        response, status = refuse(429, "wait", f"too many wrong PINs: wait {int(wait) + 1} s")
        response.headers["Retry-After"] = str(int(wait) + 1)
        return response, status
    if not context.pins.check(_body().get("pin")):
        return refuse(403, "wrong_pin", "wrong organiser PIN")
    context.limiter.succeeded(client)
    context.key.keep_again(context.board.writing_again_at)
    session["organiser"] = context.pins.generation
    session["csrf"] = new_csrf_token()
    return jsonify({"organiser": True, "csrf_token": session["csrf"]})


@blueprint.post("/api/logout")
def logout():
    session.pop("organiser", None)
    return jsonify({"organiser": False, "csrf_token": csrf()})


@blueprint.post("/api/tables/<table>")
def organise(table: str):
    """Rename (``name``; empty: the table's own name) or hide (``hidden``) a table."""
    if not organiser():
        return refuse(401, "pin_needed", "the organiser PIN is needed to rename or hide a table")
    body = _body()
    name, hidden = body.get("name"), body.get("hidden")
    if (name is None and hidden is None) or (name is not None and not isinstance(name, str)) or \
            (hidden is not None and not isinstance(hidden, bool)):
        return refuse(422, "refused", "send a name (text) or hidden (true or false)")
    board = ctx().board
    known = True
    try:
        if name is not None:
            known = board.rename(table, name)
        if hidden is not None and known:
            known = board.hide(table, hidden)
    except sqlite3.Error as exc:  # a full or read-only card: nothing was changed; said with the card's fault
        refused = cannot_save(exc, Text("the hall cannot write its file", "la salle ne peut pas écrire son fichier"),
                              Text("nothing was changed", "rien n’a été changé"))
        return jsonify(refused.to_json()), 503
    if not known:
        return refuse(404, "no_table", f"there is no table {table!r} in this hall")
    return jsonify({"tables": board.tables(hidden=True)})
