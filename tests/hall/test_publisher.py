"""A table publishing to a real Mosquitto: every journal entry once acknowledged, in order, none lost across an outage
or a restart, and the referee never waiting for the broker."""

from __future__ import annotations

import json
import time

import pytest

from companion.bus import BusEvent, EventBus
from companion.hall.link import Broker, BrokerError, read_password, table_id
from companion.hall.ledger import LEDGER_FILE, AckLedger
from companion.hall.publisher import HallPublisher
from companion.journal import Journal
from companion.table import Table
from tests.hall.conftest import Listener, wait_for
from tests.hall.mosquitto import with_logins
from tests.ports import free_port


def roll(value: int) -> dict:
    return {"type": "roll", "dice": [{"value": value, "color": "red"}, {"value": 7 - value, "color": "blue"}]}


def make_table(data_dir, url, name="Table 3", **broker):
    journal = Journal(data_dir / "journal.sqlite3")
    bus = EventBus()
    table = Table(journal, bus, default_game="free-roll", aware=None)
    notices: list[dict] = []
    publisher = HallPublisher(Broker.parse(url, **broker), name, journal, lambda: table.state(snapshot=False),
                              data_dir, notices, retry_max=1)  # as the service builds it
    bus.listen(publisher.on_bus)
    return table, publisher, notices


def received(listener: Listener, table: str = "table-3") -> list[tuple[int, int]]:
    return listener.received(table)


def test_every_entry_is_published_with_its_journal_id_and_the_state_is_retained(broker, data_dir):
    listener = Listener(broker.port)
    table, publisher, _ = make_table(data_dir, broker.url)
    publisher.start()
    try:
        for value in range(1, 6):
            table.submit(roll(value))
        game = table.record.id
        assert wait_for(lambda: len(received(listener)) == 5)
        assert received(listener) == [(game, seq) for seq in range(5)]
        first = listener.of("events")[0]
        assert first["entry"]["event"]["dice"][0]["value"] == 1 and first["game"] == "free-roll"
        assert publisher.wait_sent(10)
        assert json.loads((data_dir / LEDGER_FILE).read_text())["acked"] == {str(game): 5} or wait_for(
            lambda: json.loads((data_dir / LEDGER_FILE).read_text())["acked"] == {str(game): 5}, 5)
        # a hall that comes later gets the table's state and status from the broker (retained)
        late = Listener(broker.port, "late")
        state = wait_for(lambda: [m for m in late.of("state") if m["entries"] == 5])
        assert state and state[-1]["game"] == "free-roll" and state[-1]["name"] == "Table 3"
        assert wait_for(lambda: [m for m in late.of("status") if m["online"]])
        late.close()
    finally:
        publisher.stop()
        listener.close()
    offline = Listener(broker.port, "after")
    assert wait_for(lambda: [m for m in offline.of("status") if m["online"] is False])
    offline.close()


def test_a_broker_outage_loses_nothing_and_never_holds_the_referee(broker, data_dir):
    listener = Listener(broker.port)
    table, publisher, notices = make_table(data_dir, broker.url)
    publisher.start()
    try:
        table.submit(roll(1))
        assert wait_for(lambda: len(received(listener)) == 1)
        broker.stop()
        assert wait_for(lambda: not publisher.connected, 10)
        slowest = 0.0
        for n in range(20):
            began = time.monotonic()
            table.submit(roll(n % 6 + 1))
            slowest = max(slowest, time.monotonic() - began)
        assert slowest < 0.5  # journaled and refereed at once, broker or not
        assert wait_for(lambda: notices, 10) and "cannot be reached" in notices[0]["message"]
        broker.start()
        game = table.record.id
        assert wait_for(lambda: len(received(listener)) == 21, 30), received(listener)
        assert received(listener) == [(game, seq) for seq in range(21)]
        assert wait_for(lambda: not notices, 10)  # the notice goes when the broker is back
        assert publisher.wait_sent(10)
    finally:
        publisher.stop()
        listener.close()


