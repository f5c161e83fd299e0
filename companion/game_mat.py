"""The mat table vision reads for the table's current game: its layout read as data at the start (a bad layout or
lens file stops the start, named), its stage built on first use (the first answer after a restart loads no OpenCV),
and another game's mat read when a game of another kind starts; a mat that cannot be read is said on the live view.
A mat left unread because the card would not give a file back (EIO on ``lens.json``) is read again every
``RETRY_EVERY`` seconds until it is, as the journal retries a card that refused it: no phone has to open a screen.
"""

from __future__ import annotations

import itertools
import logging
import threading
from typing import TYPE_CHECKING, Callable, NamedTuple

from companion.bus_failures import FailureLog
from companion.config import Config
from companion.core import Text
from companion.live import LiveView

if TYPE_CHECKING:
    from companion.tablevision.layout import TableLayout
    from companion.tablevision.stage import TableStage

log = logging.getLogger(__name__)

#: seconds between two tries at a mat left unread for a file the card would not give back (as the journal's)
RETRY_EVERY = 30.0
#: reads one use of the mat makes while each is overtaken (a game change between a read and the mat being told),
#: after which it gives what the mat holds: the change's own read follows
MOST_READS = 3


class MatReading(NamedTuple):
    """A game's mat as read from the card (``GameMat.read``): its layout and stage, or the error that left it
    unread; ``ticket`` orders it among the mat's changes."""

    ticket: int
    game: str | None
    layout: TableLayout | None
    stage: TableStage | None
    error: Exception | None


