"""The live stream over a real waitress server: ordered, numbered events that a phone resumes after sleeping."""

from __future__ import annotations

import http.client
import json
import os
import time

import pytest

from companion.web.server import WebServer

from webhelpers import PIN, SSEClient


@pytest.fixture
def server(app):
    server = WebServer(app, "127.0.0.1", 0, threads=8).start()
    yield server
    server.stop()


def until(predicate, timeout=5.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.02)
    return predicate()


def test_events_arrive_in_order_with_their_ids_and_topics(server, service):
    client = SSEClient(server.port)
    try:
        assert client.response.status == 200
        assert client.response.getheader("Content-Type").startswith("text/event-stream")
        service.bus.publish("notice", {"kind": "info", "message": "one", "message_fr": "un"})
        service.table.submit({"type": "roll", "dice": [{"value": 2, "color": "red"}]}, source="camera")
        first, second = client.next_event(), client.next_event()
        assert first["event"] == "notice" and first["data"]["message"] == "one"
        assert second["event"] == "entry" and second["id"] == first["id"] + 1
        assert second["data"]["state"]["summary"]["rolls"] == 1
        assert second["data"]["verdicts"][0]["message"] == "Roll 1: 2 (total 2)"
    finally:
        client.close()


@pytest.mark.parametrize("header", [True, False], ids=["Last-Event-ID", "last_id"])
def test_a_phone_that_slept_gets_every_event_it_missed_exactly_once(server, service, header):
    client = SSEClient(server.port)
    service.bus.publish("notice", {"n": 0})
    seen = client.next_event()["id"]
    client.close()
    published = [service.bus.publish("notice", {"n": n}).id for n in range(1, 6)]
    resumed = SSEClient(server.port, last_id=seen, header=header)
    try:
        got = [resumed.next_event() for _ in published]
        assert [e["id"] for e in got] == published
        assert [e["data"]["n"] for e in got] == [1, 2, 3, 4, 5]
        later = service.bus.publish("notice", {"n": 6}).id
        assert resumed.next_event()["id"] == later
    finally:
        resumed.close()


def test_a_phone_too_far_behind_is_told_to_reload(server, service):
    service.bus.publish("notice", {"n": 0})
    for n in range(1100):  # more than the bus keeps
        service.bus.publish("notice", {"n": n})
    client = SSEClient(server.port, last_id=1)
    try:
        event = client.next_event()
        assert event["event"] == "reset" and event["data"]["reason"] == "missed"
        assert event["id"] == service.bus.last_id
    finally:
        client.close()


def test_ids_from_before_a_restart_are_reset(server, service):
    client = SSEClient(server.port, last_id=service.bus.last_id + 500)
    try:
        event = client.next_event()
        assert event["event"] == "reset" and event["data"]["reason"] == "restarted"
        assert event["id"] == service.bus.last_id
        service.bus.publish("notice", {"n": 1})
        assert client.next_event()["id"] == service.bus.last_id
    finally:
        client.close()


def test_keep_alive_comments_flow_and_a_departed_phone_frees_its_thread(server, app):
    ctx = app.extensions["companion"]
    ctx.keepalive = 0.1
    client = SSEClient(server.port)
    assert until(lambda: ctx.streams.open == 1)
    client.response.readline()  # retry line
    client.response.readline()
    assert client.response.readline() == b"event: served\n"
    client.response.readline()  # its data line
    client.response.readline()
    assert client.response.readline() == b": keep-alive\n"
    client.close()
    assert until(lambda: ctx.streams.open == 0)


def test_streams_beyond_the_limit_are_refused_politely(server, app):
    ctx = app.extensions["companion"]
    ctx.streams.limit = 1
    first = SSEClient(server.port)
    try:
        assert first.response.status == 200
        second = SSEClient(server.port)
        assert second.response.status == 503
        assert second.response.getheader("Retry-After") == "5"
        second.close()
    finally:
        first.close()


def test_a_thread_answering_after_the_server_stopped_writes_nothing_into_what_took_its_wake_up_pipe(app):
    """A worker thread that outlives the server (still answering when it stopped) pulls the pipe that woke the
    server's loop: it writes nothing, for the fd number the pipe had may by then be another server's connection (a
    stray byte in a phone's live stream: Chrome's ERR_INVALID_CHUNKED_ENCODING) or a file (the hall's SQLite
    journal)."""
    server = WebServer(app, "127.0.0.1", 0, threads=2).start()
    number = server._server.trigger.trigger  # the write end's fd number
    reader, writer = os.pipe()
    try:
        server.stop()
        with pytest.raises(OSError):  # the number is free again, for whatever is opened next
            os.fstat(number)
        os.dup2(writer, number)  # what is opened next: here, a pipe this test reads
        server._server.pull_trigger()  # what the late thread does
        os.set_blocking(reader, False)
        try:
            written = os.read(reader, 64)
        except BlockingIOError:
            written = b""
        assert written == b""
    finally:
        for fd in {reader, writer, number}:
            try:
                os.close(fd)
            except OSError:
                pass


def test_an_oversized_chunked_body_is_refused_by_the_real_server(server):
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    connection.request("GET", "/api/session")
    session = connection.getresponse()
    cookie = session.getheader("Set-Cookie").split(";")[0]
    token = json.loads(session.read())["csrf_token"]
    connection.request("POST", "/api/login", body=json.dumps({"pin": PIN}), headers={
        "Content-Type": "application/json", "X-CSRF-Token": token, "Cookie": cookie})
    login = connection.getresponse()
    assert login.status == 200
    cookie = login.getheader("Set-Cookie").split(";")[0]
    token = json.loads(login.read())["csrf_token"]

    def chunks():
        yield b'{"dice": ['
        for _ in range(8000):
            yield b'{"value": 1},'
        yield b'{"value": 1}]}'

    connection.request("POST", "/api/roll", body=chunks(), encode_chunked=True, headers={
        "Content-Type": "application/json", "X-CSRF-Token": token, "Cookie": cookie})
    response = connection.getresponse()
    assert response.status == 413
    assert "64 KiB" in json.loads(response.read())["message"]
    connection.close()
