"""The JSON API: every answer matches the OpenAPI document, and every change goes through the referee."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import cv2
import numpy as np
from companion.capture.base import Frame
from companion.core import DieReading, Observation
from companion.web.netinfo import JoinLinks
from companion.web.validation import openapi

RED_3 = {"value": 3, "color": "red"}
BLUE_5 = {"value": 5, "color": "blue"}
NK_EXAMPLE = Path(__file__).resolve().parents[2] / "docs/rules/examples/nexus-keepers-full-game.jsonl"


def openapi_path(rule: str) -> str:
    """Flask's /api/sheets/<game>.pdf as OpenAPI writes it: /api/sheets/{game}.pdf."""
    return re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule)


def test_every_documented_operation_is_served(app):
    served = {(openapi_path(rule.rule), method) for rule in app.url_map.iter_rules() for method in rule.methods}
    for path, operations in openapi()["paths"].items():
        for method in operations:
            assert (path, method.upper()) in served, f"{method.upper()} {path} is documented but not served"
    documented = {path for path in openapi()["paths"]}
    for rule in app.url_map.iter_rules():
        if rule.rule.startswith("/api/"):
            assert openapi_path(rule.rule) in documented, f"{rule.rule} is served but not documented"


def test_reading_endpoints_match_the_document(phone):
    for path in ("/api/info", "/api/session", "/api/games", "/api/state", "/api/history", "/api/live"):
        assert phone.get(path).status_code == 200
    assert phone.get("/api/openapi.json").get_json() == openapi()


def test_info_gives_both_join_links_and_the_default_language(phone):
    info = phone.get("/api/info").get_json()
    assert info["links"]["ip"] == "http://127.0.0.1:8080/"
    assert info["links"]["local"].endswith(".local:8080/")
    assert info["language"] == "en"


def test_games_list_each_engine_with_its_options(phone):
    games = {g["name"]: g for g in phone.get("/api/games").get_json()["games"]}
    free = games["free-roll"]
    assert free["title"] == {"en": "Free roll", "fr": "Lancer libre"}
    assert [o["name"] for o in free["options"]] == ["significance", "emblem_face"]
    assert free["options"][0]["default"] == 0.01
    emblem = free["options"][1]  # the dice's option every dice game shares, a picker on the phone
    assert emblem["default"] == 0 and emblem["choices"] == [0, 6, 1]
    assert "emblem_face" not in [o["name"] for o in games["nexus"]["options"]]  # Nexus rolls no dice


def test_games_tell_each_rule_in_words_for_the_verdicts_details(phone):
    games = {g["name"]: g for g in phone.get("/api/games").get_json()["games"]}
    tie = games["hexors"]["rules"]["hex.duel.tie"]
    assert (tie["en"], tie["fr"]) == ("A tied duel", "Une égalité en duel")
    assert tie["book"] == {"language": "fr", "text": "S'il y a égalité, le dé doit être roulé de nouveau jusqu'à ce "
                                                     "qu'il y ait un gagnant."}
    assert games["nexus-keepers"]["rules"]["nk.game.over"] == {"en": "End of the game", "fr": "Fin de la partie",
                                                               "book": None, "books": []}


def test_a_roll_entered_by_hand_is_refereed_journaled_and_published(player, service):
    last_event = service.bus.last_id
    response = player.post("/api/roll", {"dice": [RED_3, BLUE_5]})
    assert response.status_code == 200
    body = response.get_json()
    assert body["verdicts"][0]["message"] == "Roll 1: 3, 5 (total 8)"
    assert body["verdicts"][0]["message_fr"] == "Lancer 1 : 3, 5 (total 8)"
    assert body["state"]["summary"]["rolls"] == 1
    entries = player.history()
    assert [(e["source"], e["event"]["type"], e["in_force"]) for e in entries] == [("phone", "roll", True)]
    assert entries[0]["dice"] == [{"value": 3, "color": "red", "confidence": 1.0},
                                  {"value": 5, "color": "blue", "confidence": 1.0}]
    published = service.bus.since(last_event)[0]
    assert [e.topic for e in published] == ["entry"]
    assert published[0].data["source"] == "phone"


def test_a_camera_observation_appears_in_the_state_and_history(phone, service):
    service.table.observe(Observation(dice=(DieReading(6, "green", (10, 20, 50, 60), 0.9),), source="camera"))
    state = phone.get("/api/state").get_json()
    assert state["state"]["summary"]["last_roll"][0]["value"] == 6
    assert state["event_id"] == service.bus.last_id
    (entry,) = phone.history()
    assert entry["source"] == "camera"
    assert entry["dice"][0]["box"] == [10.0, 20.0, 50.0, 60.0]


