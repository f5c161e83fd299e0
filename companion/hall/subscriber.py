"""The hall listens to every table on the broker (a persistent session: what comes while the hall restarts is kept
for it by the broker, as long as the broker runs)."""

from __future__ import annotations

import json
import logging
import socket
import threading
import time

from companion.core import Text
from companion.hall.board import HallBoard
from companion.hall.link import REPLAY, ROOT, TOPICS, Broker, login_refused, refusal, topic, topic_parts, unreachable

log = logging.getLogger(__name__)

#: a table is asked again for what the hall lacks at most this often (its state comes with every entry)
REPLAY_SPACING = 2.0


class HallSubscriber:
    def __init__(self, broker: Broker, board: HallBoard, client_id: str | None = None) -> None:
        self.broker = broker
        self.board = board
        self.connected = False
        self.problem: Text | None = None  # the log's sentence
        self.reason: Text | None = None  # the page's few words after "Broker not reached:"
        self._refused = False  # the broker refused the last connection (its login): a disconnection follows
        self.client = broker.client(client_id or f"companion-hall-{socket.gethostname()}"[:64], clean_session=False)
        self.client.reconnect_delay_set(1, 30)
        self.client.on_connect = self._connected
        self.client.on_connect_fail = lambda client, userdata: self._trouble(
            unreachable(broker, "no answer", hall=True), Text("no answer", "pas de réponse"))
        self.client.on_disconnect = self._disconnected
        self.client.on_message = self._message
        self._asked: dict[str, float] = {}  # table -> when the hall last asked it to replay
        self._states: dict[str, dict] = {}  # table -> its latest state (what it says it has)
        self._due: set[str] = set()  # tables to ask once REPLAY_SPACING has passed since the last time
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._asker = threading.Thread(target=self._ask_when_due, name="hall-replay", daemon=True)

    def start(self) -> None:
        log.info("hall: listening to %s", self.broker.address)
        self.client.connect_async(self.broker.host, self.broker.port, keepalive=30)
        self.client.loop_start()
        self._asker.start()

    def stop(self) -> None:
        self._stopping.set()
        self.client.disconnect()
        self.client.loop_stop()

    def _connected(self, client, userdata, flags, reason_code, properties) -> None:
        if reason_code.is_failure:
            self._refused = True
            self._trouble(refusal(reason_code, self.broker, hall=True), refused_words(reason_code))
            return
        self._refused = False
        self.connected = True
        client.subscribe([(f"{ROOT}/+/{kind}", 1) for kind in TOPICS])
        for table in self.board.table_ids():  # what came while the hall was away from a broker that forgot it
            self._ask(table)
        if self.problem is not None:
            log.warning("hall: connected again to %s", self.broker.address)
        self.problem = self.reason = None

    def _message(self, client, userdata, message) -> None:
        self.board.handle(message.topic, message.payload)
        parts = topic_parts(message.topic)
        if parts is None or parts[1] not in ("state", "events"):
            return
        table = parts[0]
        if parts[1] == "state":
            try:
                state = json.loads(message.payload)
            except ValueError:
                return
            if not isinstance(state, dict):
                return
            with self._lock:
                self._states[table] = state
        with self._lock:
            state = self._states.get(table)
        if self.board.behind(table, state or {}):
            with self._lock:
                self._due.add(table)

    def _ask_when_due(self) -> None:
        """Asks each table the hall is behind, at most every REPLAY_SPACING seconds, until it has caught up."""
        while not self._stopping.wait(0.25):
            now = time.monotonic()
            with self._lock:
                due = [t for t in self._due if now - self._asked.get(t, -REPLAY_SPACING) >= REPLAY_SPACING]
                self._due.difference_update(due)
                states = {t: self._states.get(t) for t in due}
            for table in due:
                if self.connected and self.board.behind(table, states[table] or {}):
                    self._ask(table, states[table])

    def _ask(self, table: str, state: dict | None = None) -> None:
        """Asks ``table`` for the entries the hall lacks (docs/hall.md, replay)."""
        self._asked[table] = time.monotonic()
        self.client.publish(topic(table, REPLAY), json.dumps(self.board.wanted(table, state)), qos=1)

    def _disconnected(self, client, userdata, flags, reason_code, properties) -> None:
        self.connected = False
        if self._stopping.is_set() or self._refused:  # the broker closing a connection it refused: said already
            return
        self._trouble(unreachable(self.broker, f"connection lost: {reason_code}", hall=True),
                      Text("connection lost", "connexion perdue"))

    def _trouble(self, problem: Text, reason: Text) -> None:
        if self.problem is None:
            log.warning("hall: %s", problem.en)
        self.problem, self.reason = problem, reason

    def to_json(self) -> dict[str, object]:
        """``problem``: why the broker is not reached, in the few words the page puts after "Broker not reached:"
        (the log's sentence said it twice: "Broker not reached: The broker ... cannot be reached (no answer); ...")."""
        return {"address": self.broker.address, "connected": self.connected,
                "problem": self.reason.to_json() if self.reason else None}


def refused_words(reason: object) -> Text:
    """The broker's refusal of the hall, for the page: a login it refused names the hall's options that give one."""
    said = str(reason)
    if login_refused(said):
        return Text(f"it refused the hall's login ({said}): start the hall with --username and --password-file",
                    f"il refuse la connexion de la salle ({said}) : démarrez la salle avec --username et "
                    "--password-file")
    return Text(f"it refused the hall ({said})", f"il refuse la salle ({said})")
