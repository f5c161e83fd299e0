"""Nexus Keepers and Tesseract played by tapping alone, in a real browser at a phone's size, to a win and a loss.

After each step the board drawn on the page is read back and compared with the engine's state on the
server. No JSON is typed anywhere: games are chosen, set up and played with taps (and names typed).
"""

from __future__ import annotations

import pytest
from selenium.common.exceptions import StaleElementReferenceException

from companion.config import load_config
from companion.service import Service
from companion.web import create_app
from companion.web.server import WebServer

from boardhelpers import PIN, api, open_page, pad, screenshot, settled, shown, small_controls, state, tap, unlock, wait
from conftest import new_browser, page_errors

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """The real service without a camera (a simulated one would roll into these games), served on loopback."""
    config = load_config(None, overrides={"service": {"data_dir": str(tmp_path_factory.mktemp("boards")),
                                                      "host": "127.0.0.1", "port": 0, "threads": 12}})
    service = Service(config, camera=False)
    app = create_app(service)
    app.extensions["companion"].pins.change(PIN)
    server = WebServer(app, "127.0.0.1", 0, threads=12).start()
    service.start()
    yield service, f"http://127.0.0.1:{server.port}/"
    server.stop()
    service.stop()


@pytest.fixture(scope="module")
def phone():
    driver = new_browser("en-GB")
    driver.set_window_size(390, 844)
    yield driver
    driver.quit()


def new_game(driver, url, game, names, ticks=()):
    open_page(driver, url, "#/game")
    tap(driver, f"#game-{game}")
    rows = driver.find_elements("css selector", ".player-name")
    while len(rows) < len(names):
        tap(driver, "#add-player")
        rows = driver.find_elements("css selector", ".player-name")
    for row, name in zip(rows, names):
        row.clear()
        row.send_keys(name)
    for option in ticks:
        tap(driver, f"#option-{option}")
    tap(driver, "#game-start")
    if driver.execute_script("return document.querySelector('#confirm-dialog').open"):
        tap(driver, "#confirm-yes")
    wait(driver, lambda d: d.execute_script("return location.hash") == "#/table", message="the table never opened")


def check_nk_board(driver, url):
    """The keepers, tiles, phase and dice drawn are the engine's."""
    now = settled(driver, url)
    summary = now["summary"]
    drawn = shown(driver, "return [...document.querySelectorAll('.nk-board .keeper')].map(k => [k.dataset.keeper, +k.dataset.x, +k.dataset.y])")
    expected = [[k["id"], *k["cell"]] for k in summary["board"]["keepers"] if k["status"] == "board"]
    assert sorted(drawn) == sorted(expected)
    tiles = shown(driver, "return [...document.querySelectorAll('.nk-board .tile')].map(t => [+t.dataset.x, +t.dataset.y, t.dataset.terrain])")
    assert sorted(tiles) == sorted([*cell, cube["terrain"][i]] for cube in summary["board"]["cubes"] for i, cell in enumerate(cube["tiles"]))
    assert shown(driver, "return document.querySelector('#board-phase').dataset.phase") == summary["phase"]
    if summary["phase"] in ("rolling", "acted"):
        assert shown(driver, "return [...document.querySelectorAll('#nk-dice .die[data-index]')].map(d => +d.dataset.value)") == summary["dice"]
    return summary


