"""Doctor checks of the board itself: power (under-voltage, throttling), CPU temperature, clock, software versions."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
from pathlib import Path
from typing import Callable

from companion.findings import FAIL, OK, WARN, Finding


def on_raspberry_pi(model_file: Path = Path("/proc/device-tree/model")) -> bool:
    try:
        return "raspberry pi" in model_file.read_text(errors="ignore").lower()
    except OSError:
        return False


THROTTLE_NOW = {0: "under-voltage now", 1: "CPU frequency capped now", 2: "throttled now",
                3: "soft temperature limit now"}
THROTTLE_SINCE_BOOT = {16: "under-voltage", 17: "frequency capping", 18: "throttling", 19: "soft temperature limit"}


def vcgencmd_throttled() -> int | None:
    """The firmware's throttle flags (``vcgencmd get_throttled``); None where there is no vcgencmd."""
    if shutil.which("vcgencmd") is None:
        return None
    try:
        out = subprocess.run(["vcgencmd", "get_throttled"], capture_output=True, text=True, timeout=5)
        return int(out.stdout.strip().split("=", 1)[1], 16)
    except (OSError, subprocess.TimeoutExpired, IndexError, ValueError):
        return None


def check_power(on_pi: bool, throttled: Callable[[], int | None] = vcgencmd_throttled) -> Finding:
    flags = throttled()
    if flags is None:
        if on_pi:
            return Finding("power", WARN, "cannot read the power flags (vcgencmd missing)",
                           "sudo apt install libraspberrypi-bin (or raspi-utils)")
        return Finding("power", OK, "not a Raspberry Pi: no power flags to read")
    now = [text for bit, text in THROTTLE_NOW.items() if flags & (1 << bit)]
    since = [text for bit, text in THROTTLE_SINCE_BOOT.items() if flags & (1 << bit)]
    fix = "use the official power supply (5 V 3 A for a Pi 4, 5 V 5 A for a Pi 5) and a short, thick cable"
    if flags & 1:
        return Finding("power", FAIL, f"{', '.join(now)} (flags {flags:#x}): the camera and SD card may fail", fix)
    if now or since:
        detail = ", ".join(now) or ("since boot: " + ", ".join(since))
        return Finding("power", WARN, f"{detail} (flags {flags:#x})",
                       fix + "; give the Pi air or a heatsink if it runs hot")
    return Finding("power", OK, "no under-voltage or throttling since boot")


def check_temperature(zone: Path = Path("/sys/class/thermal/thermal_zone0/temp"), warn_c: float = 70.0,
                      fail_c: float = 80.0) -> Finding:
    try:
        celsius = int(zone.read_text().strip()) / 1000
    except (OSError, ValueError):
        return Finding("temperature", OK, "no CPU temperature sensor to read")
    if celsius >= fail_c:
        return Finding("temperature", FAIL, f"CPU at {celsius:.0f} °C: the Pi slows itself down and dice are read late",
                       "add a heatsink or fan, and keep the Pi out of the lamp's heat")
    if celsius >= warn_c:
        return Finding("temperature", WARN, f"CPU at {celsius:.0f} °C, close to where the Pi slows down",
                       "give the Pi air: a heatsink or a case with a fan")
    return Finding("temperature", OK, f"CPU at {celsius:.0f} °C")


def check_versions() -> Finding:
    """What runs the table, for a bug report; a picamera2 that does not import is named here too."""
    import platform
    from importlib import metadata

    from companion import __version__

    parts = [f"companion {__version__}", f"Python {platform.python_version()}"]
    for name, dist in (("numpy", "numpy"), ("OpenCV", "opencv-python-headless"), ("onnxruntime", "onnxruntime"),
                       ("gpiozero", "gpiozero"), ("picamera2", "picamera2")):
        try:
            parts.append(f"{name} {metadata.version(dist)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{name} not installed" if name != "OpenCV" else _opencv_version())
    return Finding("versions", OK, ", ".join(parts))


def _opencv_version() -> str:
    try:
        import cv2

        return f"OpenCV {cv2.__version__}"
    except Exception:  # noqa: BLE001
        return "OpenCV not installed"


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
