"""The hall's broker is shared by every table and anyone on the Wi-Fi may subscribe: a Nexus deck listed from the
top (« Shuffle the deck and place it face down ») goes out in an order of its own, the journal keeps it whole, and
the hall still counts the game."""

from __future__ import annotations

import json
from pathlib import Path

from companion.bus import EventBus
from companion.hall.link import Broker
from companion.hall.publisher import HallPublisher
from companion.journal import Journal
from companion.table import Table
from tests.hall.conftest import Listener, wait_for

EXAMPLE = Path(__file__).resolve().parents[2] / "docs/rules/examples/nexus-two-players.jsonl"


def test_a_nexus_deck_from_the_top_reaches_the_broker_in_an_order_of_its_own(broker, data_dir):
    setup, card = (json.loads(line) for line in EXAMPLE.read_text().splitlines()[:2])
    assert setup["deck_order"] == "top_first" and setup["deck"] != sorted(setup["deck"])
    listener = Listener(broker.port)
    journal = Journal(data_dir / "journal.sqlite3")
    bus = EventBus()
    table = Table(journal, bus, default_game="free-roll", aware=None)
    publisher = HallPublisher(Broker.parse(broker.url), "Table 3", journal, lambda: table.state(snapshot=False),
                              data_dir, [], retry_max=1)
    bus.listen(publisher.on_bus)
    publisher.start()
    try:
        table.new_game("nexus", {}, [])
        table.submit(setup)
        table.submit(card)
        assert wait_for(lambda: len(listener.received("table-3")) == 2)
        sent = {m["id"][1]: m for m in listener.of("events") if m["game"] == "nexus"}  # a resend comes twice
        assert sent[0]["entry"]["event"]["deck"] == sorted(setup["deck"])
        assert sent[0]["players"] == ["Ann", "Bob"] and sent[1]["entry"]["event"] == card
        assert journal.entries(table.record.id)[0].event["deck"] == setup["deck"]
    finally:
        publisher.stop()
        listener.close()
        journal.close()
