"""`companion serve` as a new user meets it: the PIN appears only once the port is ours, a "ready" line says how
to stop, the journal and secrets are private files, and phones leaving their live stream are not INFO noise."""

from __future__ import annotations

import errno
import json
import logging
import os
import queue
import re
import signal
import socket
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.journal import Journal
from companion.web.server import WebServer
from tests.ports import free_port

from webhelpers import SSEClient, make_service


def config_file(tmp_path, port: int):
    path = tmp_path / "companion.toml"
    path.write_text(f'[service]\ndata_dir = "{tmp_path / "data"}"\nhost = "127.0.0.1"\nport = {port}\n')
    return path


def serve(config, *args: str) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k != "JOURNAL_STREAM"}
    return subprocess.Popen([sys.executable, "-m", "companion.cli", "--config", str(config), "serve", "--no-camera",
                             *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def read_until(stream, pattern: str, timeout: float = 60) -> list[str]:
    """Lines of ``stream`` up to one holding ``pattern``; fails (never hangs) when it does not come."""
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in stream], daemon=True).start()
    seen, deadline = [], time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            break
        seen.append(line.rstrip("\n"))
        if pattern in line:
            return seen
    raise AssertionError(f"no {pattern!r} in {seen}")


def stop(process: subprocess.Popen) -> tuple[str, str]:
    process.send_signal(signal.SIGINT)
    try:
        return process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        raise AssertionError(f"companion serve did not stop within 60 s of Ctrl-C; its log:\n{err[-3000:]}")


def test_a_start_that_cannot_bind_the_port_makes_no_pin_and_the_next_start_shows_one(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        config = config_file(tmp_path, port)
        failed = subprocess.run([sys.executable, "-m", "companion.cli", "--config", str(config), "serve",
                                 "--no-camera"], capture_output=True, text=True, timeout=120)
    assert failed.returncode == 1 and f"cannot listen on 127.0.0.1:{port}" in failed.stderr
    assert "PIN" not in failed.stdout + failed.stderr
    assert not (tmp_path / "data" / "pin.json").exists()

    config = config_file(tmp_path, free_port())
    process = serve(config)
    try:
        out = read_until(process.stdout, "ready")
    finally:
        _, err = stop(process)
    assert out[-1] == "ready — Ctrl-C to stop"
    assert "phones join at http://127.0.0.1:" in out[0]
    assert len(re.findall(r"Table PIN created: \d{6}", err)) == 1
    assert process.returncode == 0


def test_port_and_new_pin_from_the_command_line(tmp_path):
    config = config_file(tmp_path, 1)  # the file's port is not used: --port wins
    port = free_port()
    first = serve(config, "--port", str(port))
    try:
        out = read_until(first.stdout, "ready")
    finally:
        _, err = stop(first)
    assert f":{port}/" in out[0]
    assert len(re.findall(r"Table PIN created: \d{6}", err)) == 1
    again = serve(config, "--port", str(port), "--new-pin")
    try:
        read_until(again.stdout, "ready")
    finally:
        _, err = stop(again)
    assert len(re.findall(r"Table PIN created: \d{6}", err)) == 1  # --new-pin: a second PIN, shown once
    assert json.loads((tmp_path / "data" / "pin.json").read_text())["generation"] == 2


def private(path) -> bool:
    return stat.S_IMODE(path.stat().st_mode) == 0o600


def test_the_journal_and_the_secrets_are_readable_by_the_service_user_only(tmp_path):
    service = make_service(tmp_path / "data")
    try:
        from companion.web import create_app

        create_app(service)
        service.table.submit({"type": "roll", "dice": [{"value": 2, "color": "red"}]}, source="camera")
        data = tmp_path / "data"
        for name in ("journal.sqlite3", "journal.sqlite3-wal", "journal.sqlite3-shm", "pin.json", "session.key"):
            assert private(data / name), (name, oct((data / name).stat().st_mode))
        assert stat.S_IMODE(data.stat().st_mode) == 0o700
    finally:
        service.stop()


def test_a_journal_left_world_readable_is_made_private_when_opened(tmp_path):
    path = tmp_path / "journal.sqlite3"
    Journal(path).close()
    os.chmod(path, 0o644)
    Journal(path).close()
    assert private(path)


def test_a_phone_closing_its_live_stream_is_logged_at_debug_not_info(app, caplog):
    server = WebServer(app, "127.0.0.1", 0, threads=8).start()
    ctx = app.extensions["companion"]
    ctx.keepalive = 0.05
    try:
        caplog.set_level(logging.INFO)
        client = SSEClient(server.port)
        client.response.readline()
        client.close()
        deadline = time.monotonic() + 5
        while ctx.streams.open and time.monotonic() < deadline:
            time.sleep(0.02)
        time.sleep(0.2)
        assert not [r for r in caplog.records if "disconnected" in r.getMessage() and r.levelno >= logging.INFO]
        caplog.clear()
        caplog.set_level(logging.DEBUG)
        client = SSEClient(server.port)
        client.response.readline()
        client.close()
        deadline = time.monotonic() + 5
        while not [r for r in caplog.records if "disconnected" in r.getMessage()] and time.monotonic() < deadline:
            time.sleep(0.02)
        (record,) = [r for r in caplog.records if "Client disconnected while serving /api/stream" in r.getMessage()]
        assert record.levelno == logging.DEBUG
    finally:
        server.stop()


def test_make_run_passes_args_to_serve_as_the_readme_says():
    repo = Path(__file__).resolve().parents[2]
    assert 'make run ARGS="--port 9000 --no-camera"' in (repo / "README.md").read_text(encoding="utf-8")
    dry = subprocess.run(["make", "-n", "--no-print-directory", "-C", str(repo), "run", "ARGS=--port 9000 --no-camera"],
                         capture_output=True, text=True, timeout=60)
    assert dry.returncode == 0, dry.stderr
    assert dry.stdout.splitlines()[-1] == ".venv/bin/companion serve --simulated-if-no-camera --port 9000 --no-camera"


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
def test_new_pin_on_a_card_that_refuses_it_says_so_and_keeps_the_old_pin(tmp_path, monkeypatch, capsys, caplog, code):
    """`serve --new-pin` on a card that refuses the PIN file ends with one line, no traceback: no new PIN, the
    card's error, the old PIN unchanged; "free some space" only to a full card (a new card mends a read-only one)."""
    from companion.cli import build_parser
    from companion.web.auth import PinStore, session_secret

    data = tmp_path / "data"
    old = PinStore(data, create=False)  # made on the card while it still had room (the signing key too)
    old.change("4815")
    session_secret(data)
    kept = (data / "pin.json").read_bytes()

    def card_refuses(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr("companion.web.auth.write_atomically", card_refuses)
    args = build_parser().parse_args(["--config", str(config_file(tmp_path, free_port())), "serve", "--no-camera",
                                      "--new-pin"])
    with caplog.at_level(logging.INFO):
        assert args.func(args) == 1
    err = capsys.readouterr().err
    assert "no new table PIN" in err and os.strerror(code) in err and "The old PIN is unchanged" in err
    assert ("free some space" in err.lower()) == (code == errno.ENOSPC), err
    assert ("must be replaced" in err) == (code == errno.EROFS), err
    assert "Table PIN created" not in caplog.text  # no PIN shown that would be forgotten
    assert (data / "pin.json").read_bytes() == kept and PinStore(data, create=False).check("4815")
