"""Hexors and Nexus (James Ernest) started through their setup wizards and played by tapping, in a real browser.

After each step the board drawn on the page is read back and compared with the engine's summary on the server.
No JSON is typed: the games are chosen, set up and played with taps (and player names typed).
"""

from __future__ import annotations

import pytest
from selenium.common.exceptions import TimeoutException

from companion.games.nexus.views import readable

from boardhelpers import (new_game, open_page, screenshot, settled, shown, small_controls, tap, tap_until, unlock,
                          wait)
from browserhelpers import page_errors, phone_browser

pytestmark = pytest.mark.browser


# -- Hexors -------------------------------------------------------------------------------------------------------
def check_hex_board(driver, url):
    """Every tile drawn where the engine has it, facing its way, with each face's value and colour; the phase."""
    summary = settled(driver, url)["summary"]
    drawn = shown(driver, """return [...document.querySelectorAll('.hex-arena .tile')].map(t =>
        [t.dataset.tile, t.dataset.cell, t.dataset.facing,
         Object.fromEntries([...t.querySelectorAll('.face')]
           .map(f => [f.dataset.dir, [+f.dataset.value, f.dataset.colour]]))])""")
    expected = [[x["id"], x["cell"], x["facing"], {d: [value, colour] for d, (value, colour) in x["faces"].items()}]
                for x in summary["tiles"]]
    assert sorted(drawn, key=str) == sorted(expected, key=str)
    grey = shown(driver, "return [...document.querySelectorAll('.hex-arena .cell.start')].map(c => c.dataset.cell)")
    assert sorted(grey) == sorted(c["cell"] for c in summary["arena"]["cells"] if c.get("start_of"))
    assert len(shown(driver, "return document.querySelectorAll('.hex-arena .cell')")) == len(summary["arena"]["cells"])
    return summary


def pick_move(summary, engine):
    """A legal move towards the enemy: one that starts a duel if any, else the one that ends nearest the enemy."""
    state = engine.state
    from companion.games.hexors.arena import distance
    from companion.games.hexors.movement import enemies_in_front

    me = summary["turn"]
    enemy = [p for p in state.on_arena() if state.controller(p) != me]
    best, score = None, None
    for move in summary["legal_moves"]:
        piece = state.pieces[move["tile"]]
        cell = state.arena.parse(move["path"][-1])
        before = piece.cell
        piece.cell = cell
        duel = bool(enemies_in_front(state, me, cell, ignore=piece.id))
        piece.cell = before
        near = min(distance(cell, e.cell) for e in enemy)
        key = (not duel, near, move["tile"], move["path"])
        if score is None or key < score:
            best, score = move, key
    return best


