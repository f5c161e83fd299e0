"""Hexors' action tiles (advanced level) launched by tapping in a real browser: a face-down hand of a chosen size,
then who launches, which tile and on what; the engine's summary on the server is read back after each step.

« Au début de la partie, chaque joueur choisit quels carreaux actions il veut avoir. » and « Chaque joueur place ses
carreaux actions, face cachée, en avant de lui » : the phone keeps only each hand's size and asks which tile when one
is launched.
"""

from __future__ import annotations

import pytest

from boardhelpers import open_page, settled, shown, tap, unlock, wait
from browserhelpers import page_errors

pytestmark = pytest.mark.browser


def start_advanced(driver, url, stars):
    open_page(driver, url, "#/game")
    tap(driver, "#game-hexors")
    rows = driver.find_elements("css selector", ".player-name")
    for row, name in zip(rows, ["Ann", "Bob"]):
        row.clear()
        row.send_keys(name)
    field = driver.find_element("css selector", "#option-starting_stars")
    field.clear()
    field.send_keys(str(stars))
    tap(driver, "#game-start")
    if driver.execute_script("return document.querySelector('#confirm-dialog').open"):
        tap(driver, "#confirm-yes")
    wait(driver, lambda d: d.find_elements("css selector", "#hex-setup-start"), message="no Hexors setup wizard")
    tap(driver, ".hex-level button[data-value='advanced']")
    tap(driver, ".hex-hand-size button[data-value='3']")
    tap(driver, "#hex-setup-start")


def test_action_tiles_are_launched_by_tapping(quiet_table, phone):
    service, url = quiet_table
    unlock(phone, url)
    start_advanced(phone, url, stars=2)
    summary = settled(phone, url)["summary"]
    assert summary["level"] == "advanced" and summary["turn"] == "Ann"
    assert [(p["actions_in_hand"], p["hand"], p["stars"]) for p in summary["players"]] == [(3, None, 2), (3, None, 2)]

    # Ann's Setting sun on one of her monsters: a face-down hand, so every kind is offered, with its cost.
    tap(phone, "#hex-actions button[data-launcher='Ann']")
    kinds = shown(phone, "return [...document.querySelectorAll('#hex-action-kinds button')].map(b => b.dataset.kind)")
    assert sorted(kinds) == sorted(summary["action_kinds"])
    tap(phone, "#hex-action-kinds button[data-kind='setting_sun']")
    offered = shown(phone, "return [...document.querySelectorAll('#hex-action-targets button')]"
                           ".map(b => b.dataset.target)")
    assert sorted(offered) == sorted(x["id"] for x in summary["tiles"] if x["kind"] == "monster")
    mine = next(x["id"] for x in summary["tiles"] if x["kind"] == "monster" and x["owner"] == "Ann")
    tap(phone, f"#hex-action-targets button[data-target='{mine}']")
    summary = settled(phone, url)["summary"]
    in_play = [(a["kind"], a["owner"], a["target"]) for a in summary["actions_in_play"]]
    assert in_play == [("setting_sun", "Ann", mine)]
    assert summary["players"][0]["stars"] == 1 and summary["players"][0]["actions_in_hand"] == 2
    hint = shown(phone, "return document.querySelector('.hex-controls').parentNode.textContent")
    assert f"Setting sun (Ann → {summary['labels'][mine]['en']})" in hint

    # Ann's Mystic barrier: the free cells are ringed, and the tapped one becomes her wall.
    tap(phone, "#hex-actions button[data-launcher='Ann']")
    tap(phone, "#hex-action-kinds button[data-kind='mystic_barrier']")
    wait(phone, lambda d: d.find_elements("css selector", "#hex-action-cell"), message="no cell asked for")
    rings = shown(phone, "return [...document.querySelectorAll('.hex-arena .cell.dest')].map(c => c.dataset.cell)")
    taken = {x["cell"] for x in summary["tiles"]}
    assert sorted(rings) == sorted(c["cell"] for c in summary["arena"]["cells"] if c["cell"] not in taken)
    cell = rings[len(rings) // 2]
    tap(phone, f".hex-arena .cell[data-cell='{cell}']")
    summary = settled(phone, url)["summary"]
    assert [w["cell"] for w in summary["walls"]] == [cell] and summary["players"][0]["stars"] == 0
    wall = summary["walls"][0]["id"]

    # Bob disarms it at once (a flash action): the launched tiles are offered by name, and the wall goes to Ann's
    # discard pile, shown by name.
    tap(phone, "#hex-actions button[data-launcher='Bob']")
    tap(phone, "#hex-action-kinds button[data-kind='disarm']")
    named = shown(phone, "return [...document.querySelectorAll('#hex-action-targets button')].map(b => b.textContent)")
    assert sorted(named) == ["Mystic barrier (Ann)", f"Setting sun (Ann → {summary['labels'][mine]['en']})"]
    tap(phone, f"#hex-action-targets button[data-target='{wall}']")
    summary = settled(phone, url)["summary"]
    assert summary["walls"] == [] and wall in summary["players"][0]["discard"]
    ann = shown(phone, "return document.querySelector(\"#hex-players li[data-player='Ann']\").textContent")
    assert "discard pile: Mystic barrier" in ann and wall not in ann

    # A launch the rules refuse is told why, and changes nothing: Ann has no star left.
    tap(phone, "#hex-actions button[data-launcher='Ann']")
    tap(phone, "#hex-action-kinds button[data-kind='power_theft']")
    said = "Power theft costs 1 star; Ann has 0 (rule book: « Les joueurs peuvent lancer autant d'actions"  # quote sent once
    wait(phone, lambda d: said in d.find_element("css selector", "body").text, message="the refusal is not shown")
    summary = settled(phone, url)["summary"]
    assert summary["players"][0]["stars"] == 0 and summary["players"][1]["stars"] == 1
    assert page_errors(phone) == []
