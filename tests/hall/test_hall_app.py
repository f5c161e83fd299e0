"""The hall's page and API: anyone may look; renaming or hiding a table needs the organiser's PIN and the page's
token; the exports download."""

from __future__ import annotations

import errno
import json
import os
import threading
import time
import urllib.request

import pytest
from werkzeug.security import generate_password_hash

from companion.hall.app import create_hall_app
from companion.hall.board import HallBoard
from companion.card_faults import FAULTS
from tests.hall.conftest import HallServer, wait_for
from tests.hall.hallhelpers import PIN, WIN_YUGI, RefusingCard, Subscriber, event

@pytest.fixture
def board(tmp_path):
    board = HallBoard(tmp_path / "hall" / "hall.sqlite3")
    board.handle(*event("table-1", 1, 0, outcome=WIN_YUGI))
    board.handle(*event("table-2", 3, 0, players=("Ann", "Bob"), game="nexus"))
    return board


@pytest.fixture
def client(tmp_path, board):
    data = tmp_path / "hall"
    (data / "pin.json").write_text(json.dumps({"hash": generate_password_hash(PIN), "generation": 1}))
    return create_hall_app(board, Subscriber(), data).test_client()


def test_anyone_sees_every_table_and_the_standings_without_a_pin(client):
    page = client.get("/")
    assert page.status_code == 200 and b"hall.js" in page.data
    assert client.get("/hall.js").status_code == 200 and client.get("/hall.css").status_code == 200
    assert client.get("/../pin.json").status_code == 404
    # the times' module hall.js imports, the phone's own (web/js), as a script a browser runs as a module
    shared = client.get("/moments.js")
    assert shared.status_code == 200 and shared.mimetype in ("text/javascript", "application/javascript")
    assert b"export function dayAndTime" in shared.data
    assert client.get("/i18n.js").status_code == 404  # not the phone's strings: the hall page has its own
    view = client.get("/api/hall").get_json()
    assert [t["id"] for t in view["tables"]] == ["table-1", "table-2"] and not view["organiser"]
    assert view["standings"][0]["players"][0] == {"name": "Yugi", "wins": 1, "played": 1}
    assert view["broker"]["connected"]
    assert client.get("/api/standings.csv").headers["Content-Disposition"].startswith("attachment")
    assert client.get("/api/bgstats.json").get_json()["plays"][0]["playerScores"][0]["winner"]
    assert b"Yugi" in client.get("/api/games.csv").data


def test_a_page_waiting_for_news_is_answered_when_a_table_moves(client, board):
    version = client.get("/api/hall").get_json()["version"]
    threading.Timer(0.3, lambda: board.handle(*event("table-2", 3, 1, players=("Ann", "Bob"), game="nexus"))).start()
    began = time.monotonic()
    view = client.get(f"/api/hall?after={version}&wait=10").get_json()
    assert view["version"] > version and time.monotonic() - began < 5
    assert [t["entries"] for t in view["tables"]] == [1, 2]


def test_a_stopped_hall_server_answers_its_long_poll_and_leaves_no_thread(tmp_path, client, board):
    """HallServer.stop (every hall test's) ends all it started: a page's long poll is answered at once, not after its
    15 s, and no waitress thread or socket runs on into the next test."""
    before = set(threading.enumerate())
    server = HallServer(board, Subscriber(), tmp_path / "hall")
    version = board.version
    answers: list[dict] = []
    poll_url = f"{server.url}api/hall?after={version}&wait=15"
    poll = threading.Thread(target=lambda: answers.append(json.load(urllib.request.urlopen(poll_url, timeout=30))))
    poll.start()
    time.sleep(0.5)
    assert poll.is_alive() and not answers  # the page waits for news
    began = time.monotonic()
    server.stop()
    poll.join(5)
    assert answers and answers[0]["version"] == version and time.monotonic() - began < 5
    left = lambda: [t.name for t in set(threading.enumerate()) - before]  # noqa: E731
    assert wait_for(lambda: not left(), 2), left()
    with pytest.raises(OSError):
        urllib.request.urlopen(server.url, timeout=2)


