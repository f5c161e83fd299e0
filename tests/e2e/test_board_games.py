"""Nexus Keepers and Tesseract played by tapping alone, in a real browser at a phone's size, to a win and a loss.

After each step the board drawn on the page is read back and compared with the engine's state on the
server. No JSON is typed anywhere: games are chosen, set up and played with taps (and names typed).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.referee import create_game

from boardhelpers import (REDRAWN, after_pending, api, new_game, open_page, pad, screenshot, settled, shown, state, tap,
                          tap_until, unlock, wait)
from browserhelpers import page_errors

pytestmark = pytest.mark.browser
REPO = Path(__file__).resolve().parents[2]
TESSERACT_EXAMPLE = [json.loads(line)
                     for line in (REPO / "docs/rules/examples/tesseract-win.jsonl").read_text().splitlines()]


def check_nk_board(driver, url):
    """The keepers, tiles, phase and dice drawn are the engine's."""
    now = settled(driver, url)
    summary = now["summary"]
    drawn = shown(driver, "return [...document.querySelectorAll('.nk-board .keeper')]"
                          ".map(k => [k.dataset.keeper, +k.dataset.x, +k.dataset.y])")
    expected = [[k["id"], *k["cell"]] for k in summary["board"]["keepers"] if k["status"] == "board"]
    assert sorted(drawn) == sorted(expected)
    tiles = shown(driver, "return [...document.querySelectorAll('.nk-board .tile')]"
                          ".map(t => [+t.dataset.x, +t.dataset.y, t.dataset.terrain])")
    assert sorted(tiles) == sorted([*cell, cube["terrain"][i]] for cube in summary["board"]["cubes"]
                                   for i, cell in enumerate(cube["tiles"]))
    assert shown(driver, "return document.querySelector('#board-phase').dataset.phase") == summary["phase"]
    if summary["phase"] in ("rolling", "acted"):
        assert shown(driver, "return [...document.querySelectorAll('#nk-dice .die[data-index]')]"
                             ".map(d => +d.dataset.value)") == summary["dice"]
    return summary


def test_nexus_keepers_is_played_to_a_win_by_tapping(quiet_table, phone, screenshots):
    service, url = quiet_table
    unlock(phone, url)
    new_game(phone, url, "nexus-keepers", ["Ann", "Bob"])
    assert state(url)["players"] == ["Ann", "Bob"]
    wait(phone, lambda d: d.find_elements("css selector", "#nk-setup-start"), message="no setup wizard")
    screenshot(phone, screenshots, "nk-setup-en")
    tap(phone, ".nk-cube-owner [data-value='1']")           # Bob's cube: from (1, 2), unfolding east
    tap(phone, ".nk-direction [data-value='E']")
    tap(phone, ".nk-board [data-x='1'][data-y='2']")
    tap(phone, ".nk-board .tile[data-owner='Bob'][data-x='3'][data-y='2']")   # its middle tile: plain -> volcano
    tap_until(phone, "#nk-setup-start", "#nk-start-turn")
    summary = check_nk_board(phone, url)
    assert summary["turn"] == "Ann" and summary["phase"] == "idle"
    bob = summary["board"]["cubes"][1]
    assert bob["tiles"][0] == [1, 2] and bob["portal"] == "W" and bob["terrain"][2] == "volcano"

    tap_until(phone, "#nk-start-turn", "#nk-roll-pad .pad-keys")
    summary = check_nk_board(phone, url)
    assert summary["phase"] == "start" and summary["dice_allowed"] == 5
    # nothing of the game is shown as JSON, and no text box waits for JSON
    tap(phone, "#details-card > summary")
    visible = shown(phone, "return [...document.querySelectorAll('pre, textarea')]"
                           ".filter(e => e.checkVisibility({contentVisibilityAuto: true, visibilityProperty: true}))"
                           ".map(e => e.id || e.className)")
    assert visible == []
    tap(phone, "#details-card > summary")
    pad(phone, "nk-roll-pad", [6, 6, 6, 2, 3])
    summary = check_nk_board(phone, url)
    assert summary["dice"] == [6, 6, 6, 2, 3] and summary["rerolls_left"] == 2
    assert "nk.roll" not in phone.find_element("tag name", "body").text     # rule ids stay under "details"
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
    rings = shown(phone, "return [...document.querySelectorAll('.nk-board .tile.dest')]"
                         ".map(t => t.dataset.x + ',' + t.dataset.y)")
    here = next(k["cell"] for k in summary["board"]["keepers"] if k["id"] == "Ann")
    changing = {f"{m['to'][0]},{m['to'][1]}" for m in moves if m["positions"] != {"Ann": here, "Bob": [1, 2]}}
    assert set(rings) == changing
    screenshot(phone, screenshots, "nk-destinations-en")
    winning = next(m for m in moves if m["positions"]["Bob"] == "portal")
    # The ringed tile may hold Bob now: tapping him there picks the tile (he is pushed away).
    at = f"[data-x='{winning['to'][0]}'][data-y='{winning['to'][1]}']"
    tap(phone, f".nk-board .keeper{at}" if phone.find_elements("css selector", f".nk-board .keeper{at}")
        else f".nk-board .tile.dest{at}")
    if phone.find_elements("css selector", "#nk-choose"):
        choice = next(b for b in phone.find_elements("css selector", "#nk-choose .outcome-choice")
                      if "Bob goes through the Portal" in b.text)
        phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", choice)
        choice.click()
    summary = check_nk_board(phone, url)
    assert summary["phase"] == "over" and summary["winners"] == ["Ann"]
    assert state(url)["outcome"]["kind"] == "win"
    wait(phone, lambda d: "Ann" in d.find_element("id", "nk-winners").text)
    assert "Ann wins the game" in phone.find_element("id", "outcome").text
    screenshot(phone, screenshots, "nk-win-en")
    assert not page_errors(phone)


