"""A real Mosquitto per test, on a free port (Debian's mosquitto: `make test` installs it, see the Makefile)."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Mosquitto:
    """One broker; ``stop()`` and ``start()`` again on the same port, as a broker that goes away for a while."""

    def __init__(self, folder: Path, users: dict[str, str] | None = None) -> None:
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
        self.conf = folder / "mosquitto.conf"
        self.conf.write_text("\n".join(lines) + "\n")

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen([MOSQUITTO, "-c", str(self.conf)], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        end = time.monotonic() + 10
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("mosquitto did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture
def broker(tmp_path):
    if not Path(MOSQUITTO).exists():
        pytest.fail("mosquitto is not installed: `make broker` installs Debian's mosquitto")
    folder = tmp_path / "broker"
    folder.mkdir()
    server = Mosquitto(folder)
    server.start()
    yield server
    server.stop()


class Listener:
    """A plain subscriber: every message of every table, in the order it came (persistent session, QoS 1)."""

    def __init__(self, url_port: int, name: str = "plain-listener") -> None:
        self.messages: list[tuple[str, dict]] = []
        self.lock = threading.Lock()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=name, clean_session=False)
        self.client.on_connect = lambda c, u, f, rc, p: c.subscribe("companion/#", qos=1)
        self.client.on_message = self._message
        self.client.reconnect_delay_set(1, 2)
        self.client.connect_async("127.0.0.1", url_port)
        self.client.loop_start()

    def _message(self, client, userdata, message) -> None:
        with self.lock:
            self.messages.append((message.topic, json.loads(message.payload)))

    def of(self, kind: str) -> list[dict]:
        with self.lock:
            return [m for t, m in self.messages if t.endswith("/" + kind)]

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
