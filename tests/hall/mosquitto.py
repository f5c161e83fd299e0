"""A real Mosquitto on a free port (Debian's mosquitto: `make test` installs it, see the Makefile), for the hall's
tests and benchmarks/hall.py."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import Iterator

from tests.ports import free_port

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"


class Mosquitto:
    """One broker; ``stop()`` and ``start()`` again on the same port, as a broker that goes away for a while."""

    def __init__(self, folder: Path, users: dict[str, str] | None = None, sys_interval: int | None = None) -> None:
        self.port = free_port()
        self.folder = folder
        self.process: subprocess.Popen | None = None
        lines = [f"listener {self.port} 127.0.0.1", "persistence false"]
        if os.geteuid() == 0:  # as root it becomes the mosquitto user, who cannot read the test's folder
            lines.append("user root")
        if users:
            passwords = folder / "passwords"
            passwords.write_text("".join(f"{u}:{p}\n" for u, p in users.items()))
            passwords.chmod(0o600)
            subprocess.run(["mosquitto_passwd", "-U", str(passwords)], check=True, timeout=30)
            lines += ["allow_anonymous false", f"password_file {passwords}"]
        else:
            lines.append("allow_anonymous true")
        if sys_interval is not None:  # the broker's own counters under $SYS, every so many seconds
            lines.append(f"sys_interval {sys_interval}")
        self.conf = folder / "mosquitto.conf"
        self.conf.write_text("\n".join(lines) + "\n")

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.conf)], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        end = time.monotonic() + 10
        while time.monotonic() < end and self.process.poll() is None:  # exited: its configuration refused
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        self.stop()  # a test that fails here leaves no broker running
        raise RuntimeError(f"mosquitto did not start ({self.conf})")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@contextlib.contextmanager
def with_logins(folder: Path, users: dict[str, str] | None = None) -> Iterator[Mosquitto]:
    """A broker that lets in only ``users`` (name -> password), or anyone when ``users`` is None, its files in
    ``folder`` (made here), running for the ``with`` block."""
    folder.mkdir()
    broker = Mosquitto(folder, users=users)
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()
