"""Nexus Keepers' marks: each player's initials on its keeper, its start tile and its tokens, no two alike."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardhelpers import open_page, wait
from browserhelpers import page_errors, phone_browser, pictures

pytestmark = pytest.mark.browser
REPO = Path(__file__).resolve().parents[2]
NAMES = {"A": "Anne Marie", "B": "Alan Moore", "C": "Bo"}
MARKS_JS = """const text = (sel, key) => Object.fromEntries([...document.querySelectorAll(sel)]
    .map((el) => [el.closest('[data-keeper], [data-owner]').dataset[key], el.textContent]));
  return {keepers: text('.nk-board .keeper text', 'keeper'), starts: text('.nk-board .tile text.start', 'owner'),
    tokens: text('.keepers li .token', 'keeper'), turn: document.querySelector('#board-turn .token').textContent}"""


def test_two_players_whose_names_share_initials_keep_marks_of_their_own(quiet_table, screenshots):
    """Players whose initials are alike (« Anne Marie », « Alan Moore ») are told apart on their keepers, start tiles
    and tokens: each takes a letter more from the word where the names part, as Hexors' tiles do (marks.js)."""
    service, url = quiet_table
    lines = (REPO / "docs/rules/examples/nexus-keepers-full-game.jsonl").read_text().splitlines()
    service.table.new_game("nexus-keepers", {}, list(NAMES.values()))
    for line in lines[:6]:  # the example's first turn: A steps off its start tile and pushes C off the board
        for short, name in NAMES.items():
            line = line.replace(f'"{short}"', f'"{name}"')
        service.table.submit(json.loads(line), source="phone")
    with phone_browser("en-GB", (360, 800), url=url) as driver:
        open_page(driver, url, "#/table")
        wait(driver, lambda d: len(d.find_elements("css selector", ".nk-board .keeper")) == 2, message="no keepers")
        marks = driver.execute_script(MARKS_JS)
        pictures(driver, screenshots, "nk-shared-initials")
        assert not page_errors(driver)
    expected = {"Anne Marie": "AnM", "Alan Moore": "AlM", "Bo": "Bo"}
    assert marks["tokens"] == expected and marks["turn"] == "AnM", marks  # Anne Marie's turn
    assert marks["keepers"] == {"Anne Marie": "AnM", "Alan Moore": "AlM"}, marks  # Bo has fallen
    # Alan Moore stands on his start tile (not written under a keeper: test_phone_polish_page)
    assert marks["starts"] == {"Anne Marie": "AnM", "Bo": "Bo"}, marks