def test_nexus_keepers_is_played_to_a_win_by_tapping(table, phone, screenshots):
    service, url = table
    unlock(phone, url)
    new_game(phone, url, "nexus-keepers", ["Ann", "Bob"])
    assert state(url)["players"] == ["Ann", "Bob"]
    wait(phone, lambda d: d.find_elements("css selector", "#nk-setup-start"), message="no setup wizard")
    screenshot(phone, screenshots, "nk-setup-en")
    tap(phone, ".nk-cube-owner [data-value='1']")           # Bob's cube: from (1, 2), unfolding east
    tap(phone, ".nk-direction [data-value='E']")
    tap(phone, ".nk-board [data-x='1'][data-y='2']")
    tap(phone, ".nk-board .tile[data-owner='Bob'][data-x='3'][data-y='2']")   # its middle tile: plain -> volcano
    tap(phone, "#nk-setup-start")
    summary = check_nk_board(phone, url)
    assert summary["turn"] == "Ann" and summary["phase"] == "idle"
    bob = summary["board"]["cubes"][1]
    assert bob["tiles"][0] == [1, 2] and bob["portal"] == "W" and bob["terrain"][2] == "volcano"

    tap(phone, "#nk-start-turn")
    summary = check_nk_board(phone, url)
    assert summary["phase"] == "start" and summary["dice_allowed"] == 5
    pad(phone, "nk-roll-pad", [6, 6, 6, 2, 3])
    summary = check_nk_board(phone, url)
    assert summary["dice"] == [6, 6, 6, 2, 3] and summary["rerolls_left"] == 2
    screenshot(phone, screenshots, "nk-rolled-en")

    # Reroll the 2 and the 3 by tapping them, then the new values.
    tap(phone, "#nk-dice .die[data-index='3']")
    tap(phone, "#nk-dice .die[data-index='4']")
    tap(phone, "#nk-reroll")
    pad(phone, "nk-reroll-pad", [6, 6])
    summary = check_nk_board(phone, url)
    assert sorted(summary["dice"]) == [6, 6, 6, 6, 6] and summary["rerolls_left"] == 1

    tap(phone, "#nk-power")                                  # one power die: a sixth 6
    pad(phone, "nk-power-pad", [6])
    summary = check_nk_board(phone, url)
    assert summary["dice"].count(6) == 6

    # Tap Ann: her destinations are the engine's legal moves; Bob can be pushed through his own Portal.
    tap(phone, ".nk-board .keeper[data-keeper='Ann']")
    moves = service.table.engine.legal_moves()
    wait(phone, lambda d: d.find_elements("css selector", ".nk-board .tile.dest"), message="no destination drawn")
    rings = shown(phone, "return [...document.querySelectorAll('.nk-board .tile.dest')].map(t => t.dataset.x + ',' + t.dataset.y)")
    here = next(k["cell"] for k in summary["board"]["keepers"] if k["id"] == "Ann")
    changing = {f"{m['to'][0]},{m['to'][1]}" for m in moves if m["positions"] != {"Ann": here, "Bob": [1, 2]}}
    assert set(rings) == changing
    screenshot(phone, screenshots, "nk-destinations-en")
    winning = next(m for m in moves if m["positions"]["Bob"] == "portal")
    # The ringed tile may hold Bob now: tapping him there picks the tile (he is pushed away).
    at = f"[data-x='{winning['to'][0]}'][data-y='{winning['to'][1]}']"
    tap(phone, f".nk-board .keeper{at}" if phone.find_elements("css selector", f".nk-board .keeper{at}") else f".nk-board .tile.dest{at}")
    if phone.find_elements("css selector", "#nk-choose"):
        choice = next(b for b in phone.find_elements("css selector", "#nk-choose .outcome-choice") if "Bob →" in b.text and "Portal" in b.text)
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", choice)
        choice.click()
    summary = check_nk_board(phone, url)
    assert summary["phase"] == "over" and summary["winners"] == ["Ann"]
    assert state(url)["outcome"]["kind"] == "win"
    wait(phone, lambda d: "Ann" in d.find_element("id", "nk-winners").text)
    assert "won" in phone.find_element("id", "outcome").text
    screenshot(phone, screenshots, "nk-win-en")
    assert not page_errors(phone)


def check_tess_board(driver, url):
    now = settled(driver, url)
    summary = now["summary"]
    drawn = shown(driver, "return Object.fromEntries([...document.querySelectorAll('.tess-tower .column')].map(c => [c.dataset.column, [+c.dataset.height, c.dataset.color, c.dataset.value, c.dataset.removable]]))")
    for column in summary["tower"]:
        top = column["top"] or {"color": "", "value": ""}
        assert drawn[column["column"]] == [column["height"], top["color"], str(top["value"]), str(column["removable"]).lower()]
    assert shown(driver, "return +document.querySelector('#tess-breaches').dataset.breaches") == summary["breaches"]
    zone = shown(driver, "return [...document.querySelectorAll('#tess-zone .cube')].map(c => [c.dataset.color, +c.dataset.value])")
    assert sorted(zone) == sorted([c["color"], c["value"]] for c in summary["priming_zone"])
    labs = shown(driver, "return Object.fromEntries([...document.querySelectorAll('.lab')].map(l => [l.dataset.lab, [...l.querySelectorAll('.cube')].map(c => [c.dataset.color, +c.dataset.value])]))")
    assert labs == {name: [[c["color"], c["value"]] for c in cubes] for name, cubes in summary["labs"].items()}
    return summary