def test_a_correction_replaces_the_dice_and_re_referees(player, service):
    service.table.observe(Observation(dice=(DieReading(2, "red"), DieReading(2, "blue")), source="camera"))
    seq = player.history()[0]["seq"]
    response = player.post("/api/corrections", {"seq": seq, "dice": [{"value": 6, "color": "red"}, BLUE_5]})
    assert response.status_code == 200
    assert response.get_json()["verdicts"][0]["message"] == "Roll 1: 6, 5 (total 11)"
    state = player.state()
    assert state["summary"]["statistics"]["red"]["faces"] == [0, 0, 0, 0, 0, 1]
    roll, correction = player.history()
    assert roll["dice"][0]["value"] == 6 and roll["in_force"]
    assert correction["event"]["type"] == "correct" and correction["source"] == "phone"


def test_a_correction_can_take_out_a_die_the_camera_imagined(player, service):
    """The phone's "Not a die" on a die read sends the roll without it (board art read as a third die)."""
    art = DieReading(4, "yellow", (300, 300, 330, 330), 0.3)
    service.table.observe(Observation(dice=(DieReading(2, "red"), DieReading(5, "blue"), art), source="camera"))
    seq = player.history()[0]["seq"]
    response = player.post("/api/corrections", {"seq": seq, "dice": [{"value": 2, "color": "red"}, BLUE_5]})
    assert response.status_code == 200
    assert response.get_json()["verdicts"][0]["message"] == "Roll 1: 2, 5 (total 7)"
    roll, _correction = player.history()
    assert [d["value"] for d in roll["dice"]] == [2, 5] and roll["in_force"]


def test_correcting_a_roll_that_does_not_exist_is_refused_and_changes_nothing(player):
    before = player.state()
    response = player.post("/api/corrections", {"seq": 7, "dice": [RED_3]})
    assert response.status_code == 422
    assert "7" in response.get_json()["message"]
    assert player.state() == before


def test_undo_takes_back_the_last_roll_and_refuses_when_there_is_none(player):
    assert player.post("/api/undo").status_code == 409
    player.post("/api/roll", {"dice": [RED_3]})
    player.post("/api/roll", {"dice": [BLUE_5]})
    response = player.post("/api/undo", {})
    assert response.status_code == 200
    assert response.get_json()["state"]["summary"]["rolls"] == 1
    assert [e["in_force"] for e in player.history()] == [True, False, False]


def test_a_new_game_with_players_and_options(player, service):
    response = player.post("/api/game", {"game": "free-roll", "options": {"significance": 0.05},
                                         "players": ["Ana", "Bruno"]})
    assert response.status_code == 201
    state = response.get_json()["state"]
    assert state["players"] == ["Ana", "Bruno"] and state["options"] == {"significance": 0.05, "emblem_face": 0}
    assert service.table.record.players == ["Ana", "Bruno"]


def test_the_state_says_when_the_game_began_and_how_many_moves_and_rolls_are_in_force(player, service):
    """What a phone tells before a new game sets this one aside: its start, its moves in force past the setup and
    the rolls among them (undone ones not counted, nor the entry that undid them), not the journal's entry
    count."""
    before = time.time()
    player.post("/api/game", {"game": "free-roll", "options": {}, "players": ["Ana", "Bruno"]})
    for dice in ([RED_3], [BLUE_5], [RED_3, BLUE_5]):
        player.post("/api/roll", {"dice": dice})
    player.post("/api/undo", {})
    state = player.state()
    assert (state["moves"], state["rolls"], state["in_force"], state["entries"]) == (2, 2, 2, 4)
    assert state["started_at"] == service.table.record.started_at and before - 1 <= state["started_at"] <= time.time()
    service.table.new_game("nexus-keepers", {}, ["A", "B", "C"])
    for line in NK_EXAMPLE.read_text().splitlines()[:3]:  # the setup, A's turn started, A's roll
        service.table.submit(json.loads(line), source="phone")
    state = player.state()
    assert (state["moves"], state["rolls"], state["in_force"]) == (2, 1, 3)


def test_a_new_game_with_bad_options_is_refused_and_the_game_goes_on(player):
    player.post("/api/roll", {"dice": [RED_3]})
    before = player.state()
    response = player.post("/api/game", {"game": "free-roll", "options": {"colour": "red"}})
    assert response.status_code == 422 and "colour" in response.get_json()["message"]
    response = player.post("/api/game", {"game": "chess"})
    assert response.status_code == 422 and "chess" in response.get_json()["message"]
    assert player.state() == before


def test_an_event_the_game_does_not_know_is_a_422(player):
    response = player.post("/api/events", {"event": {"type": "castle"}})
    assert response.status_code == 422
    assert "roll" in response.get_json()["message"]
    assert player.history() == []


