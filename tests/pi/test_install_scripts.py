"""The Pi install/uninstall scripts, run with --dry-run: the steps they would take, in order."""

from __future__ import annotations

import resource
import shutil
import signal
import subprocess
import sys
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
    pip = index_of(steps, "pip install --no-cache-dir --constraint")
    assert apt < venv < pip
    user = index_of(steps, "usermod -a -G gpio,video companion")
    config = index_of(steps, "/etc/companion/companion.toml")
    unit = index_of(steps, "/etc/systemd/system/companion.service")
    enable = index_of(steps, "systemctl enable companion.service")
    assert pip < user < unit < enable and config < enable
    assert index_of(steps, "systemctl daemon-reload") < enable


def test_rerunning_the_install_upgrades_stop_clean_copy_install_restart():
    """A rerun of the install stops the service, copies the checkout to /tmp, installs from the copy, then restarts:
    no `enable --now` (it would leave the old process running on replaced files), and no pip build inside the user's
    clone (root-owned build/, *.egg-info; a stale build/lib keeps a deleted module alive)."""
    steps = dry_run("install-pi.sh")
    stop = index_of(steps, "systemctl stop companion.service")
    copy = index_of(steps, "scripts/copy-checkout.sh")
    pip = index_of(steps, "pip install --no-cache-dir --constraint")
    restart = index_of(steps, "systemctl restart companion.service")
    assert stop < copy < pip < restart
    copied_to = steps[copy].split()[-1]
    assert steps[pip].split()[-1] == copied_to and copied_to.startswith("/tmp/")
    assert not copied_to.startswith(str(REPO)) and str(REPO) not in steps[pip].split()[-1]
    assert not any("enable --now" in s for s in steps)
    pips = [s for s in steps if "/bin/pip install" in s]
    assert pips and all("--no-cache-dir" in s for s in pips), "nothing left behind in root's pip cache"


def test_the_clean_copy_leaves_build_outputs_and_ignored_files_behind(tmp_path):
    checkout = tmp_path / "clone"
    (checkout / "companion").mkdir(parents=True)
    (checkout / "companion" / "kept.py").write_text("")
    (checkout / "companion" / "new.py").write_text("")  # not committed yet, not ignored: copied
    (checkout / "pyproject.toml").write_text("")
    (checkout / ".gitignore").write_text("build/\n*.egg-info/\n")
    (checkout / "build" / "lib" / "companion").mkdir(parents=True)
    (checkout / "build" / "lib" / "companion" / "deleted_upstream.py").write_text("")
    (checkout / "companion.egg-info").mkdir()
    (checkout / "companion.egg-info" / "SOURCES.txt").write_text("")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-C", str(checkout)]
    subprocess.run(git + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "pyproject.toml", ".gitignore", "companion/kept.py"], check=True)
    subprocess.run(git + ["commit", "-qm", "x"], check=True)
    (checkout / "pyproject.toml").unlink()  # deleted in the work tree: not copied
    destination = tmp_path / "copy"
    subprocess.run(["bash", str(REPO / "scripts" / "copy-checkout.sh"), str(checkout), str(destination)], check=True,
                   timeout=60)
    copied = sorted(str(p.relative_to(destination)) for p in destination.rglob("*") if p.is_file())
    assert copied == [".gitignore", "companion/kept.py", "companion/new.py"]
    # Not a git checkout (a downloaded archive): build outputs are still left behind.
    subprocess.run(["rm", "-rf", str(checkout / ".git")], check=True)
    plain = tmp_path / "plain"
    subprocess.run(["bash", str(REPO / "scripts" / "copy-checkout.sh"), str(checkout), str(plain)], check=True,
                   timeout=60)
    assert not (plain / "build").exists() and not (plain / "companion.egg-info").exists()
    assert (plain / "companion" / "new.py").exists()