def tesseract_step(driver, url, summary):
    """One tap sequence of whatever the game asks now (the Action phase passes: allow_pass is ticked)."""
    phase = driver.execute_script("return document.querySelector('#board-phase').dataset.phase")
    if phase == "action":
        tap(driver, "#tess-end-actions")
    elif phase == "threat":
        if not driver.find_elements("css selector", "#tess-prime-pad"):
            tap(driver, ".tess-tower .column.choice")
        pad(driver, "tess-prime-pad", [6])
    elif phase == "event":
        if driver.find_elements("css selector", "#tess-resolve-column"):
            tap(driver, ".tess-tower .column.choice")
        elif driver.find_elements("css selector", "#tess-event .choice-button, #tess-resolve-destroyed .cube"):
            tap(driver, "#tess-event .choice-button, #tess-resolve-destroyed .cube")
        elif driver.find_elements("css selector", "#tess-event .pad"):
            total = driver.execute_script("return document.querySelector('#tess-event .pad-count').textContent.match(/(\\d+)\\D*$/)[1]")
            pad(driver, driver.find_element("css selector", "#tess-event .pad").get_attribute("id"), [2] * int(total))
            return
        else:
            tap(driver, "#tess-resolve")
    else:
        raise AssertionError(f"unexpected phase {phase}")


def test_tesseract_is_played_to_a_loss_by_tapping(table, phone, screenshots):
    service, url = table
    unlock(phone, url)
    new_game(phone, url, "tesseract", ["Ann", "Bob"], ticks=["allow_pass"])
    assert state(url)["options"]["allow_pass"] is True
    wait(phone, lambda d: d.find_elements("css selector", "#tess-setup-start"), message="no setup wizard")
    for _ in range(5):   # the wizard is redrawn on live updates; what was typed is kept in its draft
        try:
            phone.find_element("id", "tess-seed").clear()
            phone.find_element("id", "tess-seed").send_keys("7")
            break
        except StaleElementReferenceException:
            continue
    wait(phone, lambda d: d.find_element("id", "tess-seed").get_attribute("value") == "7")
    tap(phone, ".tess-bases [data-value='3']")            # base 3 hides Fission under a1 and a discharge under d4
    screenshot(phone, screenshots, "tess-setup-en")
    tap(phone, "#tess-setup-start")
    summary = check_tess_board(phone, url)
    assert summary["scientists"] == ["Ann", "Bob"] and summary["base"] == "3"
    assert phone.find_element("id", "board-turn").text == "Ann's turn"

    column = summary["removable"][0]                         # take: tap a removable column, then Take
    top = next(c for c in summary["tower"] if c["column"] == column)["top"]
    tap(phone, f".tess-tower .column[data-column='{column}']")
    tap(phone, "#tess-take")
    summary = check_tess_board(phone, url)
    assert top in summary["labs"]["Ann"] and summary["actions_left"] == 2
    index = summary["labs"]["Ann"].index(top)                # calibrate it: tap it in the lab, then ±1
    tap(phone, f".lab[data-lab='Ann'] .cube[data-index='{index}']")
    delta = -1 if top["value"] > 1 else 1
    tap(phone, f"#tess-actions [data-calibrate='{delta}']")
    summary = check_tess_board(phone, url)
    assert {"color": top["color"], "value": top["value"] + delta} in summary["labs"]["Ann"]
    screenshot(phone, screenshots, "tess-action-en")

    event_shot = False
    for _ in range(200):
        if state(url)["outcome"]:
            break
        if summary["waiting"] and not event_shot:
            screenshot(phone, screenshots, "tess-event-en")
            event_shot = True
        tesseract_step(phone, url, summary)
        summary = check_tess_board(phone, url)
    outcome = state(url)["outcome"]
    assert outcome is not None and outcome["kind"] == "loss"
    resolved = [e for e in api(url, "api/history")["entries"] if e["event"]["type"] == "resolve" and e["in_force"]]
    assert resolved, "no base event was resolved on the way"
    wait(phone, lambda d: d.find_element("id", "board-phase").get_attribute("data-phase") == "over")
    screenshot(phone, screenshots, "tess-loss-en")
    assert not page_errors(phone)


