"""Nexus on the narrowest phone (360 px). Undo's two lines name a counter whole in each language: the French verdict
« Bob pose un pion sur un nœud de puissance 1 de la Longue tige qu’Ann a posée au tour 7 » was cut before the
card's owner; the button says « Bob : pion sur la Longue tige qu’Ann a posée au tour 7 », the full words kept in its
accessible label and in History. A refused tap's answer, now ending with the rule, stays on the screen."""

from __future__ import annotations

import pytest

from boardhelpers import tap, wait
from browserhelpers import in_each_look, page_errors
from screens import drawn, language, open_tab, show, start

pytestmark = pytest.mark.browser

UNDO = """const b = document.querySelector('#table-undo'), w = b.querySelector('.undo-what');
  return w && {what: w.innerText, label: b.getAttribute('aria-label'),
               whole: w.scrollWidth <= w.clientWidth + 1 && w.scrollHeight <= w.clientHeight + 1};"""
HISTORY = "return [...document.querySelectorAll('#history-list .what')].map((e) => e.innerText)"
ANSWER = """const box = document.querySelector('#tap-answer');
  if (!box || 'empty' in box.dataset) return null;
  const r = box.getBoundingClientRect();
  return {text: box.innerText, top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: innerHeight,
          width: innerWidth};"""

# the example game's first 23 events end with Bob's counter on the Long rod Ann played on turn 7
FULL = {"en": "Bob places a counter on a power-1 node of the Long rod Ann played on turn 7",
        "fr": "Bob pose un pion sur un nœud de puissance 1 de la Longue tige qu’Ann a posée au tour 7"}
SHORT = {"en": "Bob: counter on the Long rod Ann played on turn 7",
         "fr": "Bob : pion sur la Longue tige qu’Ann a posée au tour 7"}


def plain(text):
    return text.replace("\u00a0", " ") if text else text


def test_undo_names_a_counter_whole_at_360_px(narrow_table, phone, screenshots):
    service, url = narrow_table
    start(service, "nexus", 23)
    show(phone, url)
    try:
        for lang in ("fr", "en"):
            language(phone, lang)
            undo = wait(phone, lambda d: (u := d.execute_script(UNDO)) and plain(u["what"]) == SHORT[lang] and u,
                        message=f"Undo does not say {SHORT[lang]!r} in {lang}")
            phone.save_screenshot(str(screenshots / f"nexus-undo-counter-360-{lang}.png"))
            assert undo["whole"], f"Undo's words are cut in {lang}: {undo}"
            assert plain(undo["label"]).endswith(FULL[lang]), undo  # the full words for a screen reader
            since = open_tab(phone, "history")
            drawn(phone, "history", since)
            assert FULL[lang] in [plain(line) for line in phone.execute_script(HISTORY)]
            show(phone, url)
    finally:
        language(phone, "en")
    assert not page_errors(phone)


def test_a_refused_node_says_its_rule_on_the_screen_at_360_px(narrow_table, phone, screenshots):
    """« place one counter on an unoccupied Node »: Bob taps the node Ann's counter holds."""
    service, url = narrow_table
    start(service, "nexus", 5)
    show(phone, url)
    node = next(iter(service.table.state()["summary"]["counters"]))
    tap(phone, f".nx-board .card-hit[data-card='{node.split(':')[0]}']")
    tap(phone, f".nx-zoom .node[data-node='{node}']")
    wait(phone, lambda d: d.execute_script(ANSWER), message="the tap said nothing")
    answers = {}

    def look(lang, scheme):
        answers[lang] = answer = phone.execute_script(ANSWER)
        phone.save_screenshot(str(screenshots / f"nexus-refused-rule-360-{lang}-{scheme}.png"))
        assert 0 <= answer["top"] and answer["bottom"] <= answer["height"], answer
        assert 0 <= answer["left"] and answer["right"] <= answer["width"], answer
    in_each_look(phone, look)
    assert "— the book: “After you have played your card" in answers["en"]["text"]
    assert "— la règle : « Après avoir joué votre carte" in plain(answers["fr"]["text"])
    assert not page_errors(phone)
