"""The hall's memory, fed messages as the broker hands them over: duplicates dropped, a game's outcome from its
newest entry, standings per game, hidden tables left out, bad messages ignored, the exports."""

from __future__ import annotations

import csv
import io
import json

from companion.hall.board import HallBoard
from companion.hall.export import bgstats_file, games_csv, standings_csv
from tests.hall.hallhelpers import WIN_YUGI, RefusingCard, event

def test_an_entry_seen_twice_counts_once_and_the_newest_entry_says_how_the_game_ended(tmp_path):
    board = HallBoard(tmp_path / "hall.sqlite3")
    board.handle(*event("table-1", 4, 0))
    board.handle(*event("table-1", 4, 1, outcome=WIN_YUGI))
    board.handle(*event("table-1", 4, 0))  # sent again after an outage
    board.handle(*event("table-1", 4, 1, outcome=WIN_YUGI))
    assert board.duplicates == 2
    assert board.tables()[0]["entries"] == 2
    [hexors] = board.standings()
    assert hexors["played"] == 1 and hexors["title"]["en"] == "Hexors"
    assert [(p["name"], p["wins"], p["played"]) for p in hexors["players"]] == [("Yugi", 1, 1), ("Kaiba", 0, 1)]
    board.handle(*event("table-1", 4, 2, outcome=None))  # an undo took the win back
    assert board.standings() == []


def test_an_entry_after_a_gap_waits_for_the_gap_and_the_table_is_asked_for_it(tmp_path):
    """A broker restarted without persistence forgets the hall's session: what it held for the hall is lost."""
    board = HallBoard(tmp_path / "hall.sqlite3")
    board.handle(*event("table-1", 4, 0))
    board.handle(*event("table-1", 4, 2))
    assert board.early == 1 and board.tables()[0]["entries"] == 1
    assert board.behind("table-1", {})
    assert board.wanted("table-1") == {"games": {"4": 1}, "after": 4}
    state = {"game_id": 6, "entries": 3, "recent": {"4": 5, "6": 3}}  # two entries and a whole game missed
    assert board.behind("table-1", state)
    assert board.wanted("table-1", state) == {"games": {"4": 1, "6": 0}, "after": 4}
    for seq in range(1, 5):
        board.handle(*event("table-1", 4, seq))
    for seq in range(3):
        board.handle(*event("table-1", 6, seq))
    assert not board.behind("table-1", state) and board.tables()[0]["entries"] == 8
    assert not board.behind("table-9", {"recent": {"bad": "x"}})


def test_standings_gather_every_table_and_a_hidden_table_is_left_out(tmp_path):
    board = HallBoard(tmp_path / "hall.sqlite3")
    board.handle(*event("table-1", 1, 0, outcome=WIN_YUGI))
    board.handle(*event("table-2", 1, 0, players=("Yugi", "Joey"), outcome={"kind": "win", "players": ["Joey"]}))
    board.handle(*event("table-3", 9, 0, game="tesseract", players=("Ada", "Marie"),
                        outcome={"kind": "win", "players": []}))  # cooperative: both won
    board.handle(*event("table-4", 2, 0, game="free-roll", players=("Bo",)))  # never finished: not counted
    standings = {s["game"]: s for s in board.standings()}
    assert set(standings) == {"hexors", "tesseract"}
    assert [(p["name"], p["wins"], p["played"]) for p in standings["hexors"]["players"]] == [
        ("Joey", 1, 1), ("Yugi", 1, 2), ("Kaiba", 0, 1)]
    assert [p["wins"] for p in standings["tesseract"]["players"]] == [1, 1]
    assert board.hide("table-2", True) and not board.hide("table-99", True)
    assert [(p["name"], p["wins"]) for p in board.standings()[0]["players"]] == [("Yugi", 1), ("Kaiba", 0)]
    assert "table-2" not in [t["id"] for t in board.tables()]
    assert "table-2" in [t["id"] for t in board.tables(hidden=True)]
    assert board.rename("table-1", "Window table") and board.tables()[-1]["name"] == "Window table"


