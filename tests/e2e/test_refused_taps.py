"""A tap the rules refuse, in each of the four games played by tapping, says why beside the finger (issue 53): a
board piece or cell that cannot act, or a button the referee's summary offers disabled (its own reason). The
reason is on the screen, within 150 px above or below the control tapped, announced to screen readers, and nothing is
sent to the table; a switch of language says it again in the new one. (A tap refused because the game moved on is
tested per game in test_tap_answers.py.)"""

from __future__ import annotations

import pytest

from companion.referee.offers import expand

from boardhelpers import screenshot, shown, state, tap, unlock, wait
from browserhelpers import in_each_look, page_errors
from screens import show, start

pytestmark = pytest.mark.browser

ANSWER = """const box = document.querySelector('#tap-answer');
  if (!box || 'empty' in box.dataset) return null;
  const r = box.getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, text: box.innerText, live: box.getAttribute('aria-live'),
          height: innerHeight};"""
CONTROL = ("const r = document.querySelector(arguments[0]).getBoundingClientRect();"
           " return {top: r.top, bottom: r.bottom}")


# Each case: the controls tapped first, the control the rules refuse, and what the reason beside it says in English
# and in French.

def hexors_setup(summary):
    """Hexors' setup: Yugi's character picked, then a cell off his grey start cells."""
    start_cells = set(summary["setup"]["start_cells"][0])
    cell = next(c["cell"] for c in summary["setup"]["arena"]["cells"]
                if c["cell"] not in start_cells and c["cell"][1] in "456")  # the middle of the arena: no tile there
    return ([".hex-arena .tile[data-tile='char-0']"], f".hex-arena .cell[data-cell='{cell}']",
            "starts on one of Yugi's grey cells", "part d’une case grise de Yugi")


def hexors(summary):
    """Yugi's Kuriboh picked, then a free cell it cannot reach this turn."""
    reach = {m["path"][-1] for m in summary["legal_moves"] if m["tile"] == "kuriboh"}
    taken = {t["cell"] for t in summary["tiles"]}
    cell = next(c["cell"] for c in summary["arena"]["cells"]
                if c["cell"] not in reach | taken and c["cell"][1] in "456")  # the middle of the arena
    return ([".hex-arena .tile[data-tile='kuriboh']"], f".hex-arena .cell[data-cell='{cell}']",
            f"Kuriboh cannot reach {cell} this turn", f"ne peut pas atteindre {cell} ce tour-ci")


def nexus(summary):
    """Bob's counter: the Long rod's card opened, then its node where Ann's counter already stands; the phone's own
    refusal gives the rule the engine's verdict would (« place one counter on an unoccupied Node »)."""
    node, who = next(iter(summary["counters"].items()))
    card = node.split(":")[0]
    assert who == "Ann"
    return ([f".nx-board .card-hit[data-card='{card}']"], f".nx-zoom .node[data-node='{node}']",
            "That node is taken: Ann's counter is on it — the book: “After you have played your card and scored any "
            "closed Nexuses, place one counter on an unoccupied Node.”",
            # the rule as the engine's French verdict gives it (its rendering of the English book)
            "le pion d’Ann y est — la règle : « Après avoir joué votre carte et marqué les Nexus fermés, posez un "
            "pion sur un Nœud inoccupé. »")


def tesseract(summary):
    """A column whose top cube is not removable."""
    column = next(c["column"] for c in summary["tower"] if c["height"] and not c["removable"])
    return ([], f".tess-tower .column[data-column='{column}']", f"The cube on {column} is not removable",
            f"Le cube en {column} n’est pas amovible")


def end_of_actions(summary):
    """"End the actions", offered disabled with actions left (the referee's own reason, from ``available``)."""
    why = expand(summary["available"])["end_actions"]["why"]
    return [], "#tess-end-actions", why["en"], why["fr"]


def nexus_keepers(summary):
    """B's keeper tapped on A's turn."""
    assert summary["turn"] == "A"
    return [], ".nk-board .keeper[data-keeper='B']", "It is A's turn", "C’est le tour d’A"


def keep_a_spent_double(summary):
    """"Keep a 2 for next turn" after the 2s were spent on the turn's actions: offered disabled, tapped."""
    offers = expand(summary["available"])
    key = next(k for k, o in offers.items() if k.startswith("reserve:") and not o["available"])
    why = offers[key]["why"]
    return [], f"[data-reserve='{key.split(':')[1]}']", why["en"], why["fr"]


# per case: the game, the events of its example game played first (screens.EXAMPLES), and the taps
CASES = {"hexors-setup": ("hexors", 0, hexors_setup), "hexors": ("hexors", 1, hexors), "nexus": ("nexus", 5, nexus),
         "tesseract": ("tesseract", 1, tesseract),
         "tesseract-end": ("tesseract", 1, end_of_actions), "nexus-keepers": ("nexus-keepers", 1, nexus_keepers),
         "nexus-keepers-reserve": ("nexus-keepers", 6, keep_a_spent_double)}


@pytest.mark.parametrize("case", list(CASES))
def test_a_tap_the_rules_refuse_says_why_beside_the_finger(quiet_table, phone, screenshots, case):
    service, url = quiet_table
    unlock(phone, url)
    game, played, taps = CASES[case]
    start(service, game, played)
    show(phone, url)
    picks, refused, words, words_fr = taps(service.table.state()["summary"])
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
    said = set()

    def in_french(lang, scheme):  # the reason still shown is said again in French
        said.add(phone.execute_script(ANSWER)["text"])
        phone.save_screenshot(str(screenshots / f"refused-{case}-{lang}-{scheme}.png"))
    in_each_look(phone, in_french, languages=("fr",))  # then back in English: the phone is shared
    # the page sets no-break spaces before French colons and inside « »: the words are compared space for space
    said = {text.replace("\u00a0", " ") for text in said}
    assert said and all(words_fr in text and words not in text for text in said), said
    assert words in phone.execute_script(ANSWER)["text"]
    assert not page_errors(phone)