def test_the_installed_configuration_names_the_camera(tmp_path):
    """The installed configuration names the camera (picamera2 shipped, or the one the installer is given), not
    camera.source = "auto"."""
    from companion.capture.detect import name_camera

    shipped = (REPO / "systemd" / "companion.toml").read_text()
    assert load_config(REPO / "systemd" / "companion.toml")["camera"]["source"] == "picamera2"
    usb = tmp_path / "usb.toml"
    usb.write_text(name_camera(shipped, "usb /dev/v4l/by-id/usb-046d_C920-video-index0"))
    camera = load_config(usb)["camera"]
    assert (camera["source"], camera["device"]) == ("usb", "/dev/v4l/by-id/usb-046d_C920-video-index0")
    back = tmp_path / "pi.toml"
    back.write_text(name_camera(usb.read_text(), "picamera2 imx708"))
    assert load_config(back)["camera"]["source"] == "picamera2" and "\ndevice =" not in back.read_text()
    steps = dry_run("install-pi.sh", "--camera=usb:/dev/v4l/by-id/usb-cam-video-index0")
    name = index_of(steps, "companion.capture.detect --name-in /etc/companion/companion.toml")
    assert steps[name].endswith("--camera usb:/dev/v4l/by-id/usb-cam-video-index0")
    assert index_of(steps, "install -m 0644") < name < index_of(steps, "load_config('/etc/companion")


def test_the_camera_detector_names_what_it_finds(tmp_path, monkeypatch):
    from companion.capture import detect

    monkeypatch.setattr(detect, "resolve_auto", lambda: ("usb", "/dev/v4l/by-id/usb-cam-video-index0"))
    config = tmp_path / "companion.toml"
    config.write_text((REPO / "systemd" / "companion.toml").read_text())
    assert detect.main(["--name-in", str(config)]) == 0
    assert load_config(config)["camera"]["device"] == "/dev/v4l/by-id/usb-cam-video-index0"
    monkeypatch.setattr(detect, "resolve_auto", lambda: (None, "no camera found"))
    assert detect.detect() == "none"


def test_a_camera_write_that_fails_leaves_the_configuration_whole(tmp_path):
    """A disk that refuses the rest of the file part way (here a file-size limit, as a full disk) mid-write."""
    config = tmp_path / "companion.toml"
    shipped = (REPO / "systemd" / "companion.toml").read_text()
    config.write_text(shipped)
    config.chmod(0o640)
    limit = len(shipped.encode()) // 2

    def small_files() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails (EFBIG) rather than kill

    named = ["-m", "companion.capture.detect", "--name-in", str(config), "--camera", "usb:/dev/v4l/by-id/cam"]
    result = subprocess.run([sys.executable, "-B", *named], cwd=REPO, capture_output=True, text=True, timeout=60,
                            preexec_fn=small_files)
    assert config.read_text() == shipped and sorted(p.name for p in tmp_path.iterdir()) == ["companion.toml"]
    assert result.returncode == 1 and "the file is as it was" in result.stderr, result.stderr
    result = subprocess.run([sys.executable, "-B", *named], cwd=REPO, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert load_config(config)["camera"]["device"] == "/dev/v4l/by-id/cam" and config.stat().st_mode & 0o777 == 0o640


def test_install_copies_the_detector_and_every_face_reader():
    steps = dry_run("install-pi.sh")
    shipped = sorted(p.name for p in (REPO / "models").glob("dice*.onnx"))
    assert {"dice.onnx", "dice_faces.onnx"} <= set(shipped)
    for name in shipped:
        assert index_of(steps, f"/opt/companion/models/{name}") < index_of(steps, "systemctl restart")


def test_install_without_starting():
    steps = dry_run("install-pi.sh", "--no-start")
    assert index_of(steps, "systemctl enable companion.service") > 0
    assert not any("--now" in s or "restart" in s for s in steps)


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
    assert index_of(steps, "systemd-time-wait-sync.service.d/companion.conf") >= 0, "the drop-in goes too"
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
                             str(REPO / "scripts" / "uninstall-pi.sh"), str(REPO / "scripts" / "copy-checkout.sh"),
                             str(REPO / "scripts" / "pi-places.sh")],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stdout
