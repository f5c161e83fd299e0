"""Live-stream load: N phones on /api/stream while rolls are entered at a steady rate, on loopback.

The server is the real one (`companion serve --no-camera` in its own process, waitress, journal
with fsync); each roll goes through the API, the referee and the journal before it is published.
Every client must receive every roll's event exactly once and in order; the script prints the
delivery latency (roll POST sent -> event read by the client) and any loss, and exits non-zero on loss.

    python benchmarks/sse_load.py [--clients 20] [--seconds 60] [--rate 10]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.timing import percentile  # noqa: E402
from tests.ports import free_port  # noqa: E402

PIN = "5792"
SEQ = re.compile(rb'^data: \{"seq":(\d+),')


def start_server(data_dir: Path, port: int, threads: int) -> subprocess.Popen:
    import logging

    from companion.web.auth import PinStore

    logging.getLogger("companion.web.auth").setLevel(logging.ERROR)  # the throw-away PIN need not be shown
    PinStore(data_dir).change(PIN)
    config = data_dir / "companion.toml"
    # every phone here is on 127.0.0.1: one address, above the caps a phone on the Wi-Fi is held to
    config.write_text(f'[service]\ndata_dir = "{data_dir}"\nhost = "127.0.0.1"\nport = {port}\nthreads = {threads}\n'
                      f'streams_per_address = {threads}\nconnections_per_address = {2 * threads}\n')
    server = subprocess.Popen([sys.executable, "-m", "companion.cli", "--config", str(config), "serve", "--no-camera"],
                              cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit(f"the server did not start: {server.stderr.read()}")


class Phone:
    """A logged-in API session (cookie + CSRF token) over one keep-alive connection."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.cookie = ""
        self.csrf = self.call("GET", "/api/session")["csrf_token"]
        self.csrf = self.call("POST", "/api/login", {"pin": PIN})["csrf_token"]

    def call(self, method: str, path: str, body=None) -> dict:
        headers = {"Cookie": self.cookie, "X-CSRF-Token": getattr(self, "csrf", "")}
        if body is not None:
            headers["Content-Type"] = "application/json"
        self.connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = self.connection.getresponse()
        data = json.loads(response.read())
        if response.getheader("Set-Cookie"):
            self.cookie = response.getheader("Set-Cookie").split(";")[0]
        if response.status >= 400:
            raise RuntimeError(f"{method} {path}: {response.status} {data}")
        return data


class StreamClient(threading.Thread):
    """One phone on the live stream, timing each roll event's arrival."""

    def __init__(self, port: int, last_id: int) -> None:
        super().__init__(daemon=True)
        self.port, self.last_id = port, last_id
        self.arrivals: list[tuple[int, float]] = []  # (seq, monotonic time)
        self.connected = threading.Event()
        self.stop = threading.Event()
        self.error = ""

    def run(self) -> None:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            connection.request("GET", f"/api/stream?last_id={self.last_id}")
            response = connection.getresponse()
            if response.status != 200:
                raise RuntimeError(f"stream refused: {response.status}")
            self.connected.set()
            topic = b""
            while not self.stop.is_set():
                line = response.readline()
                if not line:
                    break
                if line.startswith(b"event: "):
                    topic = line[7:].strip()
                elif topic == b"entry" and line.startswith(b"data: "):
                    match = SEQ.match(line)
                    if match:
                        self.arrivals.append((int(match.group(1)), time.monotonic()))
            connection.close()
        except Exception as exc:  # reported in the summary, never hidden
            self.error = f"{type(exc).__name__}: {exc}"
            self.connected.set()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--rate", type=float, default=10.0, help="rolls entered per second")
    args = parser.parse_args()

    threads = args.clients + 8
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="sse-load-") as tmp:
        server = start_server(Path(tmp), port, threads)
        try:
            publisher = Phone(port)
            start = publisher.call("POST", "/api/game", {"game": "free-roll"})
            clients = [StreamClient(port, start["event_id"]) for _ in range(args.clients)]
            for client in clients:
                client.start()
            for client in clients:
                client.connected.wait(10)
            time.sleep(0.5)

            sent: dict[int, float] = {}
            post_ms: list[float] = []
            period = 1.0 / args.rate
            began = time.monotonic()
            seq = 0
            while time.monotonic() - began < args.seconds:
                due = began + seq * period
                time.sleep(max(0.0, due - time.monotonic()))
                sent[seq] = time.monotonic()
                publisher.call("POST", "/api/roll", {"dice": [{"value": seq % 6 + 1, "color": "red"},
                                                               {"value": (seq * 5) % 6 + 1, "color": "blue"}]})
                post_ms.append((time.monotonic() - sent[seq]) * 1000)
                seq += 1
            elapsed = time.monotonic() - began
            deadline = time.monotonic() + 10
            while time.monotonic() < deadline and any(len(c.arrivals) < seq for c in clients):
                time.sleep(0.05)
            for client in clients:
                client.stop.set()
        finally:
            server.terminate()
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()

    expected = list(range(seq))
    latencies = [(at - sent[s]) * 1000 for c in clients for s, at in c.arrivals if s in sent]
    received = sum(len(c.arrivals) for c in clients)
    lost = sum(len(set(expected) - {s for s, _ in c.arrivals}) for c in clients)
    duplicated = sum(len(c.arrivals) - len({s for s, _ in c.arrivals}) for c in clients)
    disordered = sum(1 for c in clients if [s for s, _ in c.arrivals] != sorted(s for s, _ in c.arrivals))
    errors = [c.error for c in clients if c.error]

    print(f"SSE load on loopback: {args.clients} clients, {elapsed:.0f} s, {seq} rolls at {args.rate:g}/s "
          f"through POST /api/roll (waitress threads={threads}, python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs)")
    print(f"deliveries: expected {seq * args.clients}, received {received}, lost {lost}, "
          f"duplicated {duplicated}, clients out of order {disordered}, client errors {len(errors)}")
    if latencies:
        print(f"delivery latency (roll POST sent -> event read by each client): "
              f"median {statistics.median(latencies):.1f} ms, p99 {percentile(latencies, 0.99):.1f} ms, "
              f"max {max(latencies):.1f} ms")
    print(f"POST /api/roll round trip (referee + journal fsync + publish): median {statistics.median(post_ms):.1f} ms, "
          f"p99 {percentile(post_ms, 0.99):.1f} ms")
    for error in errors[:3]:
        print(f"client error: {error}")
    return 0 if lost == 0 and duplicated == 0 and not errors and disordered == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