def check_tess_board(driver, url):
    now = settled(driver, url)
    summary = now["summary"]
    drawn = shown(driver, "return Object.fromEntries([...document.querySelectorAll('.tess-tower .column')]"
                          ".map(c => [c.dataset.column, [+c.dataset.height, c.dataset.color, c.dataset.value, "
                          "c.dataset.removable]]))")
    for column in summary["tower"]:
        top = column["top"] or {"color": "", "value": ""}
        assert drawn[column["column"]] == [column["height"], top["color"], str(top["value"]),
                                           str(column["removable"]).lower()]
    assert shown(driver, "return +document.querySelector('#tess-breaches').dataset.breaches") == summary["breaches"]
    zone = shown(driver, "return [...document.querySelectorAll('#tess-zone .cube')]"
                         ".map(c => [c.dataset.color, +c.dataset.value])")
    assert sorted(zone) == sorted([c["color"], c["value"]] for c in summary["priming_zone"])
    labs = shown(driver, "return Object.fromEntries([...document.querySelectorAll('.lab')].map(l => [l.dataset.lab, "
                         "[...l.querySelectorAll('.cube')].map(c => [c.dataset.color, +c.dataset.value])]))")
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
            total = driver.execute_script("return document.querySelector('#tess-event .pad-count')"
                                          ".textContent.match(/(\\d+)\\D*$/)[1]")
            pad(driver, driver.find_element("css selector", "#tess-event .pad").get_attribute("id"), [2] * int(total))
            return
        else:
            tap(driver, "#tess-resolve")
    else:
        raise AssertionError(f"unexpected phase {phase}")


def test_tesseract_is_played_to_a_loss_by_tapping(quiet_table, phone, screenshots):
    service, url = quiet_table
    unlock(phone, url)
    new_game(phone, url, "tesseract", ["Ann", "Bob"], ticks=["allow_pass"])
    assert state(url)["options"]["allow_pass"] is True
    wait(phone, lambda d: d.find_elements("css selector", "#tess-setup-start"), message="no setup wizard")
    def seed_typed(driver) -> bool:
        """Type the seed until the wizard shows it: a redraw on a live update may land between clear and keys
        (what was typed is kept in the wizard's draft, but a half-typed field can be redrawn empty)."""
        try:
            field = driver.find_element("id", "tess-seed")
            if field.get_attribute("value") == "7":
                return True
            field.clear()
            field.send_keys("7")
        except REDRAWN:
            pass
        return False

    wait(phone, seed_typed, message="the seed never stayed typed")
    tap(phone, ".tess-bases [data-value='3']")            # base 3 hides Fission under a1 and a discharge under d4
    tap(phone, "#tess-rolls summary")                      # the starting cubes as rolled at the table
    for slot, value in (("lab:Ann", 4), ("lab:Bob", 2), ("primed:0", 5), ("primed:1", 5)):
        tap(phone, f"#tess-rolls [data-slot='{slot}'] [data-key='{value}']")
    screenshot(phone, screenshots, "tess-setup-en")
    tap(phone, "#tess-setup-start")
    summary = check_tess_board(phone, url)
    assert summary["scientists"] == ["Ann", "Bob"] and summary["base"] == "3"
    assert [c["value"] for c in summary["labs"]["Ann"]] == [4] and [c["value"] for c in summary["labs"]["Bob"]] == [2]
    assert sorted(c["value"] for c in summary["priming_zone"]) == [5, 5]
    assert shown(phone, "return document.querySelector('#tess-zone .zone-group.pair').dataset.value") == "5"
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
    # each prime tapped is the cube thrown: sent as its die, in the cube's colour, and counted as a roll of one die
    primes = [e for e in api(url, "api/history")["entries"] if e["event"]["type"] == "prime"]
    assert primes and all(e["in_force"] for e in primes)
    assert all(len(e["dice"]) == 1 and e["dice"][0]["value"] == 6 and e["dice"][0]["color"] in
               ("red", "blue", "yellow", "purple") for e in primes)
    open_page(phone, url, "#/stats")
    wait(phone, lambda d: d.find_elements("id", "stats-rolls"), message="no statistics drawn")
    assert phone.find_element("id", "stats-rolls").text == str(len(primes))
    assert not page_errors(phone)


