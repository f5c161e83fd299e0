"""systemd supervision through a real notify socket: READY, a heartbeat only while the pipeline moves, STOPPING.

Each test listens on a unix datagram socket as systemd does and runs the companion in a real child process
with ``NOTIFY_SOCKET`` and ``WATCHDOG_USEC`` set, as ``Type=notify`` + ``WatchdogSec=`` would.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.supervision import Heartbeat, Notifier, watchdog_seconds
from tests.ports import free_port

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def notify_socket(tmp_path):
    path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(0.2)
    yield path, sock
    sock.close()


def collect(sock, seconds: float, until: str | None = None) -> list[str]:
    """Messages received within ``seconds`` (stopping early at one containing ``until``)."""
    messages: list[str] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            messages.append(sock.recv(4096).decode())
        except socket.timeout:
            continue
        if until and until in messages[-1]:
            break
    return messages


def test_notifier_speaks_the_sd_notify_protocol_and_is_silent_outside_systemd(notify_socket):
    path, sock = notify_socket
    assert Notifier({"NOTIFY_SOCKET": str(path)}).notify("READY=1\nSTATUS=hello")
    assert sock.recv(4096) == b"READY=1\nSTATUS=hello"
    assert not Notifier({}).active and Notifier({}).notify("READY=1") is False
    assert Notifier({"NOTIFY_SOCKET": "@abstract"}).address == "\0abstract"
    assert watchdog_seconds({"WATCHDOG_USEC": "20000000"}) == 20.0
    assert watchdog_seconds({"WATCHDOG_USEC": "20000000", "WATCHDOG_PID": "1"}) is None, "another process's"
    assert watchdog_seconds({}) is None


def test_heartbeat_is_sent_only_while_progress_is_reported(notify_socket):
    path, sock = notify_socket
    progressing = [True]
    beat = Heartbeat(Notifier({"NOTIFY_SOCKET": str(path)}), 0.2, lambda: progressing[0])
    beat.start()
    try:
        assert collect(sock, 0.6).count("WATCHDOG=1") >= 3
        progressing[0] = False
        time.sleep(0.15)
        stalled = collect(sock, 0.6)
        assert "WATCHDOG=1" not in stalled[1:] and "STATUS=camera pipeline stalled" in stalled
        progressing[0] = True
        assert "WATCHDOG=1" in collect(sock, 0.5)
    finally:
        beat.stop()


def write_frames(folder: Path, count: int = 4) -> Path:
    """A still table: frames that change as a whole would be 'moving' and never given to the dice reader."""
    folder.mkdir()
    for n in range(count):
        cv2.imwrite(str(folder / f"frame_{n}.png"), np.full((48, 64, 3), 80, np.uint8))
    return folder


def write_config(tmp_path: Path) -> Path:
    config = tmp_path / "companion.toml"
    config.write_text(textwrap.dedent(f"""
        [service]
        data_dir = "{tmp_path / 'data'}"
        host = "127.0.0.1"
        port = {free_port()}
        [camera]
        source = "folder"
        path = "{write_frames(tmp_path / 'frames')}"
        loop = true
        fps = 10.0
        [vision]
        model = "{tmp_path / 'no-model.onnx'}"
        [panel]
        enabled = false
    """))
    return config


def child_env(path: Path) -> dict[str, str]:
    return dict(os.environ, NOTIFY_SOCKET=str(path), WATCHDOG_USEC="600000", PYTHONPATH=str(REPO))


def test_the_served_companion_says_ready_feeds_the_watchdog_and_stops_quickly(tmp_path, notify_socket):
    path, sock = notify_socket
    child = subprocess.Popen([sys.executable, "-m", "companion.cli", "--config", str(write_config(tmp_path)), "serve"],
                             env=child_env(path), stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        ready = collect(sock, 60, until="READY=1")
        assert any(m.startswith("READY=1") for m in ready), ready
        assert collect(sock, 2.0).count("WATCHDOG=1") >= 3, "a moving pipeline feeds the watchdog"
        started = time.monotonic()
        child.send_signal(signal.SIGTERM)
        assert child.wait(timeout=10) == 0
        assert time.monotonic() - started < 5
        assert "STOPPING=1" in collect(sock, 1.0, until="STOPPING=1")
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


STALLING_SERVICE = """
import sys, threading, time
import companion.service as service_module
from companion.config import load_config
from companion.service import Service

