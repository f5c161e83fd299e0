"""The real server (waitress on 127.0.0.1) against slow, idle, greedy and oversized clients: a café's Wi-Fi.

Other client addresses are other loopback addresses (127.0.0.N), as other phones on the Wi-Fi would be.
Deadlines are shortened through the configuration so each test takes seconds.
"""

from __future__ import annotations

import http.client
import select
import socket
import tempfile
import time

import pytest

from companion.web import create_app
from companion.web.server import WebServer

from webhelpers import SSEClient, make_service


@pytest.fixture
def spooled(monkeypatch) -> list:
    """The temporary files opened meanwhile (waitress spools large bodies into them)."""
    opened = []
    real_temporary_file = tempfile.TemporaryFile

    def watched_temporary_file(*args, **kwargs):
        opened.append(real_temporary_file(*args, **kwargs))
        return opened[-1]

    monkeypatch.setattr(tempfile, "TemporaryFile", watched_temporary_file)
    return opened


@pytest.fixture
def serve(data_dir, pin_file):
    """Start a real server with these ``[service]`` settings; everything is stopped at the end."""
    started = []

    def start(threads: int = 8, **settings) -> WebServer:
        service = make_service(data_dir, **settings)
        (data_dir / "pin.json").write_bytes(pin_file)
        server = WebServer(create_app(service, testing=True), "127.0.0.1", 0, threads=threads).start()
        started.append((server, service))
        return server

    yield start
    for server, service in started:
        server.stop()
        service.stop()


