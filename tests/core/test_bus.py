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
