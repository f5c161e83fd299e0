"""Only what the referee accepts is offered on the phone (issue 53): a button the referee would refuse is drawn
disabled with the referee's reason beside it, and tapping it, or a Tesseract column that cannot be taken from,
says why and sends nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardhelpers import open_page, screenshot, settled, shown, state, tap, unlock, wait
from browserhelpers import page_errors

pytestmark = pytest.mark.browser
REPO = Path(__file__).resolve().parents[2]
SETUP = json.loads((REPO / "docs/rules/examples/tesseract-win.jsonl").read_text().splitlines()[0])
RULE = " (rule book: « Lors de la phase Action, effectuez 3 actions au choix. »)"
REMOVABLE = "(rule book: « Un cube est considéré comme amovible si au moins trois de ses faces sont visibles"


def notices(driver):
    return shown(driver, "return [...document.querySelectorAll('#notices .notice, #tap-answer')]"
                         ".map(n => n.textContent)")


def test_tesseract_offers_end_of_actions_and_columns_only_when_the_referee_would_take_them(quiet_table, phone,
                                                                                         screenshots):
    service, url = quiet_table
    unlock(phone, url)
    service.table.new_game("tesseract", {}, ["Ada", "Marie"])
    service.table.submit(SETUP)
    open_page(phone, url, "#/table")
    before = settled(phone, url)
    end = wait(phone, lambda d: d.find_elements("css selector", "#tess-end-actions"), message="no End the actions")[0]
    assert end.get_attribute("aria-disabled") == "true"
    reason = phone.find_element("id", end.get_attribute("aria-describedby"))
    # the reason, and the rule it breaks in the book's words (the book is French)
    assert reason.text == "Ada still has 3 actions to take" + RULE and reason.is_displayed(), reason.text
    tap(phone, "#tess-end-actions")
    wait(phone, lambda d: any("Ada still has 3 actions to take" in n for n in notices(d)), message="no reason on tap")
    # the reason is beside the button tapped, on screen: nothing was sent, so this is the tap's only answer
    box, button = (phone.execute_script("const r = document.querySelector(arguments[0]).getBoundingClientRect(); "
                                        "return [r.top, r.bottom, window.innerHeight]", css)
                   for css in ("#tap-answer", "#tess-end-actions"))
    assert 0 <= box[0] and box[1] <= box[2] and min(abs(box[0] - button[1]), abs(button[0] - box[1])) < 120
    assert "Ada still has 3 actions to take" in phone.find_element("id", "tap-answer").text
    screenshot(phone, screenshots, "tess-refused-en")
    phone.execute_script("window.companion.switchLanguage('fr')")  # the reason still shown is said again in French
    try:
        said = phone.find_element("id", "tap-answer").text
        assert "Ada" in said and "Ada still has 3 actions to take" not in said, said
    finally:
        phone.execute_script("window.companion.switchLanguage('en')")
    assert "Ada still has 3 actions to take" in phone.find_element("id", "tap-answer").text

    blocked = next(c for c in before["summary"]["tower"] if c["height"] and not c["removable"])["column"]
    tap(phone, f".tess-tower .column[data-column='{blocked}']")
    wait(phone, lambda d: any(f"The cube on {blocked} is not removable" in n and REMOVABLE in n for n in notices(d)),
         message="a column that cannot be taken from did not say why and the rule")
    assert state(url)["entries"] == before["entries"]  # nothing was sent

    column = before["summary"]["removable"][0]  # a column that can: Take is live, and taking spends an action
    tap(phone, f".tess-tower .column[data-column='{column}']")
    take = wait(phone, lambda d: d.find_elements("css selector", "#tess-take"))[0]
    assert take.get_attribute("aria-disabled") is None
    tap(phone, "#tess-take")
    wait(phone, lambda d: state(url)["summary"]["actions_left"] == 2, message="the take was not sent")
    settled(phone, url)
    assert phone.find_element("id", phone.find_element("id", "tess-end-actions").get_attribute("aria-describedby")) \
        .text == "Ada still has 2 actions to take" + RULE
    assert not page_errors(phone)


def test_a_tesseract_column_tapped_in_the_threat_phase_says_which_to_prime(quiet_table, phone):
    """« Identifiez le cube amovible le plus bas en hauteur et en valeur » (the Threat phase's prime): a tap on another
    column says which ones, and sends nothing."""
    service, url = quiet_table
    unlock(phone, url)
    example = [json.loads(line) for line in (REPO / "docs/rules/examples/tesseract-win.jsonl").read_text().splitlines()]
    service.table.new_game("tesseract", {}, ["Ada", "Marie"])
    for event in example[: next(i for i, e in enumerate(example) if e["type"] == "end_actions") + 1]:
        service.table.submit(event)
    open_page(phone, url, "#/table")
    before = settled(phone, url)
    assert before["summary"]["phase"] == "threat"
    lowest = before["summary"]["lowest_removable"]
    other = next(c["column"] for c in before["summary"]["tower"] if c["height"] and c["column"] not in lowest)
    tap(phone, f".tess-tower .column[data-column='{other}']")
    said = f"The Threat phase primes the lowest removable cube: {', '.join(lowest)}"
    wait(phone, lambda d: any(said in n for n in notices(d)), message="a column that cannot be primed said nothing")
    assert state(url)["entries"] == before["entries"]
