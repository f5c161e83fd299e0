"""The code the phones are served is named once at start: in the page (its <meta>) and at the head of each live
stream, so a phone open across a software update can tell its page is older than the table's (web/js/update.js)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from companion.web import create_app
from companion.web.pages import served_code
from companion.web.server import WebServer
from companion.web.stream import events_after

from webhelpers import SSEClient

WEB = Path(__file__).resolve().parents[2] / "web"
META = re.compile(rb'<meta name="companion-code" content="([0-9a-f]{16})">')


def test_the_code_changes_with_any_served_file_and_with_nothing_else(tmp_path):
    copy = tmp_path / "web"
    shutil.copytree(WEB, copy)
    before = served_code(copy)
    assert served_code(copy) == before == served_code(WEB)
    (copy / "notes.txt").write_text("not served")  # not a page file: the same code
    assert served_code(copy) == before
    hexes = next(copy.rglob("hex-board.js"))
    hexes.write_text(hexes.read_text() + "\n// another summary's form\n")
    assert served_code(copy) != before
    hexes.rename(hexes.with_name("hex-board-2.js"))  # the same bytes under another name: other code
    assert served_code(copy) not in (before, served_code(WEB))


def test_the_page_names_its_code_and_revalidates(app, phone):
    code = app.extensions["companion"].served_code
    assert code == served_code(app.extensions["companion"].web_dir)
    page = phone.client.get("/")
    assert page.status_code == 200 and META.findall(page.data) == [code.encode()]
    assert page.headers["Cache-Control"] == "no-cache"
    assert page.data.index(b"companion-code") < page.data.index(b"</head>")
    again = phone.client.get("/", headers={"If-None-Match": page.headers["ETag"]})
    assert again.status_code == 304
    assert META.findall(phone.client.get("/index.html").data) == [code.encode()]


def test_each_stream_begins_by_naming_the_code_once(app, service):
    code = app.extensions["companion"].served_code
    server = WebServer(app, "127.0.0.1", 0, threads=8).start()
    try:
        for last_id in (None, service.bus.last_id + 500):  # a new phone, and one from before a restart
            client = SSEClient(server.port, last_id=last_id)
            try:
                lines = [client.response.readline() for _ in range(5)]
                assert lines[2:5] == [b"event: served\n", f'data: {{"code": "{code}"}}\n'.encode(), b"\n"]
                service.bus.publish("notice", {"n": 1})
                events = [client.next_event()] if last_id is None else [client.next_event(), client.next_event()]
                assert [e["event"] for e in events] == (["notice"] if last_id is None else ["reset", "notice"])
                assert client.served == []  # named once, before anything else
            finally:
                client.close()
    finally:
        server.stop()


def test_a_table_serving_other_files_names_other_code(service, tmp_path):
    copy = tmp_path / "web"
    shutil.copytree(WEB, copy)
    (copy / "js" / "app.js").write_text((copy / "js" / "app.js").read_text() + "\n")
    assert create_app(service, testing=True, web_dir=copy).extensions["companion"].served_code != served_code(WEB)


def test_a_phone_from_before_a_restart_gets_an_event_published_as_it_reads_the_first_lines(app, service):
    """A phone whose place is from an earlier run is told "restarted" at the bus's place when it connected: an event
    published while it reads the stream's first lines (the retry, the code served) comes after the reset, whole,
    never folded into it (the reset's id past it, the event lost to that phone)."""
    ctx = app.extensions["companion"]
    before = service.bus.last_id
    chunks = events_after(ctx, service.bus, before + 500)
    assert next(chunks).startswith(b"retry:") and next(chunks).startswith(b"event: served\n")
    service.bus.publish("notice", {"n": 1})
    reset, notice = next(chunks), next(chunks)
    assert reset == f'id: {before}\nevent: reset\ndata: {{"reason": "restarted"}}\n\n'.encode()
    assert notice.startswith(f"id: {before + 1}\nevent: notice\n".encode()) and b'"n":1' in notice
    chunks.close()
