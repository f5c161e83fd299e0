"""The top bar on a 360 px phone keeps every word whole while the connection is said in words: « Hors ligne —
nouvel essai » leaves room for « Compagnon de table », which is never drawn one letter a line down the left edge."""

from __future__ import annotations

import pytest

from boardhelpers import open_page, wait
from browserhelpers import in_each_look, page_errors

pytestmark = pytest.mark.browser

# the words of an element's text drawn over more than one line (a word broken): [[word, lines]]
BROKEN_WORDS_JS = r"""
const out = [];
for (const el of document.querySelectorAll(arguments[0])) {
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.textContent.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) out.push([m[0], tops.size]);
    }
  }
}
return out;"""


def test_the_top_bar_keeps_its_words_whole_while_offline(quiet_table, phone, screenshots):
    service, url = quiet_table
    phone.set_window_size(360, 740)
    open_page(phone, url, "#/table")
    wait(phone, lambda d: d.find_element("id", "conn").get_attribute("data-state") == "live")
    broken = []
    try:
        phone.execute_script("window.companion.stream.source.close(); window.companion.setConnection('offline')")

        def look(lang, scheme):
            assert phone.find_element("id", "conn-text").text in ("Offline — retrying", "Hors ligne — nouvel essai")
            broken.extend((lang, *word) for word in phone.execute_script(BROKEN_WORDS_JS, ".topbar h1, #conn-text"))
            overlaps = phone.execute_script(
                "const [a, b] = ['#conn-text', '#lang-toggle'].map((c) => document.querySelector(c)"
                ".getBoundingClientRect()); return a.left < b.right && b.left < a.right && a.top < b.bottom"
                " && b.top < a.bottom")
            if overlaps:
                broken.append((lang, "the connection's words under the language button"))
            dot = phone.find_element("css selector", "#conn .dot").rect
            if dot["width"] < dot["height"] - 1:
                broken.append((lang, "the dot squeezed", dot["width"]))
            phone.save_screenshot(str(screenshots / f"topbar-offline-360-{lang}-{scheme}.png"))
        in_each_look(phone, look)
    finally:
        phone.refresh()
        phone.set_window_size(390, 844)
    assert broken == [], broken
    assert page_errors(phone) == []
