"""Issue 56's evening: a broker, two tables (real services with their web servers, no camera) and the hall served by
waitress. Each table plays; the broker stops while one table plays 20 rolls on; it comes back; the hall and a plain
subscriber have every journal entry of both tables, in order per table, none lost, and the hall's standings are
the journals' own."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from companion.config import load_config
from companion.hall.board import HallBoard
from companion.hall.link import Broker
from companion.hall.subscriber import HallSubscriber
from companion.journal import setup_players
from companion.service import Service
from companion.web import create_app
from companion.web.server import WebServer
from tests.hall.conftest import HallServer, Listener, wait_for

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "examples"


def table_service(data_dir: Path, url: str, name: str) -> tuple[Service, WebServer]:
    data_dir.mkdir()
    config = load_config(None, overrides={"service": {"data_dir": str(data_dir), "host": "127.0.0.1"},
                                          "hall": {"broker": url, "table": name, "retry_max_seconds": 1.0}})
    service = Service(config, camera=False)
    service.start()
    return service, WebServer(create_app(service, testing=True), "127.0.0.1", 0, threads=8).start()


def play(service: Service, game: str, example: str) -> None:
    service.table.new_game(game, {}, [])
    for line in (EXAMPLES / example).read_text().splitlines():
        service.table.submit(json.loads(line))


def get(port: int, path: str) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=20) as answer:
        return json.loads(answer.read())


def journal_ids(service: Service) -> list[tuple[int, int]]:
    journal = service.journal
    return [(g.id, e.seq) for g in journal.games() for e in journal.entries(g.id)]


def journal_standings(*services: Service) -> dict[str, dict[str, tuple[int, int]]]:
    """Per game, per player, (wins, games played) over the finished games of the journals, counted here anew."""
    out: dict[str, dict[str, list[int]]] = {}
    for service in services:
        for record in service.journal.games():
            outcome = record.outcome or service.table.outcome(record.id)
            if not outcome or outcome["kind"] not in ("win", "loss"):
                continue
            players = record.players or setup_players([e.event for e in service.journal.entries(record.id)]) or \
                outcome["players"]  # as BG Stats' export names the players of a game started without names
            won = players if record.game == "tesseract" and outcome["kind"] == "win" else \
                outcome["players"] if outcome["kind"] == "win" else []
            for player in players:
                row = out.setdefault(record.game, {}).setdefault(player, [0, 0])
                row[0] += player in won
                row[1] += 1
    return {game: {p: tuple(r) for p, r in rows.items()} for game, rows in out.items()}


def wins(listener) -> list[tuple[str, list[str]]]:
    """The wins the plain subscriber was told on the verdicts topic, by table."""
    return [(m["table"], v["players"]) for m in listener.of("verdicts") for v in m["verdicts"] if v["kind"] == "win"]


def test_a_club_night_loses_nothing_through_a_broker_outage(broker, tmp_path):
    hall_data = tmp_path / "hall"
    hall_data.mkdir()
    board = HallBoard(hall_data / "hall.sqlite3")
    subscriber = HallSubscriber(Broker.parse(broker.url), board, client_id="the-hall")
    subscriber.start()
    hall_server = HallServer(board, subscriber, hall_data)
    hall_port = hall_server.port
    listener = Listener(broker.port)
    one, one_web = table_service(tmp_path / "one", broker.url, "Table 1")
    two, two_web = table_service(tmp_path / "two", broker.url, "Table 2")
    running = [(one, one_web), (two, two_web)]
    try:
        play(one, "hexors", "hexors-cannot-move.jsonl")  # Yugi wins
        play(two, "tesseract", "tesseract-win.jsonl")  # Ada and Marie win together
        play(one, "nexus", "nexus-two-players.jsonl")  # Ann wins
        two.table.new_game("free-roll", {}, ["Ada", "Marie"])
        assert wait_for(lambda: {t["name"] for t in get(hall_port, "/api/hall")["tables"]} == {"Table 1", "Table 2"})
        # The outage is for table 2's rolls: the wins played before it have reached the subscriber first (a live
        # verdict still in flight when a broker without persistence stops is gone; the events bring it back).
        assert wait_for(lambda: ("table-1", ["Ann"]) in wins(listener), 30), wins(listener)

        broker.stop()
        for n in range(20):
            two.table.submit({"type": "roll", "dice": [{"value": n % 6 + 1, "color": "red"}]}, source="phone")
        assert two.table.state()["entries"] == 20
        info = get(two_web.port, "/api/info")  # the phones' settings say it, the table goes on
        assert any("cannot be reached" in n["message"] for n in info["notices"])
        broker.start()
        play(two, "hexors", "hexors-beginner-win.jsonl")  # after the outage: Yugi wins again

        ids = {"table-1": journal_ids(one), "table-2": journal_ids(two)}
        assert len(ids["table-2"]) > 40
        for table, expected in ids.items():
            # Each game's entries are taken in order (the listener takes an entry only after the one before it), but
            # one game's catch-up may come after the next game's entries: every entry once, game by game
            assert wait_for(lambda: sorted(listener.received(table)) == expected, 60), (
                table, len(expected), listener.received(table)[-3:], expected[-3:],
                [m["id"] for m in listener.of("events") if m["table"] == table][-30:])
        def hall_has_all() -> bool:
            tables = {t["id"]: t["entries"] for t in get(hall_port, "/api/hall")["tables"]}
            return tables == {table: len(expected) for table, expected in ids.items()}
        assert wait_for(hall_has_all, 60), ([(t["id"], t["entries"]) for t in get(hall_port, "/api/hall")["tables"]],
                                            {table: len(expected) for table, expected in ids.items()})
        assert not any("cannot be reached" in n["message"] for n in get(two_web.port, "/api/info")["notices"])

        assert ("table-1", ["Yugi"]) in wins(listener) and ("table-1", ["Ann"]) in wins(listener)  # as they happened
        view = get(hall_port, "/api/hall")
        standings = {s["game"]: {p["name"]: (p["wins"], p["played"]) for p in s["players"]} for s in view["standings"]}
        assert standings == journal_standings(one, two)
        assert standings["hexors"]["Yugi"] == (2, 2) and standings["tesseract"]["Ada"] == (1, 1)
        table_two = next(t for t in view["tables"] if t["id"] == "table-2")
        assert table_two["online"] and table_two["state"]["game"] == "hexors"
        assert table_two["state"]["outcome"]["players"] == ["Yugi"]

        running.remove((one, one_web))
        one_web.stop()
        one.stop()  # the table leaves: the hall shows it offline
        assert wait_for(lambda: not next(t for t in get(hall_port, "/api/hall")["tables"] if t["id"] == "table-1")
                        ["online"], 20)
    finally:
        for service, web in running:
            web.stop()
            service.stop()
        listener.close()
        subscriber.stop()
        hall_server.stop()
        board.close()
