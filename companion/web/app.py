"""The Flask application factory: one app per Service, no module-level state.

Everything a request needs (the service, the PIN store, the login limiter,
the join links) lives in ``app.extensions["companion"]`` so that several apps
— one per test — can live in one process.
"""

from __future__ import annotations

import functools
import logging
import threading
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from flask import Flask, current_app, jsonify, request
from werkzeug.exceptions import HTTPException

from companion import files
from companion.core import Text
from companion.journal import JournalError
from companion.web.auth import LoginLimiter, PinStore
from companion.web.card_refusal import cannot_save
from companion.web.hosts import AllowedHosts
from companion.web.idempotency import IdempotencyCache
from companion.web.netinfo import JoinLinks
from companion.web.session_store import SessionStore
from companion.web.sign_in_key import SignInKey
from companion.web.validation import MAX_BODY_BYTES, ApiError

if TYPE_CHECKING:
    from companion.service import Service

log = logging.getLogger(__name__)

#: Where the phones' page is: inside an installed package (web/ ships as companion/web/page, see setup.py),
#: else web/ beside the package in a checkout or an editable install.
WEB_DIRS = (
    Path(__file__).resolve().parent / "page",
    Path(__file__).resolve().parents[2] / "web",
)


def find_web_dir() -> Path:
    return next((d for d in WEB_DIRS if (d / "index.html").is_file()), WEB_DIRS[0])

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)


