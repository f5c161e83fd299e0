"""A free loopback port for a server a test or benchmark starts in its own process (tests and benchmarks/ share it)."""

from __future__ import annotations

import random
import socket
from pathlib import Path


def free_port() -> int:
    """A free port below the kernel's ephemeral range: a client polling it before the server listens is never given
    it as its own source port (a socket connected to itself reads its own request back as the answer)."""
    try:
        lowest = int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        lowest = 32768
    for port in random.sample(range(10000, max(lowest, 10100)), 100):
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port below the ephemeral range")
