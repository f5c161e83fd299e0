"""The History screen's BG Stats export: the link is the game at the table's file, which downloads as JSON."""

from __future__ import annotations

import json
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from boardhelpers import open_page, wait
from browserhelpers import page_errors

pytestmark = pytest.mark.browser


def test_the_history_screen_exports_the_game_for_bg_stats(quiet_table, phone):
    service, url = quiet_table
    service.table.new_game("free-roll", {}, ["Ada", "Bo"])
    open_page(phone, url, "#/history")
    link = phone.find_element(By.ID, "history-bgstats")
    wait(phone, lambda d: link.get_attribute("href").endswith(f"/api/games/{service.table.record.id}/bgstats.json"),
         message="the export link does not name the game at the table")
    assert link.size["height"] >= 44
    with urllib.request.urlopen(link.get_attribute("href"), timeout=5) as response:
        data = json.loads(response.read())
    assert [p["name"] for p in data["players"]] == ["Ada", "Bo"]
    assert page_errors(phone) == []