def test_renaming_or_hiding_a_table_needs_the_organiser_pin(client):
    token = client.get("/api/hall").get_json()["csrf_token"]
    headers = {"X-CSRF-Token": token}
    assert client.post("/api/tables/table-1", json={"name": "Window"}, headers=headers).status_code == 401
    assert client.post("/api/login", json={"pin": "000000"}, headers=headers).status_code == 403
    assert client.post("/api/login", json={"pin": PIN}).status_code == 403  # no token: not from the hall's page
    answer = client.post("/api/login", json={"pin": PIN}, headers=headers)
    assert answer.status_code == 200
    headers = {"X-CSRF-Token": answer.get_json()["csrf_token"]}
    assert client.post("/api/tables/table-1", json={"name": "Window"}, headers=headers).status_code == 200
    assert client.post("/api/tables/table-2", json={"hidden": True}, headers=headers).status_code == 200
    assert client.post("/api/tables/table-9", json={"hidden": True}, headers=headers).status_code == 404
    assert client.post("/api/tables/table-1", json={"hidden": "yes"}, headers=headers).status_code == 422
    view = client.get("/api/hall").get_json()
    assert [(t["name"], t["hidden"]) for t in view["tables"]] == [("Table 2", True), ("Window", False)]
    client.post("/api/logout", headers=headers)
    assert [t["name"] for t in client.get("/api/hall").get_json()["tables"]] == ["Window"]  # the public view


def test_the_hall_answers_only_to_its_own_names_so_no_other_page_can_read_or_change_it(client):
    """As a table does (DNS rebinding): a page on evil.example pointing its name at the hall gets nothing."""
    assert client.get("/api/hall", headers={"Host": "evil.example"}).status_code == 421
    assert client.get("/", headers={"Host": "evil.example:8090"}).status_code == 421
    for name in ("192.168.1.20:8090", "localhost:8090", "club-hall.local", "[fe80::1]:8090"):
        assert client.get("/api/hall", headers={"Host": name}).status_code == 200, name
    csrf = client.get("/api/hall").get_json().get("csrf_token") or ""
    refused = client.post("/api/login", json={"pin": PIN}, headers={"Origin": "http://evil.example",
                                                                     "X-CSRF-Token": csrf})
    assert refused.status_code == 403 and refused.get_json()["error"] == "foreign_origin"


def test_a_rename_the_card_refuses_is_a_503_said_in_the_page_s_words(client, board):
    """SQLite's error on a rename is a JSON 503 ``cannot_save`` naming the fault, which the page words, not an HTML
    500; nothing is changed, and the rename is kept once the card takes writes."""
    headers = {"X-CSRF-Token": client.get("/api/hall").get_json()["csrf_token"]}
    headers = {"X-CSRF-Token": client.post("/api/login", json={"pin": PIN}, headers=headers).get_json()["csrf_token"]}
    board._db = RefusingCard(board._db)
    refused = client.post("/api/tables/table-1", json={"name": "Window"}, headers=headers)
    assert refused.status_code == 503 and refused.get_json()["error"] == "cannot_save"
    assert refused.get_json()["fault"] == "full" and "rien n’a été changé" in refused.get_json()["message_fr"]
    board._db = board._db.db
    assert [t["name"] for t in client.get("/api/hall").get_json()["tables"]] == ["Table 1", "Table 2"]
    assert client.post("/api/tables/table-1", json={"name": "Window"}, headers=headers).status_code == 200
    page = client.get("/hall.js").get_data(as_text=True)
    assert page.count("cannot_save: ") == 2  # the page words it, in English and French
    for fault in FAULTS:  # and words each fault the hall may name: "free some space" was said to a locked file too
        assert page.count(f"cannot_save_{fault}: ") == 2, fault


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
def test_hall_new_pin_on_a_card_that_refuses_it_says_so_and_keeps_the_old_pin(tmp_path, monkeypatch, capsys, code):
    """`companion hall --new-pin` on a card that refuses the PIN file says so, with no traceback, and keeps the old
    PIN; "free some space" only to a full card (a new card mends a read-only one)."""
    from companion.cli import build_parser
    from companion.web.auth import PinStore

    data = tmp_path / "hall"
    data.mkdir()
    (data / "pin.json").write_text(json.dumps({"hash": generate_password_hash(PIN), "generation": 1}))
    kept = (data / "pin.json").read_bytes()

    def card_refuses(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr("companion.web.auth.write_atomically", card_refuses)
    args = build_parser().parse_args(["hall", "--broker", "mqtt://127.0.0.1:1", "--data", str(data), "--new-pin"])
    assert args.func(args) == 1
    err = capsys.readouterr().err
    assert "no new organiser PIN" in err and os.strerror(code) in err and "The old PIN is unchanged" in err
    assert ("free some space" in err.lower()) == (code == errno.ENOSPC), err
    assert ("must be replaced" in err) == (code == errno.EROFS), err
    assert (data / "pin.json").read_bytes() == kept and PinStore(data, create=False).check(PIN)
