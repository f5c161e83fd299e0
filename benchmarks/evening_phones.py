"""The phones of benchmarks/evening.py: the one that enters rolls, those on the live stream all evening, and those
gone to sleep mid-request."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time

from evening_server import PIN, request


class Player:
    """The phone that enters rolls: a logged-in session (cookie + CSRF token), one request per connection so a
    killed server costs one failed request, not a stuck socket."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookie = ""
        self.csrf = ""
        self.csrf = self.call("GET", "/api/session")["csrf_token"]
        self.csrf = self.call("POST", "/api/login", {"pin": PIN})["csrf_token"]

    def call(self, method: str, path: str, body=None, key: str | None = None, timeout: float = 30) -> dict:
        headers = {"Cookie": self.cookie, "X-CSRF-Token": self.csrf}
        if key:
            headers["Idempotency-Key"] = key
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=json.dumps(body) if body is not None else None,
                               headers={"Content-Type": "application/json", **headers})
            response = connection.getresponse()
            data = response.read()
            cookie = response.getheader("Set-Cookie")
        finally:
            connection.close()
        if cookie:
            self.cookie = cookie.split(";")[0]
        if response.status >= 400:
            raise RuntimeError(f"{method} {path}: {response.status} {data[:300]!r}")
        return json.loads(data)


class StreamPhone(threading.Thread):
    """A phone on /api/stream for the whole evening: every journal entry of the free-roll game it sees, from the
    stream or, after a reset, from the history pages; reconnects with Last-Event-ID as browsers do."""

    def __init__(self, port: int, game_id_box: list[int], address: str) -> None:
        super().__init__(daemon=True)
        self.port = port
        self.address = address
        self.game_id_box = game_id_box
        self.streamed: list[int] = []  # entry seqs as the stream delivered them
        self.recovered: set[int] = set()  # entry seqs fetched from history after a reset
        self.event_bytes: list[tuple[int, int]] = []  # (seq, bytes of the entry event's data)
        self.last_event_id: str | None = None
        self.resets = 0
        self.reconnects = 0
        self.errors: list[str] = []
        self.stop = threading.Event()

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                self._listen()
            except (OSError, http.client.HTTPException, ValueError) as exc:
                if self.stop.is_set():
                    return
                self.errors.append(f"{type(exc).__name__}: {exc}")
            self.reconnects += 1
            self.stop.wait(0.5)

    def _listen(self) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=15, source_address=(self.address, 0))
        headers = {"Accept": "text/event-stream"}
        if self.last_event_id is not None:
            headers["Last-Event-ID"] = self.last_event_id
        connection.request("GET", "/api/stream", headers=headers)
        response = connection.getresponse()
        if response.status != 200:
            response.read()
            connection.close()
            raise OSError(f"stream refused: {response.status}")
        event_id, topic, data = None, None, b""
        while not self.stop.is_set():
            line = response.fp.readline()
            if not line:
                raise OSError("stream closed by the server")
            line = line.rstrip(b"\r\n")
            if line.startswith(b"id: "):
                event_id = line[4:].decode()
            elif line.startswith(b"event: "):
                topic = line[7:].decode()
            elif line.startswith(b"data: "):
                data = line[6:]
            elif not line and topic is not None:
                if event_id is not None:  # an event without id (each connection's "served") keeps the last one
                    self.last_event_id = event_id
                if topic == "reset":
                    self.resets += 1
                    self._catch_up()
                elif topic == "entry":
                    entry = json.loads(data)
                    if entry.get("game_id", self.game_id_box[0]) == self.game_id_box[0]:
                        self.streamed.append(int(entry["seq"]))
                        self.event_bytes.append((int(entry["seq"]), len(data)))
                event_id, topic, data = None, None, b""
        connection.close()

    def _catch_up(self) -> None:
        """What a phone does on reset: read the history back, page by page, to the last entry it holds."""
        known = max([*self.streamed, *self.recovered], default=-1)
        before = None
        for _ in range(10000):
            query = "/api/history?limit=200" + (f"&before={before}" if before is not None else "")
            status, body = request(self.port, "GET", query, timeout=15, source=self.address)
            if status != 200:
                raise OSError(f"history: {status}")
            page = json.loads(body)
            if page.get("game", {}).get("id") != self.game_id_box[0]:
                return
            seqs = sorted(int(e["seq"]) for e in page.get("entries", []))
            self.recovered.update(s for s in seqs if s > known)
            if not seqs or seqs[0] <= known + 1 or not page.get("more", False):
                return
            before = seqs[0]


def idle_connections(port: int, count: int) -> list[socket.socket]:
    """Connections that send half a request and then nothing, as phones gone to sleep mid-request do, each from an
    address of its own (127.0.1.N), so no per-address cap is what saves the others."""
    sockets = []
    for n in range(count):
        sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(f"127.0.1.{n % 250 + 1}", 0))
        sock.sendall(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        sockets.append(sock)
    return sockets


def timed(port: int, path: str) -> float:
    began = time.monotonic()
    try:
        status, _ = request(port, "GET", path, timeout=10)
    except OSError:
        return float("inf")
    return time.monotonic() - began if status == 200 else float("inf")

