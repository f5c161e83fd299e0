"""Health checks for a companion box: camera, model, GPIO, disk, clock, network, power, temperature, versions.

Each check returns Findings: ``ok``, ``warn`` (works, but worth knowing) or
``fail`` (the table will not work as intended), always with a sentence saying
how to fix it. Every outside fact a check depends on (the time, the disk, the
network interfaces, whether this is a Pi) can be passed in, so tests see
exactly the situations a player would meet.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import fcntl
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import threading
import urllib.request
import warnings
from pathlib import Path
from typing import Any, Callable

from companion.doctor_board import check_power, check_temperature, check_versions
from companion.findings import FAIL, OK, WARN, Finding
from companion.tablevision.lens import check_lens
from companion.tablevision.mat_note import check_mat

__all__ = ["Finding", "OK", "WARN", "FAIL", "check_power", "check_temperature", "check_versions", "run_checks"]

SERVICE_BUSY_HINT = "if another program holds the camera, close it (rpicam-hello, a browser tab)"
PICAMERA_FIX = "a software problem, not the cable: run the install again (sudo make install keeps numpy where apt's " \
               "picamera2 needs it), or sudo apt install --reinstall python3-picamera2"


def on_raspberry_pi(model_file: Path = Path("/proc/device-tree/model")) -> bool:
    try:
        return "raspberry pi" in model_file.read_text(errors="ignore").lower()
    except OSError:
        return False


# -- camera ----------------------------------------------------------------------------
def running_service(config) -> dict[str, Any] | None:
    """/api/info of the companion serving on this machine's configured port, None when it is not running."""
    port = config["service"]["port"]
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/info", timeout=2) as response:
            info = json.loads(response.read().decode("utf-8"))
    except Exception:  # noqa: BLE001 - nothing there, or not the companion
        return None
    return info if isinstance(info, dict) and "links" in info and "version" in info else None


def check_camera(config, on_pi: bool | None = None, timeout: float = 15.0,
                 service: Callable[[Any], dict[str, Any] | None] = running_service) -> Finding:
    """Ask the running service about its camera (it holds it), else open the configured source and read a frame."""
    from companion.capture.base import SourceError
    from companion.capture.factory import make_source, resolve_auto
    from companion.capture.picamera import PicameraImportError
    from companion.config import ConfigError

    running = service(config)
    if running is not None and isinstance(running.get("camera"), dict):
        return _service_camera(running["camera"])
    on_pi = on_raspberry_pi() if on_pi is None else on_pi
    camera = config["camera"]
    kind, why = camera["source"], ""
    if kind == "auto":
        try:
            found, why = resolve_auto()
        except PicameraImportError as exc:
            return Finding("camera", FAIL, str(exc), PICAMERA_FIX)
        if found is None:
            status = FAIL if on_pi else WARN
            return Finding("camera", status, "no camera found: the companion reports a camera fault (no dice are "
                           "read) until one is connected",
                           "reseat the Pi camera ribbon cable at both ends or plug in a USB "
                           "camera, check with `rpicam-hello --list-cameras`, or set camera.source")
        kind = found
        if kind == "usb":
            camera = dict(camera, device=why)
    try:
        source = make_source(kind, camera)
    except (ConfigError, ImportError) as exc:
        return Finding("camera", FAIL, str(exc), "fix the [camera] section of the configuration")
    result: dict[str, Any] = {}

    def grab() -> None:
        try:
            source.open()
            result["frame"] = source.read()
        except SourceError as exc:
            result["error"] = exc
        except Exception as exc:  # noqa: BLE001 - report anything, never crash the doctor
            result["error"] = exc
        finally:
            try:
                source.close()
            except Exception:  # noqa: BLE001
                pass

    worker = threading.Thread(target=grab, daemon=True)
    worker.start()
    worker.join(timeout)
    name = source.description
    if worker.is_alive():
        return Finding("camera", FAIL, f"{name} gave no picture within {timeout:g} s",
                       f"check the cable and power; {SERVICE_BUSY_HINT}")
    if "error" in result:
        if isinstance(result["error"], PicameraImportError):
            return Finding("camera", FAIL, str(result["error"]), PICAMERA_FIX)
        return Finding("camera", FAIL, f"{name}: {result['error']}",
                       f"check the cable and camera.source / camera.path; {SERVICE_BUSY_HINT}")
    frame = result.get("frame")
    if frame is None:
        return Finding("camera", FAIL, f"{name} opened but gave no picture (empty video or folder?)",
                       "point camera.path at a video or folder with pictures in it")
    height, width = frame.image.shape[:2]
    if source.simulated:  # its description says what it is: the doctor does not say it twice
        return Finding("camera", WARN, f"{name} ({width}x{height} pictures)",
                       "set camera.source = \"auto\" or a real camera to read real dice")
    return Finding("camera", OK, f"{name}: {width}x{height} picture read" + (f" ({why})" if why else ""))


