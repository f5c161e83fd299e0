"""The server of benchmarks/evening.py: `companion serve` in its own process, as systemd runs it, and what is read
of it from outside (its RSS, CPU time and environment, one request at a time)."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

PIN = "5792"
UNIT = REPO / "systemd" / "companion.service"


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

