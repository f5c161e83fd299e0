"""A change retried after the service restarted (kill -9, a power cut) is answered from the journal, not applied
again; history by pages; statistics counted on the Pi."""

from __future__ import annotations

from webhelpers import Phone, make_service

from companion.web import create_app

ROLL = {"dice": [{"value": 4, "color": "red"}, {"value": 2, "color": "red"}]}


def key(n: int) -> dict:
    return {"Idempotency-Key": f"evening-{n:04d}-9c2e"}


def restarted_phone(service, phone: Phone, data_dir) -> tuple:
    """The service restarted on the same data directory (its memory lost), and the same phone's session."""
    cookie = phone.client.get_cookie("companion_session").value
    service.stop()
    again_service = make_service(data_dir)
    again = Phone.__new__(Phone)
    again.client = create_app(again_service, testing=True).test_client()
    again.client.set_cookie("companion_session", cookie, domain="localhost")
    again.csrf = again.get("/api/session").get_json()["csrf_token"]
    assert again.csrf == phone.csrf  # the same session: its keys are its own
    return again_service, again


def rolls(phone: Phone) -> list:
    return [e for e in phone.history() if e["event"]["type"] == "roll"]


def test_a_roll_retried_after_a_restart_is_replayed_not_applied_again(service, player, data_dir):
    first = player.post("/api/roll", ROLL, headers=key(1))
    assert first.status_code == 200
    restarted, phone = restarted_phone(service, player, data_dir)
    try:
        again = phone.post("/api/roll", ROLL, headers=key(1))
        assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == "true"
        assert again.get_json()["verdicts"] == first.get_json()["verdicts"]
        assert again.get_json()["state"]["entries"] == 1 and len(rolls(phone)) == 1
        different = phone.post("/api/roll", {"dice": [{"value": 6}]}, headers=key(1))
        assert different.status_code == 422 and different.get_json()["error"] == "idempotency_key_reused"
        assert phone.post("/api/roll", ROLL, headers=key(2)).status_code == 200  # a new action still counts
        assert len(rolls(phone)) == 2
    finally:
        restarted.stop()


def test_a_new_game_and_an_undo_retried_after_a_restart_happen_once(service, player, data_dir):
    player.post("/api/roll", ROLL)
    player.post("/api/roll", ROLL)
    assert player.post("/api/undo", {"seq": 1}, headers=key(3)).status_code == 200
    started = player.post("/api/game", {"game": "free-roll", "players": ["Ann"]}, headers=key(4))
    game_id = started.get_json()["state"]["game_id"]
    restarted, phone = restarted_phone(service, player, data_dir)
    try:
        again = phone.post("/api/game", {"game": "free-roll", "players": ["Ann"]}, headers=key(4))
        assert again.status_code == 201 and again.get_json()["state"]["game_id"] == game_id
        assert len(phone.get("/api/past-games").get_json()["games"]) == 2
        phone.post("/api/resume", {"game_id": game_id - 1}, headers=key(5))
        undone = phone.post("/api/undo", {"seq": 1}, headers=key(3))  # the undo's retry: the roll stays in force
        assert undone.status_code == 200 and undone.get_json()["state"]["in_force"] == 1
    finally:
        restarted.stop()


def test_resume_honours_keys(player):
    player.post("/api/roll", ROLL)
    aside = player.state()["game_id"]
    player.post("/api/game", {"game": "free-roll", "players": ["Bob"]})
    first = player.post("/api/resume", {"game_id": aside}, headers=key(6))
    player.post("/api/game", {"game": "free-roll", "players": ["Cy"]})  # set aside again by another phone
    again = player.post("/api/resume", {"game_id": aside}, headers=key(6))
    assert again.headers["Idempotent-Replayed"] == "true" and again.get_json() == first.get_json()
    assert player.state()["players"] == ["Cy"]  # the retry did not resume it a second time