def test_a_run_is_confined_by_tapping_its_cubes(quiet_table, phone, screenshots):
    """« SUITE : cubes qui se suivent » — the worked example's run (blue 4, purple 3, yellow 5), tapped in the lab."""
    service, url = quiet_table
    unlock(phone, url)
    example = TESSERACT_EXAMPLE
    service.table.new_game("tesseract", {}, ["Ada", "Marie"])
    for event in example[:11]:
        service.table.submit(event)
    open_page(phone, url, "#/table")
    summary = check_tess_board(phone, url)
    assert summary["scientist"] == "Marie"
    for index, cube in enumerate(summary["labs"]["Marie"]):
        tap(phone, f".lab[data-lab='Marie'] .cube[data-index='{index}']")
    tap(phone, "#tess-confine")
    chosen = example[11]["chosen"]
    tap(phone, f"#tess-confine-pick .cube[data-color='{chosen['color']}'][data-value='{chosen['value']}']")
    tap(phone, "#tess-confine-keep")
    summary = check_tess_board(phone, url)
    expected = create_game("tesseract", {})
    for event in example[:12]:
        expected.apply(event)
    assert summary["board"] == expected.summary()["board"] and summary["confined"] == 1
    assert summary["labs"] == expected.summary()["labs"]
    confined = shown(phone, "return [...document.querySelectorAll('#tess-confinement tr[data-colour] "
                            "td[data-filled=true]')].map(td => [td.parentElement.dataset.colour, +td.dataset.value])")
    assert confined == [["purple", 3]]


def tesseract_on_the_page(quiet_table, phone):
    """A new Tesseract game shown on the phone: the url, the worked example's events, the state shown."""
    service, url = quiet_table
    unlock(phone, url)
    service.table.new_game("tesseract", {}, ["Ada", "Marie"])
    open_page(phone, url, "#/table")
    return url, TESSERACT_EXAMPLE, settled(phone, url)


def history_read_again(phone):
    """Wait for the history read again after ``window.before`` was noted (an entry event reads it 0.1 s later), and
    for the redraw that may follow: a board that would be drawn again is drawn by then, on a machine of any speed."""
    wait(phone, lambda d: shown(d, "return window.companion.history !== window.before"), message="no history refresh")
    after_pending(phone)


def test_a_late_live_event_does_not_take_the_board_back(quiet_table, phone):
    """The phone's answer to its own change and the live event of the change before can arrive in either order
    (a loaded Wi-Fi); the board keeps the newer state instead of drawing the older one until the next change."""
    service, url = quiet_table
    unlock(phone, url)
    example = TESSERACT_EXAMPLE
    service.table.new_game("tesseract", {}, ["Ada", "Marie"])
    service.table.submit(example[0])
    older = service.table.state()
    service.table.submit(example[1])
    open_page(phone, url, "#/table")
    newer = settled(phone, url)
    assert newer["entries"] == older["entries"] + 1
    phone.execute_script("window.before = window.companion.history; "
                         "window.companion.onEvent('entry', {seq: arguments[0].entries - 1, event: {}, verdicts: [], "
                         "source: 'phone', state: arguments[0]})", older)
    history_read_again(phone)
    assert shown(phone, "return window.companion.state.entries") == newer["entries"]
    assert shown(phone, "return document.querySelector('#board').dataset.entries") == str(newer["entries"])
    # A state of another game (a new game started elsewhere) is taken whatever its count.
    service.table.new_game("tesseract", {}, ["Ada", "Marie"])
    fresh = settled(phone, url)
    assert fresh["entries"] == 0 and fresh["game_id"] != newer["game_id"]
    assert not page_errors(phone)