class GameMat:
    """``current_game()``: the table's game now, whose mat is read. ``retry()``: reads the current game's mat again
    for the camera (Service.read_mat_again), called from a timer while the card would not give a file back."""

    def __init__(self, config: Config, current_game: Callable[[], str | None], live: LiveView,
                 retry: Callable[[], None] | None = None) -> None:
        self._config = config
        self._current_game = current_game
        self._live = live
        self._retry = retry
        self._timer: threading.Timer | None = None  # the next try at a mat left unread (``_try_again_later``)
        self._closed = False
        self._left_unread = False  # the mat was left unread for the card, and not read since
        self._failures: FailureLog | None = None  # the mat's faults now: a traceback per kind, then a count
        # the game whose mat ``_failures`` counts: the mat read next may be another game's, and FailureLog's "works
        # again" would then name the wrong mat
        self._failing: str | None = None
        self._retries = FailureLog(log, "table vision: trying the mat again")  # a bug in a try, not the card
        self._tickets = itertools.count(1)  # numbers each read of the mat and each change to it, in order
        self._changed = 0  # the number of the last change to the mat (a read begun before it is dropped: ``take``)
        self._pending = False  # left for another game's mat, not read yet (``leave``): the next use reads it
        self._lock = threading.RLock()  # the mat's layout and its stage are swapped under it
        self.game: str | None = None  # the game whose mat is read (None: read again at the next ``follow``)
        self._stage: TableStage | None = None  # built on first use (``stage``)
        self._layout = self._read_layout()  # a bad layout or lens file stops the start here, named

    def _read_layout(self) -> TableLayout | None:
        """The current game's mat read as data, and the kept lens file checked (no OpenCV: the stage is built on
        first use), or None when table vision is off; LayoutError, DictionaryError or LensError names the fault."""
        if not self._config["table"]["enabled"]:
            return None
        self.game = self._current_game()
        return self._layout_of(self.game)

    def _layout_of(self, game: str | None) -> TableLayout:
        from companion.tablevision.layouts import configured_layout
        from companion.tablevision.lens_file import LensUnreadable, load_lens

        layout = configured_layout(game, self._config["table"])
        try:
            load_lens(self._config.data_dir)
        except LensUnreadable as exc:  # a failing card, not a damaged file: read again when the stage is built
            (log.debug if self._left_unread else log.error)("%s", exc)  # said once, not at each try
        return layout

    def _build(self, layout: TableLayout) -> TableStage:
        from companion.tablevision.stage import TableStage

        return TableStage.for_layout(layout, self._config["table"], data_dir=self._config.data_dir)

    @property
    def stage(self) -> TableStage | None:
        """The current game's mat (markers → plane → cells, with the kept lens), None when table vision is off or
        the mat was left unread (the live view says why). Built on first use (the camera pipeline being built, the
        calibration pages), and read here when a game change left it unread yet (``leave``). LensError: the kept
        lens file is damaged. Read and built outside the mat's lock: a failing card can take seconds over
        ``lens.json``, and a game change waits for that lock under the table's. A read overtaken (another game's
        change, another read taken) is made again, at most ``MOST_READS`` times."""
        return self._stage_now()[0]

    def _stage_now(self) -> tuple[TableStage | None, bool]:
        """``stage``, and whether ``take`` gave it: take then said the mat read (``_read``), a stage built or held
        here has not."""
        for _ in range(MOST_READS):
            with self._lock:
                if self._stage is not None or self._layout is None and not self._pending:
                    return self._stage, False
                layout, ticket = self._layout, next(self._tickets)
            if layout is None:  # another game's mat, which its change reads too: the first read taken is used
                taken, stage = self.take(self.read())
                if taken:
                    return stage, True
                continue
            stage = self._build(layout)
            with self._lock:
                if ticket > self._changed:  # nothing changed the mat meanwhile
                    self._stage, self._changed = stage, next(self._tickets)
                    return stage, False
        return self.held(), False  # overtaken at each read: what the mat holds for the game now, if anything

    @stage.setter
    def stage(self, stage: TableStage | None) -> None:
        with self._lock:
            self._stage = stage
            self._changed = next(self._tickets)
            self._pending = self._pending and stage is None

    def held(self) -> TableStage | None:
        """The stage the mat holds for the table's game now, without reading or building anything: what the camera
        reads with (None while another game's mat is unread)."""
        with self._lock:
            return self._stage if self.game == self._current_game() else None

    def leave(self, game: str | None) -> bool:
        """The table changed to ``game``: a game of another kind drops the last game's mat (never used for this
        one), and True says its own is to be read (``read``, then ``take``). Quick: called under the table's lock,
        which the read must not hold (a failing card can take seconds over ``lens.json``)."""
        with self._lock:
            if not self._config["table"]["enabled"] or game == self.game:
                return False
            self._drop(game)
            return True

    def _drop(self, game: str | None) -> None:
        """The last game's mat dropped (never used for ``game``), ``game``'s read at the next use. Under the lock."""
        self._layout, self._stage, self._pending = None, None, True
        self._changed = next(self._tickets)  # a read begun for the last game is dropped
        self.game = game
        self._live.table = None  # the last mat's view is not this one's

    def follow(self, game: str | None) -> TableStage | None:
        """The mat for ``game``: another game's mat read for a game of another kind, else the one read. None when
        table vision is off, or when the mat cannot be read: the live view then says why. The camera's start-up
        calls it, outside the table's lock (a game change calls ``leave``, then reads once the table is let go); the
        mat is read outside the mat's lock too (``stage``): a failing card can take seconds over ``lens.json``."""
        with self._lock:
            if self._config["table"]["enabled"] and game != self.game:
                self._drop(self._current_game())  # the table's game now: a change since ``game`` told the mat
        try:
            stage, said = self._stage_now()
        except Exception as exc:
            with self._lock:
                return self._unread(game, exc)
        if said:  # read by ``take``, which said so
            return stage
        with self._lock:
            return self._read(game, stage)

    def read(self) -> MatReading:
        """The mat's game's mat read from the card (layout, kept lens, stage) without holding the mat: a failing
        card can take seconds over ``lens.json``. ``take`` gives it to the mat if nothing changed it meanwhile."""
        with self._lock:
            ticket, game = next(self._tickets), self.game
        layout = stage = error = None
        if self._config["table"]["enabled"]:
            try:
                layout = self._layout_of(game)
                stage = self._build(layout)
            except Exception as exc:
                error = exc
        return MatReading(ticket, game, layout, stage, error)

    def take(self, reading: MatReading) -> tuple[bool, TableStage | None]:
        """Whether the mat is now as ``reading`` read it, and its stage (None: unread, the live view says why). Not
        when the mat changed after the read began (another game, a newer read, a stage built or set), nor when the
        table plays another game than the mat was told (``leave`` comes): ``reading`` is then dropped."""
        if not self._config["table"]["enabled"]:
            return False, None
        with self._lock:
            if reading.ticket < self._changed or reading.game != self.game or reading.game != self._current_game():
                return False, None
            self._changed = next(self._tickets)
            self._layout, self._stage, self._pending = reading.layout, reading.stage, False
            if reading.error is not None:
                return True, self._unread(reading.game, reading.error)
            self._live.table = None  # the mat's next frame is drawn
            self._live.lens_damaged = False  # the kept lens was read whole
            return True, self._read(reading.game, reading.stage)

    def _unread(self, game: str | None, exc: Exception) -> None:
        """The mat of ``game`` left unread for ``exc``: said on the live view, logged (bus_failures), and tried again
        later when the card may give the file back then. Under the mat's lock."""
        from companion.tablevision.lens_file import LensError, LensUnreadable

        card = isinstance(exc, (LensUnreadable, OSError))  # the card may give the file back later
        if game != self._failing or self._failures is None:  # another mat: its own log (another kind of fault of
            self._failures = FailureLog(log, f"table vision: reading the mat of {game}")  # this one: FailureLog's)
            self._failing = game
        self._failures.failed(exc)
        again = Text(f"; tried again every {RETRY_EVERY:.0f} s", f" ; nouvel essai toutes les {RETRY_EVERY:.0f} s"
                     ) if card and self._retry is not None else Text("", "")
        # both languages: the phone picks its own (the error itself is the system's words)
        self._live.table = {"error": f"the mat of {game} cannot be read: {exc}{again.en}",
                            "error_fr": f"le tapis de {game} ne peut pas être lu : {exc}{again.fr}"}
        # the phones say what to do: forget it (not a file the card would not give back: it reads later)
        self._live.lens_damaged = isinstance(exc, LensError) and not isinstance(exc, LensUnreadable)
        if card:
            self._try_again_later()
        return None

    def _read(self, game: str | None, stage: TableStage | None) -> TableStage | None:
        """The mat of ``game`` read: a mat that failed says it works again, naming the mat that failed when another
        game's mat is read now. Under the mat's lock."""
        if self._failures is not None and stage is not None:
            if game == self._failing:
                self._failures.worked()  # "works again, after N failures since ..."
            else:
                log.warning("table vision: the mat of %s is read; the mat of %s was left unread after %d failures",
                            game, self._failing, self._failures.failures)
            self._failures, self._failing, self._left_unread = None, None, False
        return stage

    def _try_again_later(self) -> None:
        """One try at the mat in ``RETRY_EVERY`` seconds (none while one is due, or once closed)."""
        with self._lock:
            self._left_unread = True
            if self._retry is None or self._closed or self._timer is not None:
                return
            self._timer = threading.Timer(RETRY_EVERY, self._try_again)
            self._timer.daemon = True
            self._timer.name = "mat-retry"
            self._timer.start()

    def _try_again(self) -> None:
        with self._lock:
            self._timer = None
            if self._closed or not self._left_unread:  # closed, or read meanwhile (another game, the lens page)
                return
        try:
            self._retry()  # the mat read again and given to the camera; failing, it is tried again later
        except Exception as exc:  # a bug, not the card (``take`` says the card's faults): its traceback once
            self._retries.failed(exc)
            self._try_again_later()
        else:
            self._retries.worked()

    def close(self) -> None:
        """No more tries at an unread mat (the service stops)."""
        with self._lock:
            self._closed = True
            timer, self._timer = self._timer, None
        if timer is not None:
            timer.cancel()
