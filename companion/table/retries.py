"""A phone's retried request: the journal keeps each idempotency key with the entry it made, so a retry is answered
again, never applied twice."""

from __future__ import annotations

from companion.core import Verdict
from companion.journal import Journal, RequestKey
from companion.table.errors import RequestReused


def already_done(journal: Journal, request: RequestKey | None) -> list[Verdict] | None:
    """The verdicts of the entry a journaled request made ([] for a game change), None for a new request."""
    if request is None:
        return None
    done = journal.request(request.key)
    if done is None:
        return None
    if done.fingerprint != request.fingerprint:
        raise RequestReused("this Idempotency-Key was already used for a different request")
    entry = journal.entry(done.game_id, done.seq) if done.seq is not None else None
    return [Verdict.from_json(v) for v in entry.verdicts] if entry is not None else []