def connect(server: WebServer, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", server.port), timeout=5, source_address=(source, 0))
    return sock


def get(server: WebServer, path: str, timeout: float = 1.0) -> tuple[int, float]:
    """(status, seconds) of a plain GET, as a phone would make it."""
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        return response.status, time.monotonic() - started
    finally:
        connection.close()


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """True once the server closes ``sock`` (EOF or reset) within ``within`` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        readable, _, _ = select.select([sock], [], [], 0.05)
        if readable:
            try:
                if sock.recv(65536) == b"":
                    return True
            except ConnectionResetError:
                return True
    return False


def test_a_300_mb_body_is_refused_with_413_before_it_is_read_and_nothing_is_written_to_disk(serve, spooled):
    """A body over the limit is answered 413 while it is still being sent, and none of it goes to a temporary file
    (Waitress alone reads up to 1 GiB into one before the app can refuse it)."""
    server = serve()
    size = 300 * 1024 * 1024
    sock = connect(server)
    sock.sendall(f"POST /api/roll HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nContent-Type: application/json\r\n"
                 f"Content-Length: {size}\r\n\r\n".encode())
    block, sent, answer = bytes(256 * 1024), 0, b""
    try:
        while sent < size:  # streamed, a block at a time, while watching for the answer
            readable, _, _ = select.select([sock], [], [], 0)
            if readable:
                break
            try:
                sent += sock.send(block[:size - sent])
            except (BrokenPipeError, ConnectionResetError):
                break
        sock.settimeout(5)
        while b"\r\n\r\n" not in answer:
            chunk = sock.recv(65536)
            if not chunk:
                break
            answer += chunk
    finally:
        sock.close()
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    assert sent < 64 * 1024 * 1024, f"{sent} bytes were taken in before the answer"
    assert spooled == [], "a temporary file was opened for the body"
    status, _ = get(server, "/api/info")
    assert status == 200


def test_a_chunked_body_is_bounded_in_memory_too(serve, spooled):
    server = serve()
    sock = connect(server)
    sock.sendall(f"POST /api/roll HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nContent-Type: application/json\r\n"
                 f"Transfer-Encoding: chunked\r\n\r\n".encode())
    chunk = b"%x\r\n%s\r\n" % (64 * 1024, bytes(64 * 1024))
    answer = b""
    try:
        for _ in range(40):  # 2.5 MiB offered; refused after a few hundred KiB
            if select.select([sock], [], [], 0)[0]:
                break
            try:
                sock.sendall(chunk)
            except (BrokenPipeError, ConnectionResetError):
                break
        sock.settimeout(5)
        answer = sock.recv(65536)
    except ConnectionResetError:
        pass
    finally:
        sock.close()
    assert answer == b"" or answer.startswith(b"HTTP/1.1 413 "), answer[:200]
    assert spooled == []


def test_headers_over_16_kib_are_refused(serve):
    server = serve()
    sock = connect(server)
    try:
        sock.sendall(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: " + b"a" * 20000 + b"\r\n\r\n")
        assert b" 431 Request Header Fields Too Large" in sock.recv(65536).split(b"\r\n")[0]
    finally:
        sock.close()


@pytest.mark.parametrize("sources", ["one address", "120 addresses"])
def test_120_idle_connections_do_not_lock_the_phones_out(serve, sources):
    """Waitress alone stops accepting at 100 connections: with 120 idle sockets open, a phone is still answered
    within a second."""
    server = serve()
    idle = []
    try:
        for n in range(120):
            idle.append(connect(server, "127.0.0.1" if sources == "one address" else f"127.0.1.{n + 1}"))
            if n % 3 == 0:
                idle[-1].sendall(b"GET /api/info HTTP/1.1\r\n")  # some have begun a request and stopped
        time.sleep(0.5)  # the server has taken them all in
        for _ in range(3):
            status, seconds = get(server, "/api/info")
            assert status == 200 and seconds < 1.0, seconds
    finally:
        for sock in idle:
            sock.close()


def test_a_connection_over_its_address_cap_closes_that_address_quietest_and_other_addresses_keep_theirs(serve):
    server = serve(connections_per_address=4)
    neighbour = connect(server, "127.0.0.2")
    mine = [connect(server)]
    mine[0].sendall(b"GET /api/info HTTP/1.1\r\n")  # a request begun and never finished: the quietest
    time.sleep(0.1)
    mine += [connect(server) for _ in range(3)]
    time.sleep(0.3)
    try:
        status, _ = get(server, "/api/info")
        assert status == 200
        assert closed_by_server(mine[0], 2.0)
        assert not any(closed_by_server(sock, 0.1) for sock in [neighbour, *mine[1:]])
        neighbour.sendall(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert neighbour.recv(65536).startswith(b"HTTP/1.1 200 ")
    finally:
        for sock in [neighbour, *mine]:
            sock.close()


def dropped_while_trickling(sock, pieces, every: float) -> bool:
    """Send ``pieces`` one every ``every`` s (never idle, never finished): whether the server dropped the connection
    before the last."""
    for piece in pieces:
        time.sleep(every)
        try:
            sock.sendall(piece)
        except (BrokenPipeError, ConnectionResetError):
            return True
        if closed_by_server(sock, 0.01):
            return True
    return False


def test_a_slowloris_client_is_dropped_at_the_header_deadline(serve):
    """One header line now and then (every 20 s in the café, faster here) does not keep a connection forever."""
    server = serve(header_timeout=1.0)
    sock = connect(server)
    try:
        sock.sendall(b"GET /api/info HTTP/1.1\r\n")
        started = time.monotonic()
        dropped = dropped_while_trickling(sock, (b"X-Slow-%d: 1\r\n" % n for n in range(20)), every=0.3)
        assert dropped, "the slow client was still connected after 6 s"
        assert time.monotonic() - started < 3.5
    finally:
        sock.close()
    assert get(server, "/api/info")[0] == 200


def test_a_body_that_trickles_in_is_dropped_at_the_body_deadline(serve):
    server = serve(header_timeout=1.0, body_timeout=1.5)
    sock = connect(server)
    try:
        sock.sendall(b"POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 1000\r\n\r\n")
        started = time.monotonic()
        dropped = dropped_while_trickling(sock, [b" "] * 30, every=0.2)
        assert dropped and time.monotonic() - started < 4.0
    finally:
        sock.close()


def test_an_idle_connection_is_closed_after_the_idle_deadline(serve):
    server = serve(idle_timeout=1.0)
    sock = connect(server)
    try:
        sock.sendall(b"GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert sock.recv(65536).startswith(b"HTTP/1.1 200 ")
        assert not closed_by_server(sock, 0.5), "kept alive for the next request a while"
        assert closed_by_server(sock, 3.0)
    finally:
        sock.close()


def test_live_streams_over_the_address_cap_get_503_and_retry_after_while_state_answers(serve):
    server = serve(threads=16, streams_per_address=2)
    streams = [SSEClient(server.port), SSEClient(server.port)]
    try:
        assert [s.response.status for s in streams] == [200, 200]
        third = http.client.HTTPConnection("127.0.0.1", server.port, timeout=2)
        third.request("GET", "/api/stream", headers={"Accept": "text/event-stream"})
        refused = third.getresponse()
        refused.read()
        assert refused.status == 503 and int(refused.getheader("Retry-After")) > 0
        third.close()
        status, seconds = get(server, "/api/state")
        assert status == 200 and seconds < 1.0
        other_phone = http.client.HTTPConnection("127.0.0.1", server.port, timeout=2, source_address=("127.0.0.2", 0))
        other_phone.request("GET", "/api/stream", headers={"Accept": "text/event-stream"})
        assert other_phone.getresponse().status == 200, "another address is not limited by this one's streams"
        other_phone.close()
    finally:
        for stream in streams:
            stream.close()


def test_every_worker_thread_held_by_streams_is_never_reached(serve):
    """Streams from many phones take at most threads - 4 threads: ordinary requests always find one."""
    server = serve(threads=12)
    streams, refused = [], 0
    try:
        for n in range(12):
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=2,
                                                    source_address=(f"127.0.2.{n + 1}", 0))
            connection.request("GET", "/api/stream")
            response = connection.getresponse()
            if response.status == 200:
                streams.append(connection)
            else:
                refused += 1
                connection.close()
        assert len(streams) == 8 and refused == 4
        for _ in range(6):
            status, seconds = get(server, "/api/state")
            assert status == 200 and seconds < 1.0
    finally:
        for connection in streams:
            connection.close()


def test_a_stream_its_client_stopped_reading_is_closed_and_its_thread_freed(serve):
    server = serve(send_timeout=1.0)
    ctx = server.app.extensions["companion"]
    ctx.keepalive = 0.05
    sock = connect(server)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.sendall(b"GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    try:
        service = ctx.service
        payload = {"kind": "info", "message": "x" * 20000, "message_fr": "x"}
        deadline = time.monotonic() + 20
        while ctx.streams.open == 0 and time.monotonic() < deadline:
            time.sleep(0.02)
        while ctx.streams.open and time.monotonic() < deadline:  # the phone reads nothing; events pile up
            service.bus.publish("notice", payload)
            time.sleep(0.05)
        assert ctx.streams.open == 0, "the stream still holds its thread"
    finally:
        sock.close()


def test_a_connection_over_its_address_cap_when_all_are_busy_is_answered_503_with_retry_after(serve):
    server = serve(connections_per_address=2)
    streams = [SSEClient(server.port), SSEClient(server.port)]  # both connections busy for as long as they last
    try:
        assert [s.response.status for s in streams] == [200, 200]
        refused = http.client.HTTPConnection("127.0.0.1", server.port, timeout=2)
        refused.request("GET", "/api/info")
        response = refused.getresponse()
        assert response.status == 503 and int(response.getheader("Retry-After")) > 0
        response.read()
        refused.close()
        other = http.client.HTTPConnection("127.0.0.1", server.port, timeout=2, source_address=("127.0.0.2", 0))
        other.request("GET", "/api/info")
        assert other.getresponse().status == 200
        other.close()
    finally:
        for stream in streams:
            stream.close()
    time.sleep(0.3)  # the phone left its streams: its address is served again at once, not at the next keep-alive
    assert get(server, "/api/info")[0] == 200


def test_a_phone_reloading_its_page_again_and_again_is_never_refused_its_stream(serve):
    """Each reload opens a new stream; the old one's slot must be free by then, not at its next keep-alive (15 s)."""
    server = serve(streams_per_address=2)
    ctx = server.app.extensions["companion"]
    for _ in range(6):
        stream = SSEClient(server.port)
        assert stream.response.status == 200
        stream.response.readline()
        stream.close()
        deadline = time.monotonic() + 3
        while ctx.streams.open and time.monotonic() < deadline:
            time.sleep(0.05)
        assert ctx.streams.open == 0, "the closed stream still holds its slot"
