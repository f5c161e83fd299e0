"""A tap the rules refuse, in each of the four games played by tapping, says why beside the finger (issue 53): a
board piece or cell that cannot act, or a button the referee's summary offers disabled (its own reason). The
reason is on the screen, within 150 px above or below the control tapped, announced to screen readers, and nothing is
sent to the table. (A tap refused because the game moved on is tested per game in test_tap_answers.py.)"""

from __future__ import annotations

import pytest

from boardhelpers import screenshot, shown, state, tap, unlock, wait
from conftest import page_errors
from screens import show, start

pytestmark = pytest.mark.browser

ANSWER = """const box = document.querySelector('#tap-answer');
  if (!box || 'empty' in box.dataset) return null;
  const r = box.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, text: box.innerText, live: box.getAttribute('aria-live'),
          height: innerHeight};"""
CONTROL = ("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
           " return {top: r.top, bottom: r.bottom}")


def hexors(summary):
    """Yugi's Kuriboh picked, then a free cell it cannot reach this turn."""
    reach = {m["path"][-1] for m in summary["legal_moves"] if m["tile"] == "kuriboh"}
    taken = {t["cell"] for t in summary["tiles"]}
    cell = next(c["cell"] for c in summary["arena"]["cells"]
                if c["cell"] not in reach | taken and c["cell"][1] in "456")  # the middle of the arena
    return ([".hex-arena .tile[data-tile='kuriboh']"], f".hex-arena .cell[data-cell='{cell}']",
            f"Kuriboh cannot reach {cell} this turn")


def nexus(summary):
    """Bob's counter: the Long rod's card opened, then its node where Ann's counter already stands."""
    node, who = next(iter(summary["counters"].items()))
    card = node.split(":")[0]
    return ([f".nx-board .card-hit[data-card='{card}']"], f".nx-zoom .node[data-node='{node}']",
            f"That node is taken: {who}'s counter is on it")


def tesseract(summary):
    """A column whose top cube is not removable."""
    column = next(c["column"] for c in summary["tower"] if c["height"] and not c["removable"])
    return [], f".tess-tower .column[data-column='{column}']", f"The cube on {column} is not removable"


def end_of_actions(summary):
    """"End the actions", offered disabled with actions left (the referee's own reason, from ``available``)."""
    return [], "#tess-end-actions", summary["available"]["end_actions"]["why"]["en"]


def nexus_keepers(summary):
    """B's keeper tapped on A's turn."""
    return [], ".nk-board .keeper[data-keeper='B']", f"It is {summary['turn']}'s turn"


def keep_a_spent_double(summary):
    """"Keep a 2 for next turn" after the 2s were spent on the turn's actions: offered disabled, tapped."""
    key = next(k for k, o in summary["available"].items() if k.startswith("reserve:") and not o["available"])
    return [], f"[data-reserve='{key.split(':')[1]}']", summary["available"][key]["why"]["en"]


# per case: the game, the events of its example game played first (screens.EXAMPLES), and the taps
CASES = {"hexors": ("hexors", 1, hexors), "nexus": ("nexus", 5, nexus), "tesseract": ("tesseract", 1, tesseract),
         "tesseract-end": ("tesseract", 1, end_of_actions), "nexus-keepers": ("nexus-keepers", 1, nexus_keepers),
         "nexus-keepers-reserve": ("nexus-keepers", 6, keep_a_spent_double)}


@pytest.mark.parametrize("case", list(CASES))
def test_a_tap_the_rules_refuse_says_why_beside_the_finger(quiet_table, phone, screenshots, case):
    service, url = quiet_table
    unlock(phone, url)
    game, played, taps = CASES[case]
    start(service, game, played)
    show(phone, url)
    picks, refused, words = taps(service.table.state()["summary"])
    for css in picks:
        tap(phone, css)
    before = state(url)["entries"]
    tap(phone, refused)
    answer = wait(phone, lambda d: d.execute_script(ANSWER), message=f"tapping {refused} said nothing")
    assert words in answer["text"]
    control = shown(phone, CONTROL, refused)
    assert 0 <= answer["top"] and answer["bottom"] <= answer["height"], f"the reason is off the screen: {answer}"
    gap = max(answer["top"] - control["bottom"], control["top"] - answer["bottom"], 0)
    assert gap <= 150, f"the reason is {gap:.0f} px from the control tapped: {answer} vs {control}"
    assert answer["live"] == "polite"
    assert state(url)["entries"] == before  # nothing was sent
    screenshot(phone, screenshots, f"refused-{case}")
    assert not page_errors(phone)
