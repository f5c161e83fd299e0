"""`companion serve` and `companion qr` as a player would run them."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request

from companion.cli import main
from tests.ports import free_port


def write_config(tmp_path, data_dir, port):
    path = tmp_path / "companion.toml"
    path.write_text(f'[service]\ndata_dir = "{data_dir}"\nhost = "127.0.0.1"\nport = {port}\nthreads = 8\n')
    return path


def terminal_qr(out: str) -> str:
    """What the QR code printed in the terminal says, read by OpenCV: each character is two modules, one above the
    other ("█" both light, "▀" the top one, "▄" the bottom one, " " both dark), the light ones as printed on a dark
    terminal."""
    import cv2
    import numpy as np

    halves = {"█": (255, 255), "▀": (255, 0), "▄": (0, 255), " ": (0, 0)}
    lines = [line for line in out.splitlines() if line.strip() and set(line) <= set(halves)]
    width = max(map(len, lines))
    rows = [[halves[c][half] for c in line.ljust(width)] for line in lines for half in (0, 1)]
    image = cv2.resize(np.pad(np.array(rows, np.uint8), 4, constant_values=255), None, fx=8, fy=8,
                       interpolation=cv2.INTER_NEAREST)
    return cv2.QRCodeDetector().detectAndDecode(image)[0]


def test_qr_prints_the_code_and_both_links(tmp_path, data_dir, capsys):
    svg = tmp_path / "join.svg"
    assert main(["--config", str(write_config(tmp_path, data_dir, 8123)), "qr", "--svg", str(svg)]) == 0
    out = capsys.readouterr().out
    assert "http://127.0.0.1:8123/" in out and re.search(r"http://[\w-]+\.local:8123/", out)
    assert terminal_qr(out) == "http://127.0.0.1:8123/"  # the code printed is the IP address's link
    assert svg.read_bytes().startswith(b"<?xml")


def test_serve_runs_the_table_and_stops_cleanly_on_sigterm(tmp_path, data_dir):
    port = free_port()
    config = write_config(tmp_path, data_dir, port)
    process = subprocess.Popen([sys.executable, "-m", "companion.cli", "--config", str(config), "serve", "--no-camera"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    try:
        deadline = time.monotonic() + 20
        info = None
        while time.monotonic() < deadline and info is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/info", timeout=1) as response:
                    info = json.loads(response.read())
            except OSError:
                time.sleep(0.1)
        assert info is not None, "the server did not answer"
        assert info["links"]["ip"] == f"http://127.0.0.1:{port}/"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as response:
            assert b"js/app.js" in response.read()
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=15)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    assert process.returncode == 0, err
    assert f"phones join at http://127.0.0.1:{port}/" in out
    pins = re.findall(r"Table PIN created: (\d{6})", err)
    assert len(pins) == 1
    assert (data_dir / "journal.sqlite3").exists()