def test_the_history_is_read_by_pages_newest_first(player):
    for value in range(1, 6):
        for _ in range(5):
            player.post("/api/roll", {"dice": [{"value": value, "color": "white"}]})
    newest = player.get("/api/history?limit=10").get_json()
    assert [e["seq"] for e in newest["entries"]] == list(range(15, 25))
    assert newest["more"] is True and newest["older"] == 15 and newest["version"] == 25
    middle = player.get("/api/history?limit=10&before=15").get_json()
    assert [e["seq"] for e in middle["entries"]] == list(range(5, 15)) and middle["older"] == 5
    oldest = player.get("/api/history?limit=10&before=5").get_json()
    assert [e["seq"] for e in oldest["entries"]] == list(range(5)) and oldest["more"] is False
    assert oldest["older"] is None and [e["dice"][0]["value"] for e in oldest["entries"]] == [1] * 5
    assert player.get("/api/history?limit=-1").status_code == 400
    assert player.get("/api/history?before=ten").status_code == 400


def test_a_corrected_roll_on_an_older_page_shows_its_corrected_dice(player):
    player.post("/api/roll", {"dice": [{"value": 1, "color": "white"}]})
    for _ in range(4):
        player.post("/api/roll", {"dice": [{"value": 2, "color": "white"}]})
    player.post("/api/corrections", {"seq": 0, "dice": [{"value": 6, "color": "white"}], "version": 0})
    (first,) = player.get("/api/history?limit=1&before=1").get_json()["entries"]
    assert [(d["value"], d["color"]) for d in first["dice"]] == [(6, "white")] and first["version"] == 5


def test_statistics_count_the_rolls_in_force_after_corrections_and_undo(player):
    player.post("/api/roll", {"dice": [{"value": 3, "color": "red"}, {"value": 4, "color": "blue"}]})
    player.post("/api/roll", {"dice": [{"value": 6, "color": "red"}]})
    player.post("/api/roll", {"dice": [{"value": 1, "color": "red"}]})
    player.post("/api/undo", {"seq": 2})
    player.post("/api/corrections", {"seq": 1, "dice": [{"value": 5, "color": "red"}], "version": 1})
    counted = player.get("/api/statistics").get_json()
    assert counted["rolls"] == 2 and counted["version"] == 5
    assert counted["faces"] == {"red": [0, 0, 1, 0, 1, 0], "blue": [0, 0, 0, 1, 0, 0]}
    assert counted["totals"] == {"7": 1, "5": 1}


def test_a_full_card_is_answered_503_and_said_in_info_and_state_until_writes_work(service, player):
    """Moves on a full card are answered 503 and the phones are told why and since when (info and state), in both
    languages, until writes work again: not a 503 alone, with nothing said anywhere else."""
    db = service.journal._db
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")
    statuses = {player.post("/api/roll", ROLL).status_code for _ in range(60)}
    assert statuses == {200, 503}
    problem = player.get("/api/info").get_json()["journal_problem"]
    assert problem["kind"] == "full" and "database or disk is full" in problem["cause"]
    assert problem["message"]["en"].startswith("The SD card is full: nothing since ")
    assert player.state()["journal_problem"] == problem
    db.execute("PRAGMA max_page_count = 1073741823")
    assert player.post("/api/roll", ROLL).status_code == 200
    assert player.get("/api/info").get_json()["journal_problem"] is None and player.state()["journal_problem"] is None


def test_a_roll_retried_after_a_restart_is_replayed_even_when_the_game_takes_no_roll_now(service, player, data_dir):
    """Nexus has no dice: a roll journaled in free roll and retried once the table plays Nexus is answered with
    its verdicts, not refused as a roll the game does not take."""
    first = player.post("/api/roll", ROLL, headers=key(9))
    player.post("/api/game", {"game": "nexus", "players": ["Ann", "Bob"]})
    restarted, phone = restarted_phone(service, player, data_dir)
    try:
        again = phone.post("/api/roll", ROLL, headers=key(9))
        assert again.status_code == 200 and again.get_json()["verdicts"] == first.get_json()["verdicts"]
        assert phone.post("/api/roll", ROLL, headers=key(10)).status_code == 422
    finally:
        restarted.stop()
