"""The live bus: numbered events so a phone that sleeps can resume without missing any."""

import threading

from companion.bus import EventBus


def test_events_are_numbered_and_resumable():
    bus = EventBus(keep=5)
    for i in range(3):
        bus.publish("entry", {"i": i})
    events, complete = bus.since(1)
    assert [e.id for e in events] == [2, 3] and complete
    assert bus.last_id == 3


def test_a_client_too_far_behind_is_told_it_lost_events():
    bus = EventBus(keep=3)
    for i in range(10):
        bus.publish("entry", {"i": i})
    events, complete = bus.since(2)
    assert [e.id for e in events] == [8, 9, 10] and not complete
    assert bus.since(7)[1]


def test_wait_wakes_on_publish_and_listeners_see_everything():
    bus = EventBus()
    seen = []
    bus.listen(lambda e: seen.append(e.topic))
    threading.Timer(0.05, lambda: bus.publish("live", {})).start()
    events, _ = bus.wait(0, timeout=5)
    assert [e.topic for e in events] == ["live"] and seen == ["live"]
    assert bus.wait(1, timeout=0.01)[0] == []


def test_the_replay_buffer_is_bounded_in_bytes_not_only_in_events():
    """The replay buffer keeps at most ``keep_bytes`` of events, however few: a count alone lets heavy events grow
    the service all evening. One event heavier than the bound is still held."""
    bus = EventBus(keep=1000, keep_bytes=10_000)
    for i in range(50):
        bus.publish("entry", {"i": i, "padding": "x" * 1000})
    events, complete = bus.since(0)
    assert not complete and 5 <= len(events) <= 10
    assert sum(e.size for e in events) <= 10_000 and events[-1].id == bus.last_id == 50
    assert bus.since(events[0].id - 1)[1] and not bus.since(events[0].id - 2)[1]
    bus.publish("entry", {"padding": "y" * 50_000})  # one event heavier than the bound is still held
    assert [e.id for e in bus.since(50)[0]] == [51]


def test_a_live_event_carries_the_whole_state_only_while_it_is_small(tmp_path, monkeypatch):
    """A state past the bound leaves the board out of its entry events (phones read /api/state), so no event to every
    phone grows with the board; free roll's carry the whole state. Every example game's states are now within the
    bound (tests/games/test_live_event_size.py): here it is lowered to 4 KiB, which a Nexus board of fifty cards
    passes."""
    import json
    from pathlib import Path

    from companion.journal import Journal
    from companion.table import Table

    EVENT_STATE_MAX = 4 * 1024
    monkeypatch.setattr("companion.table.state.EVENT_STATE_MAX", EVENT_STATE_MAX)
    bus = EventBus()
    table = Table(Journal(tmp_path / "journal.sqlite3"), bus)
    table.submit({"type": "roll", "dice": [{"value": 3}]})
    assert bus.since(0)[0][-1].data["state"] == table.state(snapshot=False)  # no phone draws from the snapshot
    table.new_game("nexus", {}, [])
    example = Path(__file__).resolve().parents[2] / "docs/rules/examples/nexus-two-players.jsonl"
    for line in example.read_text().splitlines():
        table.submit(json.loads(line))
    assert len(json.dumps(table.state())) > 2 * EVENT_STATE_MAX
    last = bus.since(0)[0][-1]
    assert last.topic == "entry" and last.size < EVENT_STATE_MAX
    assert last.data["state"]["partial"] and "summary" not in last.data["state"]
    assert last.data["state"]["entries"] == table.state()["entries"] and last.data["state"]["game"] == "nexus"


def test_the_replay_buffer_holds_each_event_as_its_json_text_alone():
    """Its bound in bytes is what it weighs: a held event is its JSON text, read back from the text when asked for,
    under 5 times the text's size (a held dict tree weighs nearly 10 times, tens of MB in a full buffer); listeners
    still get the data itself."""
    import gc
    import tracemalloc

    def data(i):
        return {"i": i, "state": {"faces": {c: [i, 2, 3, 4, 5, 6] for c in ("red", "white", "blue")}, "name": "Zoé"}}

    bus = EventBus(keep=100)
    heard = []
    bus.listen(lambda e: heard.append(e.data is not None and e.data["i"]))
    tracemalloc.start()
    try:
        for i in range(300):
            bus.publish("entry", data(i))
        gc.collect()
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    events, _ = bus.since(0)
    assert [e.data for e in events] == [data(i) for i in range(200, 300)] and heard == list(range(300))
    # Each event's JSON text (a str of non-ASCII text takes 72 bytes and its characters), its object, id and time come
    # to about 3 times its characters, and allocations of threads other tests left running add to it; a held dict
    # tree came to nearly 10 times (106 KB against 34 KB here).
    assert held < 5 * sum(e.size for e in events)


