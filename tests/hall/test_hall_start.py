"""`companion hall` on a card that refuses its folder: one line naming the fault and what mends it, exit 1, never a
traceback (docs/hall.md says why it stops rather than keep the evening in memory)."""

from __future__ import annotations

import errno
import json
import logging
import os
import sqlite3
import threading

import pytest
from werkzeug.security import generate_password_hash

from companion.cli import build_parser
from companion.commands.hall import open_board
from companion.hall.app import create_hall_app
from companion.hall.board import HallBoard
from companion.web.auth import CSRF_HEADER
from tests.hall.conftest import wait_for
from tests.hall.hallhelpers import PIN, WIN_YUGI, Subscriber, event

REAL_OPEN, REAL_CONNECT = os.open, sqlite3.connect  # the card as it works (the fixtures below refuse it)


def start_hall(data) -> int:
    args = build_parser().parse_args(["hall", "--broker", "mqtt://127.0.0.1:1", "--data", str(data)])
    return args.func(args)


@pytest.mark.parametrize("blocked", ["hall", "hall/inner"])
def test_a_file_where_the_hall_s_folder_should_be_is_named_in_one_line(tmp_path, capsys, blocked):
    """A file where the folder (or a folder above it) should be is named in one line, with no traceback (no
    FileExistsError nor NotADirectoryError out of the command), and the file is left as it was."""
    (tmp_path / "hall").write_text("the organiser's notes")
    assert start_hall(tmp_path / blocked) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    assert f"{tmp_path / 'hall'} is a file, not a folder" in err and "--data DIR" in err, err
    assert (tmp_path / "hall").read_text() == "the organiser's notes"


@pytest.fixture
def read_only_folder(tmp_path, monkeypatch):
    """The hall's folder on a card turned read-only: SQLite cannot make its file there and a new file is refused
    (EROFS). Monkeypatched: a read-only mount needs root, and root writes a read-only folder all the same."""
    data = tmp_path / "hall"
    data.mkdir(exist_ok=True)  # or the folder of a hall that ran before (evening_so_far)
    real_open = os.open

    def card_open(path, flags, *args, **kwargs):
        if str(path).startswith(str(data)) and flags & os.O_CREAT:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, *args, **kwargs)

    real_connect = sqlite3.connect

    def sqlite_refuses(database, *args, **kwargs):  # a new file or one to write; reading it (a URI) goes through
        if kwargs.get("uri") or database == ":memory:":
            return real_connect(database, *args, **kwargs)
        raise sqlite3.OperationalError("unable to open database file")

    monkeypatch.setattr(os, "open", card_open)
    monkeypatch.setattr(sqlite3, "connect", sqlite_refuses)
    return data


@pytest.fixture
def evening_so_far(tmp_path):
    """A hall that ran this evening: its PIN and one game won in its folder."""
    data = tmp_path / "hall"
    board = HallBoard(data / "hall.sqlite3")
    board.handle(*event("table-1", 1, 0, outcome=WIN_YUGI))
    board.close()
    (data / "pin.json").write_text(json.dumps({"hash": generate_password_hash(PIN), "generation": 1}))
    return data


def test_a_card_turned_read_only_under_a_hall_that_ran_keeps_the_evening_in_memory_and_says_so(
        evening_so_far, read_only_folder, capsys):
    """Its PIN is kept already: the hall goes on with the evening read from its file, hears the tables, and says on
    stderr and on the page that it holds it in memory, with the card's fault."""
    before = (evening_so_far / "hall.sqlite3").read_bytes()
    board = open_board(evening_so_far)
    try:
        err = capsys.readouterr().err.strip()
        assert "\n" not in err and "goes on in memory" in err and "must be replaced" in err, err
        board.handle(*event("table-2", 4, 0, players=("Ann", "Bob"), outcome={"kind": "win", "players": ["Ann"]}))
        client = create_hall_app(board, Subscriber(), evening_so_far).test_client()
        view = client.get("/api/hall").get_json()
        assert view["held_in_memory"] == "read_only"
        assert [t["id"] for t in view["tables"]] == ["table-1", "table-2"]
        assert {p["name"]: p["wins"] for p in view["standings"][0]["players"]} == {"Yugi": 1, "Kaiba": 0, "Ann": 1,
                                                                                 "Bob": 0}
        login = client.post("/api/login", json={"pin": PIN}, headers={CSRF_HEADER: view["csrf_token"]})
        assert login.status_code == 200  # the PIN kept before still opens
    finally:
        board.close()
    assert (evening_so_far / "hall.sqlite3").read_bytes() == before


