"""The notice at the top of the hall page as the organiser reads it: a time from before midnight with its day, and a
card's fault beside the card working again, each part in its own colour."""

from __future__ import annotations

import datetime
import errno
import os
import re
import time

import pytest
from selenium.webdriver.common.by import By

from tests.e2e.browserhelpers import new_browser
from tests.e2e.screens import TEXT_CONTRAST_JS, theme
from tests.hall.hallhelpers import until

pytestmark = pytest.mark.browser

# each part of the notice: [its data-ok, its words, its colour, its words in bold]
PARTS_JS = """return [...document.querySelectorAll('#held > p')].map(p => [p.dataset.ok, p.textContent,
  getComputedStyle(p).color, [...p.querySelectorAll('strong')].map(b => b.textContent).join(' ')])"""


def last_night() -> float:
    """Yesterday at 23:47, this machine's time (the browser's too): an evening that crossed midnight."""
    day = datetime.date.today() - datetime.timedelta(days=1)
    return datetime.datetime.combine(day, datetime.time(23, 47)).timestamp()


@pytest.fixture
def hall_without_key(monkeypatch, request):
    """The hall fixture's page on a card that refused the organiser's sign-in key (read-only)."""
    def read_only(path, data):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))

    monkeypatch.setattr("companion.web.auth._write_private", read_only)
    return request.getfixturevalue("hall")


def test_a_time_before_midnight_is_said_with_its_day_and_tonight_s_without(hall):
    """A time from before midnight is said with its day: « since 23:47 » alone, the morning after, reads as
    tonight's."""
    board, url = hall
    board.writing_again_at = last_night()
    with board._lock:
        board._db.execute("UPDATE tables SET seen_at = ? WHERE id = 'table-2'", (last_night(),))
    day = datetime.date.fromtimestamp(last_night())
    driver = new_browser("en-GB")
    try:
        driver.get(url)
        notice = lambda: driver.find_element(By.ID, "held").text  # noqa: E731
        assert until(lambda: "saved on it since" in notice())
        assert f"since {day.day} {day.strftime('%b')} at 23:47," in notice(), notice()
        assert f"{day.day}\u00a0{day.strftime('%b')}" in driver.find_element(By.ID, "held").get_attribute(
            "textContent")  # the day on one line, not parted at 360 px ("since 28 / Nov")
        badge = lambda: driver.find_element(By.CSS_SELECTOR, "[data-table='table-2'] .badge").text  # noqa: E731
        assert badge() == f"offline since {day.day} {day.strftime('%b')} at 23:47", badge()
        driver.find_element(By.ID, "language").click()
        assert until(lambda: f"enregistrée depuis le {day.day} " in notice()), notice()
        assert " à 23:47, y compris" in notice() and badge().startswith(f"hors ligne depuis le {day.day} "), badge()
        board.writing_again_at = time.time()  # tonight: the time alone
        driver.refresh()
        assert until(lambda: "enregistrée depuis" in notice())
        assert re.search(r"enregistrée depuis \d\d:\d\d, y compris", notice()), notice()
    finally:
        driver.quit()


def test_a_key_not_kept_beside_the_card_working_again_is_each_in_its_own_colour(hall_without_key):
    """The key not kept (a fault) and the card working again (good news) are each in a colour of their own, so the
    good news does not read as a fault."""
    board, url = hall_without_key
    board.writing_again_at = time.time()
    driver = new_browser()
    try:
        driver.get(url)
        assert until(lambda: len(driver.execute_script(PARTS_JS)) == 2)
        (key_ok, key_words, key_colour, key_bold), (again_ok, again_words, again_colour, again_bold) = \
            driver.execute_script(PARTS_JS)
        assert key_ok == "false" and "did not keep the organiser's sign-in" in key_words, key_words
        assert "works again" not in key_words and "turned read-only" in key_words, key_words
        assert again_ok == "true" and "works again" in again_words and "sign-in" not in again_words, again_words
        assert key_colour != again_colour, key_colour
        assert "did not keep the organiser's sign-in" in key_bold and again_bold == "", (key_bold, again_bold)
        # the fault's red is the page's own (a verdict's illegal move): a fault still reads as one
        verdict = driver.execute_script(
            "return getComputedStyle(document.querySelector('.verdict[data-kind=illegal]')).color")
        assert key_colour == verdict and again_colour != verdict
        weak = []  # each part's words 4.5:1 or more on the page, in either theme
        for scheme in ("light", "dark"):
            theme(driver, scheme)
            weak += [(scheme, *line) for line in driver.execute_script(TEXT_CONTRAST_JS, "#held")]
        assert weak == []
    finally:
        driver.quit()
