"""A real Mosquitto per test, on a free port (Debian's mosquitto: `make test` installs it, see the Makefile), and a
hall page served on two tables for the browser tests."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
import waitress
from waitress import wasyncore
from werkzeug.security import generate_password_hash

from companion.hall.app import create_hall_app
from companion.hall.board import HallBoard
from companion.web.server import use_wake_up_pipe
from tests.hall.hallhelpers import PIN, WIN_YUGI, Subscriber, event
from tests.hall.mosquitto import MOSQUITTO, with_logins


@pytest.fixture
def broker(tmp_path):
    if not Path(MOSQUITTO).exists():
        pytest.fail("mosquitto is not installed: `make broker` installs Debian's mosquitto")
    with with_logins(tmp_path / "broker") as server:
        yield server


class Listener:
    """A plain subscriber, as any consumer of the hall's topics can be written: it takes each game's entries in order
    (dropping one seen before, or one after a gap) and asks a table for what it lacks on ``replay`` when it connects
    again (a restarted broker forgot its session) or when the table's state tells of more entries than it has.
    ``asks=False``: it never asks, and hears only what a table sends of itself. ``subscribed`` is set once the broker
    has taken its subscription (a message sent before that never reaches it)."""

    def __init__(self, port: int, name: str = "plain-listener", asks: bool = True) -> None:
        self.messages: list[tuple[str, dict]] = []
        self.accepted: dict[str, list[tuple[int, int]]] = {}  # table -> journal ids taken, in order
        self.lock = threading.Lock()
        self.asks = asks
        self.subscribed = threading.Event()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=name, clean_session=False)
        self.client.on_connect = self._connected
        self.client.on_subscribe = lambda client, userdata, mid, reason_codes, properties: self.subscribed.set()
        self.client.on_message = self._message
        self.client.reconnect_delay_set(1, 2)
        self.client.connect_async("127.0.0.1", port)
        self.client.loop_start()

    def _have(self, table: str) -> dict[int, int]:
        counts: dict[int, int] = {}
        for game_id, _ in self.accepted.get(table, []):
            counts[game_id] = counts.get(game_id, 0) + 1
        return counts

    def _ask(self, table: str, also: dict[int, int] | None = None) -> None:
        if not self.asks:
            return
        have = self._have(table)
        wanted = {str(g): have.get(g, 0) for g in {*have, *(also or {})}}
        request = {"games": wanted, **({"after": max(have)} if have else {})}
        self.client.publish(f"companion/{table}/replay", json.dumps(request), qos=1)

    def _connected(self, client, userdata, flags, reason_code, properties) -> None:
        client.subscribe([("companion/+/state", 1), ("companion/+/events", 1), ("companion/+/status", 1),
                          ("companion/+/verdicts", 1)])
        with self.lock:
            for table in self.accepted:
                self._ask(table)

    def _message(self, client, userdata, message) -> None:
        data = json.loads(message.payload)
        with self.lock:
            self.messages.append((message.topic, data))
            table = data["table"]
            if message.topic.endswith("/events"):
                game_id, seq = data["id"]
                if seq == self._have(table).get(game_id, 0):
                    self.accepted.setdefault(table, []).append((game_id, seq))
            elif message.topic.endswith("/state"):
                recent = {int(g): n for g, n in data.get("recent", {}).items()}
                have = self._have(table)
                if any(have.get(g, 0) < n for g, n in recent.items()):  # each state: a lost request is asked again
                    self._ask(table, recent)

    def of(self, kind: str) -> list[dict]:
        with self.lock:
            return [m for t, m in self.messages if t.endswith("/" + kind)]

    def received(self, table: str) -> list[tuple[int, int]]:
        with self.lock:
            return list(self.accepted.get(table, []))

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def wait_for(check, timeout: float = 20.0, every: float = 0.05):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(every)
    return check()


class HallServer:
    """The hall app served by waitress in a thread of its own; ``stop()`` ends it as WebServer.stop ends a table's, so
    that no worker thread, long poll or socket of a test outlives it."""

    def __init__(self, board: HallBoard, subscriber, data: Path, threads: int = 8) -> None:
        self.board = board
        self._server = waitress.create_server(create_hall_app(board, subscriber, data, threads=threads),
                                              host="127.0.0.1", port=0, threads=threads)
        use_wake_up_pipe(self._server)
        self.port = int(self._server.effective_port)
        self.url = f"http://127.0.0.1:{self.port}/"
        self._thread = threading.Thread(target=self._server.run, name="hall-waitress", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        """Answer the long polls, end the worker threads, then close the sockets inside the server's own loop; an
        error if a thread of it still runs."""
        self.board.end_waits()
        workers = self._server.task_dispatcher
        workers.shutdown(timeout=timeout)
        self._server.trigger.pull_trigger(lambda: wasyncore.close_all(self._server._map))
        self._thread.join(timeout)
        if workers.threads or self._thread.is_alive():
            raise RuntimeError(f"the hall server still runs: {len(workers.threads)} worker thread(s), its loop "
                               f"{'running' if self._thread.is_alive() else 'ended'}")


@pytest.fixture
def hall(tmp_path):
    """The hall page served by waitress on two tables: Table 1 online, its Hexors game won by Yugi; Table 2 offline
    in a Nexus game, its last verdict an illegal move. Yields (board, url)."""
    data = tmp_path / "hall"
    board = HallBoard(data / "hall.sqlite3")
    (data / "pin.json").write_text(json.dumps({"hash": generate_password_hash(PIN), "generation": 1}))
    board.handle(*event("table-1", 1, 0, outcome=WIN_YUGI))
    board.handle("companion/table-1/state", json.dumps({
        "table": "table-1", "name": "Table 1", "game_id": 1, "game": "hexors",
        "title": {"en": "Hexors", "fr": "Hexors"},
        "players": ["Yugi", "Kaiba"], "turn": None, "outcome": WIN_YUGI, "entries": 1, "last_verdicts": []}))
    board.handle("companion/table-1/status", json.dumps({"table": "table-1", "name": "Table 1", "online": True}))
    board.handle("companion/table-2/state", json.dumps({
        "table": "table-2", "name": "Table 2", "game_id": 3, "game": "nexus", "title": {"en": "Nexus", "fr": "Nexus"},
        "players": ["Ann", "Bob"], "turn": "Bob", "scores": {"Ann": 4, "Bob": 6}, "outcome": None, "entries": 12,
        "last_verdicts": [{"kind": "illegal", "message": "That card does not fit there",
                           "message_fr": "Cette carte ne va pas là"}]}))
    board.handle("companion/table-2/status", json.dumps({"table": "table-2", "name": "Table 2", "online": False}))
    server = HallServer(board, Subscriber(), data)
    yield board, server.url
    server.stop()
