"""Idempotency keys: a change retried after a lost reply is answered with the first answer, not applied twice.

A phone on table Wi-Fi often loses a reply; its page then sends the same POST
again with the same ``Idempotency-Key`` header (one random key per player
action). The first answer — accepted or refused — is kept for a while and given
to every retry of that key from the same session; a retry that arrives while the
first is still being refereed waits for it. The same key with a different body
is refused: it is a bug in the client, not a retry.

The answers are kept in memory; the key itself is journaled with the change it
made (``RequestKey``, companion/journal.py), so a retry that reaches a restarted
service (a power cut, kill -9) is answered from the journal, not applied again.
"""

from __future__ import annotations

import collections
import functools
import hashlib
import re
import threading
import time
from dataclasses import dataclass, field

from flask import Response, current_app, g, make_response, request

from companion.journal import JournalError, RequestKey
from companion.web.auth import CSRF_HEADER
from companion.web.validation import ApiError

HEADER = "Idempotency-Key"
KEY_PATTERN = re.compile(r"[A-Za-z0-9_.:-]{8,128}")
#: Answers kept: a retry comes within seconds; ten minutes and 512 answers leave room for a sleeping phone.
KEEP_SECONDS = 600.0
KEEP_ANSWERS = 512
#: How long a retry waits for the first request to finish before it is told to try again.
WAIT_SECONDS = 10.0
#: Headers that belong to the answer and are given again with it.
KEPT_HEADERS = ("Content-Type", "Retry-After", "Location")


@dataclass
class _Answer:
    fingerprint: str
    started: float
    done: threading.Event = field(default_factory=threading.Event)
    status: int = 0
    body: bytes = b""
    headers: tuple[tuple[str, str], ...] = ()


class IdempotencyCache:
    """First answers by (session, key), oldest dropped first."""

    def __init__(self, keep_seconds: float = KEEP_SECONDS, keep_answers: int = KEEP_ANSWERS,
                 clock=time.monotonic) -> None:
        self.keep_seconds = keep_seconds
        self.keep_answers = keep_answers
        self._clock = clock
        self._lock = threading.Lock()
        self._answers: collections.OrderedDict[str, _Answer] = collections.OrderedDict()

    def _prune(self, now: float) -> None:
        while self._answers:
            scope, answer = next(iter(self._answers.items()))
            expired = now - answer.started > self.keep_seconds
            if not expired and len(self._answers) <= self.keep_answers:
                break
            if not answer.done.is_set() and not expired:
                break  # still being refereed: keep it, the cache may run over its size for a moment
            del self._answers[scope]

    def claim(self, scope: str, fingerprint: str) -> tuple[_Answer, bool]:
        """The answer slot for ``scope``; True when this request is the first and must do the work."""
        with self._lock:
            now = self._clock()
            self._prune(now)
            answer = self._answers.get(scope)
            if answer is not None:
                return answer, False
            answer = self._answers[scope] = _Answer(fingerprint, now)
            return answer, True

    def forget(self, scope: str) -> None:
        """The first request failed without an answer (a server error): let a retry do the work."""
        with self._lock:
            answer = self._answers.pop(scope, None)
        if answer is not None:
            answer.done.set()


def _scope(key: str) -> str:
    # The session's CSRF token (already checked) ties a key to one phone's session: another phone
    # that sends the same key gets its own answer, never this one's.
    session_part = hashlib.sha256(request.headers.get(CSRF_HEADER, "").encode()).hexdigest()[:32]
    return f"{session_part}:{key}"


def _fingerprint() -> str:
    digest = hashlib.sha256(f"{request.method} {request.path}\n".encode())
    digest.update(request.get_data(cache=True))
    return digest.hexdigest()


def _replay(answer: _Answer) -> Response:
    response = Response(answer.body, status=answer.status)
    for name, value in answer.headers:
        response.headers[name] = value
    response.headers["Idempotent-Replayed"] = "true"
    return response


def journal_request() -> RequestKey | None:
    """The idempotency key of the change being made, for the table to journal with it (None: the request has
    none)."""
    return g.get("journal_request")


def idempotent(view):
    """Answer a retried change (same ``Idempotency-Key``) with its first answer; without the header, run as usual."""

    @functools.wraps(view)
    def wrapper(*args, **kwargs):
        key = request.headers.get(HEADER)
        if key is None:
            return view(*args, **kwargs)
        if not KEY_PATTERN.fullmatch(key):
            raise ApiError(400, "bad_idempotency_key",
                           f"{HEADER} must be 8 to 128 letters, digits or . _ : -")
        cache: IdempotencyCache = current_app.extensions["companion"].idempotency
        scope = _scope(key)
        answer, first = cache.claim(scope, _fingerprint())
        if not first:
            if answer.fingerprint != _fingerprint():
                raise ApiError(422, "idempotency_key_reused",
                               f"this {HEADER} was already used for a different request")
            if not answer.done.wait(WAIT_SECONDS) or not answer.status:
                raise ApiError(409, "in_progress", "the first try of this change is still being refereed; retry",
                               retry_after=1)
            return _replay(answer)
        g.journal_request = RequestKey(scope, answer.fingerprint)
        try:
            journaled = current_app.extensions["companion"].service.journal.request(scope) is not None
        except JournalError:
            journaled = False  # the change itself will meet the journal's fault and say it
        try:
            response = make_response(view(*args, **kwargs))
        except ApiError as error:
            from companion.web.app import api_error_response

            response = api_error_response(error)
        except BaseException:
            cache.forget(scope)
            raise
        if response.status_code >= 500:  # nothing was changed (journal down, a bug): a retry may do the work
            cache.forget(scope)
            return response
        answer.status = response.status_code
        answer.body = response.get_data()
        answer.headers = tuple((name, response.headers[name]) for name in KEPT_HEADERS if name in response.headers)
        answer.done.set()
        if journaled:  # the table answered from the journal: the change was made before a restart
            response.headers["Idempotent-Replayed"] = "true"
        return response

    return wrapper
