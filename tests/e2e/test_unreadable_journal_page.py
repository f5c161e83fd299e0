"""A journal the companion's card cannot read (EIO: the history, past games and exports answer 503 ``cannot_read``):
a phone opening the page still shows and plays the game held in memory and says in its own language why the history
is empty, rather than "Offline — retrying" for ever after its first read of the history fails."""

from __future__ import annotations

import json
import sqlite3
from contextlib import contextmanager

import pytest
from selenium.webdriver.common.by import By

from boardhelpers import state, unlock, wait
from browserhelpers import page_errors, phone_browser

pytestmark = pytest.mark.browser
ROLL = {"type": "roll", "dice": [{"value": 3, "color": "red"}, {"value": 5, "color": "blue"}]}


class UnreadableCard:
    """The journal's SQLite connection on a card that fails every read, as SQLite says it."""

    def __init__(self, db) -> None:
        self.db = db

    def execute(self, sql: str, *args):
        if sql.lstrip().upper().startswith("SELECT"):
            raise sqlite3.OperationalError("disk I/O error")
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str):
        return getattr(self.db, name)


@contextmanager
def unreadable(service):
    journal = service.journal
    journal._db = UnreadableCard(journal._db)
    try:
        yield
    finally:
        journal._db = journal._db.db


@pytest.fixture(scope="module")
def french():
    with phone_browser("fr-FR", (360, 740)) as driver:
        yield driver


def text(driver, css):
    return driver.find_element(By.CSS_SELECTOR, css).text


def test_a_page_opened_on_an_unreadable_journal_plays_and_says_why_the_history_is_empty(quiet_table, french,
                                                                                        screenshots):
    service, url = quiet_table
    service.table.new_game("free-roll", {}, ["Ada", "Bo"])
    service.table.submit(ROLL, source="phone")
    unlock(french, url)
    with unreadable(service):
        french.get(url + "#/history")
        french.refresh()  # a page loaded anew (the hash alone changed: get kept the page)
        wait(french, lambda d: d.execute_script("return document.body.dataset.ready") == "1", timeout=15,
             message="the page never loaded: " + text(french, "header"))
        wait(french, lambda d: text(d, "#history-list").startswith("L’historique ne peut pas être lu"),
             message="the unreadable history is not said: " + text(french, "#history-list"))
        assert text(french, "#history-list") == ("L’historique ne peut pas être lu pour l’instant : la carte du "
                                                 "compagnon ne répond pas. La partie continue.")
        wait(french, lambda d: text(d, "#past-games").startswith("La carte du compagnon ne peut pas être lue"),
             message="the unreadable past games are not said: " + text(french, "#past-games"))
        french.save_screenshot(str(screenshots / "history-cannot-read-360-fr.png"))
        french.execute_script("location.hash = '#/table'")
        wait(french, lambda d: d.execute_script("return window.companion.connection") == "live",
             message="the page is not live on the table")
        assert french.execute_script("return window.companion.state.entries") == state(url)["entries"]
        assert text(french, "#last-roll").startswith("L’historique ne peut pas être lu"), "« Aucun lancer » said"
        french.save_screenshot(str(screenshots / "table-cannot-read-360-fr.png"))
    service.table.submit(ROLL, source="phone")  # read again after a change, once the card reads
    french.execute_script("location.hash = '#/history'")
    wait(french, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#history-list li.entry")) == 2,
         message="the history never came back once the card reads: " + text(french, "#history-list"))
    assert "L’historique ne peut pas" not in text(french, "#history-list")
    assert page_errors(french) == []


def test_an_export_the_card_cannot_read_is_said_in_the_page_s_language_and_one_it_reads_is_saved(quiet_table, french,
                                                                                                tmp_path):
    """An export the card cannot read is said on the page in its language, not left to the browser's own failed
    download (« Échec - Problème de serveur ») with the page silent; one it reads is saved."""
    service, url = quiet_table
    french.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(tmp_path)})
    french.execute_script("location.hash = '#/history'")
    with unreadable(service):
        french.find_element(By.ID, "history-bgstats").click()
        wait(french, lambda d: "La carte du compagnon ne peut pas être lue" in text(d, "#notices"),
             message="the unreadable export is not said: " + text(french, "#notices"))
    assert list(tmp_path.iterdir()) == []
    french.find_element(By.ID, "history-bgstats").click()
    saved = tmp_path / f"bgstats-game-{service.table.record.id}.json"
    wait(french, lambda d: saved.exists(), message=f"nothing saved: {list(tmp_path.iterdir())}")
    assert [p["name"] for p in json.loads(saved.read_text())["players"]] == ["Ada", "Bo"]
    assert page_errors(french) == []
