"""The Pi install/uninstall scripts, run with --dry-run: the steps they would take, in order."""

from __future__ import annotations

import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

from companion.config import load_config

REPO = Path(__file__).resolve().parents[2]


def dry_run(script: str, *args: str) -> list[str]:
    result = subprocess.run(["bash", str(REPO / "scripts" / script), "--dry-run", *args], capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return [line[2:] for line in result.stdout.splitlines() if line.startswith("+ ")]


def index_of(commands: list[str], fragment: str) -> int:
    for i, command in enumerate(commands):
        if fragment in command:
            return i
    raise AssertionError(f"no step contains {fragment!r}:\n" + "\n".join(commands))


def test_install_steps_in_order():
    steps = dry_run("install-pi.sh")
    apt = index_of(steps, "apt-get install")
    assert "python3-picamera2" in steps[apt] and "python3-lgpio" in steps[apt]
    venv = index_of(steps, "-m venv --system-site-packages /opt/companion/.venv")
    pip = index_of(steps, "pip install --constraint")
    assert apt < venv < pip
    user = index_of(steps, "usermod -a -G gpio,video companion")
    config = index_of(steps, "/etc/companion/companion.toml")
    unit = index_of(steps, "/etc/systemd/system/companion.service")
    enable = index_of(steps, "systemctl enable --now companion.service")
    assert pip < user < unit < enable and config < enable
    assert index_of(steps, "systemctl daemon-reload") < enable


def test_install_copies_the_detector_and_every_face_reader():
    steps = dry_run("install-pi.sh")
    shipped = sorted(p.name for p in (REPO / "models").glob("dice*.onnx"))
    assert {"dice.onnx", "dice_faces.onnx"} <= set(shipped)
    for name in shipped:
        assert index_of(steps, f"/opt/companion/models/{name}") < index_of(steps, "systemctl enable --now")


def test_install_without_starting():
    steps = dry_run("install-pi.sh", "--no-start")
    assert index_of(steps, "systemctl enable companion.service") > 0
    assert not any("--now" in s for s in steps)


def test_constraints_keep_numpy_1_and_the_matching_opencv():
    lines = [l.strip() for l in (REPO / "constraints-pi.txt").read_text().splitlines()
             if l.strip() and not l.startswith("#")]
    assert "numpy<2" in lines
    assert "opencv-python-headless==4.11.0.86" in lines


def test_shipped_pi_config_is_valid_and_uses_the_state_directory(tmp_path):
    path = REPO / "systemd" / "companion.toml"
    config = load_config(path)
    assert config["service"]["data_dir"] == "/var/lib/companion"
    # What install-pi.sh appends must keep it valid TOML.
    appended = path.read_text() + '\n[vision]\nmodel = "/opt/companion/models/dice.onnx"\n'
    assert tomllib.loads(appended)["vision"]["model"].endswith("dice.onnx")
    copy = tmp_path / "companion.toml"
    copy.write_text(appended)
    assert load_config(copy)["vision"]["model"] == "/opt/companion/models/dice.onnx"


def test_uninstall_keeps_settings_and_journal_unless_purged():
    steps = dry_run("uninstall-pi.sh")
    assert index_of(steps, "systemctl disable --now companion.service") < index_of(steps, "rm -f /etc/systemd/system")
    assert index_of(steps, "rm -rf /opt/companion") >= 0
    assert not any("/var/lib/companion" in s or "/etc/companion" in s for s in steps)
    purged = dry_run("uninstall-pi.sh", "--purge")
    assert index_of(purged, "rm -rf /etc/companion /var/lib/companion") >= 0
    assert index_of(purged, "userdel companion") >= 0


def test_unknown_option_is_refused():
    result = subprocess.run(["bash", str(REPO / "scripts" / "install-pi.sh"), "--frobnicate"], capture_output=True,
                            text=True, timeout=30)
    assert result.returncode == 2 and "unknown option" in result.stderr


@pytest.mark.skipif(shutil.which("shellcheck") is None, reason="shellcheck is not installed here")
def test_scripts_pass_shellcheck():
    result = subprocess.run(["shellcheck", str(REPO / "scripts" / "install-pi.sh"),
                             str(REPO / "scripts" / "uninstall-pi.sh")], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout
