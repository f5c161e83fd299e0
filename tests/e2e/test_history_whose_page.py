"""History on a 360 px phone says whose move an entry is where its event does not, in the referee's words: a Nexus
Keepers turn (the camera and the phones send « turn_start » / « end_turn » with no player) is « Start of A's turn »,
not a « Start of turn » that is anybody's, and a Hexors colour die read by its face value says the colour it gave
(« Roll 5: Yugi rolls blue »)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardhelpers import open_page, wait
from browserhelpers import page_errors, pictures
from screens import example, language

pytestmark = pytest.mark.browser

HEADS = "return [...document.querySelectorAll('#history-list li .head')].map((e) => e.innerText.split('\\n')[1])"
HEXORS = "docs/rules/examples/hexors-beginner-win.jsonl"


def told(phone, service, lang):
    """Every History head in ``lang`` once all the game's entries are drawn."""
    language(phone, lang)
    return wait(phone, lambda d: (lambda heads: heads if len(heads) == len(service.table.history()) else None)(
        d.execute_script(HEADS)), message="History never showed every entry")


def test_whose_turn_and_the_colour_rolled_are_said(narrow_table, phone, screenshots):
    service, url = narrow_table
    service.table.new_game("nexus-keepers", {}, [])
    for event in example("nexus-keepers")[:7]:  # A's turn: started, rolled, rerolled twice, moved, ended
        service.table.submit(event, source="phone")
    open_page(phone, url, "#/history")
    said = {lang: told(phone, service, lang) for lang in ("en", "fr")}
    assert {"Start of A's turn", "End of A's turn"} <= set(said["en"]), said["en"]
    assert {"Début du tour d’A", "Fin du tour d’A"} <= set(said["fr"]), said["fr"]
    pictures(phone, screenshots, "history-whose-turn-360")

    service.table.new_game("hexors", {}, [])
    for line in Path(HEXORS).read_text(encoding="utf-8").splitlines()[:12]:  # up to Kuriboh's challenge
        service.table.submit(json.loads(line), source="phone")
    service.table.submit({"type": "roll", "dice": [{"value": 5, "color": "white"}]}, source="camera")
    open_page(phone, url, "#/history")
    said = {lang: told(phone, service, lang)[0] for lang in ("en", "fr")}
    assert said == {"en": "Roll 5: Yugi rolls blue", "fr": "Lancer 5\u00a0: Yugi obtient bleu"}, said
    language(phone, "en")
    assert not page_errors(phone)


# how far below its number an entry's words begin (CSS px): 0 on the number's line
WORDS_DROP = """return [...document.querySelectorAll('#history-list li .head')].map((head) => {
  const n = head.querySelector('strong'), range = document.createRange();
  range.setStartAfter(n); range.setEndAfter(head.lastChild);
  const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => r.top);
  return [head.innerText.split('\\n')[1], Math.round(Math.min(...tops) - n.getBoundingClientRect().top)];
})"""


def test_a_long_history_line_wraps_beside_its_number(narrow_table, phone):
    """« Pieces moved: A moves south onto the plain, then pushes C 1 space south » wrapped whole under « 6. »,
    the number alone on a line above it, at 360 px."""
    service, url = narrow_table
    service.table.new_game("nexus-keepers", {}, [])
    for event in example("nexus-keepers")[:7]:
        service.table.submit(event, source="phone")
    open_page(phone, url, "#/history")
    told(phone, service, "en")
    drops = phone.execute_script(WORDS_DROP)
    assert any(words.startswith("Pieces moved: A moves south") for words, _ in drops), drops
    assert [d for d in drops if abs(d[1]) > 6] == [], drops
