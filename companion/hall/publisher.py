"""A table's side of the hall: every journal entry to the broker, in order, none lost, the referee never kept waiting.

The bus listener only notes that something changed (it never blocks). A background thread reads what the broker has
not acknowledged from the journal and publishes it with QoS 1; each PUBACK moves the table's ledger on
(``data_dir/hall-acked.json``: per game, the first entry not yet acknowledged). After an outage of the broker or
the Wi-Fi, or a restart, publishing resumes from the ledger: what was missed goes out in order, and a consumer drops
the few entries it sees twice by (table id, journal id).
"""

from __future__ import annotations

import collections
import json
import logging
import socket
import threading
import time
from pathlib import Path
from typing import Any, Callable

from companion.bus import BusEvent
from companion.bus_failures import FailureLog
from companion.core import Text
from companion.hall.ledger import LEDGER_FILE, AckLedger
from companion.hall.link import REPLAY, Broker, BrokerError, refusal, table_id, topic, unreachable
from companion.hall.messages import event_message, state_message, verdicts_message
from companion.journal import GameRecord, Journal, setup_players

log = logging.getLogger(__name__)

#: entries handed to the client and not yet acknowledged, at most (the rest waits in the journal, not in memory)
WINDOW = 200
#: the ledger is written at most this often (a restart sends again at most what came meanwhile)
SAVE_EVERY = 0.5
#: the journal is looked through this often for entries the broker has not acknowledged and none is sending
RESCAN_EVERY = 30.0
#: the state tells how many entries the latest games have, so a consumer sees what it lacks
RECENT_GAMES = 3
#: live verdicts older than this when the broker is back are not sent as live (they are in the events anyway)
VERDICTS_STALE = 60.0


