"""How a phone finds the table: its join URLs (IP address and ``.local`` name) and a QR code.

Older Android phones do not resolve ``.local`` names, so the QR code carries
the IP address; the ``.local`` name is shown beside it for people who type.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import segno


def lan_address(bind_host: str = "0.0.0.0") -> str:
    """The address other devices on the network reach this machine at.

    A specific bind address is that address; for 0.0.0.0 the address of the
    interface that holds the default route is found by "connecting" a UDP
    socket (no packet is sent). Without any network: 127.0.0.1.
    """
    if bind_host not in ("", "0.0.0.0", "::"):
        return bind_host
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            address = probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"
    return address if address and address != "0.0.0.0" else "127.0.0.1"


def _url(host: str, port: int) -> str:
    if ":" in host:  # IPv6 literal
        host = f"[{host}]"
    return f"http://{host}/" if port == 80 else f"http://{host}:{port}/"


@dataclass(frozen=True)
class JoinLinks:
    """The table's join link by IP address (in the QR code) and by mDNS name."""

    ip_url: str
    local_url: str

    @classmethod
    def for_server(cls, bind_host: str, port: int, hostname: str | None = None) -> "LiveJoinLinks":
        """The server's links, following the network: a late Wi-Fi or a new DHCP lease changes them."""
        return LiveJoinLinks(bind_host, port, hostname)

    @classmethod
    def now(cls, bind_host: str, port: int, hostname: str | None = None) -> "JoinLinks":
        """The links as the network is at this moment."""
        name = (hostname or socket.gethostname()).split(".")[0] or "localhost"
        return cls(ip_url=_url(lan_address(bind_host), port), local_url=_url(f"{name}.local", port))

    def qr(self) -> segno.QRCode:
        """A QR code for the IP-address link (error correction M: readable from a worn print-out)."""
        import segno  # when a QR code is asked for: the service answers its first phone without it

        return segno.make(self.ip_url, error="m", micro=False)

    def qr_svg(self, scale: int = 8) -> bytes:
        """A standalone SVG, dark modules on white (scanners want the light quiet zone)."""
        import io

        buffer = io.BytesIO()
        self.qr().save(buffer, kind="svg", scale=scale, border=4, dark="#000", light="#fff",
                       title="Join the table", xmldecl=True)
        return buffer.getvalue()

    def terminal(self) -> str:
        """The QR code as text blocks for a terminal, with the links underneath."""
        import io

        buffer = io.StringIO()
        self.qr().terminal(out=buffer, compact=True, border=2)
        return buffer.getvalue() + f"\n{self.ip_url}\n{self.local_url}\n"

    def to_json(self) -> dict[str, str]:
        return {"ip": self.ip_url, "local": self.local_url}


class LiveJoinLinks:
    """JoinLinks worked out again when asked (at most every ``refresh_seconds``), so the QR code the phones
    scan carries the address the table has now, not the one it had at start (before Wi-Fi came up)."""

    def __init__(self, bind_host: str, port: int, hostname: str | None = None, refresh_seconds: float = 2.0,
                 clock=None) -> None:
        import time

        self.bind_host, self.port, self.hostname = bind_host, port, hostname
        self.refresh_seconds = refresh_seconds
        self._clock = clock or time.monotonic
        self._links: JoinLinks | None = None
        self._at = 0.0

    def serve_on(self, port: int) -> None:
        """The port the server bound: asked for 0 (any free port), the links carry the one it got."""
        self.port, self._links = port, None

    def current(self) -> JoinLinks:
        now = self._clock()
        if self._links is None or now - self._at >= self.refresh_seconds:
            self._links, self._at = JoinLinks.now(self.bind_host, self.port, self.hostname), now
        return self._links

    @property
    def ip_url(self) -> str:
        return self.current().ip_url

    @property
    def local_url(self) -> str:
        return self.current().local_url

    def qr(self) -> segno.QRCode:
        return self.current().qr()

    def qr_svg(self, scale: int = 8) -> bytes:
        return self.current().qr_svg(scale)

    def terminal(self) -> str:
        return self.current().terminal()

    def to_json(self) -> dict[str, str]:
        return self.current().to_json()
