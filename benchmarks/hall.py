"""A compressed club night: N tables publishing to one Mosquitto, the hall and a plain subscriber listening.

Each table is a real Table (journal in SQLite, the referee) with its HallPublisher in-process; rolls are entered
at random moments over the evening, the broker is stopped for a few seconds in the middle (``--outage 0``: no
outage), and each table ends with a game of Hexors won, so the hall has standings. Prints per table the publish
latency (entry journaled -> read by a plain subscriber; median, p99), the hall page's update delay (entry
journaled -> /api/hall shows it, read by a page long-polling it), the broker's bytes per roll, and the entries
lost (journal vs hall, and vs the subscriber in order; goal 0). Exits non-zero when one is lost.

    python benchmarks/hall.py [--tables 20] [--rolls 30] [--seconds 20] [--outage 3]
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

import paho.mqtt.client as mqtt  # noqa: E402
import waitress  # noqa: E402

from companion.bus import EventBus  # noqa: E402
from companion.hall.app import create_hall_app  # noqa: E402
from companion.hall.board import HallBoard  # noqa: E402
from companion.hall.link import Broker  # noqa: E402
from companion.hall.publisher import HallPublisher  # noqa: E402
from companion.hall.subscriber import HallSubscriber  # noqa: E402
from companion.journal import Journal  # noqa: E402
from companion.table import Table  # noqa: E402
from tests.hall.mosquitto import Mosquitto  # noqa: E402

WIN = [json.loads(line) for line in (REPO / "docs/rules/examples/hexors-cannot-move.jsonl").read_text().splitlines()]


class Subscriber:
    """A plain subscriber: takes each game's entries in order, asks a table for what it lacks; reads the broker's
    byte counters ($SYS, every second)."""

    def __init__(self, port: int) -> None:
        self.lock = threading.Lock()
        self.have: dict[tuple[str, int], int] = {}
        self.arrived: dict[tuple[str, int, int], float] = {}
        self.bytes = {"received": 0, "sent": 0}
        self.bytes_before_outage = {"received": 0, "sent": 0}
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="bench-listener", clean_session=False)
        self.client.on_connect = self._connected
        self.client.on_message = self._message
        self.client.reconnect_delay_set(1, 2)
        self.client.connect_async("127.0.0.1", port)
        self.client.loop_start()

    def _ask(self, table: str, also: dict[int, int]) -> None:
        mine = {g: n for (t, g), n in self.have.items() if t == table}
        games = {str(g): mine.get(g, 0) for g in {*mine, *also}}
        self.client.publish(f"companion/{table}/replay", json.dumps({"games": games}), qos=1)

    def _connected(self, client, userdata, flags, reason_code, properties) -> None:
        client.subscribe([("companion/+/events", 1), ("companion/+/state", 1), ("$SYS/broker/bytes/+", 0)])
        with self.lock:
            for table in {t for t, _ in self.have}:
                self._ask(table, {})

    def _message(self, client, userdata, message) -> None:
        now = time.monotonic()
        if message.topic.startswith("$SYS/broker/bytes/"):
            self.bytes[message.topic.rsplit("/", 1)[1]] = int(message.payload)
            return
        data = json.loads(message.payload)
        with self.lock:
            if message.topic.endswith("/events"):
                (game, seq), table = data["id"], data["table"]
                if seq == self.have.get((table, game), 0):
                    self.have[(table, game)] = seq + 1
                    self.arrived[(table, game, seq)] = now
            else:
                recent = {int(g): n for g, n in data.get("recent", {}).items()}
                if any(self.have.get((data["table"], g), 0) < n for g, n in recent.items()):
                    self._ask(data["table"], recent)


class HallPage:
    """A page long-polling /api/hall: when each table's entry count was first shown."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.shown: dict[tuple[str, int], float] = {}  # (table, entries shown) -> when
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._follow, daemon=True)
        self.thread.start()

    def _follow(self) -> None:
        version = 0
        while not self.stopping.is_set():
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/hall?after={version}&wait=5",
                                            timeout=20) as answer:
                    view = json.loads(answer.read())
            except OSError:
                time.sleep(0.2)
                continue
            now = time.monotonic()
            version = view["version"]
            for table in view["tables"]:
                for n in range(1, table["entries"] + 1):
                    self.shown.setdefault((table["id"], n), now)