def test_an_event_of_the_game_goes_through_the_referee(player):
    response = player.post("/api/events", {"event": {"type": "roll", "dice": [RED_3]}})
    assert response.status_code == 200
    assert player.history()[0]["source"] == "phone"


def test_snapshot_is_a_404_without_a_frame_then_the_latest_jpeg(phone, service):
    response = phone.get("/api/snapshot.jpg")
    assert response.status_code == 404 and response.get_json()["error"] == "no_frame"
    image = np.zeros((120, 160, 3), np.uint8)
    image[:, 80:] = (0, 0, 255)
    service.live.update(Frame(image, time.time(), 3), [DieReading(4, "red", (90, 10, 130, 50))])
    response = phone.get("/api/snapshot.jpg")
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    decoded = cv2.imdecode(np.frombuffer(response.data, np.uint8), cv2.IMREAD_COLOR)
    assert decoded.shape == (120, 160, 3) and decoded[60, 120, 2] > 200 and decoded[60, 20, 2] < 50
    live = phone.get("/api/live").get_json()
    assert live["frame"] == 3 and live["size"] == [160, 120] and live["dice"][0]["box"] == [90.0, 10.0, 130.0, 50.0]


def svg_qr(svg: str) -> str:
    """What an SVG QR code says, read by OpenCV from its drawing: the dark modules as the path's horizontal runs
    (``M x y`` then ``h n`` draws n, ``m dx dy`` moves), on the white square the picture is."""
    modules = int(re.search(r'width="(\d+)"', svg)[1]) // int(re.search(r"scale\((\d+)\)", svg)[1])
    image = np.full((modules, modules), 255, np.uint8)
    x = y = 0.0
    path = re.search(r'class="qrline"[^>]* d="([^"]+)"', svg)[1]
    for command, a, b in re.findall(r"([Mmh])(-?[\d.]+)(?:\s+(-?[\d.]+))?", path):
        if command == "M":
            x, y = float(a), float(b)
        elif command == "m":
            x, y = x + float(a), y + float(b)
        else:
            image[int(y), int(x):int(x + float(a))] = 0
            x += float(a)
    return cv2.QRCodeDetector().detectAndDecode(cv2.resize(image, None, fx=8, fy=8,
                                                           interpolation=cv2.INTER_NEAREST))[0]


def test_the_qr_code_carries_the_ip_join_link(phone):
    response = phone.get("/api/qr.svg")
    assert response.status_code == 200 and response.data.startswith(b"<?xml")
    assert svg_qr(response.data.decode()) == "http://127.0.0.1:8080/"  # read back from the picture served
    # The same modules as a QR code made for the IP link (the .local name is not in it).
    assert response.data == JoinLinks("http://127.0.0.1:8080/", "http://other.local:8080/").qr_svg()
    assert response.data != JoinLinks("http://127.0.0.2:8080/", "http://other.local:8080/").qr_svg()


def test_the_page_and_its_modules_are_served_with_a_strict_policy(phone):
    page = phone.client.get("/")
    assert page.status_code == 200 and b'<script type="module" src="js/app.js">' in page.data
    assert "script-src 'self'" in page.headers["Content-Security-Policy"]
    module = phone.client.get("/js/app.js")
    assert module.status_code == 200 and "javascript" in module.mimetype
    assert phone.client.get("/../pyproject.toml").status_code == 404
    assert phone.client.get("/js/../../pyproject.toml").status_code == 404


def test_unknown_api_paths_and_methods_are_json_errors(phone):
    response = phone.client.get("/api/nothing-here")
    assert response.status_code == 404 and response.get_json()["error"] == "not_found"
    response = phone.client.delete("/api/state", headers={"X-CSRF-Token": phone.csrf})
    assert response.status_code == 405 and response.is_json


def test_an_installed_package_finds_the_page_it_carries(monkeypatch, tmp_path):
    from companion.web import app as web_app

    installed = tmp_path / "site-packages" / "companion" / "web" / "page"
    installed.mkdir(parents=True)
    (installed / "index.html").write_text("<!doctype html>")
    monkeypatch.setattr(web_app, "WEB_DIRS", (installed, tmp_path / "no-checkout" / "web"))
    assert web_app.find_web_dir() == installed
    monkeypatch.setattr(web_app, "WEB_DIRS", (tmp_path / "not-installed", installed))
    assert web_app.find_web_dir() == installed


def test_every_game_can_be_started_and_read_through_the_documented_answers(player):
    from companion.referee.registry import available_games

    for name in available_games():
        response = player.post("/api/game", {"game": name})
        assert response.status_code == 201, (name, response.get_json())
        state = player.state()
        assert state["game"] == name and state["entries"] == 0
        assert player.get("/api/history").get_json()["game"]["game"] == name