def test_messages_that_are_not_a_tables_are_ignored(tmp_path):
    board = HallBoard(tmp_path / "hall.sqlite3")
    version = board.version
    for topic, payload in [("companion/table-1/events", b"not json"), ("companion/table-1/events", b"[]"),
                           ("companion/table-1/events", json.dumps({"table": "table-2", "id": [1, 0]}).encode()),
                           ("companion/table-1/events", json.dumps({"table": "table-1", "id": "x"}).encode()),
                           ("companion/table-1/status", json.dumps({"table": "table-1"}).encode()),
                           ("elsewhere/table-1/state", b"{}")]:
        board.handle(topic, payload)
    assert board.ignored == 6 and board.version == version and board.tables() == []


def test_the_state_and_status_show_each_table_live(tmp_path):
    board = HallBoard(tmp_path / "hall.sqlite3")
    board.handle("companion/table-2/status", json.dumps({"table": "table-2", "name": "Table 2", "online": True}))
    board.handle("companion/table-10/state", json.dumps({"table": "table-10", "name": "Table 10", "game": "nexus",
                                                         "players": ["Ann", "Bob"], "turn": "Bob"}))
    board.handle("companion/table-2/verdicts", json.dumps({"table": "table-2", "verdicts": [
        {"kind": "illegal", "message": "No", "message_fr": "Non"}], "at": 5.0}))
    tables = board.tables()
    assert [t["name"] for t in tables] == ["Table 2", "Table 10"]  # 2 before 10
    assert tables[0]["online"] and tables[0]["last_verdict"]["kind"] == "illegal"
    assert tables[1]["state"]["turn"] == "Bob" and not tables[1]["online"]
    board.handle("companion/table-2/status", json.dumps({"table": "table-2", "online": False}))
    assert not board.tables()[0]["online"]
    # a restarted hall remembers
    board.close()
    assert [t["name"] for t in HallBoard(tmp_path / "hall.sqlite3").tables()] == ["Table 2", "Table 10"]


def test_the_exports_name_every_finished_game(tmp_path):
    board = HallBoard(tmp_path / "hall.sqlite3")
    board.handle(*event("table-1", 1, 0, outcome=WIN_YUGI))
    board.handle(*event("table-2", 1, 0, players=("Yugi", "Joey"), outcome={"kind": "win", "players": ["Joey"]},
                        started=1_700_000_500.0))
    rows = list(csv.reader(io.StringIO(standings_csv(board.standings()))))
    assert rows[0][:4] == ["game", "player", "wins", "played"]
    assert rows[1:] == [["Hexors", "Joey", "1", "1", "2"], ["Hexors", "Yugi", "1", "2", "2"],
                        ["Hexors", "Kaiba", "0", "1", "2"]]
    games = list(csv.reader(io.StringIO(games_csv(board.games()))))
    assert [(r[0], r[4]) for r in games[1:]] == [("Table 1", "Yugi"), ("Table 2", "Joey")]
    data = bgstats_file(board.games())
    assert len(data["plays"]) == 2 and len(data["games"]) == 1
    assert sorted(p["name"] for p in data["players"]) == ["Joey", "Kaiba", "Yugi"]  # one Yugi at both tables
    assert sorted(loc["name"] for loc in data["locations"]) == ["Table 1", "Table 2"]
    names = {p["id"]: p["name"] for p in data["players"]}
    won = [[names[s["playerRefId"]] for s in play["playerScores"] if s["winner"]] for play in data["plays"]]
    assert won == [["Yugi"], ["Joey"]]
    assert len({play["uuid"] for play in data["plays"]}) == 2


def test_a_message_the_card_refuses_is_asked_for_again_and_the_hall_goes_on(tmp_path):
    """SQLite's error is not raised into the MQTT client's loop (which would stop on it, the hall hearing nothing
    more): the message is counted as refused and asked for again once the card takes writes."""
    board = HallBoard(tmp_path / "hall.sqlite3")
    board.handle(*event("table-1", 4, 0))
    board._db = RefusingCard(board._db)
    board.handle(*event("table-1", 4, 1))  # not raised
    board.handle("companion/table-1/state", json.dumps({"table": "table-1", "game_id": 4}).encode())
    assert board.refused == 2 and board.tables()[0]["entries"] == 1
    assert board.behind("table-1", {}) and board.wanted("table-1") == {"games": {"4": 1}, "after": 4}
    board._db = board._db.db  # the card takes writes again: the table sends what the hall lacks
    board.handle(*event("table-1", 4, 1))
    board.handle(*event("table-1", 4, 2))
    assert board.tables()[0]["entries"] == 3 and board.early == 0