def test_every_control_is_at_least_44_px_on_every_screen(table, phone, screenshots):
    service, url = table
    unlock(phone, url)
    problems = {}
    service.table.new_game("free-roll", {}, ["Ann", "Bob"])
    service.table.submit({"type": "roll", "dice": [{"value": 3, "color": "red"}, {"value": 6, "color": "blue"}]})
    for route in ("#/join", "#/table", "#/stats"):
        open_page(phone, url, route)
        problems[f"free roll {route}"] = small_controls(phone)
    service.table.new_game("nexus-keepers", {}, ["Ann", "Bob"])
    open_page(phone, url, "#/table")
    wait(phone, lambda d: d.find_elements("css selector", "#nk-setup-start"))
    for route in ("#/table", "#/game", "#/verdicts", "#/history", "#/stats", "#/settings"):
        open_page(phone, url, route)
        problems[route] = small_controls(phone)
    open_page(phone, url, "#/table")
    tap(phone, "#nk-setup-start")
    tap(phone, "#nk-start-turn")
    pad(phone, "nk-roll-pad", [2, 2, 5, 5, 3])
    wait(phone, lambda d: d.find_element("id", "board-phase").get_attribute("data-phase") == "rolling")
    tap(phone, ".nk-board .keeper[data-keeper='Ann']")
    wait(phone, lambda d: d.find_elements("css selector", ".nk-board .tile.dest"))
    problems["nk board"] = small_controls(phone)
    service.table.new_game("tesseract", {}, ["Ann", "Bob"])
    service.table.submit({"type": "setup", "players": 2, "scientists": ["Ann", "Bob"], "seed": 3})
    open_page(phone, url, "#/table")
    wait(phone, lambda d: d.find_elements("css selector", ".tess-tower"))
    problems["tesseract board"] = small_controls(phone)
    assert {k: v for k, v in problems.items() if v} == {}


SCREENS = ("table", "game", "verdicts", "history", "stats", "settings")