def test_the_hall_page_says_an_evening_held_in_memory_in_both_languages():
    from companion.hall.app import hall_dir

    page = (hall_dir() / "hall.js").read_text(encoding="utf-8")
    assert page.count("held: ") == 2 and "held_in_memory" in page
    assert 'id="held"' in (hall_dir() / "index.html").read_text(encoding="utf-8")


def test_a_read_only_folder_is_named_with_what_mends_it_in_one_line(read_only_folder, capsys):
    """HallBoard's "unable to open database file" is not raised out of the command; SQLite's words name no fault,
    so the card is asked (a new file in the folder) and its fault is said in one line, with what mends it."""
    assert start_hall(read_only_folder) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    assert f"cannot keep its games in {read_only_folder}" in err and os.strerror(errno.EROFS) in err, err
    assert "turned read-only" in err and "must be replaced" in err and "free some space" not in err.lower(), err
    assert "--data DIR" in err and not os.listdir(read_only_folder)


def test_a_hall_file_the_read_only_card_will_not_open_for_writing_says_read_only(tmp_path, monkeypatch, capsys):
    """The evening's hall.sqlite3 already there: SQLite opens it, then refuses its first write (WAL) with its own
    words for a read-only card, and only those name the fault (the folder's probe goes through, as root's would)."""
    data = tmp_path / "hall"
    data.mkdir()
    real_connect = sqlite3.connect

    class ReadOnlyCard:
        def __init__(self, db) -> None:
            self.db, self.closed = db, False

        def execute(self, sql, *args):
            raise sqlite3.OperationalError("attempt to write a readonly database")

        def close(self):
            self.closed = True
            self.db.close()

    opened = []
    monkeypatch.setattr(sqlite3, "connect", lambda *a, **k: opened.append(ReadOnlyCard(real_connect(*a, **k)))
                        or opened[-1])
    assert start_hall(data) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    assert "readonly database" in err and "turned read-only" in err and "must be replaced" in err, err
    assert opened and all(card.closed for card in opened)  # the file is not left open by the failed start


def test_a_damaged_hall_file_on_a_card_that_takes_writes_is_named_not_blamed_on_the_card(evening_so_far, capsys):
    (evening_so_far / "hall.sqlite3").write_bytes(b"not a database, written over by mistake" * 100)
    assert start_hall(evening_so_far) == 1
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "Traceback" not in err
    assert "not a database" in err and "Move that file aside" in err and "card" not in err, err


