"""The systemd unit: accepted by systemd-analyze, unprivileged, restarting, and not walling off GPIO or the camera."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
UNIT = REPO / "systemd" / "companion.service"
AVAHI = REPO / "systemd" / "companion.avahi.service"


def parse_unit(text: str) -> dict[str, dict[str, list[str]]]:
    """section -> key -> every value given (systemd keys may repeat)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
            continue
        key, _, value = line.partition("=")
        assert current is not None, f"key outside a section: {raw!r}"
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


@pytest.fixture(scope="module")
def unit():
    return parse_unit(UNIT.read_text())


def one(unit, section, key):
    values = unit[section].get(key)
    assert values, f"[{section}] {key}= is missing"
    return values[-1]


def test_runs_the_installed_companion_with_the_etc_config(unit):
    assert one(unit, "Service", "ExecStart") == \
        "/opt/companion/.venv/bin/companion --config /etc/companion/companion.toml serve"
    assert one(unit, "Install", "WantedBy") == "multi-user.target"


def test_unprivileged_user_in_gpio_and_video_groups(unit):
    assert one(unit, "Service", "User") == "companion"
    assert one(unit, "Service", "Group") == "companion"
    groups = " ".join(unit["Service"]["SupplementaryGroups"]).split()
    assert {"gpio", "video"} <= set(groups)
    assert one(unit, "Service", "CapabilityBoundingSet") == "", "no capabilities at all"
    assert one(unit, "Service", "NoNewPrivileges") == "yes"


def test_supervised_by_notify_and_a_watchdog_and_never_given_up_on(unit):
    """Type=notify with a watchdog, so a dead camera thread is noticed; no start limit, so systemd never gives up
    until reboot; a stop that is not waited on for long."""
    assert one(unit, "Service", "Type") == "notify"
    assert one(unit, "Service", "NotifyAccess") == "main"
    assert 10 <= float(one(unit, "Service", "WatchdogSec")) <= 120
    assert one(unit, "Unit", "StartLimitIntervalSec") == "0"
    assert "StartLimitBurst" not in unit["Unit"]
    assert float(one(unit, "Service", "TimeoutStopSec")) <= 15


def test_waits_for_a_real_time_sync_but_not_for_ever(unit):
    """The unit pulls in systemd-time-wait-sync and waits for it (After=time-sync.target alone waits for nothing),
    at most 90 s."""
    wants = " ".join(unit["Unit"]["Wants"]).split()
    after = " ".join(unit["Unit"]["After"]).split()
    assert {"time-sync.target", "systemd-time-wait-sync.service"} <= set(wants)
    assert {"time-sync.target", "systemd-time-wait-sync.service"} <= set(after)
    drop_in = parse_unit((REPO / "systemd" / "time-wait-sync-timeout.conf").read_text())
    assert drop_in["Service"]["TimeoutStartSec"] == ["90s"]


def test_restarts_on_failure_and_logs_to_journald(unit):
    assert one(unit, "Service", "Restart") == "on-failure"
    assert float(one(unit, "Service", "RestartSec")) > 0
    assert one(unit, "Service", "StandardOutput") == "journal"
    assert one(unit, "Service", "StandardError") == "journal"
    assert one(unit, "Service", "StateDirectory") == "companion"  # /var/lib/companion, the data_dir


def test_hardened_without_blocking_gpio_camera_or_dma_heaps(unit):
    service = unit["Service"]
    assert one(unit, "Service", "ProtectSystem") == "strict"
    assert one(unit, "Service", "ProtectHome") == "yes"
    assert one(unit, "Service", "PrivateTmp") == "yes"
    # Each of these would hide /dev/gpiochip*, /dev/video*, /dev/media* or /dev/dma_heap:
    assert service.get("PrivateDevices", ["no"])[-1] in ("no", "false")
    assert "DevicePolicy" not in service and "DeviceAllow" not in service
    assert service.get("ProtectClock", ["no"])[-1] in ("no", "false"), "ProtectClock implies a DeviceAllow list"
    assert "ProcSubset" not in service, "gpiozero reads /proc/cpuinfo to identify the board"
    for key in ("InaccessiblePaths", "TemporaryFileSystem"):
        assert not any("/dev" in v for v in service.get(key, []))
    families = " ".join(service["RestrictAddressFamilies"]).split()
    assert {"AF_INET", "AF_INET6", "AF_UNIX"} <= set(families)


def need_systemd_analyze() -> None:
    if shutil.which("systemd-analyze") is None:
        pytest.fail("systemd-analyze is missing: install Debian's systemd tools with `sudo apt-get install -y "
                    "systemd` (make test does this)", pytrace=False)


def analyze_problems(unit_text: str, tmp_path: Path) -> tuple[int, list[str]]:
    """Run systemd-analyze verify on a copy whose ExecStart points at a program that exists here."""
    need_systemd_analyze()
    copy = tmp_path / "companion.service"
    copy.write_text(unit_text.replace("/opt/companion/.venv/bin/companion", sys.executable))
    result = subprocess.run(["systemd-analyze", "verify", "--man=no", str(copy)], capture_output=True, text=True,
                            timeout=60)
    lines = [line for line in (result.stdout + result.stderr).splitlines() if "companion.service" in line]
    return result.returncode, lines


def test_systemd_analyze_verify_accepts_the_unit(tmp_path):
    code, problems = analyze_problems(UNIT.read_text(), tmp_path)
    assert code == 0 and problems == []


def test_the_verify_check_does_catch_a_broken_unit(tmp_path):
    broken = UNIT.read_text().replace("Restart=on-failure", "Restart=sometimes\nFrobnicate=yes")
    _, problems = analyze_problems(broken, tmp_path)
    assert any("Frobnicate" in p for p in problems) and any("restart" in p.lower() for p in problems)


def test_security_exposure_is_low(tmp_path):
    need_systemd_analyze()
    copy = tmp_path / "companion.service"
    copy.write_text(UNIT.read_text())
    result = subprocess.run(["systemd-analyze", "security", "--offline=true", "--no-pager", str(copy)],
                            capture_output=True, text=True, timeout=60)
    match = re.search(r"Overall exposure level for companion\.service: ([0-9.]+)", result.stdout + result.stderr)
    if match is None:
        pytest.skip(f"this systemd-analyze has no offline security report: {result.stderr.strip()[:200]}")
    assert float(match.group(1)) <= 3.0, result.stdout[-2000:]


def test_avahi_file_advertises_http_on_the_default_port():
    import xml.etree.ElementTree as ET

    from companion.config import SCHEMA

    root = ET.fromstring(AVAHI.read_text().split("\n", 1)[1].split("\n", 1)[1])  # drop the XML/DOCTYPE lines
    service = root.find("service")
    assert service.findtext("type") == "_http._tcp"
    assert int(service.findtext("port")) == SCHEMA["service"]["port"].default
    assert "%h" in root.findtext("name")
