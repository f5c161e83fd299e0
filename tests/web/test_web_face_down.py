"""Nothing the table keeps face down reaches a phone on the Wi-Fi: a Nexus deck played from the top (« Shuffle the
deck and place it face down ») is not in the state, the history or the live stream a phone reads, with the PIN or
without, while the Pi itself (CLI, tests) still reads the engine's snapshot and the journal keeps the setup whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.web.server import WebServer

from webhelpers import SSEClient

EXAMPLE = Path(__file__).resolve().parents[2] / "docs/rules/examples/nexus-two-players.jsonl"
SETUP = json.loads(EXAMPLE.read_text().splitlines()[0])
#: a phone on the café's Wi-Fi, signed in or not (the Flask test client is 127.0.0.1 unless told)
WIFI = {"REMOTE_ADDR": "192.168.1.23"}
#: the deck once the first card lies face up and Ann played the next: in the counter phase none of it shows
FACE_DOWN = SETUP["deck"][2:]


def in_order(text: str, cards: list[str]) -> bool:
    """Whether ``text`` names every one of ``cards``, first in their order."""
    return sorted(cards, key=lambda card: text.find(f'"{card}"')) == cards and f'"{cards[0]}"' in text


@pytest.fixture
def nexus(service):
    assert SETUP["deck_order"] == "top_first" and SETUP["deck"] != sorted(SETUP["deck"])
    service.table.new_game("nexus", {}, [])
    for line in EXAMPLE.read_text().splitlines()[:2]:  # the setup, a card played
        service.table.submit(json.loads(line))
    return service


@pytest.mark.parametrize("who", ["phone", "player"], ids=["no PIN", "PIN"])  # the PIN is every player's
def test_a_phone_reads_no_card_of_the_face_down_deck_in_the_state(who, request, nexus):
    response = request.getfixturevalue(who).get("/api/state", environ_base=WIFI)
    assert response.status_code == 200 and "snapshot" not in response.get_json()["state"]
    text = response.get_data(as_text=True)
    assert [card for card in FACE_DOWN if f'"{card}"' in text] == []


def test_a_phone_asking_for_the_snapshot_is_refused_and_the_pi_still_reads_it(phone, nexus):
    refused = phone.get("/api/state?snapshot=true", environ_base=WIFI)
    assert refused.status_code == 403 and refused.get_json()["error"] == "snapshot_local_only"
    assert phone.get("/api/state").get_json()["state"]["snapshot"]["state"]["game"]["deck"] == FACE_DOWN


def test_the_history_lists_the_deck_in_an_order_of_its_own(phone, nexus):
    entries = phone.get("/api/history", environ_base=WIFI).get_json()["entries"]
    assert entries[0]["event"]["deck"] == sorted(SETUP["deck"])
    assert not in_order(json.dumps(entries), FACE_DOWN)
    assert nexus.table.history()[0]["event"]["deck"] == SETUP["deck"]  # the journal keeps it whole


def test_a_change_answered_on_the_wifi_carries_no_snapshot(player, nexus):
    """A change's answer carries the state: asked without ``?snapshot=false``, it still leaves the snapshot out."""
    answer = player.post("/api/undo", {}, environ_base=WIFI)
    assert answer.status_code == 200 and "snapshot" not in answer.get_json()["state"]
    under_the_top = SETUP["deck"][2:]  # the card undone is the card to play again: its phone shows it
    assert [card for card in under_the_top if f'"{card}"' in answer.get_data(as_text=True)] == []


def test_undo_and_the_next_card_still_follow_the_deck(player, nexus):
    """The referee still plays from the deck's top: a card played without naming it is the top card."""
    assert player.post("/api/undo", {}).status_code == 200  # the card
    answer = player.post("/api/events", {"event": {"type": "play_card", "player": "Ann", "x": 2, "y": -1,
                                                   "rotation": 270}})
    assert answer.status_code == 200, answer.get_json()
    assert nexus.table.engine.snapshot()["state"]["game"]["placements"][-1]["card"] == SETUP["deck"][1]


def test_the_live_stream_carries_the_setup_without_the_deck_order(app, service):
    server = WebServer(app, "127.0.0.1", 0, threads=4).start()
    client = SSEClient(server.port)
    try:
        service.table.new_game("nexus", {}, [])
        service.table.submit(SETUP)
        event = client.next_event()
        while event["event"] != "entry":
            event = client.next_event()
        assert event["data"]["event"]["deck"] == sorted(SETUP["deck"])
        assert not in_order(json.dumps(event["data"]), FACE_DOWN)
    finally:
        client.close()
        server.stop()