class StreamGate:
    """Counts open live streams, in all and per client address: each holds a server thread, so keep some threads for
    everything else, and let no one address take them all."""

    @staticmethod
    def limit_for(threads: int) -> int:
        """Streams ``threads`` server threads can hold and still leave a few for page loads and changes."""
        return threads - 4 if threads > 8 else max(1, threads // 2)

    def __init__(self, limit: int, per_address: int | None = None) -> None:
        self.limit = max(1, limit)
        self.per_address = self.limit if per_address is None else max(1, per_address)
        self.open = 0
        self._by_address: dict[str, int] = {}
        self._lock = threading.Lock()

    def acquire(self, address: str = "") -> bool:
        with self._lock:
            if self.open >= self.limit or self._by_address.get(address, 0) >= self.per_address:
                return False
            self.open += 1
            self._by_address[address] = self._by_address.get(address, 0) + 1
            return True

    def release(self, address: str = "") -> None:
        with self._lock:
            self.open -= 1
            left = self._by_address.get(address, 0) - 1
            if left > 0:
                self._by_address[address] = left
            else:
                self._by_address.pop(address, None)


@dataclass
class WebContext:
    service: "Service"
    pins: PinStore
    limiter: LoginLimiter
    links: JoinLinks
    streams: StreamGate
    web_dir: Path
    sessions: SessionStore
    hosts: AllowedHosts
    key: SignInKey  # signs the phones' sign-ins; kept on the card again once it takes it
    keepalive: float = 15.0
    served_code: str = ""  # names the phone page's code (pages.served_code), told to each phone's live stream
    closing: threading.Event = field(default_factory=threading.Event)
    idempotency: IdempotencyCache = field(default_factory=IdempotencyCache)


def context() -> WebContext:
    return current_app.extensions["companion"]


def create_app(service: "Service", testing: bool = False, web_dir: Path | None = None,
               make_pin: bool = True) -> Flask:
    """Build the web app for ``service``; settings come from ``service.config``.

    ``make_pin=False``: a missing table PIN is made later, by ``pins.ensure()`` (``companion serve``
    calls it once the port is bound).
    """
    config = service.config
    settings = config["service"]
    data_dir = config.data_dir
    try:
        data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:  # a worn card: the journal said it (held in memory); the keys below are kept in memory
        log.error("the data directory %s cannot be made: %s", data_dir, exc)
    key = SignInKey(data_dir)  # a key the card will not keep signs all the same, and is tried again

    app = Flask("companion.web", static_folder=None)
    app.config.update(
        TESTING=testing,
        SECRET_KEY=key.secret,
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        SESSION_COOKIE_NAME="companion_session",
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Strict",
        PERMANENT_SESSION_LIFETIME=timedelta(days=7),
        # the cookie is sent only when the session changes: an answer to a read begun before the PIN was entered,
        # arriving after, put back the cookie from before and signed the phone out (a sign-in lasts 7 days from the
        # PIN whatever the cookie says: SessionStore)
        SESSION_REFRESH_EACH_REQUEST=False,
    )
    threads = int(settings["threads"])
    app.extensions["companion"] = WebContext(
        service=service,
        pins=PinStore(data_dir, create=make_pin),
        limiter=LoginLimiter(per_client=int(settings["login_attempts"])),
        links=JoinLinks.for_server(settings["host"], int(settings["port"])),
        streams=StreamGate(StreamGate.limit_for(threads), int(settings["streams_per_address"])),
        web_dir=Path(web_dir) if web_dir is not None else find_web_dir(),
        sessions=SessionStore(data_dir, app.permanent_session_lifetime.total_seconds()),
        hosts=AllowedHosts(list(settings["allowed_hosts"])),
        key=key,
    )
    sign_ins_lost: list[BaseException] = []  # why sign-ins last only until a restart (the key, the sign-ins)
    told: list[dict[str, str]] = []  # the notice that says it
    told_lock = threading.Lock()

    def sign_ins_held(exc: BaseException, starting: bool = False) -> None:
        """Sign-ins last until a restart (the key or the sign-ins the card refused): said once. Mid-evening the phones
        already open are told at once (``notices`` alone: they read the table's notices again and show it there)."""
        with told_lock:
            sign_ins_lost.append(exc)
            if not told:
                told.append(files.card_refused_notice(
                    "phones signed in now must enter the PIN again after a restart",
                    "les téléphones connectés maintenant devront saisir à nouveau le code après un redémarrage", exc))
                service.notices.append(told[0])
                if not starting:
                    service.bus.publish("notice", {"notices": True})

    def key_kept(refused: BaseException) -> None:
        """The card keeps the key it refused: the notice goes when the key was all it said, and every phone is told
        at once (``notices``: it reads the table's notices again, so a phone signed in drops this one unreloaded)."""
        with told_lock:
            sign_ins_lost.remove(refused)
            if not sign_ins_lost and told and told[0] in service.notices:
                service.notices.remove(told[0])
                service.bus.publish("notice", {
                    "kind": "info", "notices": True,
                    "message": "The companion's card keeps the sign-in key again: phones signed in stay signed in "
                               "after a restart.",
                    "message_fr": "La carte du compagnon garde de nouveau la clé de connexion : les téléphones "
                                  "connectés le restent après un redémarrage."})

    sessions = app.extensions["companion"].sessions
    sessions.on_held = sign_ins_held
    for refused in (key.refused, sessions.refused):
        if refused is not None:
            sign_ins_held(refused, starting=True)
    if key.refused is not None:
        key.on_kept = functools.partial(key_kept, key.refused)

    pins = app.extensions["companion"].pins
    pins.on_unsaved = lambda exc: service.notices.append(files.card_refused_notice(
        "the table PIN just made (in the service's log: journalctl -u companion | grep \"Table PIN\") holds "
        "until a restart, which makes a new one",
        "le code de la table qui vient d’être créé (dans le journal du service : journalctl -u companion | grep "
        "\"Table PIN\") vaut jusqu’au redémarrage, qui en crée un autre", exc))
    if pins.unsaved is not None:
        pins.on_unsaved(pins.unsaved)
    if pins.set_aside is not None:  # every phone not signed in since is told until the service restarts
        service.notices.append({
            "kind": "warning", "signed_out_only": True,  # api.info: not told to a phone that entered the new PIN
            "message": f"The table PIN file was damaged; it is kept as {pins.set_aside.name}. A new PIN was made: "
                       "it is in the service's log (journalctl -u companion | grep \"Table PIN\"), and every "
                       "phone must enter it again.",
            "message_fr": f"Le fichier du code de la table était endommagé ; il est conservé sous le nom "
                          f"{pins.set_aside.name}. Un nouveau code a été créé : il est dans le journal du "
                          "service (journalctl -u companion | grep \"Table PIN\"), et chaque téléphone doit le "
                          "saisir à nouveau."})

    from companion.web import api, camera, lens, pages, profile, session, sheets, simulated, stream

    app.register_blueprint(session.blueprint)
    app.register_blueprint(api.blueprint)
    app.register_blueprint(stream.blueprint)
    app.register_blueprint(sheets.blueprint)
    app.register_blueprint(camera.blueprint)
    app.register_blueprint(lens.blueprint)
    app.register_blueprint(profile.blueprint)
    app.register_blueprint(simulated.blueprint)
    app.register_blueprint(pages.blueprint)
    app.extensions["companion"].served_code = pages.served_code(app.extensions["companion"].web_dir)
    app.before_request(session.check_host)
    app.before_request(_refuse_oversized_body)
    app.before_request(session.check_csrf)
    app.before_request(_keep_sign_in_key)
    app.after_request(_security_headers)
    app.register_error_handler(ApiError, api_error_response)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(JournalError, _journal_error)
    app.register_error_handler(Exception, _unexpected_error)
    return app


def _keep_sign_in_key() -> None:
    """A sign-in key the card refused at the start, tried again as phones ask (at most every 30 s), and at once when
    the journal was written again (the card mended: the phones re-read their history right after that entry): a
    card mended mid-evening keeps the phones signed in across the next restart."""
    context().key.keep_again(context().service.journal.written_again_at)


def _refuse_oversized_body():
    """Before anything else: a body declared over the limit is refused unread (the server did not read it either,
    connections.BodyLimitParser), whatever the route and whoever sends it."""
    if request.content_length is not None and request.content_length > MAX_BODY_BYTES:
        raise ApiError(413, "too_large", f"the body is larger than {MAX_BODY_BYTES // 1024} KiB")


def _security_headers(response):
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    if request.path.startswith("/api/"):
        response.headers.setdefault("Cache-Control", "no-store")
    return response


def api_error_response(error: ApiError):
    response = jsonify(error.to_json())
    response.status_code = error.status
    if "retry_after" in error.extra:
        response.headers["Retry-After"] = str(error.extra["retry_after"])
    return response


def _http_error(error: HTTPException):
    if not request.path.startswith("/api/"):
        return error
    code = (error.name or "error").lower().replace(" ", "_")
    return api_error_response(ApiError(error.code or 500, code, error.description or error.name or "error"))


def _journal_error(error: JournalError):
    """The journal the card cannot read now (EIO, a file gone), outside a change (api.refereeing answers those):
    said, not logged as a bug with its trace at every phone's poll; the journal logs its writes' failures."""
    log.warning("%s %s: %s", request.method, request.path, error)
    if request.method in ("GET", "HEAD"):
        return api_error_response(ApiError(503, "cannot_read", f"the game journal cannot be used now ({error}): try "
                                                               "again; `companion doctor` checks the companion's card"))
    # a change: the card's fault and what mends it, as a refused move says them (what was kept is not known here)
    return api_error_response(cannot_save(error, Text("the game journal cannot be used now",
                                                      "le journal des parties ne peut pas être utilisé pour l’instant"),
                                          None))


def _unexpected_error(error: Exception):
    log.exception("unexpected error on %s %s", request.method, request.path)
    return api_error_response(ApiError(500, "internal",
                                       "the companion hit an unexpected error; it is in the service log"))