def test_a_restart_sends_what_the_broker_never_acknowledged(broker, data_dir):
    table, publisher, _ = make_table(data_dir, broker.url)
    publisher.start()
    table.submit(roll(2))
    assert publisher.wait_sent(10)
    broker.stop()
    for value in (3, 4, 5):
        table.submit(roll(value))
    publisher.stop()
    table.journal.close()
    broker.start()
    # A consumer that never asks for a replay hears only what the table resends of itself. (One that asks would,
    # on the table's state, ask for entry 0 too, maybe before the table has resent anything.)
    quiet = Listener(broker.port, "quiet-listener", asks=False)
    assert quiet.subscribed.wait(10)
    table, publisher, _ = make_table(data_dir, broker.url)  # the same data directory: its ledger
    publisher.start()
    listener = None
    try:
        game = table.record.id
        sent = lambda: [tuple(m["id"]) for m in quiet.of("events")]  # noqa: E731
        assert wait_for(lambda: len(sent()) >= 3, 20)
        assert publisher.wait_sent(10)
        assert sent() == [(game, 1), (game, 2), (game, 3)]  # what the broker had not acknowledged, and no more
        # this listener never saw entry 0: the table's state tells it, it asks for it, and has the game in order
        listener = Listener(broker.port)
        assert wait_for(lambda: received(listener) == [(game, seq) for seq in range(4)], 20), received(listener)
    finally:
        publisher.stop()
        quiet.close()
        if listener is not None:
            listener.close()


def test_a_refused_login_is_said_once_and_retried_without_a_crash(tmp_path, data_dir):
    with with_logins(tmp_path / "secure", {"table3": "right"}) as server:
        table, publisher, notices = make_table(data_dir, server.url, username="table3", password="wrong")
        publisher.start()
        assert wait_for(lambda: notices, 10)
        time.sleep(2.5)  # several tries meanwhile
        assert len(notices) == 1 and "refused the login" in notices[0]["message"]
        assert "refuse la connexion" in notices[0]["message_fr"]
        table.submit(roll(6))  # refereeing goes on
        assert table.state()["entries"] == 1
        publisher.stop()


def test_an_unreachable_broker_is_said_and_the_password_file_must_be_private(tmp_path, data_dir):
    table, publisher, notices = make_table(data_dir, f"mqtt://127.0.0.1:{free_port()}")
    publisher.start()
    try:
        assert wait_for(lambda: notices, 10) and "cannot be reached" in notices[0]["message"]
    finally:
        publisher.stop()
    secret = tmp_path / "password"
    secret.write_text("s3cret\n")
    secret.chmod(0o644)
    with pytest.raises(BrokerError, match="chmod 600"):
        read_password(secret)
    secret.chmod(0o600)
    assert Broker.parse("mqtts://hall.local", "t", password_file=str(secret)).password == "s3cret"
    assert Broker.parse("mqtts://hall.local").port == 8883
    with pytest.raises(BrokerError, match="mqtt://HOST"):
        Broker.parse("http://hall.local")
    assert table_id("Table 3") == "table-3" and table_id("Tablée n°5 — Été") == "tablee-n5-ete"


def test_the_ledger_moves_on_only_past_acknowledged_entries_and_a_first_start_sends_the_game_at_the_table(data_dir):
    journal = Journal(data_dir / "journal.sqlite3")
    table = Table(journal, EventBus(), default_game="free-roll", aware=None)
    table.submit(roll(1))
    old = table.record.id
    table.new_game("free-roll", {}, [])
    table.submit(roll(2))
    ledger = AckLedger(data_dir / LEDGER_FILE, journal)
    assert ledger.next(old) == 1 and ledger.next(table.record.id) == 0  # played before the hall: stays home
    game = table.record.id
    ledger.ack(game, 1)  # acknowledged out of order: the ledger waits for 0
    assert ledger.next(game) == 0
    ledger.ack(game, 0)
    assert ledger.next(game) == 2
    ledger.ack(game, 1)  # acknowledged again after a resend: nothing changes
    assert ledger.next(game) == 2
    ledger.save()
    assert AckLedger(data_dir / LEDGER_FILE, journal).next(game) == 2
    (data_dir / LEDGER_FILE).write_text("{not json")
    assert AckLedger(data_dir / LEDGER_FILE, journal).next(game) == 0  # unreadable: everything is sent again