@pytest.mark.browser
def test_the_hall_page_shows_an_evening_held_in_memory_with_the_card_s_fault_in_both_languages(hall):
    from selenium.webdriver.common.by import By

    from tests.e2e.browserhelpers import new_browser
    from tests.hall.hallhelpers import until

    board, url = hall
    driver = new_browser()
    try:
        driver.get(url)
        assert until(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#tables > li")) == 2)
        notice = lambda: driver.find_element(By.ID, "held")  # noqa: E731
        assert not notice().is_displayed()  # a hall that keeps its file says nothing
        board.card_refusal = OSError(errno.EROFS, os.strerror(errno.EROFS))
        driver.refresh()
        assert until(lambda: notice().is_displayed() and "kept in the hall's memory only" in notice().text)
        assert "turned read-only" in notice().text and "must be replaced" in notice().text, notice().text
        # what the hall does by itself, not "Mend the card" beside "must be replaced"
        assert "Mend" not in notice().text and "saves the evening to it by itself" in notice().text, notice().text
        # a number and its unit on one line: "every 30 / s" was parted at 360 px
        assert "every 30\u00a0s" in notice().get_attribute("textContent")
        driver.find_element(By.ID, "language").click()
        assert until(lambda: "gardée que dans la mémoire de la salle" in notice().text and "lecture seule" in
                     notice().text)
        assert "Réparez" not in notice().text and "enregistre la soirée d’elle-même" in notice().text, notice().text
        assert "toutes les 30\u00a0s" in notice().get_attribute("textContent")
    finally:
        driver.quit()


def test_a_hall_held_in_memory_writes_its_file_again_once_the_card_is_mended(evening_so_far, read_only_folder,
                                                                              monkeypatch, caplog):
    """A hall that goes on in memory writes its file again once the card is mended, so the evening is not lost
    when it stops: tried at the next change, at most every 30 s, and said in the log and on the page."""
    clock = [0.0]
    monkeypatch.setattr("companion.hall.board.now", lambda: clock[0])
    board = open_board(evening_so_far)
    try:
        board.handle(*event("table-2", 4, 0, players=("Ann", "Bob")))
        clock[0] += 31
        board.handle(*event("table-2", 4, 1, players=("Ann", "Bob")))  # the card still refuses: held in memory
        assert board.card_refusal is not None
        monkeypatch.setattr(os, "open", REAL_OPEN)
        monkeypatch.setattr(sqlite3, "connect", REAL_CONNECT)  # the card mended
        clock[0] += 10
        board.handle(*event("table-2", 4, 2, players=("Ann", "Bob")))  # 10 s after the last try: not tried yet
        assert board.card_refusal is not None
        caplog.set_level(logging.INFO, logger="companion.hall.board")
        clock[0] += 20
        board.handle(*event("table-2", 4, 3, players=("Ann", "Bob"), outcome={"kind": "win", "players": ["Ann"]}))
        assert board.card_refusal is None and any("writing again" in r.getMessage() for r in caplog.records)
        view = create_hall_app(board, Subscriber(), evening_so_far).test_client().get("/api/hall").get_json()
        assert view["held_in_memory"] is None and view["writing_again"] == board.writing_again_at is not None
        board.rename("table-1", "By the window")  # kept in the file from now on
    finally:
        board.close()
    kept = HallBoard(evening_so_far / "hall.sqlite3")
    try:
        assert [t["name"] for t in kept.tables()] == ["By the window", "Table 2"]
        assert {p["name"]: p["wins"] for p in kept.standings()[0]["players"]} == {"Yugi": 1, "Kaiba": 0, "Ann": 1,
                                                                                 "Bob": 0}
    finally:
        kept.close()


def test_a_card_mended_after_the_evening_s_last_news_is_tried_on_a_timer(evening_so_far, read_only_folder,
                                                                       monkeypatch):
    """The file is tried on a timer, not only at a change: the evening's last game, won while the card refuses the
    file, reaches it once the card is mended though the tables have gone quiet. The timer tries it every RETRY_EVERY
    seconds (here 0.2 s of real time)."""
    monkeypatch.setattr("companion.hall.board.RETRY_EVERY", 0.2)
    board = open_board(evening_so_far)
    try:
        assert board.card_refusal is not None
        board.handle(*event("table-2", 4, 0, players=("Ann", "Bob"), outcome={"kind": "win", "players": ["Ann"]}))
        assert board.card_refusal is not None  # the last news, while the card still refuses the file
        monkeypatch.setattr(os, "open", REAL_OPEN)
        monkeypatch.setattr(sqlite3, "connect", REAL_CONNECT)  # the card mended
        assert wait_for(lambda: board.card_refusal is None, 5), "no news came, and the mended card was not tried"
    finally:
        board.close()
    kept = HallBoard(evening_so_far / "hall.sqlite3")
    try:
        assert {p["name"]: p["wins"] for p in kept.standings()[0]["players"]}["Ann"] == 1
    finally:
        kept.close()


def test_a_closed_board_stops_trying_its_file(evening_so_far, read_only_folder, monkeypatch):
    monkeypatch.setattr("companion.hall.board.RETRY_EVERY", 0.05)
    board = open_board(evening_so_far)
    assert any(t.name == "hall-file-retry" for t in threading.enumerate())
    board.close()
    assert wait_for(lambda: not any(t.name == "hall-file-retry" for t in threading.enumerate()), 2)


def test_a_card_that_still_refuses_is_tried_at_most_every_30_s(evening_so_far, read_only_folder, monkeypatch):
    clock = [0.0]
    monkeypatch.setattr("companion.hall.board.now", lambda: clock[0])
    board = open_board(evening_so_far)
    tries = []
    refusing = sqlite3.connect
    monkeypatch.setattr(sqlite3, "connect", lambda database, *a, **k: (tries.append(database), refusing(database, *a,
                                                                                                        **k))[1])
    try:
        for seq in range(7):  # one change every 10 s for a minute
            clock[0] += 10
            board.handle(*event("table-2", 4, seq, players=("Ann", "Bob")))
        assert len(tries) == 2 and board.card_refusal is not None
        assert len(list(board.games())) == 1 and board.tables()[1]["entries"] == 7  # held in memory all the same
    finally:
        board.close()


@pytest.mark.browser
def test_the_hall_page_says_it_writes_its_file_again_in_both_languages_not_as_a_fault(hall):
    from selenium.webdriver.common.by import By

    from tests.e2e.browserhelpers import new_browser
    from tests.hall.hallhelpers import until

    board, url = hall
    board.writing_again_at = 1_700_000_000.0  # the card took the file back
    driver = new_browser()
    try:
        driver.get(url)
        notice = lambda: driver.find_element(By.ID, "held")  # noqa: E731
        assert until(lambda: notice().is_displayed() and "has been saved on it since" in notice().text)
        assert "memory" in notice().text and notice().get_attribute("data-ok") == "true"
        driver.find_element(By.ID, "language").click()
        assert until(lambda: "la soirée y est enregistrée depuis" in notice().text)
    finally:
        driver.quit()


def key_refused(monkeypatch) -> None:
    """The card refuses the sign-in key the hall makes (none kept before: a hall that lost session.key)."""
    def read_only(path, data):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

    monkeypatch.setattr("companion.web.auth._write_private", read_only)


def test_a_sign_in_key_the_card_refuses_is_said_where_the_hall_says_the_card_s_faults(evening_so_far, monkeypatch):
    """A sign-in key the card refuses is said on the page, where the card's faults are (not only logged: the
    organiser signs in again after each restart), and signs all the same until the hall restarts."""
    key_refused(monkeypatch)
    board = HallBoard(evening_so_far / "hall.sqlite3")
    try:
        client = create_hall_app(board, Subscriber(), evening_so_far).test_client()
        view = client.get("/api/hall").get_json()
        assert view["key_not_kept"] == "read_only" and view["held_in_memory"] is None
        login = client.post("/api/login", json={"pin": PIN}, headers={CSRF_HEADER: view["csrf_token"]})
        assert login.status_code == 200  # the key signs all the same until the hall restarts
    finally:
        board.close()
    assert not (evening_so_far / "session.key").exists()


def test_a_sign_in_key_kept_is_not_said(evening_so_far):
    board = HallBoard(evening_so_far / "hall.sqlite3")
    try:
        assert create_hall_app(board, Subscriber(), evening_so_far).test_client().get("/api/hall").get_json()[
            "key_not_kept"] is None
    finally:
        board.close()


@pytest.mark.browser
def test_the_hall_page_says_a_sign_in_key_the_card_refuses_in_both_languages(evening_so_far, monkeypatch):
    from selenium.webdriver.common.by import By

    from tests.e2e.browserhelpers import new_browser
    from tests.hall.conftest import HallServer
    from tests.hall.hallhelpers import until

    key_refused(monkeypatch)
    board = HallBoard(evening_so_far / "hall.sqlite3")
    server = HallServer(board, Subscriber(), evening_so_far)
    driver = new_browser()
    try:
        driver.get(server.url)
        notice = lambda: driver.find_element(By.ID, "held")  # noqa: E731
        assert until(lambda: notice().is_displayed() and "did not keep the organiser's sign-in" in notice().text)
        assert "turned read-only" in notice().text and notice().get_attribute("data-ok") == "false"
        assert "in memory" not in notice().text  # the evening is kept in its file
        # the card's fault without a refusal's "Not saved:", which read as if the evening were not kept
        assert "Not saved" not in notice().text and "The hall's card has turned read-only." in notice().text
        driver.find_element(By.ID, "language").click()
        assert until(lambda: "n’a pas gardé la connexion de l’organisateur" in notice().text)
        assert "Pas enregistré" not in notice().text and "La carte de la salle est passée en lecture seule." in \
            notice().text, notice().text
    finally:
        driver.quit()
        server.stop()
        board.close()
