"""Nexus Keepers' Portals beside the terrain's names: the yellow bar on a starting tile's side keeps 1.5 CSS px from
the tile's terrain name and its owner's mark, upright at 360 px and held sideways, in English and French, so a player
reads "volcano" / « volcan » whole beside it."""

from __future__ import annotations

import pytest

from boardhelpers import tap, wait
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


# Whether a Portal's bar is in sight across its width: the element drawn at a fifth of the way in from its outer
# side, halfway and four fifths is the bar, for the Portal of arguments[0]: [owner, side, [three booleans]].
BAR_SHOWN_JS = """return [...document.querySelectorAll('.nk-board .portal')]
  .filter((p) => p.dataset.owner === arguments[0]).map((p) => {
    const r = p.getBoundingClientRect(), side = p.dataset.side, out = {N: -1, W: -1, S: 1, E: 1}[side];
    const across = side === 'N' || side === 'S';
    const at = (f) => across ? [r.left + r.width / 2, r.top + r.height * f]
      : [r.left + r.width * f, r.top + r.height / 2];
    const shown = [0.8, 0.5, 0.2].map((f) => out > 0 ? f : 1 - f).map((f) => document.elementFromPoint(...at(f)) === p);
    return [p.dataset.owner, side, shown]; });"""


@pytest.mark.parametrize("direction, cell, side", [("N", (3, 7), "S"), ("E", (0, 5), "W")])
def test_a_portal_on_the_setup_grids_edge_is_drawn_whole(quiet_table, screenshots, direction, cell, side):
    """The setup grid ends at its last squares: a cube placed on its bottom row unfolding north has its Portal on the
    grid's lower edge (one on its first column unfolding east, on the left edge), the bar drawn whole there too."""
    service, url = quiet_table
    start(service, "nexus-keepers", 0)
    with phone_browser("en-GB", (360, 740), url=url) as driver:
        show(driver, url)
        tap(driver, f".nk-direction [data-value='{direction}']")
        tap(driver, f".nk-board .cell[data-x='{cell[0]}'][data-y='{cell[1]}']")
        wait(driver, lambda d: d.find_elements("css selector", f".nk-board .portal[data-side='{side}']"),
             message=f"no Portal on the {side} side")
        driver.execute_script("document.querySelector(\".nk-board .portal[data-owner='A']\")"
                              ".scrollIntoView({block: 'center'})")
        shown = driver.execute_script(BAR_SHOWN_JS, "A")  # the setup's first player, whose cube the taps placed
        pictures(driver, screenshots, f"nk-portal-setup-edge-{side}")
        assert not page_errors(driver)
    assert shown == [["A", side, [True, True, True]]]
