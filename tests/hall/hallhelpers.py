"""What the hall's tests share: a table's messages as the broker hands them to the hall, the organiser's PIN, a
stand-in for the hall's broker link, a SQLite card that refuses writes; and for the browser tests a wait that looks
again, the hall page on a phone, and the organiser's rename."""

from __future__ import annotations

import json
import sqlite3
import time
from contextlib import contextmanager

WIN_YUGI = {"kind": "win", "rule": "hex.win", "players": ["Yugi"]}


def event(table, game_id, seq, game="hexors", players=("Yugi", "Kaiba"), outcome=None, started=1_700_000_000.0):
    return f"companion/{table}/events", json.dumps({
        "table": table, "name": table.replace("-", " ").title(), "id": [game_id, seq], "game": game,
        "started_at": started, "players": list(players), "outcome": outcome,
        "entry": {"seq": seq, "event": {"type": "x"}, "verdicts": [], "source": "phone", "at": started + 60 * seq}})


PIN = "246810"


class Subscriber:
    """The hall's broker link as the page reads it: connected, no problem."""

    def to_json(self):
        return {"address": "mqtt://127.0.0.1:1883", "connected": True, "problem": None}


class RefusingCard:
    """The hall's SQLite file on a card that refuses every write (full): reads go through."""

    def __init__(self, db) -> None:
        self.db = db

    def execute(self, sql: str, *args):
        if sql.lstrip().upper().startswith(("INSERT", "UPDATE", "COMMIT")):
            raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)

    def __getattr__(self, name: str):
        return getattr(self.db, name)


def until(check, timeout=10.0):
    """Whether ``check`` comes true within ``timeout`` s, asked again past an element the page redrew meanwhile."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if check():
                return True
        except Exception:  # noqa: BLE001 - an element replaced while read: look again
            pass
        time.sleep(0.1)
    return check()


@contextmanager
def hall_on_a_phone(url: str, language: str):
    """Headless Chromium as a 360 px phone in ``language``, on the hall page once it shows the two tables."""
    from selenium.webdriver.common.by import By

    from tests.e2e.browserhelpers import new_browser

    driver = new_browser(language)
    driver.set_window_size(360, 740)
    try:
        driver.get(url)
        assert until(lambda: len(driver.find_elements(By.CSS_SELECTOR, "#tables > li")) == 2)
        yield driver
    finally:
        driver.quit()


def rename_table(driver, index: int, name: str) -> None:
    """The organiser, the PIN typed in the sign-in form, signs in and gives the ``index``-th table ``name``."""
    from selenium.webdriver.common.by import By

    driver.find_element(By.CSS_SELECTOR, "#login button").click()
    assert until(lambda: driver.find_elements(By.CSS_SELECTOR, ".organise input"))
    field = driver.find_elements(By.CSS_SELECTOR, ".organise input")[index]
    field.clear()
    field.send_keys(name)
    driver.find_elements(By.CSS_SELECTOR, ".organise button[type=submit]")[index].click()
