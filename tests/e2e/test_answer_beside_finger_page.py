"""On a 360 px phone: the answer to a tap whose button the redraw took away stays where the finger was, the page not
scrolled, clear of the control the player needs next; an offer the referee would refuse reads at 4.5:1 and still
looks unavailable; notices of verdicts go once a later move is taken."""

from __future__ import annotations

import pytest
from selenium.common.exceptions import TimeoutException

from boardhelpers import pad, settled, tap, wait
from browserhelpers import in_each_look, page_errors, pictures
from screens import TEXT_CONTRAST_JS, language, show, start

pytestmark = pytest.mark.browser

RECT = ("const r = document.querySelector(arguments[0]).getBoundingClientRect(); "
        "return [r.left, r.top, r.right, r.bottom]")
REFUSED = "#screen-table button.refused"
LIVE = "#screen-table .actions button:not(.refused):not([aria-disabled])"
ANSWER = """const box = document.querySelector('#tap-answer');
  if (!box || 'empty' in box.dataset) return null;
  const r = box.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom];"""


def wait_quietly(driver, condition, timeout=5):
    """Whether ``condition`` comes true within ``timeout`` seconds (the answer is placed again after each redraw)."""
    try:
        return wait(driver, condition, timeout=timeout)
    except TimeoutException:
        return False


def overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_start_the_turn_answer_stays_where_the_finger_was_clear_of_the_roll_pad(narrow_table, phone, screenshots):
    """« Start the turn » is gone once the turn starts, its roll pad drawn in its place: the answer to the tap stays
    within 200 px of where the button was, the page not scrolled, and never over the pad tapped next."""
    service, url = narrow_table
    start(service, "nexus-keepers", 1)
    show(phone, url)
    button = wait(phone, lambda d: d.find_elements("css selector", "#nk-start-turn"), message="no Start the turn")[0]
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    tapped = phone.execute_script(RECT, "#nk-start-turn")
    scrolled = phone.execute_script("return scrollY")
    button.click()
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
    """« Keep a 6 for next turn », refused, still says why when tapped, so its words read at 4.5:1 in each language
    and scheme; a dashed border and colours of its own, not a fade, mark it unavailable."""
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


NOTICES = "return [...document.querySelectorAll('#notices .notice')].map((n) => n.innerText)"


def test_a_verdicts_notice_goes_once_the_table_takes_a_later_move(narrow_table, phone, screenshots):
    """Another phone's refused move is told in a notice over the board's header, gone within 1.5 s once a later move
    is taken (stale: not left its 5 s, nor stacked up by a replayed game); the Verdicts tab keeps it. The module's
    phone has seen entry 1 of an earlier game: the refused move, entry 1 of this one, is told all the same."""
    service, url = narrow_table
    start(service, "nexus-keepers", 1)  # A's turn, not started
    show(phone, url)
    service.table.submit({"type": "turn_start", "player": "B"}, source="phone")  # not this phone's: refused
    wait(phone, lambda d: [n for n in d.execute_script(NOTICES) if "It is A's turn" in n],
         message="the refused move was not told")
    pictures(phone, screenshots, "notice-refused-360", languages=("en",))
    service.table.submit({"type": "turn_start", "player": "A"}, source="phone")
    settled(phone, url)
    wait(phone, lambda d: not [n for n in d.execute_script(NOTICES) if "A's turn" in n], timeout=1.5,
         message="the refused move's notice stayed over the board after a later move was taken")
    phone.execute_script("location.hash = '#/verdicts'")
    wait(phone, lambda d: "It is A's turn, not B's" in d.find_element("tag name", "body").text,
         message="the Verdicts tab lost the refused move")
    phone.execute_script("location.hash = '#/table'")
    assert not page_errors(phone)