def _service_camera(camera: dict[str, Any]) -> Finding:
    source = camera.get("source") or "no camera"
    if camera.get("simulated"):
        return Finding("camera", WARN, f"the running companion plays the {source}",
                       "set camera.source to a real camera to read real dice")
    if not camera.get("ok", False):
        return Finding("camera", FAIL, f"the running companion reports: {camera.get('message') or 'camera lost'}",
                       "reseat the cable or plug the camera back in; the service finds it again by itself")
    return Finding("camera", OK, f"{source}: in use by the running companion, working")


# -- model -----------------------------------------------------------------------------
def check_model(config) -> Finding:
    from companion.vision.model_files import configured_model

    path = configured_model(config["vision"])
    if not path.is_file():
        return Finding("model", FAIL, f"dice model {path} not found",
                       "install the model (make install copies models/dice.onnx to /opt/companion/models) "
                       "or set vision.model to its path; rolls can still be typed on the phones")
    try:
        import onnxruntime as ort

        session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
        inputs = ", ".join(f"{i.name}{list(i.shape)}" for i in session.get_inputs())
    except Exception as exc:  # noqa: BLE001 - a corrupt or incompatible model
        return Finding("model", FAIL, f"dice model {path} does not load: {exc}",
                       "reinstall the model file; check that onnxruntime is >= 1.22")
    version = getattr(ort, "__version__", "?")
    if version == "1.21.0":
        return Finding("model", WARN, "onnxruntime 1.21.0 crashes on a Pi 4 (Illegal instruction)",
                       "pip install 'onnxruntime>=1.22' in the companion's venv")
    return Finding("model", OK, f"{path.name} loads in onnxruntime {version} (input {inputs})")


def check_face_readers(config) -> Finding:
    """The face readers next to the detector: without them values come from the detector alone."""
    from companion.vision.model_files import arbiter_path, configured_model, face_reader_paths

    path = configured_model(config["vision"])
    first, second = face_reader_paths(path)
    arbiter = arbiter_path(path)
    if not first.is_file():
        return Finding("face readers", WARN, f"no face reader {first.name} next to {path.name}: dice values come "
                       "from the detector alone, which misreads many more of them",
                       "copy models/dice_faces.onnx and models/dice_faces_b.onnx next to the detector "
                       "(make install does)")
    import onnxruntime as ort

    loaded, problems = [], []
    for reader in (first, second, arbiter):
        if not reader.is_file():
            continue
        try:
            ort.InferenceSession(str(reader), providers=["CPUExecutionProvider"])
            loaded.append(reader.name)
        except Exception as exc:  # noqa: BLE001 - a corrupt or incompatible file
            problems.append(f"{reader.name} does not load: {exc}")
    if problems:
        return Finding("face readers", WARN, "; ".join(problems), "reinstall the model files (make install)")
    missing = "" if second.is_file() else f"; no second reader {second.name}, so dice get no second opinion"
    if not arbiter.is_file() and config["vision"]["arbiter"]:
        missing += f"; no arbiter {arbiter.name}, so a settled roll's unsure dice are not read again"
    return Finding("face readers", OK, f"{', '.join(loaded)} load{missing}")