def test_hexors_is_set_up_and_played_by_tapping(quiet_table, phone, screenshots):
    service, url = quiet_table
    unlock(phone, url)
    new_game(phone, url, "hexors", ["Ann", "Bob"])
    wait(phone, lambda d: d.find_elements("css selector", "#hex-setup-start"), message="no Hexors setup wizard")
    # Ann's character to the grey cell c1: her monsters follow within 2 cells of it.
    tap(phone, ".hex-arena .tile[data-tile='char-0']")
    rings = shown(phone, "return [...document.querySelectorAll('.hex-arena .cell.dest')].map(c => c.dataset.cell)")
    assert sorted(rings) == ["c1", "e1"]  # the other free grey cells at Ann's end (d1 is hers now)
    tap(phone, ".hex-arena .tile[data-cell='c1']")  # one of her monsters stands there: it makes way
    setup = service.table.engine.summary()["setup"]
    monsters = shown(phone, "return [...document.querySelectorAll('.hex-arena .tile.monster[data-side=\"0\"]')]"
                            ".map(t => t.dataset.cell)")
    assert len(monsters) == 4 and set(monsters) <= set(setup["near"]["c1"])
    assert shown(phone, "return document.querySelector('#hex-counts').dataset.counts") == "4,4"
    screenshot(phone, screenshots, "hexors-setup-en")
    tap(phone, "#hex-setup-start")
    summary = check_hex_board(phone, url)
    assert summary["turn"] == "Ann" and summary["level"] == "beginner"
    ann = {x["cell"] for x in summary["tiles"] if x["owner"] == "Ann"}
    assert "c1" in ann and all(x["facing"] == ("N" if x["owner"] == "Ann" else "S") for x in summary["tiles"])

    # Tap tiles and ringed cells until a duel starts; the rings are the engine's legal moves for the tapped tile.
    engine = service.table.engine
    for _ in range(16):
        if summary["duel"]:
            break
        move = pick_move(summary, engine)
        tap(phone, f".hex-arena .tile[data-tile='{move['tile']}']")
        rings = shown(phone, "return [...document.querySelectorAll('.hex-arena .cell.dest')].map(c => c.dataset.cell)")
        assert sorted(rings) == sorted({m["path"][-1] for m in summary["legal_moves"] if m["tile"] == move["tile"]})
        if summary["turn_number"] == 1:
            screenshot(phone, screenshots, "hexors-moves-en")
        tap(phone, f".hex-arena .cell[data-cell='{move['path'][-1]}']")
        if phone.find_elements("css selector", "#hex-paths"):
            tap(phone, "#hex-paths button")  # several jump chains end there: the first one listed
        before = summary["turn_number"]
        summary = check_hex_board(phone, url)
        moved = next(x for x in summary["tiles"] if x["id"] == move["tile"])
        assert moved["cell"] == move["path"][-1]
        assert summary["duel"] or summary["turn_number"] == before + 1
    assert summary["duel"], "no duel after 16 moves"
    if summary["duel"]["choose_opponent"]:
        tap(phone, "#hex-challenge button")
        summary = check_hex_board(phone, url)

    # The duel: both sides' strike value for every colour spelled out, then each roll entered by tapping a colour.
    duel = summary["duel"]
    table_shown = shown(phone, """return [...document.querySelectorAll('#hex-strike tbody tr')].map(r =>
        [r.dataset.colour, +r.querySelector('[data-side=attacker]').dataset.total,
         +r.querySelector('[data-side=defender]').dataset.total,
         r.querySelector('[data-side=attacker]').textContent])""")
    parts = duel["strike_parts"]
    assert [row[:3] for row in table_shown] == [[c, parts["attacker"][c]["total"], parts["defender"][c]["total"]]
                                                for c in summary["colours"]]
    for row in table_shown:  # the attacker's value spelled with its bonus when it is a character (beginner: +2)
        kind = next(x["kind"] for x in summary["tiles"] if x["id"] == duel["attacker"])
        assert ("+ 2 character" in row[3]) == (kind == "character")
    # The attacker rolls the colour where it is strongest, the defender where it is weakest: the attacker wins.
    a_colour = max(summary["colours"], key=lambda c: parts["attacker"][c]["total"])
    strongest = parts["attacker"][a_colour]["total"]
    d_colour = min(summary["colours"], key=lambda c: parts["defender"][c]["total"])
    screenshot(phone, screenshots, "hexors-duel-en")
    tap(phone, f"#hex-colours [data-colour='{a_colour}']")
    summary = check_hex_board(phone, url)
    assert summary["duel"]["rolls"] == [a_colour]
    assert summary["duel"]["next_roll_by"] != duel["next_roll_by"]
    tap(phone, f"#hex-colours [data-colour='{d_colour}']")
    summary = check_hex_board(phone, url)
    last = summary["last_duel"]
    assert last["attacker"]["colour"] == a_colour and last["defender"]["colour"] == d_colour
    assert last["attacker"]["total"] == strongest
    winner = last.get("winner")
    shown_winner = shown(phone, "return document.querySelector('#hex-last-duel').dataset.winner")
    assert shown_winner == (winner or "")
    labels = {tid: name["en"] for tid, name in summary["labels"].items()}  # as players call them, as the verdicts do
    said = shown(phone, "return document.querySelector('#hex-last-duel').textContent")
    assert labels[duel["attacker"]] in said and labels[duel["defender"]] in said, said
    assert duel["attacker"] not in said and duel["defender"] not in said, said  # ids such as "mon-0-2": not said
    if winner:
        loser = duel["defender"] if winner == duel["attacker"] else duel["attacker"]
        piles = shown(phone, "return document.querySelector('#hex-players').textContent")
        assert labels[loser] in piles and loser not in piles, piles
    if winner == duel["attacker"]:
        assert duel["defender"] not in {x["id"] for x in summary["tiles"]}
        drawn_ids = shown(phone, "return [...document.querySelectorAll('.hex-arena .tile')].map(t => t.dataset.tile)")
        assert duel["defender"] not in drawn_ids
    screenshot(phone, screenshots, "hexors-after-duel-en")
    assert not page_errors(phone)


