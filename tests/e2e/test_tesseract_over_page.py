"""Tesseract at game over on a phone 360 px wide: the game-over card at the top says it and why (the empty-Tesseract
loss names the last cube), once: the board under it says neither "The game is over" nor, at the foot, the card's
sentence again."""

from __future__ import annotations

import json

import pytest

from browserhelpers import in_each_look, page_errors
from screens import REPO, show

pytestmark = pytest.mark.browser

# What the table screen shows now, each element's own words: [the game over lines, the lines saying the outcome's
# sentence (the card's #outcome-text words)].
SAID_JS = """const own = (e) => [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
  const shown = [...document.querySelectorAll('main *')].filter((e) => e.checkVisibility() && own(e));
  const outcome = document.querySelector('#outcome-text').textContent.trim();
  return [shown.filter((e) => /game is over|game over|partie (est )?terminée/i.test(own(e))).map(own),
          shown.filter((e) => own(e) === outcome).map((e) => e.id || e.className)];"""


def test_the_empty_tesseract_loss_is_said_once(narrow_table, phone):
    service, url = narrow_table
    service.table.new_game("tesseract", {}, [])
    for line in (REPO / "docs/rules/examples/tesseract-empty-loss.jsonl").read_text().splitlines():
        service.table.submit(json.loads(line), source="phone")
    assert service.table.engine.summary()["phase"] == "over"
    show(phone, url)
    said = []
    in_each_look(phone, lambda lang, scheme: said.append(phone.execute_script(SAID_JS)), themes=("light",))
    assert said == [[["Game over"], ["outcome-text"]], [["Partie terminée"], ["outcome-text"]]], said
    text = phone.find_element("id", "outcome-text").text
    assert "the last cube, purple 4 from d2, was primed in the Threat phase" in text, text
    assert phone.find_element("id", "board-phase").get_attribute("data-phase") == "over"
    assert not page_errors(phone)
