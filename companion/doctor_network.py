"""Doctor checks of how phones and the hall reach the table: an address, the web port, the hall's broker."""

from __future__ import annotations

import errno
import fcntl
import json
import socket
import struct
import urllib.request
from typing import Any, Callable

from companion.findings import FAIL, OK, WARN, Finding


def companion_info(port: int) -> dict[str, Any] | None:
    """/api/info of the companion serving on this machine's ``port``; None when nothing, or another program, is
    there."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/info", timeout=2) as response:
            info = json.loads(response.read().decode("utf-8"))
    except Exception:  # noqa: BLE001 - nothing there, or not the companion
        return None
    return info if isinstance(info, dict) and "links" in info and "version" in info else None


def running_service(config) -> dict[str, Any] | None:
    """/api/info of the companion serving on this machine's configured port, None when it is not running."""
    return companion_info(config["service"]["port"])


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
    if companion_info(port) is not None:
        return Finding("port", OK, f"port {port}: the companion is already serving there")
    return Finding("port", FAIL, f"port {port} is used by another program",
                   f"stop it (see: sudo ss -ltnp 'sport = :{port}') or set service.port to a free port")


def check_hall(config) -> Finding | None:
    """Whether the club's hall broker ([hall] broker) takes this table; None when the table plays alone."""
    hall = config["hall"]
    if not hall["broker"]:
        return None
    from companion.hall.link import Broker, BrokerError, probe

    try:
        broker = Broker.from_hall(hall)
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