# -- Nexus ----------------------------------------------------------------------------------------------------------
def check_nexus_board(driver, url, service):
    """Cards, nodes where the engine has them with their power, counters and closed Nexuses (the phone works nodes out
    from each card's design and the Nexuses); scores shown. Returns the summary as the phone reads it (``readable``)."""
    summary = readable(settled(driver, url)["summary"])
    state = service.table.engine.state
    cards = shown(driver, "return [...document.querySelectorAll('#nx-scroll .card')]"
                          ".map(c => [c.dataset.card, +c.dataset.x, +c.dataset.y, +c.dataset.rotation])")
    assert sorted(cards) == sorted([c["card"], c["x"], c["y"], c["rotation"]] for c in summary["cards"])
    nodes = shown(driver, "return [...document.querySelectorAll('#nx-scroll .node')].map(n => [n.dataset.node,"
                          " +n.dataset.power, n.dataset.counter, n.dataset.closed,"
                          " +n.querySelector('.body').getAttribute('cx'),"
                          " +n.querySelector('.body').getAttribute('cy')])")
    closed = state.closed_nodes()
    assert sorted([*n[:4], round(n[4], 4), round(n[5], 4)] for n in nodes) == sorted(
        [nid, state.board.power[nid], state.counters.get(nid, ""), str(nid in closed).lower(),
         *(round(v, 4) for v in state.node_point(nid))] for nid in state.board.node_card)
    scores = shown(driver, "return [...document.querySelectorAll('#nx-scores li')]"
                           ".map(li => [li.dataset.player, +li.dataset.score])")
    assert scores == [[p["name"], p["score"]] for p in summary["players"]]
    assert shown(driver, "return document.querySelector('#board-phase').dataset.phase") == summary["phase"]
    return summary


def pick_card(driver, card):
    """Pick the card drawn. A tap sent while the board is redrawn (a state arriving) can land on the card beside it:
    the hint then names another card, and the picker is opened again."""
    for _ in range(4):
        if driver.find_elements("css selector", f"#nx-card-hint[data-card='{card}']"):
            return
        if driver.find_elements("css selector", "#nx-card-hint"):
            tap(driver, "#nx-change-card")
        tap(driver, f"#nx-drawn [data-card='{card}']")
        try:
            wait(driver, lambda d: d.find_elements("css selector", "#nx-card-hint"), timeout=5)
        except TimeoutException:
            pass  # the tap was lost with the old picker: tap again
    raise AssertionError(f"{card} was never picked: the hint shows {shown(driver, HINT_CARD)}")


HINT_CARD = "const hint = document.querySelector('#nx-card-hint'); return hint && hint.dataset.card"


def play_card(driver, card, x, y, rotation, summary):
    pick_card(driver, card)
    squares = shown(driver, "return [...document.querySelectorAll('#nx-scroll .spot-cell')]"
                            ".map(s => [+s.dataset.x, +s.dataset.y])")
    covered = set()
    for spot in summary["card_spots"]:  # the squares drawn are exactly those the engine's free spots cover
        dx, dy = (0, 1) if 90 in spot["rotations"] else (1, 0)
        covered |= {(spot["x"], spot["y"]), (spot["x"] + dx, spot["y"] + dy)}
    assert sorted(map(tuple, squares)) == sorted(covered)
    # the square's ways show once its tap is taken: a tap landing mid-redraw is lost with the old square
    way = f"#nx-ways [data-x='{x}'][data-y='{y}'][data-rotation='{rotation}']"
    tap_until(driver, f"#nx-scroll .spot-cell[data-x='{x}'][data-y='{y}']", way)
    if driver.find_elements("css selector", way + "[aria-pressed='false']"):  # chosen already if it is the only way
        tap_until(driver, way, way + "[aria-pressed='true']")
    try:
        wait(driver, lambda d: d.find_elements("css selector", f"#nx-scroll .ghost[data-ghost='{card}']"))
    except TimeoutException:
        offered = shown(driver, "return [...document.querySelectorAll('#nx-ways button[data-x]')]"
                                ".map(b => [+b.dataset.x, +b.dataset.y, +b.dataset.rotation, "
                                "b.getAttribute('aria-pressed')])")
        raise AssertionError(f"no preview of the card at {(x, y, rotation)}; the ways offered: {offered}") from None
    tap(driver, "#nx-play")


def place_counter(driver, summary, node, state):
    card = node.split(":")[0]
    tap(driver, f"#nx-scroll .card-hit[data-card='{card}']")
    said = state.placed(card)  # as the verdicts say it: "Ann's Long rod", not "Long rod"
    assert driver.find_element("css selector", "#nx-zoom h3").text == f"{said}: tap a free node"
    legal = shown(driver, "return [...document.querySelectorAll('#nx-zoom .node.legal')].map(n => n.dataset.node)")
    assert sorted(legal) == sorted(n for n in summary["legal_counters"] if n.startswith(card + ":"))
    tap(driver, f"#nx-zoom .node[data-node='{node}']")


