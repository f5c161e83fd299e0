"""The key that signs sign-ins (session.key), kept on the card again once the card takes it.

A key the card refused at the start signs all the same but is forgotten at a restart, and every phone signed in (the
table's players, the hall's organiser) then enters the PIN again; a card mended mid-evening (space freed, remounted)
should spare them that. So it is tried again while the server runs: at most every ``retry_every`` seconds when a
request asks for it, and at once when the caller saw the card take another file back. A slow card write is waited
for by one request only: the others go on while it tries.
"""

from __future__ import annotations

import logging
import threading
import time
from pathlib import Path
from typing import Callable

from companion.web.auth import SECRET_FILE, keep_session_secret, load_session_secret

log = logging.getLogger(__name__)

#: seconds between two tries at keeping the key, while the card refuses it
RETRY_EVERY = 30.0


def now() -> float:
    return time.monotonic()


class SignInKey:
    def __init__(self, data_dir: Path, clock: Callable[[], float] | None = None,
                 retry_every: float = RETRY_EVERY) -> None:
        self.data_dir = data_dir
        self.secret, self.refused = load_session_secret(data_dir)  # refused: why the card would not keep it
        self.retry_every = retry_every
        self.on_kept: Callable[[], None] | None = None  # told once, when the card keeps a key it refused
        self._clock = clock or now  # the retry clock: the hall's file's, or this module's
        self._tried_at = self._clock()
        self._mended_at: float | None = None  # card_taken_back_at last seen
        self._lock = threading.Lock()

    def keep_again(self, card_taken_back_at: float | None = None) -> None:
        """Keep the key on the card if it refused it, tried at most every ``retry_every`` seconds, or at once when
        the card took another file back (``card_taken_back_at``, when it did, is new). A caller that finds another
        one trying does not wait for it."""
        if self.refused is None or not self._lock.acquire(blocking=False):
            return
        try:
            mended = card_taken_back_at is not None and card_taken_back_at != self._mended_at
            if self.refused is None or (not mended and self._clock() - self._tried_at < self.retry_every):
                return
            self._tried_at, self._mended_at = self._clock(), card_taken_back_at
            try:
                keep_session_secret(self.data_dir, self.secret)
            except OSError as exc:
                self.refused = exc
                log.debug("the card still refuses the sign-in key (%s)", exc)
                return
            self.refused = None
        finally:
            self._lock.release()
        log.warning("the card keeps the sign-in key again (%s): a restart keeps phones signed in",
                    self.data_dir / SECRET_FILE)
        if self.on_kept is not None:
            self.on_kept()
