"""The History screen says each entry in the player's words and language, for every game's events: a Hexors move,
challenge, flash action and colour roll (its tiles by name, not by id), a Nexus card and counter (by the card's
name); never the event's raw type ("place counter", "move"). A move the camera saw is told as the referee took it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardhelpers import open_page, unlock, wait
from browserhelpers import page_errors, phone_browser

pytestmark = pytest.mark.browser
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "examples"
EXPECTED = {  # (game, example) -> entries said, English and French
    ("hexors", "hexors-beginner-win.jsonl"): (["Move Kuriboh → d3", "Challenge Saggi the Dark Clown", "Roll red"],
                                              ["Déplacer Kuriboh → d3", "Défier Saggi le Clown Noir", "Lancer rouge"]),
    ("hexors", "hexors-advanced-win.jsonl"): (["Launch Earth fist → Celtic Guardian", "Launch Genesis → Kuriboh"],
                                              ["Lancer Poing de terre → Gardien Celte", "Lancer Genèse → Kuriboh"]),
    # a counter: whose, how strong a node, on whose card, as the referee said it (« Counter on Fork » said neither);
    # the example's first, refused in a closed Nexus, still names who put it down
    ("nexus", "nexus-two-players.jsonl"): (["Ann places a counter on a power-1 node of Ann's Fork",
                                            "Ann: counter on Fork", "Play Long rod"],
                                           ["Ann pose un pion sur un nœud de puissance 1 de la Fourche d’Ann",
                                            "Ann\u00a0: pion sur Fourche", "Jouer Longue tige"]),
}


def every_head(driver, css, service):
    """The entries' heads once every entry is drawn (else None), read in one script call: a redraw between reads
    of separate elements would leave them stale. The history comes by pages: "Older entries" is tapped while shown."""
    heads = driver.execute_script("const older = document.getElementById('history-older'); if (older) older.click();"
                                  "return [...document.querySelectorAll(arguments[0])].map(e => e.innerText)", css)
    return heads if len(heads) == len(service.table.history()) else None


@pytest.mark.parametrize("language", ["en-GB", "fr-FR"])
def test_every_entry_is_told_in_the_players_words(quiet_table, language):
    service, url = quiet_table
    with phone_browser(language, url=url) as driver:
        for (game, example), said in EXPECTED.items():
            service.table.new_game(game, {}, [])
            for line in (EXAMPLES / example).read_text().splitlines():
                service.table.submit(json.loads(line))
            open_page(driver, url, "#/history")
            css = "#history-list li .head"
            told = [text.split("\n")[1] for text in wait(driver, lambda d: every_head(d, css, service))]
            for words in said[language != "en-GB"]:
                assert words in told, f"{example}: {words!r} not among {sorted(set(told))}"
            assert [w for w in told if re.fullmatch(r"[a-z_ ]+", w)] == [], f"{example}: raw event types shown"
        assert page_errors(driver) == []


def camera_board(service, moved):
    """The Hexors arena as table vision gives it (mat [col, row from the top], facing "N".."NW"): every tile where
    the referee has it, but those ``moved`` (tile -> cell)."""
    from companion.games.hexors.arena import DIRECTION_NAMES

    state = service.table.memory.engine.state
    tiles = {}
    for piece in state.on_arena():
        name = moved.get(piece.id, state.arena.name(piece.cell))
        tiles[piece.id] = {"kind": "tile", "cell": [ord(name[0]) - ord("a"), state.arena.rows - int(name[1:])],
                           "facing": DIRECTION_NAMES[piece.facing], "status": "seen"}
    return tiles


@pytest.mark.parametrize("language", ["en-GB", "fr-FR"])
def test_a_move_the_camera_saw_is_told_as_the_move_the_referee_took(quiet_table, language):
    """The example's first move, seen by the camera instead of entered on the phone: its entry names the tile and the
    cell, as the phone's "Move Kuriboh → d3" does; a move the referee refused is not told as a move."""
    from companion.core import Observation

    service, url = quiet_table
    with phone_browser(language, url=url) as driver:
        service.table.new_game("hexors", {}, [])
        setup, move = (json.loads(line) for line in
                       (EXAMPLES / "hexors-beginner-win.jsonl").read_text().splitlines()[:2])
        service.table.submit(setup)
        far = {move["tile"]: "d6"}  # no legal move takes Kuriboh from d2 to d6: refused
        for moved in (far, {move["tile"]: move["path"][-1]}):
            service.table.observe(Observation(pieces=camera_board(service, moved), source="camera"))
        open_page(driver, url, "#/history")
        heads = wait(driver, lambda d: every_head(d, "#history-list li .head", service))
        told = [text.split("\n")[1] for text in heads]
        if language == "en-GB":
            assert told == ["Kuriboh advances to d3", "Pieces seen, no move taken", "Setup"]
        else:
            assert told == ["Kuriboh avance en d3", "Pièces vues, aucun coup retenu", "Mise en place"]
        assert page_errors(driver) == []


def test_typed_nexus_keepers_dice_are_drawn_as_chips(quiet_table, phone):
    """A Nexus Keepers roll and power die typed on a phone are bare numbers: History draws them as die chips, as it
    draws the camera's rolls (not words alone), with the faces typed, in order."""
    service, url = quiet_table
    unlock(phone, url)
    service.table.new_game("nexus-keepers", {}, [])
    for line in (EXAMPLES / "nexus-keepers-full-game.jsonl").read_text().splitlines()[:18]:
        service.table.submit(json.loads(line))
    open_page(phone, url, "#/history")
    wait(phone, lambda d: every_head(d, "#history-list li .head", service))
    chips = phone.execute_script(
        "return Object.fromEntries(['roll', 'power'].map(type => [type, [...document.querySelectorAll("
        "`#history-list li[data-type=${type}]`)].map(li => [...li.querySelectorAll('.dice-row .die .pips')]"
        ".map(p => p.textContent).join(' '))]))")
    assert chips["roll"][-1] == "2 2 4 3 6 5"  # the newest first: the game's first roll is the last entry
    assert chips["power"] == ["4"]
    assert page_errors(phone) == []