def test_nexus_is_set_up_and_played_by_tapping(quiet_table, phone, screenshots):
    service, url = quiet_table
    unlock(phone, url)
    new_game(phone, url, "nexus", ["Ann", "Bob"])
    wait(phone, lambda d: d.find_elements("css selector", "#nx-setup-start"), message="no Nexus setup wizard")
    first = "#nx-first-card [data-card='ex-fork-1']"
    tap_until(phone, first, first + "[aria-pressed='true']")  # a tap sent mid-redraw can land on the card beside
    screenshot(phone, screenshots, "nexus-setup-en")
    tap(phone, "#nx-setup-start")
    summary = check_nexus_board(phone, url, service)
    assert [c["card"] for c in summary["cards"]] == ["ex-fork-1"] and summary["player"] == "Ann"
    # Nexus has no dice: without a camera the page says to play on the board, not to enter rolls
    caption = phone.find_element("id", "snapshot-caption").text
    assert caption == "No camera picture — play by tapping the board", caption

    # The opening of docs/rules/examples/nexus-two-players.jsonl, tapped: the card drawn picked, put on a ringed
    # square the way it lies, then a counter on a free node of a tapped card. Ann's second Chain closes a Nexus
    # holding her counter: she scores it. The picker shows each design once and sends its first copy left (the
    # example's ex-rod-5 is the first Long rod drawn, ex-rod-1 here): copies are alike.
    turns = [("ex-rod-1", 2, -1, 270, "ex-rod-1:c"), ("ex-cross-1", 3, -1, 0, "ex-rod-1:b"),
             ("ex-fork-2", -1, -1, 270, "ex-fork-2:c"), ("ex-chain-1", 5, -2, 270, "ex-chain-1:e"),
             ("ex-chain-2", -1, -2, 180, None)]
    for turn, (card, x, y, rotation, node) in enumerate(turns):
        assert card in [c["id"] for c in summary["drawable"]]
        play_card(phone, card, x, y, rotation, summary)
        summary = check_nexus_board(phone, url, service)
        assert [card, x, y, rotation] in [[c["card"], c["x"], c["y"], c["rotation"]] for c in summary["cards"]]
        assert summary["phase"] == "counter"
        if turn == 0:
            # ex-rod-1 closes the first card's one-node Nexus: nobody holds it, so it scores for no one (grey)
            assert [(n["id"], n["scorer"]) for n in summary["nexuses"] if n["closed"]] == [("ex-fork-1:c", None)]
            screenshot(phone, screenshots, "nexus-counter-en")
        if node is None:
            break
        player = summary["player"]
        place_counter(phone, summary, node, service.table.engine.state)
        summary = check_nexus_board(phone, url, service)
        assert summary["counters"][node] == player
        assert summary["player"] != player
        fill = shown(phone, "return document.querySelector(`#nx-scroll .node[data-node='${arguments[0]}'] .counter`)"
                            ".getAttribute('fill')", node)
        assert fill == {"red": "#e53935", "blue": "#1e88e5"}[next(p["colour"] for p in summary["players"]
                                                                 if p["name"] == player)]

    closed = {n["id"]: n for n in summary["nexuses"] if n["closed"]}
    assert closed["ex-chain-2:d"]["scorer"] == "Ann" and summary["scores"] == {"Ann": 1, "Bob": 0}
    shades = shown(phone, """return Object.fromEntries([...document.querySelectorAll('#nx-scroll .node.closed')]
      .map(n =>
        [n.dataset.node, n.querySelector('.closed-shade').getAttribute('fill')]))""")
    down = [f"{c['card']}:{d['name']}" for c in summary["cards"] for d in summary["designs"][c["design"]]["nodes"]]
    assert shades == {down[i]: "#e53935" if n["scorer"] == "Ann" else "#9e9e9e"  # a Nexus's nodes by index
                      for n in closed.values() for i in n["nodes"]}
    assert len(closed) == 2 and closed["ex-fork-1:c"]["scorer"] is None
    # the Nexuses are listed by the cards they run across, as the verdicts name them, never by a node's id
    listed = shown(phone, "return [...document.querySelectorAll('.nx-nexuses li strong')].map(s => s.textContent)")
    names = service.table.engine.state.nexus_names()  # the summary keys them by the cards' words: the phone says them
    opening = [names[n["id"]].en[0].upper() + names[n["id"]].en[1:] for n in summary["nexuses"]]  # each opens a line
    assert listed == opening and "The first card and Ann's Fork" in listed
    screenshot(phone, screenshots, "nexus-closed-en")
    assert not page_errors(phone)