def test_a_redraw_with_nothing_new_keeps_the_board_as_it_is(quiet_table, phone):
    """The page re-renders on every history refresh and repeated live event; a board rebuilt then loses a tap in
    progress (the element touched is gone: a browser test's click once landed on the card beside), so the board is
    rebuilt only for a new state or another language."""
    service, _ = quiet_table
    url, example, _ = tesseract_on_the_page(quiet_table, phone)
    mark = "document.querySelector('#board').firstElementChild.kept = true"
    kept = "const el = document.querySelector('#board').firstElementChild; return Boolean(el && el.kept)"
    phone.execute_script(mark)
    phone.execute_script("window.before = window.companion.history; window.companion.refreshHistory()")
    history_read_again(phone)
    assert shown(phone, kept)
    phone.execute_script("const app = window.companion; window.before = app.history; app.onEvent('entry', "
                         "{seq: app.state.entries - 1, event: {}, verdicts: [], source: 'phone', "
                         "state: JSON.parse(JSON.stringify(app.state))})")  # again
    history_read_again(phone)
    assert shown(phone, kept)
    phone.execute_script("window.companion.switchLanguage('fr')")
    try:
        assert not shown(phone, kept)  # its words are French now
    finally:
        phone.execute_script("window.companion.switchLanguage('en')")  # the choice is remembered: the phone is shared
    phone.execute_script(mark)
    service.table.submit(example[0])
    settled(phone, url)
    assert not shown(phone, kept)
    assert not page_errors(phone)


def test_a_second_tap_while_a_move_is_on_its_way_is_not_sent(quiet_table, phone):
    """On a slow Wi-Fi a player taps again before the answer comes: one move reaches the referee, not two."""
    url, example, before = tesseract_on_the_page(quiet_table, phone)
    answered, second, sending = phone.execute_async_script("""
      const done = arguments[arguments.length - 1];
      const fast = window.fetch;  // every request now leaves a second late
      window.fetch = (...args) => new Promise((wake) => setTimeout(wake, 1000)).then(() => fast(...args));
      const app = window.companion;
      const first = app.submitEvent(arguments[0]);
      const sending = document.body.dataset.sending;
      const again = app.submitEvent(arguments[0]);
      Promise.all([first, again]).then(([a, b]) => { window.fetch = fast; done([!!a, b, sending]); });""", example[0])
    assert (answered, second, sending) == (True, None, "1")
    after = settled(phone, url)
    assert after["entries"] == before["entries"] + 1
    assert [e["event"]["type"] for e in api(url, "api/history")["entries"]] == [example[0]["type"]]
    assert shown(phone, "return document.body.dataset.sending") is None
    # the next move, once the answer is in, is sent
    assert phone.execute_async_script("window.companion.submitEvent(arguments[0]).then((r) => arguments[1](!!r))",
                                      example[1])
    assert settled(phone, url)["entries"] == before["entries"] + 2
    assert not page_errors(phone)


def test_a_move_whose_answer_never_comes_gives_the_board_back(quiet_table, phone):
    """A stalled Wi-Fi link: the request is given up (sent once more, same key, then "network"), the board takes
    taps again, and the next move is sent."""
    url, example, before = tesseract_on_the_page(quiet_table, phone)
    answered, tries, sending = phone.execute_async_script("""
      const done = arguments[arguments.length - 1];
      const fast = window.fetch;
      let tries = 0;
      window.fetch = (path, options) => { tries += 1;  // never answered; gives up only when told to
        return new Promise((_, fail) => options.signal?.addEventListener(
          "abort", () => fail(new DOMException("aborted", "AbortError")))); };
      const app = window.companion;
      app.api.timeoutMs = 300;
      app.submitEvent(arguments[0]).then((result) => {
        window.fetch = fast; app.api.timeoutMs = 20000;
        done([result, tries, document.body.dataset.sending || null]);
      });""", example[0])
    assert (answered, tries, sending) == (None, 2, None)
    wait(phone, lambda d: "The companion cannot be reached" in d.find_element("tag name", "body").text,
         message="the player was not told the move did not get through")
    assert phone.execute_async_script("window.companion.submitEvent(arguments[0]).then((r) => arguments[1](!!r))",
                                      example[0])
    assert settled(phone, url)["entries"] == before["entries"] + 1
    assert not page_errors(phone)
