"""Which names the companion answers to: a defence against DNS rebinding.

A web page elsewhere can point a name it owns (``evil.example``) at the companion's address and then read the
answers as its own (the camera picture, the game). The browser still sends that name in ``Host``, so the companion
answers only to the names a phone on the table's Wi-Fi uses: an IP address, ``localhost``, this machine's hostname
and the configured patterns (``*.local`` for mDNS names by default); anything else gets 421. ``Origin``, when a
change carries one, must name one of them too.
"""

from __future__ import annotations

import ipaddress
import socket
from fnmatch import fnmatchcase
from urllib.parse import urlsplit


def host_name(host: str) -> str:
    """The name in a ``Host`` header, without its port, lower case, without a final dot."""
    host = host.strip().lower()
    if host.startswith("["):  # [::1]:8080
        return host[1:host.find("]")] if "]" in host else host
    if host.count(":") == 1:
        host = host.rsplit(":", 1)[0]
    return host.rstrip(".")


def is_ip_literal(name: str) -> bool:
    try:
        ipaddress.ip_address(name.split("%", 1)[0])  # fe80::1%wlan0
    except ValueError:
        return False
    return True


class AllowedHosts:
    """IP literals, ``hostname`` (and ``hostname.local``) and ``patterns`` (shell-style: ``*.local``)."""

    def __init__(self, patterns: list[str], hostname: str | None = None) -> None:
        machine = (hostname if hostname is not None else socket.gethostname()).lower().rstrip(".")
        names = [p.lower().rstrip(".") for p in patterns if p]
        if machine:
            names += [machine, f"{machine.split('.')[0]}.local"]
        self.patterns = tuple(dict.fromkeys(names))

    def admits(self, host: str) -> bool:
        """Whether a ``Host`` header (name and port) names this machine."""
        name = host_name(host)
        return bool(name) and (is_ip_literal(name) or any(fnmatchcase(name, p) for p in self.patterns))

    def admits_origin(self, origin: str) -> bool:
        """Whether an ``Origin`` header is a page served under one of the names (``null`` is not: it names none)."""
        parts = urlsplit(origin)
        return parts.scheme in ("http", "https") and bool(parts.netloc) and self.admits(parts.netloc)