def test_hexors_and_nexus_controls_are_44_px_and_in_both_languages(quiet_table, screenshots):
    """Every control at least 44 px; screenshots of both boards in English and French, French words in French."""
    service, url = quiet_table
    problems = {}
    for language in ("en-GB", "fr-FR"):
        lang = language[:2]
        with phone_browser(language, (390, 844), url=url) as driver:
            service.table.new_game("hexors", {}, ["Ann", "Bob"])
            open_page(driver, url, "#/table")
            wait(driver, lambda d: d.find_elements("css selector", "#hex-setup-start"))
            problems[f"hexors setup {lang}"] = small_controls(driver)
            screenshot(driver, screenshots, f"hexors-setup-{lang}")
            tap(driver, "#hex-setup-start")
            wait(driver, lambda d: d.find_elements("css selector", ".hex-arena .face"))
            summary = settled(driver, url)["summary"]
            first = summary["legal_moves"][0]
            tap(driver, f".hex-arena .tile[data-tile='{first['tile']}']")
            problems[f"hexors board {lang}"] = (small_controls(driver)
                                                + cells_smaller_than_44(driver, ".hex-arena .cell"))
            screenshot(driver, screenshots, f"hexors-board-{lang}")
            phase = driver.find_element("id", "board-phase").text
            assert phase == {"en": "Tap one of Ann's tiles, then a ringed cell",
                             "fr": "Touchez un carreau d’Ann, puis une case entourée"}[lang]

            service.table.new_game("nexus", {}, ["Ann", "Bob"])
            open_page(driver, url, "#/table")
            wait(driver, lambda d: d.find_elements("css selector", "#nx-setup-start"))
            problems[f"nexus setup {lang}"] = small_controls(driver)
            screenshot(driver, screenshots, f"nexus-setup-{lang}")
            tap(driver, "#nx-setup-start")
            wait(driver, lambda d: d.find_elements("css selector", "#nx-drawn"))
            pick_card(driver, "ex-caps-1")
            problems[f"nexus board {lang}"] = (small_controls(driver)
                                               + cells_smaller_than_44(driver, "#nx-scroll .spot-cell"))
            summary = readable(settled(driver, url)["summary"])
            spot = summary["card_spots"][0]
            play_card(driver, "ex-caps-1", spot["x"], spot["y"], spot["rotations"][0], summary)
            wait(driver, lambda d: d.find_element("id", "board-phase").get_attribute("data-phase") == "counter")
            tap(driver, "#nx-scroll .card-hit[data-card='ex-cross-1']")
            problems[f"nexus counter {lang}"] = (small_controls(driver)
                                                 + cells_smaller_than_44(driver, "#nx-zoom .node.legal .node-hit"))
            screenshot(driver, screenshots, f"nexus-board-{lang}")
            phase = driver.find_element("id", "board-phase").text
            assert phase == {"en": "Place a counter: tap a card, then a free node",
                             "fr": "Posez un pion : touchez une carte, puis un nœud libre"}[lang]
            # the Six caps' six one-node Nexuses read alike but for where on the card they lie: "…, top left"
            names = service.table.engine.state.nexus_names()
            listed = driver.execute_script("return [...document.querySelectorAll('.nx-nexuses li strong')]"
                                           ".map(s => s.textContent.replaceAll('\u00a0', ' '))")
            said = [names[n["id"]].get(lang) for n in readable(settled(driver, url)["summary"])["nexuses"]]
            assert listed == [w[0].upper() + w[1:] for w in said]  # each opens its line with a capital
            assert {"en": "Ann's Six caps, top left", "fr": "La carte Six embouts d’Ann, en haut à gauche"}[lang] \
                in listed, listed
            assert not page_errors(driver)
    assert {k: v for k, v in problems.items() if v} == {}


def cells_smaller_than_44(driver, css):
    return driver.execute_script("""
      return [...document.querySelectorAll(arguments[0])].map(el => { const r = el.getBoundingClientRect();
        return [arguments[0] + ' ' + (el.dataset.cell || el.dataset.x + ',' + el.dataset.y || ''),
                r.width, r.height]; })
        .filter(([, w, h]) => w < 43.5 || h < 43.5);""", css)
