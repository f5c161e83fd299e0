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
    """Before, 1000 events were kept whatever they weighed (the service grew by 332 MB over an evening)."""
    bus = EventBus(keep=1000, keep_bytes=10_000)
    for i in range(50):
        bus.publish("entry", {"i": i, "padding": "x" * 1000})
    events, complete = bus.since(0)
    assert not complete and 5 <= len(events) <= 10
    assert sum(e.size for e in events) <= 10_000 and events[-1].id == bus.last_id == 50
    assert bus.since(events[0].id - 1)[1] and not bus.since(events[0].id - 2)[1]
    bus.publish("entry", {"padding": "y" * 50_000})  # one event heavier than the bound is still held
    assert [e.id for e in bus.since(50)[0]] == [51]
