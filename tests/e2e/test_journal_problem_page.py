"""A game journal that cannot be written is said on every phone's table screen, in its language, until it can."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from boardhelpers import open_page, wait
from companion.journal import JournalError

from browserhelpers import page_errors

pytestmark = pytest.mark.browser


def test_a_full_card_is_said_on_the_table_screen_and_cleared_when_writes_work(quiet_table, phone):
    service, url = quiet_table
    service.table.new_game("free-roll", {}, [])
    open_page(phone, url, "#/table")
    db = service.journal._db
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")
    try:
        for _ in range(100):  # the pages left fill up, then the card is full
            try:
                service.table.submit({"type": "roll", "dice": [{"value": 3, "color": "red"}]}, source="camera")
            except JournalError:
                break
        else:
            raise AssertionError("the journal never filled up")
        said = lambda d: [e.text for e in d.find_elements(By.ID, "journal-problem")]  # noqa: E731
        wait(phone, lambda d: said(d) and said(d)[0].startswith("The SD card is full: nothing since "),
             message="the full card is not said on the table screen")
    finally:
        db.execute("PRAGMA max_page_count = 1073741823")
    service.table.submit({"type": "roll", "dice": [{"value": 4, "color": "red"}]}, source="camera")
    wait(phone, lambda d: not d.find_elements(By.ID, "journal-problem"), message="the problem is still said")
    assert page_errors(phone) == []