WHERE_LISTED = {"en": "“Left this turn”, under the dice", "fr": "« Reste pour ce tour », sous les dés"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_power_die_is_answered_briefly_the_combinations_listed_under_the_dice(narrow_table, phone, screenshots, lang):
    """After a power die the answer beside the finger says what was rolled and where the list of combinations is
    (« Left this turn », under the dice), not the dozen combinations of moves and pushes, taller than the board; it
    never lies over that list (checked after six 6s and a 4, in each language, at 360 px)."""
    service, url = narrow_table
    start(service, "nexus-keepers", 1)
    for event in ({"type": "turn_start"}, {"type": "roll", "dice": [6, 6, 6, 6, 6, 6]}):  # A has power dice left
        service.table.submit(event, source="phone")
    show(phone, url)
    language(phone, lang)
    try:
        tap(phone, "#nk-power")
        pad(phone, "nk-power-pad", [4])
        said = wait(phone, lambda d: WHERE_LISTED[lang] in d.find_element("id", "tap-answer").text,
                    message="the power die was not answered")  # .text: the no-break spaces read as spaces
        text = phone.find_element("id", "tap-answer").text
        assert said and " or " not in text and " ou " not in text, text
        allows = phone.find_element("id", "nk-allows").text
        assert (" or " if lang == "en" else " ou ") in allows, f"the list should hold the combinations: {allows}"
        box, pad_gone = phone.execute_script(ANSWER), not phone.find_elements("css selector", "#nk-power-pad")
        assert box and pad_gone and 0 <= box[1] and box[3] <= phone.execute_script("return innerHeight"), box
        listed = phone.execute_script(RECT, "#nk-allows")
        assert not overlap(box, listed), f"the answer {box} lies over the list it points to {listed}"
        pictures(phone, screenshots, "answer-power-die-360", languages=(lang,))
    finally:
        language(phone, "en")
    assert not page_errors(phone)


KEPT = {"the dice": "#nk-dice .dice-row", "what each face allows": "#nk-dice .groups", "Left this turn": "#nk-allows"}
# the part of the screen the bars leave free: under the top bar, above the fixed Undo bar and tabs at the foot
FREE = """const fixed = [...document.querySelectorAll('#screen-table > .actions, .tabs')]
    .filter((bar) => getComputedStyle(bar).position === 'fixed').map((bar) => bar.getBoundingClientRect())
    .filter((r) => r.height && r.top > innerHeight / 2);
  return [Math.max(document.querySelector('.topbar').getBoundingClientRect().bottom, 0),
          Math.min(innerHeight, ...fixed.map((r) => r.top))];"""


@pytest.mark.parametrize("size", [(360, 1000), (360, 740), (360, 657), (740, 360)],
                         ids=["tall", "phone", "short", "landscape"])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_power_die_answer_leaves_its_dice_and_lists_seen(narrow_table, phone, screenshots, lang, size):
    """The power die's answer lies clear of the dice, of what each face allows (the list it explains) and of « Left
    this turn », in sight between the bars, in English and French. On a 360 x 657 phone the dice and those lists are
    taller than the screen between its bars: the page makes room for the answer rather than laying it over them.
    Held sideways, the tabs' rail down the left is not taken for a bar at the foot (which would leave no band in
    sight and put the answer above the screen)."""
    service, url = narrow_table
    start(service, "nexus-keepers", 1)
    for event in ({"type": "turn_start"}, {"type": "roll", "dice": [6, 6, 6, 6, 6, 6]}):  # A has power dice left
        service.table.submit(event, source="phone")
    phone.set_window_size(size[0], size[1] + phone.execute_script("return outerHeight - innerHeight"))
    show(phone, url)
    language(phone, lang)
    try:
        tap(phone, "#nk-power")
        pad(phone, "nk-power-pad", [4])
        wait(phone, lambda d: WHERE_LISTED[lang] in d.find_element("id", "tap-answer").text,
             message="the power die was not answered")

        def under(d):
            box = d.execute_script(ANSWER)
            return box and {name: rect for name, rect in ((n, d.execute_script(RECT, css)) for n, css in KEPT.items())
                            if overlap(box, rect)}
        seen = []
        if not wait_quietly(phone, lambda d: seen.append(under(d)) or seen[-1] == {}):
            raise AssertionError(f"the answer {phone.execute_script(ANSWER)} lies over {seen[-1]}")
        box, (top, bottom) = phone.execute_script(ANSWER), phone.execute_script(FREE)
        assert top <= box[1] and box[3] <= bottom, f"the answer {box} is not all between the bars {top, bottom}"
        pictures(phone, screenshots, f"answer-power-die-{size[0]}x{size[1]}", languages=(lang,))
    finally:
        language(phone, "en")
        phone.set_window_size(360, 800)
    assert not page_errors(phone)
