"""The auth blueprint: sessions, PIN login/logout/change, and the CSRF and PIN checks for changes."""

from __future__ import annotations

import functools
import math
from urllib.parse import urlsplit

from flask import Blueprint, jsonify, request, session

from companion.web.app import context
from companion.web.auth import CSRF_HEADER, new_csrf_token, tokens_match
from companion.web.validation import ApiError, json_body

blueprint = Blueprint("auth", __name__, url_prefix="/api")

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def csrf_token() -> str:
    token = session.get("csrf")
    if not isinstance(token, str) or len(token) < 20:
        token = new_csrf_token()
        session["csrf"] = token
        session.permanent = True
    return token


def authenticated() -> bool:
    return session.get("auth") == context().pins.generation


def session_json() -> dict:
    return {"authenticated": authenticated(), "csrf_token": csrf_token()}


def check_csrf():
    """Before every request: a change must come from our own page, with this session's token."""
    if request.method in SAFE_METHODS:
        return None
    origin = request.headers.get("Origin")
    if origin and origin != "null" and urlsplit(origin).netloc != request.host:
        raise ApiError(403, "foreign_origin", "changes are accepted only from the companion's own page")
    if not tokens_match(session.get("csrf"), request.headers.get(CSRF_HEADER)):
        raise ApiError(403, "csrf", f"missing or stale {CSRF_HEADER} header: reload the page")
    return None


def require_pin(view):
    """Changes need the table PIN to have been entered on this phone."""

    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        if not authenticated():
            raise ApiError(401, "pin_required", "enter the table PIN on this phone to change the game")
        return view(*args, **kwargs)

    return wrapper


def _client() -> str:
    return request.remote_addr or "unknown"


def _check_rate_limit() -> None:
    wait = context().limiter.retry_after(_client())
    if wait > 0:
        raise ApiError(429, "too_many_attempts", "too many wrong PINs; wait before trying again",
                       retry_after=int(math.ceil(wait)))


def _authorise(generation: int) -> None:
    """Mark this session as holding the PIN, with a fresh CSRF token (no session fixation)."""
    session.clear()
    session["auth"] = generation
    session["csrf"] = new_csrf_token()
    session.permanent = True


@blueprint.get("/session")
def get_session():
    return jsonify(session_json())


@blueprint.post("/login")
def login():
    _check_rate_limit()
    body = json_body("LoginRequest")
    ctx = context()
    if not ctx.pins.check(body["pin"]):
        ctx.limiter.failed(_client())
        raise ApiError(401, "wrong_pin", "wrong PIN", attempts_left=ctx.limiter.attempts_left(_client()))
    ctx.limiter.succeeded(_client())
    _authorise(ctx.pins.generation)
    return jsonify(session_json())


@blueprint.post("/logout")
def logout():
    session.clear()
    return jsonify(session_json())


@blueprint.post("/pin")
@require_pin
def change_pin():
    _check_rate_limit()
    body = json_body("PinChangeRequest")
    ctx = context()
    if not ctx.pins.check(body["current"]):
        ctx.limiter.failed(_client())
        raise ApiError(422, "wrong_pin", "the current PIN is wrong", attempts_left=ctx.limiter.attempts_left(_client()))
    _authorise(ctx.pins.change(body["new"]))
    return jsonify(session_json())