# -- GPIO -----------------------------------------------------------------------------
def check_gpio(config, on_pi: bool | None = None, dev: Path = Path("/dev"),
               access: Callable[[Any, int], bool] = os.access) -> Finding:
    panel = config["panel"]
    if not panel["enabled"]:
        return Finding("gpio", OK, "LED/buzzer panel disabled in the configuration")
    from companion.panel.board import check_pins

    try:
        check_pins(panel)
    except ValueError as exc:
        return Finding("gpio", FAIL, str(exc), "change the [panel] pins, then run `companion doctor --panel`")
    on_pi = on_raspberry_pi() if on_pi is None else on_pi
    chips = sorted(dev.glob("gpiochip*"))
    denied = [str(c) for c in chips if not access(c, os.R_OK | os.W_OK)]
    if denied:
        return Finding("gpio", FAIL, f"no permission on {', '.join(denied)}",
                       "add the user to the gpio group (sudo usermod -a -G gpio $USER), then log in again")
    from gpiozero import Device

    from companion.panel import make_pin_factory

    factory = None
    try:
        # lgpio writes its notification files (.lgd-nfy*) in the current directory, which may be a home
        # the service user cannot write: a false failure. Open the pins from a directory of our own.
        with tempfile.TemporaryDirectory(prefix="companion-doctor-") as scratch, contextlib.chdir(scratch), \
                warnings.catch_warnings():
            warnings.simplefilter("ignore")
            factory = make_pin_factory(panel["pin_factory"]) or Device.pin_factory or Device._default_pin_factory()
        name = type(factory).__name__
    except Exception as exc:  # noqa: BLE001 - BadPinFactory and friends
        if on_pi:
            return Finding("gpio", FAIL, f"no gpiozero pin factory: {exc}",
                           "sudo apt install python3-lgpio, and make the venv with --system-site-packages")
        return Finding("gpio", WARN, "no GPIO on this machine: the LED/buzzer panel is off",
                       "nothing to do off a Raspberry Pi; set panel.enabled = false to silence this")
    finally:
        if factory is not None and factory is not Device.pin_factory:
            try:
                factory.close()
            except Exception:  # noqa: BLE001
                pass
    pins = ", ".join(f"{k.removesuffix('_pin')} {panel[k]}" for k in ("green_pin", "amber_pin", "red_pin",
                                                                     "buzzer_pin", "button_pin"))
    return Finding("gpio", OK, f"pin factory {name}; panel on BCM {pins}")


# -- disk -----------------------------------------------------------------------------
def check_disk(config, usage: Callable[[str], Any] = shutil.disk_usage, fail_mb: int = 100,
               warn_mb: int = 500) -> Finding:
    data_dir = config.data_dir
    existing = data_dir
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    free_mb = usage(str(existing)).free / 1e6
    where = f"{data_dir} ({free_mb:,.0f} MB free)"
    if free_mb < fail_mb:
        return Finding("disk", FAIL, f"almost no space left for the game journal in {where}",
                       "free some space (sudo apt clean; remove old files) or use a larger SD card")
    if not os.access(existing, os.W_OK):
        return Finding("disk", WARN, f"{existing} is not writable by this user",
                       "run the doctor as the service user (sudo -u companion companion doctor) or fix ownership")
    if free_mb < warn_mb:
        return Finding("disk", WARN, f"little space left in {where}", "free some space before a long game")
    return Finding("disk", OK, where)


def check_journal(config) -> Finding:
    """Whether SQLite finds the game journal sound; a damaged one is set aside by the service at its next start."""
    import sqlite3

    from companion.journal_repair import health

    path = config.data_dir / "journal.sqlite3"
    if not path.exists():
        return Finding("journal", OK, f"no games yet ({path} is made at the first start)")
    try:
        with contextlib.closing(sqlite3.connect(path, timeout=5)) as db:
            problem = health(db)
    except sqlite3.Error as exc:
        problem = str(exc)
    if problem:
        return Finding("journal", WARN, f"{path} is damaged ({problem})",
                       "restart the service (sudo systemctl restart companion): it keeps the damaged file and "
                       "starts a new journal with every game it can still read")
    return Finding("journal", OK, f"{path} is sound")


# -- clock ----------------------------------------------------------------------------
def timedatectl_synchronised() -> bool | None:
    """True/False from systemd's NTP status; None where timedatectl is absent or unusable."""
    if shutil.which("timedatectl") is None:
        return None
    try:
        out = subprocess.run(["timedatectl", "show", "-p", "NTPSynchronized", "--value"], capture_output=True,
                             text=True, timeout=5)
    except (OSError, subprocess.TimeoutExpired):
        return None
    value = out.stdout.strip()
    return {"yes": True, "no": False}.get(value) if out.returncode == 0 else None


