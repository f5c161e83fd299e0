"""A compressed game night in a café, against the real server: does the evening stay flat?

`companion serve` runs in its own process (waitress, the journal with fsync, a camera reading a folder of frames of
an empty table), with the environment systemd/companion.service gives the service (MALLOC_ARENA_MAX=2: glibc's heaps
as on the Pi), read back from the running server and printed, and from compiled bytecode as an installed package
runs. One phone enters ``--rolls`` free-roll rolls through
POST /api/roll as fast as the server answers; ``--phones`` phones hold the live stream the whole time, reconnect as
a browser does (Last-Event-ID) and, when told to reset, fetch what they missed from /api/history by page. On the
way: the camera is unplugged (its folder taken away) twice; ``--idle`` idle connections are opened midway and
ordinary requests are timed while they stay open; the server is killed with SIGKILL midway, restarted on the same
journal, and the roll whose answer was lost is sent again with its idempotency key; at the end a full game of each
board game (docs/rules/examples/) is played through POST /api/events.

It prints bytes per live roll event and per /api/state at the first sample and the end, the server's RSS and
rolls per second every ``--every`` rolls (over the whole stretch, outages and all; and steady, one over the
median POST of the stretch), the server's CPU time per roll over the stretch (its work, which the machine's load
moves less than the time a roll takes) and the load average. Since a shared machine's load comes and goes between
the first stretch and the last, minutes apart, the throughput goal compares rolls at the end of the evening sent
in turn (``--pairs`` each) to the evening's server and to a fresh one (an empty journal, a new process, as many
phones on its stream). Then the restart time, the slowest ordinary request while the idle connections were open,
whether each camera outage was told and recovered, and per phone the journal entries lost or delivered twice;
then each goal with yes/NO. Exit status 1 when a goal is missed. The second outage comes at three fifths: at 5000
rolls it is over (5 s and its recovery, about 1000 rolls) before the last stretch.

    python benchmarks/evening.py [--rolls 5000] [--phones 5] [--idle 120] [--pairs 500]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

PIN = "5792"
UNIT = REPO / "systemd" / "companion.service"
GAMES = (("nexus-keepers", "nexus-keepers-full-game.jsonl"), ("hexors", "hexors-beginner-win.jsonl"),
         ("nexus", "nexus-two-players.jsonl"), ("tesseract", "tesseract-win.jsonl"))


def free_port() -> int:
    """A free port below the kernel's ephemeral range: a client polling it before the server listens is never given
    it as its own source port (a socket connected to itself reads its own request back as the answer)."""
    try:
        lowest = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        lowest = 32768
    for port in random.sample(range(10000, max(lowest, 10100)), 100):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise SystemExit("no free port below the ephemeral range")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def unit_environment() -> dict[str, str]:
    """The environment the systemd unit gives the service (``Environment=`` lines: glibc's heaps, unbuffered
    output), less HOME: the benchmark's server runs as the service does, in its own folder."""
    found = {}
    for line in UNIT.read_text(encoding="utf-8").splitlines():
        if line.startswith("Environment="):
            key, _, value = line.removeprefix("Environment=").partition("=")
            if key != "HOME":
                found[key] = value
    return found


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) process ``pid`` has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def environment_of(pid: int, keys) -> dict[str, str | None]:
    """What the running process ``pid`` has for ``keys`` in its environment (read back, not assumed)."""
    pairs = (item.partition(b"=") for item in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0") if item)
    environ = {key.decode(errors="replace"): value.decode(errors="replace") for key, _, value in pairs}
    return {key: environ.get(key) for key in keys}


class Server:
    """`companion serve` on a data folder, started, killed and started again, with the unit's environment."""

    def __init__(self, data_dir: Path, frames: Path, port: int, threads: int) -> None:
        import logging

        from companion.web.auth import PinStore

        logging.getLogger("companion.web.auth").setLevel(logging.ERROR)  # the throw-away PIN need not be shown
        PinStore(data_dir).change(PIN)
        self.port = port
        self.config = data_dir / "companion.toml"
        self.config.write_text(
            f'[service]\ndata_dir = "{data_dir}"\nhost = "127.0.0.1"\nport = {port}\nthreads = {threads}\n'
            f'[camera]\nsource = "folder"\npath = "{frames}"\nloop = true\nfps = 2.0\nretry_max_seconds = 1.0\n'
            f'frame_timeout = 3.0\n')
        self.log = data_dir / "server.log"
        self.environment = unit_environment()
        # compiled bytecode, kept between starts, as an installed package has (pip compiles it at install): the first
        # start compiles it, the restart after kill -9 finds it
        self.bytecode = {"PYTHONPYCACHEPREFIX": str(data_dir.parent / "bytecode")}
        self.process: subprocess.Popen | None = None

    def start(self) -> float:
        """Start it; the seconds until /api/state answers."""
        began = time.monotonic()
        with self.log.open("a") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "companion.cli", "--config", str(self.config), "serve"],
                cwd=REPO, stdout=log, stderr=subprocess.STDOUT,
                env={**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, **self.environment,
                     **self.bytecode})
        deadline = began + 120
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise SystemExit(f"the server stopped at start:\n{self.log.read_text()[-3000:]}")
            try:
                status, _ = request(self.port, "GET", "/api/state", timeout=2)
                if status == 200:
                    return time.monotonic() - began
            except OSError:
                pass
            time.sleep(0.02)
        raise SystemExit(f"the server did not answer in 120 s:\n{self.log.read_text()[-3000:]}")

    def kill(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(30)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()


def request(port: int, method: str, path: str, body=None, headers=None, timeout: float = 10,
            source: str = "127.0.0.1") -> tuple[int, bytes]:
    """One request on its own connection, from ``source`` (each phone of a café has its own address: on loopback,
    its own 127.0.0.N)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(source, 0))
    try:
        connection.request(method, path, body=json.dumps(body) if body is not None else None,
                           headers={"Content-Type": "application/json", **(headers or {})})
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


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


def empty_table_frames(folder: Path) -> None:
    import cv2
    import numpy as np

    folder.mkdir()
    for n in range(4):
        image = np.full((480, 640, 3), (40, 90, 30), np.uint8)  # green cloth, no dice on it
        cv2.putText(image, f"frame {n}", (20, 40), cv2.FONT_HERSHEY_SIMPLEX, 0.7, (60, 110, 50), 2)
        cv2.imwrite(str(folder / f"{n:03d}.png"), image)


def roll_body(n: int) -> dict:
    return {"dice": [{"value": n % 6 + 1, "color": "red"}, {"value": (n * 5) % 6 + 1, "color": "blue"},
                     {"value": (n * 7 + 3) % 6 + 1, "color": "white"}]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rolls", type=int, default=5000)
    parser.add_argument("--phones", type=int, default=5)
    parser.add_argument("--idle", type=int, default=120, help="idle connections opened midway")
    parser.add_argument("--every", type=int, default=500, help="rolls between samples")
    parser.add_argument("--warmup", type=int, default=500, help="rolls before the RSS baseline")
    parser.add_argument("--pairs", type=int, help="rolls sent to the evening's server and a fresh one in turn at the "
                        "end (default: a quarter of --rolls, at most 500)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args(argv)
    args.pairs = args.pairs if args.pairs is not None else max(20, min(500, args.rolls // 4))

    tmp = Path(tempfile.mkdtemp(prefix="companion-evening-"))
    frames = tmp / "frames"
    empty_table_frames(frames)
    data_dir = tmp / "data"
    data_dir.mkdir(mode=0o700)
    server = Server(data_dir, frames, free_port(), threads=args.phones + 12)
    figures: dict = {"rolls": args.rolls, "phones": args.phones, "idle": args.idle}
    try:
        return run(args, server, frames, figures)
    finally:
        server.stop()
        shutil.rmtree(tmp, ignore_errors=True)


def run(args, server: Server, frames: Path, figures: dict) -> int:
    server.start()
    player = Player(server.port)
    state = player.call("POST", "/api/game", {"game": "free-roll", "players": ["Ann", "Bob"]})
    game_id = [state["state"]["game_id"]]
    phones = [StreamPhone(server.port, game_id, f"127.0.0.{10 + n}") for n in range(args.phones)]
    for phone in phones:
        phone.start()
    time.sleep(1.0)

    figures["server_environment"] = environment_of(server.process.pid, server.environment)
    print(f"evening: {args.rolls} free-roll rolls, {args.phones} phones on the live stream, {args.idle} idle "
          f"connections midway, kill -9 midway, camera unplugged twice; python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs; the server's environment as {UNIT.relative_to(REPO)} sets it: "
          f"{' '.join(f'{k}={v}' for k, v in figures['server_environment'].items())}", flush=True)
    print(f"{'rolls':>6} {'RSS MB':>8} {'rolls/s':>8} {'steady':>8} {'CPU ms':>7} {'load':>5} {'state B':>8} "
          f"{'event B':>8}", flush=True)
    samples: list[dict] = []
    state_bytes: list[int] = []
    kill_at = args.rolls // 2
    idle_at = args.rolls * 2 // 5
    unplug_at = {args.rolls // 5, args.rolls * 3 // 5}  # not in the last stretch (see the module's docstring)
    idle: list[socket.socket] = []
    outages: list[dict] = []
    outage: threading.Thread | None = None
    while_idle: list[float] = []
    restart_s = None
    retried = {}
    chunk_began = time.monotonic()
    chunk_cpu = (server.process.pid, cpu_seconds(server.process.pid))
    latencies: list[float] = []
    n = 0
    while n < args.rolls:
        if n in unplug_at:
            if outage is not None:
                outage.join(60)  # one outage at a time
            outage = threading.Thread(target=camera_outage, args=(server.port, frames, outages), daemon=True)
            outage.start()
        if n == idle_at and args.idle:
            idle = idle_connections(server.port, args.idle)
        if idle:
            while_idle.append(timed(server.port, "/api/info"))
        if n == kill_at:
            if outage is not None:
                outage.join(60)  # the kill comes on its own
            key = f"evening-{uuid.uuid4().hex}"
            player.call("POST", "/api/roll", roll_body(n), key=key)  # journaled; its answer "lost" with the kill
            entries_before = json.loads(request(server.port, "GET", "/api/state")[1])["state"]["entries"]
            server.kill()
            for sock in idle:
                sock.close()
            idle = []
            restart_s = server.start()
            # The same phone, the same session cookie: the retry must be answered from the journal.
            again = player.call("POST", "/api/roll", roll_body(n), key=key)
            retried = {"entries_before": entries_before, "entries_after_retry": again["state"]["entries"]}
            n += 1
            continue
        key = f"evening-{uuid.uuid4().hex}"
        sent = time.monotonic()
        player.call("POST", "/api/roll", roll_body(n), key=key)
        latencies.append(time.monotonic() - sent)
        n += 1
        if n % args.every == 0:
            elapsed = time.monotonic() - chunk_began
            status, body = request(server.port, "GET", "/api/state")
            state_bytes.append(len(body))
            recent = [b for phone in phones for s, b in phone.event_bytes[-20:]]
            pid = server.process.pid  # a stretch with the restart in it has no CPU figure: two processes ran it
            cpu_ms = (cpu_seconds(pid) - chunk_cpu[1]) * 1000 / args.every if pid == chunk_cpu[0] else None
            sample = {"rolls": n, "rss_mb": round(rss_mb(server.process.pid), 1),
                      "rolls_per_s": round(args.every / elapsed, 1),
                      "steady_rolls_per_s": round(1 / statistics.median(latencies), 1),
                      "cpu_ms_per_roll": round(cpu_ms, 2) if cpu_ms is not None else None,
                      "load": os.getloadavg()[0], "state_bytes": len(body),
                      "event_bytes": int(statistics.median(recent)) if recent else 0}
            samples.append(sample)
            print(f"{sample['rolls']:>6} {sample['rss_mb']:>8.1f} {sample['rolls_per_s']:>8.1f} "
                  f"{sample['steady_rolls_per_s']:>8.1f} {cpu_ms if cpu_ms is not None else float('nan'):>7.2f} "
                  f"{sample['load']:>5.1f} {sample['state_bytes']:>8} {sample['event_bytes']:>8}", flush=True)
            chunk_began = time.monotonic()
            chunk_cpu = (pid, cpu_seconds(pid))
            latencies = []
    for sock in idle:
        sock.close()

    journal_seqs = journal_entries(server.port, game_id[0])
    time.sleep(2.0)
    fresh_dir = server.config.parent.parent / "fresh"
    fresh_dir.mkdir(mode=0o700)
    fresh = Server(fresh_dir, frames, free_port(), threads=args.phones + 12)
    alternated = side_by_side(args, player, fresh)
    for phone in phones:
        phone.stop.set()

    games = play_board_games(player)
    if outage is not None:
        outage.join(60)

    # from the first sample on, as /api/state: a free-roll event fills up over its first rolls (each colour's faces,
    # the totals), which the evening's length has nothing to do with
    first_events = [b for phone in phones for s, b in phone.event_bytes if args.every - 20 <= s < args.every]
    last_events = [b for phone in phones for s, b in phone.event_bytes if args.rolls - 20 <= s < args.rolls]
    per_phone = []
    for phone in phones:
        seen = set(phone.streamed) | phone.recovered
        per_phone.append({"lost": len(set(journal_seqs) - seen),
                          "duplicated": len(phone.streamed) - len(set(phone.streamed)),
                          "resets": phone.resets, "reconnects": phone.reconnects,
                          "why": sorted(set(phone.errors))[:3]})
    warm = [s for s in samples if s["rolls"] >= args.warmup] or samples
    figures.update({
        "samples": samples, "restart_s": round(restart_s or 0, 2), "retry": retried,
        "event_bytes": [int(statistics.median(first_events or [0])), int(statistics.median(last_events or [0]))],
        "state_bytes": [state_bytes[0] if state_bytes else 0, state_bytes[-1] if state_bytes else 0],
        "rss_growth_mb": round(warm[-1]["rss_mb"] - warm[0]["rss_mb"], 1),
        "throughput": [samples[0]["steady_rolls_per_s"], samples[-1]["steady_rolls_per_s"]] if samples else [0, 0],
        "cpu_ms_per_roll": [samples[0]["cpu_ms_per_roll"], samples[-1]["cpu_ms_per_roll"]] if samples else [0, 0],
        "load": [samples[0]["load"], samples[-1]["load"]] if samples else [0, 0], "alternated": alternated,
        "slowest_request_while_idle_s": round(max(while_idle, default=0.0), 3),
        "phones": per_phone, "journal_entries": len(journal_seqs), "board_games": games,
        "camera_outages": outages,
    })
    return report(figures, args)


def side_by_side(args, evening: Player, fresh_server: Server) -> dict:
    """Rolls sent in turn to the evening's server (its game ``--rolls`` long, its process up since the restart) and to
    a fresh one (an empty journal, a new process), each with ``--phones`` phones on its stream: both meet the same
    load at every moment, which the first and last stretches, minutes apart, do not. Rolls per second on each, one
    over the median POST, and the load average."""
    fresh_server.start()
    fresh = Player(fresh_server.port)
    game = [fresh.call("POST", "/api/game", {"game": "free-roll", "players": ["Ann", "Bob"]})["state"]["game_id"]]
    phones = [StreamPhone(fresh_server.port, game, f"127.0.0.{100 + n}") for n in range(args.phones)]
    for phone in phones:
        phone.start()
    times: dict[str, list[float]] = {"evening": [], "fresh": []}
    try:
        for n in range(min(100, args.pairs)):  # the fresh server's warm-up: the evening's is warm
            fresh.call("POST", "/api/roll", roll_body(n), key=f"evening-{uuid.uuid4().hex}")
        for n in range(args.pairs):
            turn = (("evening", evening), ("fresh", fresh))
            for name, player in turn if n % 2 else turn[::-1]:
                sent = time.monotonic()
                player.call("POST", "/api/roll", roll_body(n), key=f"evening-{uuid.uuid4().hex}")
                times[name].append(time.monotonic() - sent)
    finally:
        for phone in phones:
            phone.stop.set()
        fresh_server.stop()
    return {**{name: round(1 / statistics.median(spent), 1) for name, spent in times.items()},
            "load": os.getloadavg()[0]}


def journal_entries(port: int, game_id: int) -> list[int]:
    seqs: list[int] = []
    before = None
    while True:
        query = "/api/history?limit=500" + (f"&before={before}" if before is not None else "")
        page = json.loads(request(port, "GET", query, timeout=30)[1])
        if page["game"]["id"] != game_id:
            raise SystemExit("the free-roll game was not the one at the table at the end")
        got = sorted(int(e["seq"]) for e in page["entries"])
        seqs.extend(got)
        if not got or not page.get("more", False):
            return sorted(set(seqs))
        before = got[0]


def play_board_games(player: Player) -> dict[str, str]:
    """A full example game of each board game, event by event through the API: how each ended."""
    ended = {}
    for game, script in GAMES:
        lines = (REPO / "docs" / "rules" / "examples" / script).read_text().splitlines()
        events = [json.loads(line) for line in lines if line.strip() and not line.lstrip().startswith("#")]
        options = {}
        if events and events[0].get("type") == "options":
            options = events.pop(0).get("options", {})
        player.call("POST", "/api/game", {"game": game, "options": options})
        result = {}
        for event in events:
            result = player.call("POST", "/api/events", {"event": event})
        outcome = (result.get("state") or {}).get("outcome")
        ended[game] = (outcome or {}).get("kind", "unfinished")
    return ended


def camera_outage(port: int, frames: Path, outages: list[dict]) -> None:
    """The camera unplugged for 5 s (its folder taken away): whether /api/live said so, and how long after it was
    back the pictures came again."""
    away = frames.with_name("frames-unplugged")
    frames.rename(away)
    time.sleep(4.0)
    told = json.loads(request(port, "GET", "/api/live")[1])["camera"]
    time.sleep(1.0)
    away.rename(frames)
    back = time.monotonic()
    seen_again = None
    while time.monotonic() - back < 30:
        live = json.loads(request(port, "GET", "/api/live")[1])
        if live["camera"]["ok"] and not live.get("stalled"):
            seen_again = time.monotonic() - back
            break
        time.sleep(0.2)
    outages.append({"reported": not told["ok"], "message": told.get("message", ""),
                    "back_after_s": round(seen_again, 1) if seen_again is not None else None})


def report(figures: dict, args) -> int:
    event_start, event_end = figures["event_bytes"]
    state_start, state_end = figures["state_bytes"]
    speed_start, speed_end = figures["throughput"]
    lost = sum(p["lost"] for p in figures["phones"])
    duplicated = sum(p["duplicated"] for p in figures["phones"])
    print(f"\nbytes per live roll event: {event_start} at roll {args.every}, {event_end} at roll {args.rolls}")
    print(f"bytes per /api/state: {state_start} at roll {args.every}, {state_end} at roll {args.rolls}")
    print(f"server RSS growth after {args.warmup} rolls: {figures['rss_growth_mb']:+.1f} MB")
    print(f"rolls per second, steady (1 / the median POST /api/roll of each {args.every}): {speed_start} at the "
          f"start, {speed_end} at the end (load average {figures['load'][0]:.1f}, {figures['load'][1]:.1f})")
    alternated = figures["alternated"]
    print(f"rolls per second at the end, {args.pairs} sent in turn to the evening's server and a fresh one (1 / the "
          f"median POST): {alternated['evening']} on the evening's, {alternated['fresh']} on the fresh one (load "
          f"average {alternated['load']:.1f})")
    cpu_start, cpu_end = figures["cpu_ms_per_roll"]
    print(f"server CPU per roll (its work, over each {args.every}): {cpu_start} ms at the start, {cpu_end} ms at the "
          "end")
    print(f"restart after kill -9 at roll {args.rolls // 2} ({figures['retry'].get('entries_before')} entries): "
          f"{figures['restart_s']:.2f} s to answer /api/state; the roll retried with its key left "
          f"{figures['retry'].get('entries_after_retry')} entries")
    print(f"slowest GET /api/info while {args.idle} idle connections were open: "
          f"{figures['slowest_request_while_idle_s']:.3f} s")
    for n, phone in enumerate(figures["phones"]):
        print(f"phone {n}: lost {phone['lost']}, duplicated {phone['duplicated']} of {figures['journal_entries']} "
              f"entries ({phone['resets']} resets, {phone['reconnects']} reconnects: {'; '.join(phone['why'])})")
    print(f"board games: {', '.join(f'{g} {k}' for g, k in figures['board_games'].items())}")
    for outage in figures["camera_outages"]:
        print(f"camera unplugged 5 s: told on /api/live: {'yes' if outage['reported'] else 'NO'} "
              f"({outage['message']}); pictures again {outage['back_after_s']} s after it was back")
    goals = {
        "payloads flat (end <= start + 10%)": event_end <= event_start * 1.1 and state_end <= state_start * 1.1,
        "RSS growth <= 40 MB after warm-up": figures["rss_growth_mb"] <= 40,
        "throughput at the end >= 90% of a fresh server's, in turn": alternated["evening"] >= 0.9 * alternated["fresh"],
        "restart <= 3 s": figures["restart_s"] <= 3.0,
        "retry after kill -9 replayed, not applied": figures["retry"].get("entries_before")
        == figures["retry"].get("entries_after_retry"),
        "0 lost, 0 duplicated": lost == 0 and duplicated == 0,
        "ordinary requests within 1 s with idle connections open": figures["slowest_request_while_idle_s"] <= 1.0,
        "every board game finished": all(k != "unfinished" for k in figures["board_games"].values()),
        "each camera outage told and recovered": len(figures["camera_outages"]) == 2 and all(
            o["reported"] and o["back_after_s"] is not None for o in figures["camera_outages"]),
    }
    figures["goals"] = goals
    for goal, met in goals.items():
        print(f"goal: {goal}: {'yes' if met else 'NO'}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1))
    return 0 if all(goals.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
