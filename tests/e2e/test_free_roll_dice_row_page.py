"""Free roll on a 360 px phone: a roll of four dice lies on one row under « Last roll », each die a tap target of at
least 44 px (at about 80 px a die, the fourth wrapped to a row of its own)."""

from __future__ import annotations

import pytest

from boardhelpers import open_page, wait
from browserhelpers import in_each_look, page_errors

pytestmark = pytest.mark.browser

CHIPS = """return [...document.querySelectorAll('#last-roll .die')].map((el) => {
  const r = el.getBoundingClientRect(); return [Math.round(r.top), r.width, r.height, r.right]; })"""
DICE = ["purple", "yellow", "orange", "unknown"]   # the longest colour names in both languages


def test_four_dice_lie_on_one_row_at_360_px_each_at_least_44_px(narrow_table, phone, screenshots):
    service, url = narrow_table
    service.table.new_game("free-roll", {}, ["Ann", "Bob"])
    service.table.submit({"type": "roll", "dice": [{"value": v, "color": c} for v, c in zip((6, 4, 1, 3), DICE)]})
    open_page(phone, url, "#/table")
    wait(phone, lambda d: len(d.execute_script(CHIPS)) == 4, message="the four dice are not drawn")
    assert phone.execute_script("return innerWidth") == 360
    seen = []

    def look(lang, scheme):
        phone.execute_script("document.querySelector('#last-roll').scrollIntoView({block: 'center'})")
        chips = phone.execute_script(CHIPS)
        seen.append(lang)
        assert len({top for top, *_ in chips}) == 1, f"the dice wrap onto more rows in {lang}: {chips}"
        assert all(width >= 44 and height >= 44 for _, width, height, _ in chips), chips
        assert max(right for *_, right in chips) <= 360, chips
        phone.save_screenshot(str(screenshots / f"free-roll-four-dice-360-{lang}-{scheme}.png"))

    in_each_look(phone, look)
    assert seen == ["en", "en", "fr", "fr"]
    assert not page_errors(phone)
