"""What a board says leaves what a player taps next in sight: Hexors' reason for a refused cell lies over cells
nobody would tap next (no tile, no ringed cell), near the finger; and a Nexus card already down, tapped while a
card is played, says what it is and where the new card goes (EN/FR)."""

from __future__ import annotations

import pytest

from boardhelpers import after_pending, state, tap, unlock, wait
from browserhelpers import page_errors, pictures
from screens import example, language, show, start

pytestmark = pytest.mark.browser

ANSWER = """const box = document.querySelector('#tap-answer');
  if (!box || 'empty' in box.dataset) return null;
  const r = box.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, text: box.innerText, height: innerHeight};"""
# the rectangles of what a box covers among ``css``: [[what, left, top, right, bottom]]
UNDER = """const [box, css] = arguments;
  return [...document.querySelectorAll(css)]
    .map((el) => [el.dataset.tile || el.dataset.cell || `${el.dataset.x},${el.dataset.y}`, el.getBoundingClientRect()])
    .filter(([, r]) => r.width && r.left < box.right && r.right > box.left && r.top < box.bottom && r.bottom > box.top)
    .map(([what, r]) => [what, r.left, r.top, r.right, r.bottom]);"""
RECT = "const r = document.querySelector(arguments[0]).getBoundingClientRect(); return {top: r.top, bottom: r.bottom}"


@pytest.mark.parametrize("size", [(360, 800), (820, 1180)])
def test_hexors_reason_for_a_refused_cell_hides_no_tile_nor_ringed_cell(quiet_table, phone, screenshots, size):
    """Kaiba picked, then a free cell he cannot reach: the reason (two lines across a 360 px phone) lies over empty
    unringed cells, near the tap, not over the tiles of the row below it."""
    service, url = quiet_table
    unlock(phone, url)
    phone.set_window_size(*size)
    start(service, "hexors", 1)
    show(phone, url)
    summary = service.table.state()["summary"]
    tile = next(t["id"] for t in summary["tiles"] if t["id"] == "kuriboh")
    reach = {m["path"][-1] for m in summary["legal_moves"] if m["tile"] == tile}
    taken = {t["cell"] for t in summary["tiles"]}
    cell = next(c["cell"] for c in summary["arena"]["cells"] if c["cell"] not in reach | taken and c["cell"][1] == "3")
    tap(phone, f".hex-arena .tile[data-tile='{tile}']")
    before = state(url)["entries"]
    tap(phone, f".hex-arena .cell[data-cell='{cell}']")
    answer = wait(phone, lambda d: d.execute_script(ANSWER), message="the refused cell said nothing")
    assert f"cannot reach {cell}" in answer["text"]
    hidden = phone.execute_script(UNDER, answer, ".hex-arena :is(.tile, .cell.dest)")
    assert not hidden, f"the reason {answer} hides {hidden}"
    control = phone.execute_script(RECT, f".hex-arena .cell[data-cell='{cell}']")
    assert not phone.execute_script(UNDER, answer, f".hex-arena .cell[data-cell='{cell}']"), "it hides the cell tapped"
    gap = max(answer["top"] - control["bottom"], control["top"] - answer["bottom"], 0)
    assert gap <= 150 and 0 <= answer["top"] and answer["bottom"] <= answer["height"], (answer, control)
    assert state(url)["entries"] == before
    pictures(phone, screenshots, f"hexors-refused-clear-{size[0]}")
    assert not page_errors(phone)


@pytest.mark.parametrize("drawn", [True, False])
def test_a_nexus_card_down_tapped_while_a_card_is_played_says_what_it_is(quiet_table, phone, screenshots, drawn):
    """Bob plays his card: a tap on a card already down says what it is and where his card goes (a ringed square,
    or, the deck's order unknown, which card was drawn first)."""
    service, url = quiet_table
    unlock(phone, url)
    phone.set_window_size(360, 800)
    service.table.new_game("nexus", {}, ["Ann", "Bob"])
    events = example("nexus")[:4]  # Ann's card and counters; Bob's card next
    if not drawn:  # a deck in no known order: the phone asks which card was drawn first
        events[0] = {**events[0], "deck_order": "unknown"}
    for event in events:
        service.table.submit(event, source="phone")
    assert service.table.state()["summary"]["phase"] == "card"
    show(phone, url)
    has_spots = bool(phone.find_elements("css selector", ".nx-board .spot-cell"))
    assert has_spots == drawn
    before = state(url)["entries"]
    tap(phone, ".nx-board .card-hit.placed[data-card]")
    answer = wait(phone, lambda d: d.execute_script(ANSWER), message="the card tapped said nothing")
    assert answer["text"].startswith("Already on the table: the first card."), answer
    assert answer["text"].endswith("tap a ringed square next to the cards" if drawn
                                   else "First say below which card was drawn"), answer
    hidden = phone.execute_script(UNDER, answer, ".nx-board .spot-cell")
    assert not hidden, f"the answer {answer} hides squares where the card may go: {hidden}"
    assert state(url)["entries"] == before
    language(phone, "fr")
    said = phone.execute_script(ANSWER)["text"]
    language(phone, "en")
    assert said.startswith("Déjà sur la table\xa0: la première carte."), said
    pictures(phone, screenshots, f"nexus-card-down-{'drawn' if drawn else 'undrawn'}")
    assert not page_errors(phone)


TIP = """const tip = document.querySelector('#name-tip');
  if (!tip || tip.hidden) return null;
  const r = tip.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, text: tip.textContent, height: innerHeight};"""
ENDS = """const tops = [...document.querySelectorAll(arguments[0])]
  .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top);
  return [tops[0], tops.at(-1)].map((el) => el.dataset[arguments[1]]);"""
# the words above and below the board, and the turn's title
WORDS = "#screen-table :is(.board-head p, .board-head .whose, .board > p.hint)"


@pytest.mark.parametrize("size", [(360, 800), (820, 1180)])
@pytest.mark.parametrize("game", ["nexus-keepers", "hexors"])
def test_a_pieces_name_hides_neither_the_words_above_the_board_nor_a_tile(quiet_table, phone, screenshots, game,
                                                                         size):
    """The name of a piece tapped in the board's top row is shown in a strip the board keeps free above itself: not
    over the hint above the board, nor, on a tablet, a Nexus Keepers keeper's name over the tile above it."""
    service, url = quiet_table
    unlock(phone, url)
    phone.set_window_size(*size)
    start(service, game, 1)
    show(phone, url)
    pieces, key, near = {"nexus-keepers": (".nk-board .keeper", "keeper", ".nk-board .tile"),
                         "hexors": (".hex-arena .tile", "tile", ".hex-arena :is(.tile, .cell.dest)")}[game]
    for piece in phone.execute_script(ENDS, pieces, key):  # in the board's top row, and its bottom row
        css = f"{pieces}[data-{key}='{piece}']"
        tap(phone, css)
        wait(phone, lambda d: d.execute_script(TIP), message=f"no name shown for {css}")
        after_pending(phone)  # placed again once the piece's own handler drew the cells it reaches (board.js)
        name = phone.execute_script(TIP)
        assert name, f"the name of {css} went as soon as shown"
        under = phone.execute_script(UNDER, name, f"{WORDS}, {near}")
        assert not under, f"the name {name} of {css} hides {under}"
        assert 0 <= name["top"] and name["bottom"] <= name["height"], name
    pictures(phone, screenshots, f"name-tip-{game}-{size[0]}")
    assert not page_errors(phone)
