"""Nexus Keepers' Portals beside the terrain's names: the yellow bar on a starting tile's side keeps 1.5 CSS px from
the tile's terrain name and its owner's mark, upright at 360 px and held sideways, in English and French, so a player
reads "volcano" / « volcan » whole beside it."""

from __future__ import annotations

import pytest

from boardhelpers import wait
from browserhelpers import page_errors, phone_browser, pictures
from screens import language, show, start

pytestmark = pytest.mark.browser
SIZES = [(360, 740), (740, 360)]
GAP = 1.5  # CSS px at least between a name and a Portal's bar, its black edge included

# A Portal on each side of a starting tile, the longest names on those tiles: the rule book's cubes unfold in a line,
# the Portal on the side facing away (cube_from_spec), or as ``tiles`` with a ``portal`` side.
FOUR_SIDES = {
    "P": {"origin": [1, 0], "direction": "E", "terrain": ["volcano", "plain", "ice", "water", "mountain"]},  # W
    "Q": {"origin": [5, 1], "direction": "W", "terrain": ["mountain", "plain", "volcano", "ice", "water"]},  # E
    "R": {"tiles": [[0, 3], [0, 2], [1, 2], [2, 2], [3, 2]], "portal": "S",
          "terrain": ["plain", "water", "ice", "mountain", "volcano"]},
    "S": {"tiles": [[5, -1], [4, -1], [3, -1], [2, -1], [1, -1]], "portal": "N",
          "terrain": ["volcano", "mountain", "plain", "water", "ice"]},
}
CARDS = ["example-ember-warden", "example-tide-runner", "example-stone-sentinel", "example-ember-warden"]

# Each terrain name's and start mark's box on the screen against each Portal's bar (grown by half its edge's width)
# on the same board: [[name, owner, side, gap across, gap down]] for every pair closer than arguments[0] CSS px both
# ways (negative: they overlap).
CLOSE_JS = """const out = [], near = arguments[0];
  const portals = [...document.querySelectorAll('.nk-board .portal')].map((p) => {
    const r = p.getBoundingClientRect(), edge = parseFloat(getComputedStyle(p).strokeWidth) / 2
      * p.getScreenCTM().a;
    return [p, {left: r.left - edge, right: r.right + edge, top: r.top - edge, bottom: r.bottom + edge}]; });
  for (const word of document.querySelectorAll('.nk-board .tile text')) {
    const w = word.getBoundingClientRect();
    for (const [p, r] of portals) {
      const across = Math.max(w.left, r.left) - Math.min(w.right, r.right);
      const down = Math.max(w.top, r.top) - Math.min(w.bottom, r.bottom);
      if (across < near && down < near) out.push([word.textContent, p.dataset.owner, p.dataset.side,
        +across.toFixed(2), +down.toFixed(2)]);
    } }
  return out;"""


def four_sides(service):
    service.table.new_game("nexus-keepers", {}, list(FOUR_SIDES))
    players = [{"id": name, "card": CARDS[i], "team": ["red", "blue", "green", "yellow"][i], "cube": cube}
               for i, (name, cube) in enumerate(FOUR_SIDES.items())]
    service.table.submit({"type": "setup", "players": players}, source="phone")


def close_words(driver, url):
    """The names too close to a Portal's bar, in each language, the board as players see it."""
    show(driver, url)
    seen = {}
    for lang in ("en", "fr"):
        language(driver, lang)
        wait(driver, lambda d: d.find_elements("css selector", ".nk-board .portal"), message="no Portal drawn")
        seen[lang] = driver.execute_script(CLOSE_JS, GAP)
    return seen


@pytest.mark.parametrize("size", SIZES, ids=["upright", "sideways"])
def test_the_example_games_portal_keeps_clear_of_volcano(quiet_table, screenshots, size):
    """The example game's end: A's keeper off its starting tile (the volcano), the bar on the tile's west side, A's
    mark written at the tile's top left."""
    service, url = quiet_table
    start(service, "nexus-keepers", None)
    with phone_browser("en-GB", size, url=url) as driver:
        seen = close_words(driver, url)
        driver.execute_script("document.querySelector('.nk-board').scrollIntoView({block: 'center'})")
        pictures(driver, screenshots, f"nk-portal-volcano-{size[0]}x{size[1]}")
        assert not page_errors(driver)
    assert seen == {"en": [], "fr": []}


@pytest.mark.parametrize("size", SIZES, ids=["upright", "sideways"])
def test_a_portal_on_any_side_keeps_clear_of_the_longest_names(quiet_table, screenshots, size):
    """A Portal west, east, south and north of a starting tile named "volcano", "mountain" (« montagne »), "plain"."""
    service, url = quiet_table
    four_sides(service)
    with phone_browser("en-GB", size, url=url) as driver:
        seen = close_words(driver, url)
        sides = driver.execute_script("return [...document.querySelectorAll('.nk-board .portal')]"
                                      ".map((p) => p.dataset.side).sort().join('')")
        driver.execute_script("document.querySelector('.nk-board').scrollIntoView({block: 'center'})")
        pictures(driver, screenshots, f"nk-portal-sides-{size[0]}x{size[1]}")
        assert not page_errors(driver)
    assert sides == "ENSW"
    assert seen == {"en": [], "fr": []}
