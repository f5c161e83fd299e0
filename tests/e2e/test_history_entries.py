"""The History screen says each entry in the player's words and language, for every game's events: a Hexors move,
challenge, flash action and colour roll (its tiles by name, not by id), a Nexus card and counter (by the card's
name); never the event's raw type ("place counter", "move")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from boardhelpers import open_page, unlock, wait
from browserhelpers import new_browser, page_errors

pytestmark = pytest.mark.browser
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "examples"
EXPECTED = {  # (game, example) -> entries said, English and French
    ("hexors", "hexors-beginner-win.jsonl"): (["Move Kuriboh → d3", "Challenge Saggi the Dark Clown", "Roll red"],
                                              ["Déplacer Kuriboh → d3", "Défier Saggi le Clown Noir", "Lancer rouge"]),
    ("hexors", "hexors-advanced-win.jsonl"): (["Launch Earth fist → Celtic Guardian", "Launch Genesis → Kuriboh"],
                                              ["Lancer Poing de terre → Gardien Celte", "Lancer Genèse → Kuriboh"]),
    ("nexus", "nexus-two-players.jsonl"): (["Counter on Fork", "Play Long rod"],
                                           ["Pion sur Fourche", "Jouer Longue tige"]),
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
    driver = new_browser(language)
    try:
        unlock(driver, url)
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
    finally:
        driver.quit()
