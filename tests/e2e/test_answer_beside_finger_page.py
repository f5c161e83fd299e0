"""On a 360 px phone: the answer to a tap whose button the redraw took away stays where the finger was, the page not
scrolled, clear of the control the player needs next; an offer the referee would refuse reads at 4.5:1 and still
looks unavailable; notices of verdicts go once a later move is taken."""

from __future__ import annotations

import pytest

from boardhelpers import tap, wait
from browserhelpers import in_each_look, page_errors, pictures
from screens import TEXT_CONTRAST_JS, show, start

pytestmark = pytest.mark.browser

RECT = ("const r = document.querySelector(arguments[0]).getBoundingClientRect(); "
        "return [r.left, r.top, r.right, r.bottom]")
REFUSED = "#screen-table button.refused"
LIVE = "#screen-table .actions button:not(.refused):not([aria-disabled])"
ANSWER = """const box = document.querySelector('#tap-answer');
  if (!box || 'empty' in box.dataset) return null;
  const r = box.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];"""


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_start_the_turn_answer_stays_where_the_finger_was_clear_of_the_roll_pad(narrow_table, phone, screenshots):
    """« Start the turn » is gone once the turn starts, its roll pad drawn in its place: the answer went under the
    whole board (the page scrolled there) or over the top of the pad."""
    service, url = narrow_table
    start(service, "nexus-keepers", 1)
    show(phone, url)
    tap(phone, "#nk-start-turn")
    tapped = phone.execute_script(RECT, "#nk-start-turn")
    scrolled = phone.execute_script("return scrollY")
    box = wait(phone, lambda d: d.execute_script(ANSWER), message="no answer to the tap")
    wait(phone, lambda d: d.find_elements("css selector", "#nk-roll-pad"), message="no roll pad")
    box = phone.execute_script(ANSWER)
    assert phone.execute_script("return scrollY") == scrolled, "the page scrolled away from the finger"
    pad = phone.execute_script(RECT, "#nk-roll-pad")
    assert not overlap(pad, box), f"the answer {box} lies over the roll pad {pad}, the control tapped next"
    assert min(abs(box[1] - tapped[3]), abs(tapped[1] - box[3])) < 200, (box, tapped)
    pictures(phone, screenshots, "answer-start-turn-360")
    assert not page_errors(phone)


def test_an_offer_the_referee_would_refuse_reads_at_4_5_to_1_and_looks_unavailable(narrow_table, phone, screenshots):
    """« Keep a 6 for next turn », refused, was faded to 55% (its words at 3.9:1) though a tap on it says why."""
    service, url = narrow_table
    start(service, "nexus-keepers", 6)  # A moved with both doubles: keeping a 2 or a 4 is refused
    show(phone, url)
    refused = wait(phone, lambda d: d.find_elements("css selector", REFUSED), message="no refused offer drawn")
    assert phone.find_elements("css selector", LIVE), "no live offer to compare with"
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", refused[0])

    def look(lang, scheme):
        low = phone.execute_script(TEXT_CONTRAST_JS, ".offer.refused")
        assert not low, f"{lang} {scheme}: a refused offer's words under 4.5:1: {low}"
        own, other = (phone.execute_script("const s = getComputedStyle(document.querySelector(arguments[0])); "
                                           "return [s.borderStyle, s.backgroundColor, s.color]", css)
                      for css in (REFUSED, LIVE))
        assert own[0] == "dashed" and own[1:] != other[1:], (own, other)
        phone.save_screenshot(str(screenshots / f"offer-refused-360-{lang}-{scheme}.png"))
    in_each_look(phone, look)
    assert not page_errors(phone)
