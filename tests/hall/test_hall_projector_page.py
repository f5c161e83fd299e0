"""The hall page on a club's projector (1920 x 1080), four games in the standings: each standings table within its
own column, its rows as tall as their words."""

from __future__ import annotations

import pytest

from tests.e2e.browserhelpers import new_browser
from tests.hall.hallhelpers import event, until

pytestmark = pytest.mark.browser

# each standings table: its box (left, right, top, bottom) and its rows' heights
TABLES_JS = """return [...document.querySelectorAll('#standings table')].map(t => {
  const box = t.getBoundingClientRect();
  return [t.querySelector('caption').textContent, [box.left, box.right, box.top, box.bottom],
          [...t.querySelectorAll('tbody tr')].map(r => r.getBoundingClientRect().height)]; })"""


def overlap(a, b) -> bool:
    return a[0] < b[1] - 0.5 and b[0] < a[1] - 0.5 and a[2] < b[3] - 0.5 and b[2] < a[3] - 0.5


def test_standings_of_four_games_each_keep_their_column_on_a_projector(hall):
    """In French, where a table of four players (« Joueur Victoires Jouées ») is the widest, no standings table
    runs over the next one, and a table of two players' rows are as tall as the others' (not stretched to its grid
    row's height)."""
    board, url = hall
    for table, game, players in (("table-3", "tesseract", ("Dana", "Eli")),
                                 ("table-4", "nexus-keepers", ("Marie-Christine", "Bartholomew", "Zoë", "Li"))):
        board.handle(*event(table, 7, 0, game=game, players=players,
                            outcome={"kind": "win", "players": [players[1]]}))
    board.handle(*event("table-2", 4, 0, game="nexus", players=("Ann", "Bob"),
                        outcome={"kind": "win", "players": ["Ann"]}))
    driver = new_browser("fr-FR")
    driver.set_window_size(1920, 1080)
    try:
        driver.get(url)
        assert until(lambda: len(driver.execute_script(TABLES_JS)) == 4)
        tables = driver.execute_script(TABLES_JS)
        assert any("Nexus Keepers" in caption for caption, _, _ in tables), tables
        ran_over = [(a[0], b[0]) for i, a in enumerate(tables) for b in tables[i + 1:] if overlap(a[1], b[1])]
        assert ran_over == []
        heights = [h for _, _, rows in tables for h in rows]
        assert max(heights) - min(heights) < 1, tables  # no row stretched, no name broken over two lines
    finally:
        driver.quit()
