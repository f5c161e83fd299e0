"""What the hall page's header says of a broker it does not reach, from the hall's own link to it: a few words after
"Broker not reached:", in the page's language; a login refused names the hall's options, not a table's [hall]."""

from __future__ import annotations

import logging

import pytest

from companion.hall.board import HallBoard
from companion.hall.link import Broker
from companion.hall.subscriber import HallSubscriber
from tests.hall.conftest import HallServer, wait_for
from tests.hall.hallhelpers import hall_on_a_phone, until
from tests.hall.mosquitto import with_logins
from tests.ports import free_port


@pytest.fixture
def board(tmp_path):
    board = HallBoard(tmp_path / "hall" / "hall.sqlite3")
    yield board
    board.close()


@pytest.mark.browser
def test_a_broker_that_does_not_answer_is_said_once_in_each_language(tmp_path, board):
    """The header says why in a few words after its own, in the page's language: « Serveur MQTT injoignable : pas de
    réponse », then « Broker not reached: no answer » once switched to English; not the log's sentence (the broker's
    address, "broker", English words in French) said again after it."""
    from selenium.webdriver.common.by import By

    from tests.hall.hallhelpers import event

    subscriber = HallSubscriber(Broker.parse(f"mqtt://127.0.0.1:{free_port()}"), board, client_id="the-hall")
    for table in ("table-1", "table-2"):
        board.handle(*event(table, 1, 0))
    subscriber.start()
    server = HallServer(board, subscriber, tmp_path / "hall")
    try:
        assert wait_for(lambda: subscriber.to_json()["problem"], 20)
        with hall_on_a_phone(server.url, "fr-FR") as driver:
            header = lambda: driver.find_element(By.ID, "broker").text  # noqa: E731
            assert until(lambda: header() == "Serveur MQTT injoignable : pas de réponse"), header()
            driver.find_element(By.ID, "language").click()
            assert until(lambda: header() == "Broker not reached: no answer"), header()
    finally:
        server.stop()
        subscriber.stop()


def test_a_login_the_broker_refuses_names_the_hall_s_options(tmp_path, board, caplog):
    """A refused login names where the hall's login comes from, companion hall --username and --password-file, in
    both languages and in the log; never a table's [hall] section, which is not the hall's file."""
    with with_logins(tmp_path / "secure", {"hall": "right"}) as broker:
        subscriber = HallSubscriber(Broker.parse(broker.url), board, client_id="the-hall")
        caplog.set_level(logging.WARNING, logger="companion.hall.subscriber")
        try:
            subscriber.start()
            assert wait_for(lambda: subscriber.to_json()["problem"], 20)
            problem = subscriber.to_json()["problem"]
            assert problem["en"].startswith("it refused the hall's login (") and "--username and --password-file" in \
                problem["en"], problem
            assert problem["fr"].startswith("il refuse la connexion de la salle (") and "--password-file" in \
                problem["fr"], problem
            logged = " ".join(r.getMessage() for r in caplog.records)
            assert "refused the hall's login" in logged and "[hall]" not in logged, logged
        finally:
            subscriber.stop()