def test_an_event_that_does_not_name_its_game_still_gets_its_entries_sent(broker, data_dir):
    listener = Listener(broker.port)
    journal = Journal(data_dir / "journal.sqlite3")
    table = Table(journal, EventBus(), default_game="free-roll", aware=None)  # a bus the publisher does not hear
    publisher = HallPublisher(Broker.parse(broker.url), "Table 3", journal, lambda: table.state(snapshot=False),
                              data_dir, retry_max=1)
    publisher.start()
    try:
        assert wait_for(lambda: publisher.connected, 10)
        table.submit(roll(4))
        table.submit(roll(5))
        publisher.on_bus(BusEvent(1, "entry", {"seq": 1, "verdicts": []}))  # no state, no game id
        assert wait_for(lambda: received(listener) == [(table.record.id, 0), (table.record.id, 1)], 10)
    finally:
        publisher.stop()
        listener.close()


class _Sent:
    def __init__(self, mid: int) -> None:
        self.mid = mid


class _AskingClient:
    """Hands each publish to nobody, and asks once for game ``game`` again from entry 0 while its entry ``at`` goes
    out."""

    def __init__(self, publisher: HallPublisher, game: int, at: int) -> None:
        self.publisher, self.game, self.at = publisher, game, at
        self.events: list[tuple[int, int]] = []

    def publish(self, topic_name, payload, qos=0, retain=False):
        if topic_name.endswith("/events"):
            message = json.loads(payload)
            self.events.append(tuple(message["id"]))
            if tuple(message["id"]) == (self.game, self.at) and self.events.count((self.game, self.at)) == 1:
                asked = type("Message", (), {"payload": json.dumps({"games": {str(self.game): 0}}).encode()})
                self.publisher._replay_asked(None, None, asked)
        return _Sent(len(self.events))


def test_a_replay_asked_while_the_same_game_is_being_sent_is_not_lost(data_dir):
    # A listener that came back after an outage asks for a game from entry 0 while the table is still handing that
    # game's entries to the client: its request must not be overwritten by the entries sent after it.
    journal = Journal(data_dir / "journal.sqlite3")
    table = Table(journal, EventBus(), default_game="free-roll", aware=None)
    for value in range(1, 6):
        table.submit(roll(value))
    game = table.record.id
    publisher = HallPublisher(Broker.parse("mqtt://127.0.0.1:1"), "Table 3", journal,
                              lambda: table.state(snapshot=False), data_dir)
    client = _AskingClient(publisher, game, at=2)
    publisher.client = client
    publisher._publish_entries()
    publisher._publish_entries()
    seqs = [seq for g, seq in client.events if g == game]
    assert seqs[:3] == [0, 1, 2]
    assert seqs[3:] == [0, 1, 2, 3, 4]  # sent again from where it was asked, then on to the end


def test_publishing_that_keeps_failing_logs_one_traceback_then_that_it_works_again(broker, data_dir, caplog,
                                                                                    monkeypatch):
    """Publishing that keeps failing logs its traceback once, not at each try (every second or two), then one line
    once it works again."""
    import logging

    caplog.set_level(logging.WARNING, logger="companion.hall.publisher")
    listener = Listener(broker.port)
    table, publisher, _ = make_table(data_dir, broker.url)
    publish_state, tries = publisher._publish_state, []

    def state_on_a_failing_card():
        if len(tries) < 3:
            tries.append(1)
            raise OSError(5, "Input/output error")
        publish_state()

    monkeypatch.setattr(publisher, "_publish_state", state_on_a_failing_card)
    publisher.start()
    try:
        table.submit(roll(1))
        assert wait_for(lambda: len(received(listener)) == 1, 30)
    finally:
        publisher.stop()
        listener.close()
    said = [r for r in caplog.records if r.name == "companion.hall.publisher" and "publishing" in r.getMessage()]
    assert len(tries) == 3 and [bool(r.exc_info) for r in said] == [True, False], [r.getMessage() for r in said]
    assert "works again, after 3 failures" in said[-1].getMessage()
