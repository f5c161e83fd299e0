"""Names, never ids, on the page (issue 53): a counter the camera saw is told by its card, and every game's options
are told without config names, in English and in French. (Every screen of every game is read for ids in
test_every_screen.py.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.referee import create_game

from boardhelpers import open_page, wait
from browserhelpers import page_errors, phone_browser

pytestmark = pytest.mark.browser
REPO = Path(__file__).resolve().parents[2]
INTERNAL = re.compile(r"\bexample-[a-z]|\bex-[a-z]+-\d|\btile-\d+-\d+|\bkeeper-\d|\bhexor-\d"
                      r"|\[[a-z_]+\]|\b[a-z]+_[a-z_]+\b")
EXAMPLES = {"nexus-keepers": "nexus-keepers-full-game.jsonl", "tesseract": "tesseract-win.jsonl",
            "hexors": "hexors-advanced-win.jsonl", "nexus": "nexus-two-players.jsonl"}


@pytest.mark.parametrize("language, said", [("en-GB", "Ann places a counter on a power-1 node of Ann's Long rod"),
                                            ("fr-FR", "Ann pose un pion sur un nœud de puissance 1 de la Longue tige d’Ann")])
def test_a_counter_the_camera_saw_is_told_by_its_card(quiet_table, language, said):
    """A counter read by the camera comes as a point ("at"), which the referee snaps to a node: the History names
    that node and its card, in the page's language (not "Counter on" with nothing after it)."""
    service, url = quiet_table
    example = REPO / "docs/rules/examples/nexus-two-players.jsonl"
    events = [json.loads(line) for line in example.read_text().splitlines()]
    service.table.new_game("nexus", {}, [])
    for event in events[:2]:
        service.table.submit(event)
    x, y = service.table.engine.state.node_point(events[3]["node"])  # on the Long rod
    verdicts = service.table.submit({"type": "place_counter", "at": [x + 0.05, y - 0.05]})
    assert not any(v.kind.value == "illegal" for v in verdicts)
    with phone_browser(language, url=url) as driver:
        open_page(driver, url, "#/history")
        wait(driver, lambda d: any(said in e.text for e in d.find_elements("css selector", "#history-list li .head")),
             message=f"the counter's entry does not say {said!r}")
        assert not page_errors(driver)


@pytest.mark.parametrize("language", ["en-GB", "fr-FR"])
def test_every_game_s_options_are_told_without_config_names(quiet_table, language):
    """Every game's options are told in words, without config names: no "([vision] emblem_face)", 'all_values',
    'until_disarmed' nor « colours »."""
    service, url = quiet_table
    found = {}
    with phone_browser(language, url=url) as driver:
        open_page(driver, url, "#/game")
        for game in EXAMPLES:
            driver.find_element("id", f"game-{game}").click()
            wait(driver, lambda d: d.find_elements("css selector", "#game-options .option"),
                 message=f"no {game} options")
            text = driver.execute_script("return document.querySelector('#game-options').innerText")
            specs = type(create_game(game, {})).option_specs()
            names = set(specs) | {str(c) for spec in specs.values() if spec.limit is not None
                                  for c in getattr(spec.limit, "choices", ())}  # what only the config calls them
            quoted = set(re.findall(r"« ?([^»]+?) ?»|'(\w+)'", text))
            found[game] = sorted({m.group(0) for m in INTERNAL.finditer(text)}
                                 | {q for pair in quoted for q in pair if q in names})
        assert not page_errors(driver)
    assert {game: ids for game, ids in found.items() if ids} == {}
