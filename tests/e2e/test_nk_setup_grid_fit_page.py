"""Nexus Keepers' setup grid (seven squares across) fits its box on a phone 320, 360 and 412 px wide, none of its
squares cut and no sideways scroll to show its last column whole. Its squares stay a finger's target: 40 px at
least, and at 412 px, where the grid always fitted, as wide as there (50 px)."""

from __future__ import annotations

import pytest
from boardhelpers import open_page, wait
from browserhelpers import in_each_look, page_errors
from screens import start

pytestmark = pytest.mark.browser

FIT_JS = """const box = document.querySelector('.nk-board').closest('.board-scroll');
  const root = document.documentElement;
  const cells = [...document.querySelectorAll('.nk-board .cell')].map((c) => c.getBoundingClientRect());
  return {box: [box.scrollWidth, box.clientWidth], page: [root.scrollWidth, root.clientWidth],
    narrowest: Math.min(...cells.map((c) => Math.min(c.width, c.height))),
    cut: cells.filter((c) => c.left < 0 || c.right > root.clientWidth).length, cells: cells.length};"""

# the width each square was given before the grid was made to fit (7 x 44 px at least): kept where it fitted
BEFORE = {412: 50.2}


@pytest.mark.parametrize("width", [320, 360, 412])
def test_the_setup_grid_fits_its_box_with_squares_a_finger_wide(resizable_table, screenshots, width):
    service, url, phone, size = resizable_table
    size(width, 800)
    try:
        start(service, "nexus-keepers", 0)  # the setup: the grid of 7 x 8 squares a cube is placed on
        open_page(phone, url, "#/table")
        wait(phone, lambda d: d.find_elements("css selector", ".nk-board .empty-cell"), message="no setup grid")
        fit = phone.execute_script(FIT_JS)
        assert fit["cells"] == 56, fit
        assert fit["box"][0] <= fit["box"][1], f"the grid is wider than its box at {width} px: {fit}"
        assert fit["page"][0] <= fit["page"][1], f"the page scrolls sideways at {width} px: {fit}"
        assert fit["cut"] == 0, fit
        assert fit["narrowest"] >= BEFORE.get(width, 40) - 0.5, f"squares under a finger's width: {fit}"

        def picture(lang, scheme):
            phone.execute_script("document.querySelector('.nk-board').scrollIntoView({block: 'center'})")
            phone.save_screenshot(str(screenshots / f"nk-setup-grid-{width}-{lang}-{scheme}.png"))
        if width == 360:
            in_each_look(phone, picture)
    finally:
        size(390, 844)
    assert not page_errors(phone)