service_module.STALL_SECONDS = 1.0


class StuckReader:
    # A dice reader that wedges on its second frame (a native library stuck), holding the pipeline thread.
    # (Frames that do not change are read twice, then their reading is reused: the second read always happens.)
    frames = 0

    def read(self, image, pixels=None):
        StuckReader.frames += 1
        if StuckReader.frames >= 2:
            threading.Event().wait()
        return []


service = Service(load_config(sys.argv[1]))
service._make_reader = lambda: StuckReader()
service.start()
time.sleep(float(sys.argv[2]))
"""


def test_a_wedged_pipeline_stops_the_heartbeat_so_systemd_restarts_the_service(tmp_path, notify_socket):
    """A wedged camera pipeline stops the heartbeat though the web still serves, so systemd restarts the service."""
    path, sock = notify_socket
    script = tmp_path / "stalling.py"
    script.write_text(STALLING_SERVICE)
    child = subprocess.Popen([sys.executable, str(script), str(write_config(tmp_path)), "20"], env=child_env(path),
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        messages = collect(sock, 60, until="READY=1")
        messages += collect(sock, 12, until="stalled")
        assert "STATUS=camera pipeline stalled" in messages, messages
        assert "WATCHDOG=1" not in collect(sock, 1.5), "no heartbeat while the pipeline is wedged"
    finally:
        child.kill()
        child.wait()


def test_heartbeat_also_needs_the_web_server_to_answer(notify_socket):
    path, sock = notify_socket
    answering = [True]
    beat = Heartbeat(Notifier({"NOTIFY_SOCKET": str(path)}), 0.2, lambda: True, web_answers=lambda: answering[0])
    beat.start()
    try:
        assert collect(sock, 0.6).count("WATCHDOG=1") >= 3
        answering[0] = False
        assert "STATUS=web server not answering" in collect(sock, 2.0, until="web server not answering")
        assert "WATCHDOG=1" not in collect(sock, 0.6)
        answering[0] = True
        assert "WATCHDOG=1" in collect(sock, 0.5)
    finally:
        beat.stop()


STUCK_WEB_SERVICE = """
import http.client, sys, threading, time
from companion.config import load_config
from companion.service import Service
from companion.web import create_app
from companion.web.server import WebServer

service = Service(load_config(sys.argv[1]))
app = create_app(service)
release = threading.Event()


@app.get("/wedge")
def wedge():  # a request that never finishes: a native call stuck, a lock never released
    release.wait()
    return "late"


settings = service.config["service"]
server = WebServer(app, settings["host"], settings["port"], threads=4).start()
service.start(web_address=(server.host, server.port))
time.sleep(float(sys.argv[2]))


def ask_wedge():
    connection = http.client.HTTPConnection(server.host, server.port, timeout=60)
    connection.request("GET", "/wedge")
    connection.getresponse()


for _ in range(4):  # every worker thread held: the camera pipeline still moves, the phones get nothing
    threading.Thread(target=ask_wedge, daemon=True).start()
print("wedged", flush=True)
time.sleep(60)
"""


def test_a_stuck_web_server_stops_the_heartbeat_so_systemd_restarts_the_service(tmp_path, notify_socket):
    """A web server that answers no phone stops the heartbeat too: the watchdog watches more than the camera
    pipeline."""
    path, sock = notify_socket
    script = tmp_path / "stuck_web.py"
    script.write_text(STUCK_WEB_SERVICE)
    child = subprocess.Popen([sys.executable, str(script), str(write_config(tmp_path)), "3"], env=child_env(path),
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        messages = collect(sock, 60, until="READY=1")
        assert any(m.startswith("READY=1") for m in messages), messages
        assert collect(sock, 2.0).count("WATCHDOG=1") >= 3, "a healthy web server and pipeline feed the watchdog"
        messages = collect(sock, 15, until="web server not answering")
        assert "STATUS=web server not answering" in messages, messages
        assert "WATCHDOG=1" not in collect(sock, 1.5), "no heartbeat while the web server answers nothing"
    finally:
        child.kill()
        child.wait()
