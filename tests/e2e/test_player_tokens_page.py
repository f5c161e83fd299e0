"""Players' tokens in Hexors and Nexus: each name's mark (marks.js), no two alike, whole inside its token, so
"Anne" and "Annie" are told apart beside the scores, the players and whose turn it is."""

from __future__ import annotations

import json

import pytest

from boardhelpers import wait
from browserhelpers import page_errors, phone_browser, pictures
from screens import example, show

pytestmark = pytest.mark.browser
NAMES = ["Anne", "Annie"]
LISTS = {"hexors": "#hex-players li", "nexus": "#nx-scores li"}
# Each listed player's token, the turn's token, and each token's words against the room inside its disc (CSS px):
# {listed: {name: mark}, turn, sizes: [[mark, text width, disc width]]}.
TOKENS_JS = """const rows = [...document.querySelectorAll(arguments[0])];
  const width = (el) => { const r = document.createRange(); r.selectNodeContents(el);
    return r.getBoundingClientRect().width; };
  const tokens = [...document.querySelectorAll('#board .token')].filter((el) => el.getClientRects().length);
  return {listed: Object.fromEntries(rows.map((li) => [li.dataset.player, li.querySelector('.token').textContent])),
    turn: document.querySelector('#board-turn .token').textContent,
    sizes: tokens.map((el) => [el.textContent, width(el), el.getBoundingClientRect().width])};"""


def start_named(service, game):
    """The game's example set up, its two players renamed "Anne" and "Annie"."""
    setup = json.dumps(example(game)[0])
    for old, new in zip({"hexors": ["Yugi", "Kaiba"], "nexus": ["Ann", "Bob"]}[game], NAMES):
        setup = setup.replace(f'"{old}"', f'"{new}"')
    service.table.new_game(game, {}, NAMES)
    service.table.submit(json.loads(setup), source="phone")


@pytest.mark.parametrize("size", [(360, 740), (740, 360)], ids=["upright", "sideways"])
@pytest.mark.parametrize("game", ["hexors", "nexus"])
def test_players_whose_names_begin_alike_wear_tokens_of_their_own(quiet_table, screenshots, game, size):
    service, url = quiet_table
    start_named(service, game)
    with phone_browser("en-GB", size, url=url) as driver:
        show(driver, url)
        wait(driver, lambda d: len(d.find_elements("css selector", LISTS[game])) == 2, message="no players listed")
        tokens = driver.execute_script(TOKENS_JS, LISTS[game])
        driver.execute_script("document.querySelector(arguments[0]).scrollIntoView({block: 'center'})", LISTS[game])
        pictures(driver, screenshots, f"player-tokens-{game}-{size[0]}x{size[1]}")
        assert not page_errors(driver)
    assert tokens["listed"] == {"Anne": "Anne", "Annie": "Anni"}, tokens
    whose = service.table.state()["summary"]["turn" if game == "hexors" else "player"]
    assert tokens["turn"] == tokens["listed"][whose], tokens
    assert [(mark, text, disc) for mark, text, disc in tokens["sizes"] if text > disc - 4] == [], tokens["sizes"]