def test_a_stream_woken_for_one_event_looks_at_that_event_not_at_the_whole_buffer():
    """Every phone's stream calls ``since`` at each event: it goes through the few held events after the one asked
    for, not all 1000 each time (5 phones, 5000 events looked at per roll, a roll costing more as the buffer fills).
    Counted: the held events it goes through."""
    import collections

    class CountingDeque(collections.deque):
        looked = 0

        def __iter__(self):
            for event in super().__iter__():
                CountingDeque.looked += 1
                yield event

        def __reversed__(self):
            for event in super().__reversed__():
                CountingDeque.looked += 1
                yield event

    bus = EventBus(keep=1000)
    bus._events = CountingDeque(bus._events)
    for i in range(1500):
        bus.publish("entry", {"i": i})
    CountingDeque.looked = 0
    events, complete = bus.since(1497)
    assert [e.id for e in events] == [1498, 1499, 1500] and complete
    assert CountingDeque.looked <= 4
    assert bus.since(1500) == ([], True) and [e.id for e in bus.since(600)[0]][:2] == [601, 602]
    assert not bus.since(499)[1] and bus.since(500)[1] and len(bus.since(0)[0]) == 1000


def test_a_listener_that_keeps_failing_logs_one_traceback_then_a_count_then_that_it_works_again(
        caplog, monkeypatch):
    """A listener failing on every event logs its traceback once, then a count, then that it works again: a
    traceback per event would fill the journal all evening. A failure of another kind is new: its traceback is
    logged too."""
    import logging

    from companion import bus_failures

    clock = [1000.0]
    monkeypatch.setattr(bus_failures, "now", lambda: clock[0])
    fault: list[Exception | None] = [OSError(28, "No space left on device")]
    told = []

    def writes_on_the_card(event):
        if fault[0] is not None and event.topic == "entry":  # the other events it passes by
            raise fault[0]

    bus = EventBus()
    bus.listen(writes_on_the_card)
    bus.listen(lambda e: told.append(e.id))
    caplog.set_level(logging.WARNING, logger="companion.bus")
    for _ in range(50):  # a few minutes of an evening's events
        bus.publish("entry", {})
        bus.publish("live", {})  # passed by: not the failing listener working again
        clock[0] += 1.0
    assert told == list(range(1, 101))  # the others were told of every event
    first = [r for r in caplog.records if r.exc_info]
    assert len(first) == 1 and "writes_on_the_card on 'entry' events failed (event 1)" in first[0].getMessage()
    assert len(caplog.records) == 1
    clock[0] += bus_failures.REPEAT_EVERY
    bus.publish("entry", {})
    counted = caplog.records[-1]
    assert len(caplog.records) == 2 and not counted.exc_info
    assert "still fails: 51 times since" in counted.getMessage() and "50 since the last line" in counted.getMessage()
    assert "No space left on device" in counted.getMessage()
    fault[0] = ValueError("a bug")  # another fault: its traceback
    bus.publish("entry", {})
    assert len(caplog.records) == 3 and caplog.records[-1].exc_info[0] is ValueError
    fault[0] = None
    bus.publish("entry", {})
    bus.publish("entry", {})
    assert len(caplog.records) == 4 and "works again, after 52 failures" in caplog.records[-1].getMessage()
    fault[0] = OSError(5, "Input/output error")  # failing again later: a new traceback
    bus.publish("entry", {})
    assert len(caplog.records) == 5 and caplog.records[-1].exc_info[0] is OSError


def test_a_listener_failing_in_two_threads_at_once_logs_one_traceback_and_counts_both(caplog, monkeypatch,
                                                                                       racing_failure_log):
    """Two threads failing at once share one failure log for the topic: one traceback, one count of both. The first
    log made waits (at most 1 s) for another to be made meanwhile."""
    import logging

    from companion import bus

    slow_failure_log, made = racing_failure_log
    monkeypatch.setattr(bus, "FailureLog", slow_failure_log)
    together = threading.Barrier(2)

    def fails(event):
        together.wait(10)
        raise OSError(5, "Input/output error")

    events = EventBus()
    events.listen(fails)
    caplog.set_level(logging.WARNING, logger="companion.bus")
    threads = [threading.Thread(target=events.publish, args=("entry", {}), daemon=True) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert len([r for r in caplog.records if r.exc_info]) == 1 and made[0].failures == 2
