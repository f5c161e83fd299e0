"""A change retried after a lost reply (same Idempotency-Key) is answered with the first answer, not applied twice."""

from __future__ import annotations

import json
import threading
import time

from webhelpers import Phone

ROLL = {"dice": [{"value": 4, "color": "red"}]}
OTHER_ROLL = {"dice": [{"value": 6, "color": "blue"}]}


def key(n: int = 1) -> dict:
    return {"Idempotency-Key": f"action-{n:04d}-5f1c2a"}


def rolls(phone: Phone) -> int:
    return sum(1 for e in phone.history() if e["event"]["type"] == "roll" and e["in_force"])


def test_a_retried_roll_gets_the_first_answer_and_is_applied_once(player):
    first = player.post("/api/roll", ROLL, headers=key())
    again = player.post("/api/roll", ROLL, headers=key())
    assert first.status_code == again.status_code == 200
    assert again.get_json() == first.get_json() and again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert rolls(player) == 1
    player.post("/api/roll", ROLL, headers=key(2))  # a new action, a new key: a second roll
    assert rolls(player) == 2


def test_without_a_key_a_post_is_applied_each_time(player):
    player.post("/api/roll", ROLL)
    player.post("/api/roll", ROLL)
    assert rolls(player) == 2


def test_a_retried_undo_takes_back_one_event_not_two(player):
    player.post("/api/roll", ROLL, headers=key(1))
    player.post("/api/roll", OTHER_ROLL, headers=key(2))
    first = player.post("/api/undo", headers=key(3))
    again = player.post("/api/undo", headers=key(3))
    assert first.status_code == again.status_code == 200 and again.get_json()["state"] == first.get_json()["state"]
    assert rolls(player) == 1


def test_a_refusal_is_the_first_answer_too(player):
    refused = player.post("/api/undo", headers=key(7))  # nothing to undo yet
    assert refused.status_code == 409
    player.post("/api/roll", ROLL, headers=key(8))
    again = player.post("/api/undo", headers=key(7))
    assert again.status_code == 409 and again.get_json() == refused.get_json()
    assert rolls(player) == 1  # the roll made since was not undone by the retry


def test_the_same_key_for_a_different_change_is_refused(player):
    player.post("/api/roll", ROLL, headers=key())
    response = player.post("/api/roll", OTHER_ROLL, headers=key())
    assert response.status_code == 422 and response.get_json()["error"] == "idempotency_key_reused"
    response = player.post("/api/events", {"event": {"type": "roll", "dice": ROLL["dice"]}}, headers=key())
    assert response.status_code == 422
    assert rolls(player) == 1


def test_a_key_belongs_to_one_session(app, player):
    other = Phone(app)
    other.login()
    player.post("/api/roll", ROLL, headers=key())
    answer = other.post("/api/roll", ROLL, headers=key())
    assert answer.status_code == 200 and "Idempotent-Replayed" not in answer.headers
    assert rolls(player) == 2


def test_a_malformed_key_is_refused_before_anything_changes(player):
    for bad in ("short", "x" * 129, "has space 12345", "é" * 10):
        response = player.post("/api/roll", ROLL, headers={"Idempotency-Key": bad})
        assert response.status_code == 400 and response.get_json()["error"] == "bad_idempotency_key", bad
    assert rolls(player) == 0


def test_a_retry_that_arrives_while_the_first_is_refereed_waits_for_its_answer(app, player, service):
    calls = []
    submit = service.table.submit

    def slow_submit(*args, **kwargs):
        calls.append(1)
        time.sleep(0.5)
        return submit(*args, **kwargs)

    service.table.submit = slow_submit
    cookie = player.client.get_cookie("companion_session").value
    answers = []

    def send():
        client = app.test_client()
        client.set_cookie("companion_session", cookie, domain="localhost")
        answers.append(client.post("/api/roll", data=json.dumps(ROLL), content_type="application/json",
                                   headers={"X-CSRF-Token": player.csrf, **key()}))

    threads = [threading.Thread(target=send) for _ in range(3)]
    for thread in threads:
        thread.start()
        time.sleep(0.05)
    for thread in threads:
        thread.join(10)
    assert len(calls) == 1
    assert [a.status_code for a in answers] == [200, 200, 200]
    assert len({json.dumps(a.get_json(), sort_keys=True) for a in answers}) == 1
    service.table.submit = submit
    assert rolls(player) == 1
