"""Who may change the game: the table PIN, signed-cookie sessions, CSRF tokens and a login rate limit.

Viewing needs only the join link. Changing anything needs the table PIN once
per phone: a correct PIN marks the phone's signed session cookie with the PIN's
generation, so changing the PIN logs every other phone out. Every change also
carries the session's CSRF token in a header, which a page on another site
cannot read. The PIN is stored hashed; it is printed to the log once, when it is
created, and never again.
"""

from __future__ import annotations

import collections
import hmac
import json
import logging
import secrets
import threading
import time
from pathlib import Path
from typing import Any, Callable

from werkzeug.security import check_password_hash, generate_password_hash

from companion import damaged
from companion.files import write_atomically

log = logging.getLogger(__name__)

PIN_FILE = "pin.json"
SECRET_FILE = "session.key"
CSRF_HEADER = "X-CSRF-Token"
PIN_LENGTH = 6


class PinError(ValueError):
    """A PIN that cannot be used (wrong format)."""


def _write_private(path: Path, data: bytes) -> None:
    """Write a file only the service's user can read, atomically."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    write_atomically(path, data, mode=0o600)


def session_secret(data_dir: Path) -> bytes:
    """The key that signs session cookies, made once per installation (sessions survive restarts)."""
    return load_session_secret(data_dir)[0]


def load_session_secret(data_dir: Path) -> tuple[bytes, OSError | None]:
    """The signing key, and why a key just made could not be kept on the card (None when kept): a full or read-only
    card signs with it all the same, so the start goes on; phones signed in sign in again after a restart."""
    path = data_dir / SECRET_FILE
    try:
        secret = path.read_bytes()
        if len(secret) >= 32:
            return secret, None
    except FileNotFoundError:
        pass
    secret = secrets.token_bytes(32)
    try:
        keep_session_secret(data_dir, secret)
    except OSError as exc:
        log.error("the sign-in key cannot be kept in %s (%s): phones signed in must enter the PIN again after a "
                  "restart", path, exc)
        return secret, exc
    return secret, None


def keep_session_secret(data_dir: Path, secret: bytes) -> None:
    """Keep ``secret`` as the signing key (OSError: the card refuses it): a key that signs already, kept once the card
    takes it, so sessions signed with it outlive a restart."""
    _write_private(data_dir / SECRET_FILE, secret)


def check_pin_format(pin: Any) -> str:
    if not isinstance(pin, str) or not pin.isascii() or not pin.isdigit() or not 4 <= len(pin) <= 12:
        raise PinError("a PIN is 4 to 12 digits")
    return pin


def new_pin() -> str:
    return "".join(secrets.choice("0123456789") for _ in range(PIN_LENGTH))


def _announce(pin: str) -> None:
    # The one and only time a PIN appears anywhere in clear: when it is made.
    log.warning("Table PIN created: %s — players need it to change the game; "
                "change it in the phone's settings. It will not be shown again.", pin)


class PinStore:
    """The table PIN, hashed in ``data_dir/pin.json`` with a generation counter.

    ``create=False`` leaves a missing PIN missing (nothing unlocks) until ``ensure()``: the server
    makes the PIN only once its port is bound, so a start that fails shows no PIN it then forgets.
    """

    def __init__(self, data_dir: Path, create: bool = True) -> None:
        self.path = data_dir / PIN_FILE
        self._lock = threading.Lock()
        self.set_aside: Path | None = None  # a damaged PIN file, renamed (a new PIN is made in its place)
        self.unsaved: OSError | None = None  # the PIN made could not be kept on the card: it holds until a restart
        self.on_unsaved: Callable[[OSError], None] | None = None  # told when it happens
        self._hash, self.generation = self._load()
        if create:
            self.ensure()

    def _load(self) -> tuple[str | None, int]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            return str(data["hash"]), int(data["generation"])
        except FileNotFoundError:
            return None, 0
        except (ValueError, KeyError, TypeError, UnicodeDecodeError) as exc:
            # The table keeps running: the file is kept for a person to look at, a new PIN is made (and shown
            # in the log) and no phone stays signed in, since a generation drawn at random matches no session.
            try:
                self.set_aside = damaged.set_aside(self.path)
            except OSError as refused:  # a worn card: left where it lies; the new PIN holds until a restart
                log.error("%s was damaged (%s) and the card refuses to set it aside (%s); a new table PIN is made",
                          self.path, exc, refused)
            else:
                log.warning("%s was damaged (%s): kept as %s; a new table PIN is made", self.path, exc,
                            self.set_aside.name)
            return None, secrets.randbelow(2**31)

    def _save(self, pin_hash: str, generation: int) -> None:
        _write_private(self.path, json.dumps({"hash": pin_hash, "generation": generation}).encode())

    def ensure(self) -> None:
        """Make the PIN if there is none yet, and show it once."""
        with self._lock:
            if self._hash is not None:
                return
            pin = new_pin()
            pin_hash = generate_password_hash(pin)
            try:
                self._save(pin_hash, self.generation + 1)
            except OSError as exc:  # a full or read-only card: the table is still played, with this PIN until a restart
                self.unsaved = exc
            self._hash, self.generation = pin_hash, self.generation + 1
        _announce(pin)
        if self.unsaved is not None:
            log.error("the table PIN cannot be kept in %s (%s): it holds until the service restarts, which makes a "
                      "new one", self.path, self.unsaved)
            if self.on_unsaved is not None:
                self.on_unsaved(self.unsaved)

    def check(self, pin: str) -> bool:
        with self._lock:
            pin_hash = self._hash
        return isinstance(pin, str) and pin_hash is not None and check_password_hash(pin_hash, pin)

    def reset(self) -> None:
        """A forgotten PIN: make a new one and show it once (``companion serve --new-pin``)."""
        pin = new_pin()
        self.change(pin)
        _announce(pin)

    def change(self, pin: str) -> int:
        """Set a new PIN; returns the new generation (older sessions are no longer authorised)."""
        check_pin_format(pin)
        pin_hash = generate_password_hash(pin)
        with self._lock:
            self._save(pin_hash, self.generation + 1)
            self._hash, self.generation = pin_hash, self.generation + 1
            log.info("table PIN changed (generation %d); other phones must enter it again", self.generation)
            return self.generation


class LoginLimiter:
    """Wrong PINs per phone (IP address) and in total, over a sliding window.

    Each address may be wrong ``per_client`` times per window, then it waits. Past ``overall`` wrong PINs in
    total (someone guessing from many addresses), an address wrong ``free_tries`` times or more waits its turn:
    one such try every ``spacing`` seconds for the whole table, turns kept in the order asked so no one can grab
    every next one. An address wrong fewer times (a phone that mistyped once) is never held back by others'
    mistakes: nobody can lock the right PIN out of another phone, and guessing from many addresses gets about one
    try per ``spacing`` seconds, plus ``free_tries`` per address never used before.

    ``attempt()`` counts a try as wrong from the moment it is let through (so tries sent together are all
    counted) until ``succeeded()`` says it was right.
    """

    def __init__(self, per_client: int = 5, overall: int = 30, window: float = 300.0, spacing: float = 2.0,
                 free_tries: int = 2, clock=time.monotonic) -> None:
        self.per_client = per_client
        self.overall = overall
        self.window = window
        self.spacing = spacing
        self.free_tries = free_tries
        self._clock = clock
        self._lock = threading.Lock()
        self._failures: dict[str, collections.deque[float]] = {}
        self._all: collections.deque[float] = collections.deque()
        self._turns: dict[str, float] = {}  # the slow-down: when each waiting address may try
        self._next_turn = 0.0

    def _prune(self, now: float) -> None:
        cutoff = now - self.window
        while self._all and self._all[0] <= cutoff:
            self._all.popleft()
        for client in list(self._failures):
            times = self._failures[client]
            while times and times[0] <= cutoff:
                times.popleft()
            if not times:
                del self._failures[client]
                self._turns.pop(client, None)

    def attempt(self, client: str) -> float:
        """Seconds ``client`` must wait before trying a PIN; 0: it may try now, and the try is counted."""
        with self._lock:
            now = self._clock()
            self._prune(now)
            times = self._failures.get(client)
            if times and len(times) >= self.per_client:
                return times[0] + self.window - now
            if times and len(times) >= self.free_tries and len(self._all) >= self.overall:
                turn = self._turns.get(client)
                if turn is None:
                    turn = self._turns[client] = max(now, self._next_turn)
                    self._next_turn = turn + self.spacing
                if turn > now:
                    return turn - now
                del self._turns[client]
            self._failures.setdefault(client, collections.deque()).append(now)
            self._all.append(now)
            return 0.0

    def attempts_left(self, client: str) -> int:
        with self._lock:
            return max(0, self.per_client - len(self._failures.get(client, ())))

    def succeeded(self, client: str) -> None:
        """The try was right: it was not a wrong PIN, and the address's earlier ones are forgotten."""
        with self._lock:
            times = self._failures.pop(client, None)
            self._turns.pop(client, None)
            if times:
                try:
                    self._all.remove(times[-1])
                except ValueError:
                    pass


def new_csrf_token() -> str:
    return secrets.token_urlsafe(32)


def tokens_match(expected: str | None, given: str | None) -> bool:
    return bool(expected) and bool(given) and hmac.compare_digest(str(expected), str(given))