def check_clock(now: dt.datetime | None = None, synchronised: Callable[[], bool | None] = timedatectl_synchronised,
                ) -> Finding:
    now = now or dt.datetime.now(dt.timezone.utc)
    if now.year < 2025:
        return Finding("clock", FAIL, f"the clock says {now:%Y-%m-%d}: game times will be wrong",
                       "connect the Pi to the network so it can set its clock (sudo timedatectl set-ntp true); "
                       "a Pi 4 has no battery-backed clock")
    synced = synchronised()
    if synced is False:
        return Finding("clock", WARN, f"{now:%Y-%m-%d %H:%M} UTC, not yet synchronised with a time server",
                       "check the network; sudo timedatectl set-ntp true")
    note = "synchronised" if synced else "time-server status unknown (timedatectl not available)"
    return Finding("clock", OK, f"{now:%Y-%m-%d %H:%M} UTC, {note}")


# -- network --------------------------------------------------------------------------
def ipv4_addresses() -> dict[str, str]:
    """interface -> IPv4 address, read from the kernel (SIOCGIFADDR); no external tool needed."""
    found: dict[str, str] = {}
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in socket.if_nameindex():
            try:
                packed = fcntl.ioctl(probe.fileno(), 0x8915, struct.pack("256s", name[:15].encode()))
            except OSError:
                continue  # interface without an IPv4 address
            found[name] = socket.inet_ntoa(packed[20:24])
    return found


def check_network(config, addresses: Callable[[], dict[str, str]] = ipv4_addresses) -> list[Finding]:
    findings: list[Finding] = []
    lan = {name: ip for name, ip in addresses().items() if not ip.startswith("127.")}
    if lan:
        listed = ", ".join(f"{ip} ({name})" for name, ip in sorted(lan.items()))
        findings.append(Finding("network", OK, f"reachable at {listed}"))
    else:
        findings.append(Finding("network", FAIL, "no network address: phones cannot reach the table",
                                "connect Ethernet or set up Wi-Fi (sudo nmtui, or Raspberry Pi Imager's settings)"))
    findings.append(check_port(config["service"]["host"], config["service"]["port"]))
    return findings


def check_port(host: str, port: int) -> Finding:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((host or "0.0.0.0", port))
            return Finding("port", OK, f"port {port} is free for the web service")
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE:
                return Finding("port", FAIL, f"cannot listen on {host}:{port}: {exc.strerror}",
                               "set service.host to an address of this machine (or 0.0.0.0)")
    if _is_companion(port):
        return Finding("port", OK, f"port {port}: the companion is already serving there")
    return Finding("port", FAIL, f"port {port} is used by another program",
                   f"stop it (see: sudo ss -ltnp 'sport = :{port}') or set service.port to a free port")


def _is_companion(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/info", timeout=2) as response:
            info = json.loads(response.read().decode("utf-8"))
        return isinstance(info, dict) and "links" in info and "version" in info
    except Exception:  # noqa: BLE001 - anything else on that port is "another program"
        return False


def check_hall(config) -> Finding | None:
    """Whether the club's hall broker ([hall] broker) takes this table; None when the table plays alone."""
    hall = config["hall"]
    if not hall["broker"]:
        return None
    from companion.hall.link import Broker, BrokerError, probe

    try:
        broker = Broker.parse(hall["broker"], hall["username"], hall["password"], hall["password_file"],
                              hall["ca_file"])
    except BrokerError as exc:
        return Finding("hall", FAIL, str(exc), "correct [hall] in the configuration (docs/hall.md)")
    found = probe(broker)
    if found is None:
        return Finding("hall", OK, f"the hall's broker {broker.address} takes this table")
    kind, problem = found
    refused = kind == "refused"
    return Finding("hall", FAIL if refused else WARN, problem.en,
                   "set [hall] username and password (or password_file) as the broker's organiser gave them"
                   if refused else f"start the broker on {broker.host} (docs/hall.md) or correct [hall] broker; "
                                   "the table referees meanwhile and sends what it missed when the broker is back")


def run_checks(config, on_pi: bool | None = None) -> list[Finding]:
    on_pi = on_raspberry_pi() if on_pi is None else on_pi
    findings = [check_camera(config, on_pi=on_pi), check_model(config), check_face_readers(config),
                check_gpio(config, on_pi=on_pi),
                check_disk(config), check_journal(config), check_clock(), check_power(on_pi), check_temperature(),
                check_versions(), check_lens(config)]
    findings.extend(check_network(config))
    mat = check_mat(config)  # the mat the service's camera last saw: an old print, another game's
    if mat is not None:
        findings.append(mat)
    hall = check_hall(config)
    if hall is not None:
        findings.append(hall)
    return findings