class HallPublisher:
    """Publishes one table to the hall's broker from its own thread; ``stop()`` says offline and saves the ledger."""

    def __init__(self, broker: Broker, name: str, journal: Journal, state: Callable[[], dict[str, Any]],
                 data_dir: Path, notices: list[dict[str, str]] | None = None,
                 announce: Callable[[dict[str, Any]], None] | None = None, retry_max: float = 60.0) -> None:
        """``state``: the table's state (Table.state, without the engine's snapshot: nothing here reads it);
        ``notices``: the list every phone shows, where a broker problem stays while it lasts; ``announce``: tells
        the phones now (a bus notice)."""
        self.broker = broker
        self.name = name
        self.table = table_id(name)
        self.journal = journal
        self._state = state
        self._notices = notices if notices is not None else []
        self._announce = announce or (lambda notice: None)
        self.ledger = AckLedger(data_dir / LEDGER_FILE, journal)
        self._lock = threading.Lock()  # never held while calling the client: its callbacks hold its own locks
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._behind: set[int] = set(self._unsent_games())
        self._sent: dict[int, int] = {}  # per game, the next seq to hand to the client (from the ledger at first)
        self._inflight: dict[int, tuple[int, int]] = {}  # client message id -> journal id
        self._early: dict[int, float] = {}  # message id -> when acknowledged, before publish() returned
        self._verdicts: collections.deque[dict[str, Any]] = collections.deque(maxlen=100)
        self._state_due = True
        self._rescan_at = time.monotonic() + RESCAN_EVERY  # when the journal is next looked through for unsent entries
        self._last_verdicts: collections.deque[dict[str, Any]] = collections.deque(maxlen=3)
        self.connected = False
        self.problem: Text | None = None
        self._problem_kind: str | None = None
        self._notice: dict[str, str] | None = None
        self.published = 0  # entries handed to the client (a resend after an outage counts again)
        self._thread = threading.Thread(target=self._run, name="hall-publisher", daemon=True)
        self._failures = FailureLog(log, "hall: publishing")  # a traceback once, not at every try (bus_failures.py)
        self.client = broker.client(f"companion-{self.table}-{socket.gethostname()}"[:64])
        self.client.reconnect_delay_set(1, max(1, int(retry_max)))
        self.client.connect_timeout = 3.0  # a broker that does not answer holds only the client's own thread
        self.client.will_set(topic(self.table, "status"), self._status(False), qos=1, retain=True)
        self.client.on_connect = self._connected
        self.client.on_connect_fail = self._connect_failed
        self.client.on_disconnect = self._disconnected
        self.client.on_publish = self._acknowledged
        self.client.on_message = self._replay_asked

    @classmethod
    def from_config(cls, config, journal: Journal, state: Callable[[], dict[str, Any]],
                    notices: list[dict[str, str]] | None = None,
                    announce: Callable[[dict[str, Any]], None] | None = None) -> "HallPublisher | None":
        """The publisher [hall] asks for, or None when no broker is set (a table alone)."""
        from companion.config import ConfigError

        hall = config["hall"]
        if not hall["broker"]:
            return None
        try:
            broker = Broker.from_hall(hall)
            name = hall["table"] or config["service"]["name"]
            return cls(broker, name, journal, state, config.data_dir, notices, announce, hall["retry_max_seconds"])
        except BrokerError as exc:
            raise ConfigError(f"[hall]: {exc}") from exc

    # -- the referee's side: never blocks ------------------------------------------------
    def on_bus(self, event: BusEvent) -> None:
        if event.topic not in ("entry", "game"):
            return
        state = event.data.get("state", event.data) if event.topic == "entry" else event.data
        game_id = state.get("game_id")
        with self._lock:
            if isinstance(game_id, int):
                self._behind.add(game_id)
            else:  # an event that does not say its game: the journal is looked through
                self._rescan_at = 0.0
            self._state_due = True
            if event.topic == "entry":
                notable = verdicts_message(self.table, self.name, game_id, event.data)
                if notable is not None:
                    self._verdicts.append(notable)
                    self._last_verdicts.extend(notable["verdicts"])
            elif event.topic == "game":
                self._last_verdicts.clear()
        self._wake.set()

    # -- life cycle ---------------------------------------------------------------------
    def start(self) -> None:
        log.info("hall: publishing %r as %s to %s", self.name, self.table, self.broker.address)
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=30)
        self.client.loop_start()
        self._thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        """Says offline (when connected), stops the client and saves the ledger, within about ``timeout`` (a client
        still trying to reach a broker that does not answer is left behind: its thread is a daemon)."""
        self._stopping.set()
        self._wake.set()
        began = time.monotonic()
        if self._thread.is_alive():
            self._thread.join(timeout / 4)
        if self.connected:
            info = self.client.publish(topic(self.table, "status"), self._status(False), qos=1, retain=True)
            try:
                info.wait_for_publish(timeout / 4)
            except (RuntimeError, ValueError):
                pass
        with self._lock:
            self._save()
        self.client.disconnect()
        closing = threading.Thread(target=self.client.loop_stop, name="hall-close", daemon=True)
        closing.start()
        closing.join(max(0.1, timeout - (time.monotonic() - began)))

    def wait_sent(self, timeout: float) -> bool:
        """True once every journal entry is acknowledged by the broker (tests, benchmarks)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self._lock:
                done = not self._inflight and not self._behind and not self._unsent_games()
            if done:
                return True
            time.sleep(0.05)
        return False

    # -- the background thread ------------------------------------------------------------
    def _run(self) -> None:
        last_save = 0.0
        while not self._stopping.is_set():
            self._wake.wait(1.0)
            self._wake.clear()
            if self._stopping.is_set():
                break
            try:
                if self.connected:
                    self._publish_state()
                    self._publish_verdicts()
                    self._publish_entries()
                    self._failures.worked()
            except Exception as exc:  # the table goes on refereeing whatever happens here; the next wake tries again
                self._failures.failed(exc)
                time.sleep(1.0)
            with self._lock:
                if self.ledger.changed and time.monotonic() - last_save >= SAVE_EVERY:
                    self._save()
                    last_save = time.monotonic()

    def _save(self) -> None:
        try:
            self.ledger.save()
        except OSError as exc:
            log.warning("hall: cannot save %s (%s); a restart sends some entries again", self.ledger.path, exc)

    def _unsent_games(self) -> list[int]:
        counts = self.journal.entry_counts()
        return [g for g, n in counts.items() if n > self.ledger.next(g)]

    def _publish_state(self) -> None:
        with self._lock:
            due, self._state_due = self._state_due, False
            last = list(self._last_verdicts)
        if due:
            state = self._state()
            counts = self.journal.entry_counts()
            latest = sorted(counts)[-RECENT_GAMES:] + [state.get("game_id")]
            recent = {g: counts.get(g, 0) for g in latest if isinstance(g, int)}
            message = state_message(self.table, self.name, state, last, recent)
            self.client.publish(topic(self.table, "state"), json.dumps(message), qos=1, retain=True)

    def _publish_verdicts(self) -> None:
        while True:
            with self._lock:
                if not self._verdicts:
                    return
                message = self._verdicts.popleft()
            if time.time() - message["at"] <= VERDICTS_STALE:
                self.client.publish(topic(self.table, "verdicts"), json.dumps(message), qos=1)

    def _publish_entries(self) -> None:
        if time.monotonic() >= self._rescan_at:
            unsent = self._unsent_games()
            with self._lock:
                self._behind.update(unsent)
                self._rescan_at = time.monotonic() + RESCAN_EVERY
        with self._lock:
            games = sorted(self._behind)
            self._behind.clear()
        for n, game_id in enumerate(games):
            with self._lock:
                room = WINDOW - len(self._inflight)
                start = self._sent.get(game_id, self.ledger.next(game_id))
            if room <= 0:
                with self._lock:
                    self._behind.update(games[n:])
                return
            entries = self.journal.entries(game_id, since=start)
            if not entries:
                continue
            record = self.journal.game(game_id)
            if len(entries) > room:
                entries = entries[:room]
                with self._lock:
                    self._behind.add(game_id)
            players, outcome = self._game_facts(record)
            for entry in entries:
                with self._lock:
                    if self._sent.get(game_id, start) < entry.seq:  # a consumer asked for earlier ones meanwhile:
                        self._behind.add(game_id)  # the next pass starts where it asked
                        break
                message = event_message(self.table, self.name, record, entry, players, outcome)
                info = self.client.publish(topic(self.table, "events"), json.dumps(message), qos=1)
                journal_id = (game_id, entry.seq)
                with self._lock:
                    if self._sent.get(game_id, start) >= entry.seq:  # not lowered by a replay asked during publish
                        self._sent[game_id] = entry.seq + 1
                    else:
                        self._behind.add(game_id)
                    self.published += 1
                    if self._early.pop(info.mid, None) is not None:
                        self.ledger.ack(*journal_id)
                    else:
                        self._inflight[info.mid] = journal_id

    def _game_facts(self, record: GameRecord) -> tuple[list[str], dict[str, Any] | None]:
        """Who plays ``record``'s game and how it ended, as known now (the game at the table: from its state)."""
        state = self._state()
        if state.get("game_id") == record.id:
            return list(state.get("players") or []), state.get("outcome")
        players = record.players or setup_players([e.event for e in self.journal.entries(record.id)])
        return players, record.outcome

    # -- the client's callbacks (its network thread) ----------------------------------------
    def _status(self, online: bool) -> str:
        return json.dumps({"table": self.table, "name": self.name, "online": online, "at": time.time()})

    def _connected(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            self._trouble("refused", refusal(reason_code, self.broker))
            return
        self.connected = True
        client.subscribe(topic(self.table, REPLAY), qos=1)
        client.publish(topic(self.table, "status"), self._status(True), qos=1, retain=True)
        with self._lock:
            self._state_due = True
        if self.problem is not None:
            log.warning("hall: connected again to %s", self.broker.address)
            self._trouble(None, None)
        else:
            log.info("hall: connected to %s", self.broker.address)
        self._wake.set()

    def _connect_failed(self, client, userdata) -> None:
        self._trouble("unreachable", unreachable(self.broker, "no answer"))

    def _disconnected(self, client, userdata, flags, reason_code, properties) -> None:
        was = self.connected
        self.connected = False
        if was and not self._stopping.is_set():
            self._trouble("unreachable", unreachable(self.broker, f"connection lost: {reason_code}"))

    def _replay_asked(self, client, userdata, message) -> None:
        """A consumer that missed entries (a broker restarted without its session) asks for them again: per game,
        the first seq it lacks, and the games after the last one it knows (``replay`` in docs/hall.md)."""
        try:
            asked = json.loads(message.payload)
            games = {int(g): max(0, int(seq)) for g, seq in dict(asked.get("games", {})).items()}
            after = asked.get("after")
            after = int(after) if after is not None else None
        except (ValueError, TypeError, AttributeError):
            log.info("hall: a replay request that is not one was ignored")
            return
        if after is not None:
            games.update({g: 0 for g in self.journal.entry_counts() if g > after})
        with self._lock:
            for game_id, seq in games.items():
                self._sent[game_id] = min(self._sent.get(game_id, self.ledger.next(game_id)), seq)
                self._behind.add(game_id)
        self._wake.set()

    def _acknowledged(self, client, userdata, mid, reason_code, properties) -> None:
        with self._lock:
            journal_id = self._inflight.pop(mid, None)
            if journal_id is None:
                now = time.monotonic()
                self._early[mid] = now
                if len(self._early) > WINDOW:  # the state's and verdicts' acknowledgements are never claimed
                    self._early = {m: t for m, t in self._early.items() if now - t < 5.0}
                return
            self.ledger.ack(*journal_id)
        self._wake.set()

    def _trouble(self, kind: str | None, problem: Text | None) -> None:
        """Shows a new kind of broker problem once (log, phones' notices), and its end; retries say nothing."""
        if kind == self._problem_kind:
            return
        self._problem_kind, self.problem = kind, problem
        if self._notice is not None:
            try:
                self._notices.remove(self._notice)
            except ValueError:
                pass
            self._notice = None
        if problem is None:
            self._announce({"kind": "info", "message": f"The hall's broker {self.broker.address} is reached again.",
                            "message_fr": f"Le broker de la salle {self.broker.address} est de nouveau joignable."})
            return
        log.warning("hall: %s", problem.en)
        self._notice = {"kind": "warning", "message": problem.en, "message_fr": problem.fr, "source": "hall"}
        self._notices.append(self._notice)
        self._announce(self._notice)
