"""The key that signs the organiser's sign-in, kept on the card again once the card takes it.

A key the card refused at the start signs all the same but is forgotten at a restart, and the organiser then enters
the PIN again; a card mended mid-evening (space freed, remounted) should spare them that. So it is tried again as the
hall's file is (board.py): at most every ``RETRY_EVERY`` seconds, when the page asks for news or the organiser signs
in, and at once when the card has taken the hall's file back.
"""

from __future__ import annotations

import logging
import threading
from pathlib import Path

from companion.hall import board as hall_board
from companion.web.auth import SECRET_FILE, keep_session_secret, load_session_secret

log = logging.getLogger(__name__)


class SignInKey:
    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.secret, self.refused = load_session_secret(data_dir)  # refused: why the card would not keep it
        self._tried_at = hall_board.now()
        self._mended_at: float | None = None  # the board's writing_again_at last seen
        self._lock = threading.Lock()

    def keep_again(self, card_taken_back_at: float | None = None) -> None:
        """Keep the key on the card if it refused it, tried at most every RETRY_EVERY seconds, or at once when the
        card took the hall's file back (``card_taken_back_at``, the board's ``writing_again_at``, is new)."""
        if self.refused is None:
            return
        with self._lock:
            mended = card_taken_back_at is not None and card_taken_back_at != self._mended_at
            if self.refused is None or (not mended and hall_board.now() - self._tried_at < hall_board.RETRY_EVERY):
                return
            self._tried_at, self._mended_at = hall_board.now(), card_taken_back_at
            try:
                keep_session_secret(self.data_dir, self.secret)
            except OSError as exc:
                self.refused = exc
                log.debug("hall: the card still refuses the sign-in key (%s)", exc)
                return
            self.refused = None
        log.warning("hall: the card keeps the organiser's sign-in key again (%s): a restart keeps the organiser "
                    "signed in", self.data_dir / SECRET_FILE)
