"""The auth blueprint: sessions, PIN login/logout/change, signing every phone out, and the Host, CSRF and PIN
checks before requests."""

from __future__ import annotations

import functools
import ipaddress
import logging
import math
from urllib.parse import urlsplit

from flask import Blueprint, jsonify, request, session

from companion.core import Text
from companion.web.app import context
from companion.web.auth import CSRF_HEADER, new_csrf_token, tokens_match
from companion.web.card_refusal import cannot_save
from companion.web.session_store import SessionStoreError
from companion.web.validation import ApiError, json_body

log = logging.getLogger(__name__)
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
    """The PIN was entered on this phone, under the current PIN, and this sign-in has not been ended since."""
    ctx = context()
    return session.get("auth") == ctx.pins.generation and ctx.sessions.active(session.get("sid"))


def session_json() -> dict:
    return {"authenticated": authenticated(), "csrf_token": csrf_token()}


def check_host():
    """Before every request: answer only to this machine's names (DNS rebinding), and take changes only from a page
    served under one of them."""
    hosts = context().hosts
    if not hosts.admits(request.host):
        raise ApiError(421, "unknown_host", "this companion answers only to its own address or name "
                                            "(open the link shown in its settings)")
    origin = request.headers.get("Origin")
    if request.method not in SAFE_METHODS and origin and origin != "null" and not hosts.admits_origin(origin):
        raise ApiError(403, "foreign_origin", "changes are accepted only from the companion's own page")
    return None


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
    """Who is trying PINs: the address, or for IPv6 its /64 (one device may take any address in it)."""
    address = request.remote_addr or "unknown"
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if ip.version == 4:
        return str(ip)
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.ip_network(f"{ip}/64", strict=False))


def _check_pin(pin: str, wrong_status: int, wrong_message: str) -> None:
    """A PIN this phone tries (signing in, or changing the PIN): refused with how long to wait while it has tried too
    many wrong ones (the try counts as wrong until it is found right); a wrong one refused with the tries left."""
    ctx = context()
    wait = ctx.limiter.attempt(_client())
    if wait > 0:
        raise ApiError(429, "too_many_attempts", "too many wrong PINs; wait before trying again",
                       retry_after=int(math.ceil(wait)))
    if not ctx.pins.check(pin):
        raise ApiError(wrong_status, "wrong_pin", wrong_message, attempts_left=ctx.limiter.attempts_left(_client()))
    ctx.limiter.succeeded(_client())


def _store_failed(exc: SessionStoreError, this_one_only: bool) -> ApiError:
    """A sign-out the card refused: said with the card's fault and what mends it, as a refused move is (it asked
    "is the SD card full?" whatever the fault, in English only)."""
    kept = (Text("this phone is still signed in", "ce téléphone est toujours connecté") if this_one_only else
            Text("the other phones may still be signed in", "les autres téléphones sont peut-être encore connectés"))
    return cannot_save(exc.__cause__ or exc, Text("the sign-out cannot be saved", "la déconnexion ne peut pas être "
                                                  "enregistrée"), kept)


def _authorise(generation: int) -> None:
    """Mark this session as holding the PIN: a new sign-in, with a fresh CSRF token (no session fixation)."""
    sid = context().sessions.start()  # a card that refuses it holds it in memory (SessionStore.start)
    session.clear()
    session["auth"] = generation
    session["sid"] = sid
    session["csrf"] = new_csrf_token()
    session.permanent = True


def _end_sessions(this_one_only: bool) -> None:
    sessions = context().sessions
    try:
        if this_one_only:
            sessions.end(session.get("sid"))
        else:
            sessions.end_all()
    except SessionStoreError as exc:
        raise _store_failed(exc, this_one_only) from exc


@blueprint.get("/session")
def get_session():
    return jsonify(session_json())


@blueprint.post("/login")
def login():
    body = json_body("LoginRequest")
    _check_pin(body["pin"], 401, "wrong PIN")
    _authorise(context().pins.generation)
    return jsonify(session_json())


@blueprint.post("/logout")
def logout():
    """End this phone's sign-in on the service too: a copy of the cookie kept from before is refused."""
    _end_sessions(this_one_only=True)
    session.clear()
    return jsonify(session_json())


@blueprint.post("/sessions/end-all")
@require_pin
def end_all_sessions():
    """Sign out every phone (a phone lost, a guest gone home); this one stays signed in with a new sign-in."""
    _end_sessions(this_one_only=False)
    _authorise(context().pins.generation)
    return jsonify(session_json())


@blueprint.post("/pin")
@require_pin
def change_pin():
    """A new PIN ends every sign-in (this phone gets a new one)."""
    body = json_body("PinChangeRequest")
    _check_pin(body["current"], 422, "the current PIN is wrong")
    ctx = context()
    try:
        generation = ctx.pins.change(body["new"])  # written before it holds: refused, the PIN is as it was
    except OSError as exc:
        raise cannot_save(exc, Text("the new PIN cannot be saved", "le nouveau code ne peut pas être enregistré"),
                          Text("the PIN is unchanged", "le code n’a pas changé")) from exc
    try:
        ctx.sessions.end_all()
    except SessionStoreError as exc:  # the new PIN's generation signs every phone out all the same
        log.warning("the PIN was changed but the sign-ins could not be ended in the store: %s", exc)
    _authorise(generation)
    return jsonify(session_json())