def quantiles(values: list[float]) -> tuple[float, float]:
    values = sorted(values)
    if not values:
        return float("nan"), float("nan")
    return statistics.median(values), values[min(len(values) - 1, int(round(0.99 * (len(values) - 1))))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--rolls", type=int, default=30, help="rolls per table over the evening")
    parser.add_argument("--seconds", type=float, default=20.0, help="length of the compressed evening")
    parser.add_argument("--outage", type=float, default=3.0, help="seconds the broker is away mid-evening (0: none)")
    parser.add_argument("--seed", type=int, default=56)
    args = parser.parse_args()
    logging.basicConfig(level=logging.ERROR)
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="hall-bench-"))
    broker = Mosquitto(work, sys_interval=1)  # the $SYS byte counters, every second
    broker.start()
    url = f"mqtt://127.0.0.1:{broker.port}"
    board = HallBoard(work / "hall" / "hall.sqlite3")
    subscriber = HallSubscriber(Broker.parse(url), board, client_id="bench-hall")
    subscriber.start()
    server = waitress.create_server(create_hall_app(board, subscriber, work / "hall", threads=16), host="127.0.0.1",
                                    port=0, threads=16)
    threading.Thread(target=server.run, daemon=True).start()
    listener = Subscriber(broker.port)
    page = HallPage(server.effective_port)
    tables = []
    for n in range(1, args.tables + 1):
        folder = work / f"table{n}"
        folder.mkdir()
        journal = Journal(folder / "journal.sqlite3")
        bus = EventBus()
        table = Table(journal, bus, default_game="free-roll", aware=None)
        publisher = HallPublisher(Broker.parse(url), f"Table {n}", journal, table.state, folder, retry_max=1)
        bus.listen(publisher.on_bus)
        publisher.start()
        tables.append((table, publisher))
    time.sleep(1.0)

    journaled: dict[tuple[str, int, int], float] = {}
    moments = sorted((rng.uniform(0, args.seconds), i) for i, _ in enumerate(tables) for _ in range(args.rolls))
    began = time.monotonic()
    lock = threading.Lock()

    def enter(table: Table, publisher: HallPublisher, event: dict) -> None:
        table.submit(event, source="phone")
        with lock:
            journaled[(publisher.table, table.record.id, table.state_version - 1)] = time.monotonic()

    away_from_to = [float("inf"), float("inf")]

    def outage() -> None:
        time.sleep(max(0.0, began + args.seconds / 2 - time.monotonic()))
        listener.bytes_before_outage = dict(listener.bytes)
        away_from_to[0] = time.monotonic()
        broker.stop()
        time.sleep(args.outage)
        broker.start()
        away_from_to[1] = time.monotonic()

    away = threading.Thread(target=outage, daemon=True)
    if args.outage > 0:
        away.start()
    slowest_submit = 0.0
    for at, i in moments:
        time.sleep(max(0.0, began + at - time.monotonic()))
        table, publisher = tables[i]
        start = time.monotonic()
        enter(table, publisher, {"type": "roll", "dice": [{"value": rng.randint(1, 6), "color": "red"},
                                                          {"value": rng.randint(1, 6), "color": "blue"}]})
        slowest_submit = max(slowest_submit, time.monotonic() - start)
    if away.is_alive():
        away.join()
    for table, publisher in tables:  # the evening's last game at each table: Hexors, won by Yugi
        table.new_game("hexors", {}, [])
        for event in WIN:
            enter(table, publisher, event)
    rolls = args.tables * args.rolls

    expected = {(p.table, g.id, e.seq) for t, p in tables for g in t.journal.games() for e in t.journal.entries(g.id)}
    per_table = {p.table: sum(1 for k in expected if k[0] == p.table) for _, p in tables}
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with listener.lock:
            got = set(listener.arrived)
        if expected <= got and {t["id"]: t["entries"] for t in board.tables()} == per_table:
            break
        time.sleep(0.2)
    time.sleep(1.5)  # the last $SYS byte counts

    print(f"{args.tables} tables, {rolls} rolls over {args.seconds:g} s, broker away {args.outage:g} s mid-evening, "
          f"then a game of Hexors each ({len(expected)} journal entries in all)")
    print(f"slowest Table.submit while publishing: {slowest_submit * 1000:.1f} ms")
    during = [k for k, at in journaled.items() if away_from_to[0] <= at <= away_from_to[1]]
    if during:
        back = max(listener.arrived.get(k, float("nan")) for k in during) - away_from_to[1]
        print(f"{len(during)} entries journaled while the broker was away: all read by the subscriber "
              f"{back:.1f} s after it came back (tables retry every 1 s at most here)")
    print("while the broker is up:")
    print("table      publish latency median / p99 (ms)   hall page delay median / p99 (ms)")
    all_publish, all_page = [], []
    def up(at: float) -> bool:  # journaled while the broker was up, not while the tables were catching up
        return at < away_from_to[0] or at > away_from_to[1] + 3.0

    for table, publisher in tables:
        mine = sorted((k for k in journaled if k[0] == publisher.table), key=lambda k: journaled[k])
        publish = [(listener.arrived[k] - journaled[k]) * 1000 for k in mine if k in listener.arrived
                   and up(journaled[k])]
        page_delays = []  # the n-th entry journaled at this table is shown when the page shows n entries
        for n, key in enumerate(mine, start=1):
            seen = page.shown.get((publisher.table, n))
            if seen is not None and up(journaled[key]):
                page_delays.append(max(0.0, seen - journaled[key]) * 1000)
        all_publish += publish
        all_page += page_delays
        pm, pp = quantiles(publish)
        hm, hp = quantiles(page_delays)
        print(f"{publisher.table:10} {pm:10.1f} / {pp:8.1f}                  {hm:10.1f} / {hp:8.1f}")
    pm, pp = quantiles(all_publish)
    hm, hp = quantiles(all_page)
    print(f"{'all':10} {pm:10.1f} / {pp:8.1f}                  {hm:10.1f} / {hp:8.1f}")
    total_in = listener.bytes_before_outage["received"] + listener.bytes["received"]
    total_out = listener.bytes_before_outage["sent"] + listener.bytes["sent"]
    print(f"broker bytes per roll (per journal entry): {total_in / len(expected):.0f} received from the tables, "
          f"{total_out / len(expected):.0f} sent to the hall and this subscriber, "
          f"{(total_in + total_out) / len(expected):.0f} in all")
    lost_listener = len(expected - set(listener.arrived))
    hall_entries = sum(t["entries"] for t in board.tables())
    lost_hall = len(expected) - hall_entries
    print(f"events lost: {lost_listener} (plain subscriber, in order), {lost_hall} (hall)")
    page.stopping.set()
    page.thread.join(10)
    for _, publisher in tables:
        publisher.stop(timeout=1.0)
    subscriber.stop()
    server.close()
    broker.stop()
    shutil.rmtree(work, ignore_errors=True)
    return 1 if lost_listener or lost_hall else 0


if __name__ == "__main__":
    sys.exit(main())