@pytest.mark.parametrize("language", ["en-GB", "fr-FR"])
def test_every_screen_in_both_languages(table, screenshots, language):
    """Screenshots of every screen for both board games; in French no English word of ours is left on them."""
    service, url = table
    lang = language[:2]
    driver = new_browser(language)
    driver.set_window_size(390, 844)
    try:
        unlock(driver, url)
        service.table.new_game("nexus-keepers", {}, ["Ann", "Bob"])
        open_page(driver, url, "#/table")
        wait(driver, lambda d: d.find_elements("css selector", "#nk-setup-start"))
        screenshot(driver, screenshots, f"nk-setup-{lang}")
        tap(driver, "#nk-setup-start")
        tap(driver, "#nk-start-turn")
        pad(driver, "nk-roll-pad", [2, 2, 5, 5, 3])
        wait(driver, lambda d: d.find_element("id", "board-phase").get_attribute("data-phase") == "rolling")
        tap(driver, ".nk-board .keeper[data-keeper='Ann']")
        wait(driver, lambda d: d.find_elements("css selector", ".nk-board .tile.dest"))
        for screen in SCREENS:
            open_page(driver, url, f"#/{screen}")
            if screen == "table":
                if not driver.find_elements("css selector", ".nk-board .tile.dest"):  # still selected: same page
                    tap(driver, ".nk-board .keeper[data-keeper='Ann']")
                wait(driver, lambda d: d.find_elements("css selector", ".nk-board .tile.dest"))
            screenshot(driver, screenshots, f"nk-{screen}-{lang}")
        open_page(driver, url, "#/table")
        phase = driver.find_element("id", "board-phase").text
        assert phase == {"en": "Reroll, add power dice, or move", "fr": "Relancez, ajoutez des dés de pouvoir ou bougez"}[lang]
        service.table.new_game("tesseract", {}, ["Ann", "Bob"])
        open_page(driver, url, "#/table")
        wait(driver, lambda d: d.find_elements("css selector", "#tess-setup-start"))
        screenshot(driver, screenshots, f"tess-setup-{lang}")
        tap(driver, "#tess-setup-start")
        wait(driver, lambda d: d.find_elements("css selector", ".tess-tower"))
        for screen in ("table", "verdicts", "history"):
            open_page(driver, url, f"#/{screen}")
            screenshot(driver, screenshots, f"tess-{screen}-{lang}")
        open_page(driver, url, "#/verdicts")
        badges = {b.text for b in driver.find_elements("css selector", "#verdict-list .badge")}
        assert badges == {"en": {"INFO"}, "fr": {"NOTE"}}[lang]
        if lang == "fr":
            # the engine's French messages name colours in English; the page says them in French
            texts = " ".join(p.text for p in driver.find_elements("css selector", "#verdict-list .text"))
            assert "amorcés" in texts
            for word in ("red", "blue", "yellow", "purple"):
                assert f" {word} " not in f" {texts} "
            assert driver.find_element("css selector", "#verdict-list .rule-details summary").text == "Détails"
        assert not page_errors(driver)
    finally:
        driver.quit()


def test_an_out_of_range_option_is_refused_with_its_name(table, phone):
    service, url = table
    unlock(phone, url)
    before = service.table.record.id
    open_page(phone, url, "#/game")
    tap(phone, "#game-nexus-keepers")
    field = phone.find_element("id", "option-maladresse_ones")
    assert (field.get_attribute("min"), field.get_attribute("max")) == ("0", "6")
    field.clear()
    field.send_keys("9")
    tap(phone, "#game-start")
    wait(phone, lambda d: "Ones that lose the turn (MALADRESSE) must be from 0 to 6" in d.find_element("id", "notices").text)
    assert service.table.record.id == before


def test_undo_names_its_entry_and_is_refused_when_another_phone_moved_on(table, phone):
    service, url = table
    unlock(phone, url)
    service.table.new_game("free-roll", {}, [])
    service.table.submit({"type": "roll", "dice": [{"value": 3, "color": "red"}]}, source="phone")
    open_page(phone, url, "#/table")
    wait(phone, lambda d: d.find_element("id", "table-undo").text == "Undo 1 · Roll 3")
    # Another phone (or the camera) adds a roll while this one still shows "Undo 1"; the stream is paused
    # so this page cannot have seen it.
    phone.execute_script("window.companion.stream.source.close()")
    service.table.submit({"type": "roll", "dice": [{"value": 5, "color": "blue"}]}, source="camera")
    tap(phone, "#table-undo")
    wait(phone, lambda d: "entry 1 is no longer the last one" in d.find_element("id", "latest-verdicts").text)
    assert len(service.table.state()["accepted"]) == 2


def test_a_game_set_aside_is_resumed_from_history(table, phone, screenshots):
    service, url = table
    unlock(phone, url)
    service.table.new_game("free-roll", {}, ["Ann", "Bob"])
    service.table.submit({"type": "roll", "dice": [{"value": 2, "color": "green"}]})
    aside = service.table.record.id
    service.table.new_game("nexus-keepers", {}, ["Cy", "Di"])
    open_page(phone, url, "#/history")
    tap(phone, f"#past-games [data-game='{aside}'] button")
    wait(phone, lambda d: d.execute_script("return location.hash") == "#/table")
    now = state(url)
    assert now["game_id"] == aside and now["players"] == ["Ann", "Bob"] and len(now["accepted"]) == 1
    open_page(phone, url, "#/history")
    wait(phone, lambda d: "Nexus Keepers" in d.find_element("id", "past-games").text)
    screenshot(phone, screenshots, "history-resume-en")
