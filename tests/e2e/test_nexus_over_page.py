"""A Nexus game won, on a 360-pixel phone: who won is said once on the table screen, on the game-over card, in each
language (not again by the board's own line under its legend, nor by the latest verdicts' "Win" line in the card's
very words); the winning move's other verdict, the Nexus captured, stays."""

from __future__ import annotations

import pytest

from browserhelpers import in_each_look, page_errors
from screens import show, start

pytestmark = pytest.mark.browser

# the winner's sentence, how often the table screen says it, and the latest verdicts under the board
SAID = """const said = document.querySelector('#outcome-text').innerText.trim();
  const text = document.querySelector('#screen-table').innerText;
  return [said, text.split(said).length - 1, document.querySelector('#latest-verdicts').innerText];"""


def test_who_won_a_nexus_game_is_said_once_on_the_table_screen(narrow_table, phone):
    service, url = narrow_table
    start(service, "nexus", None)  # the example game to its end: Ann reaches 10 points
    show(phone, url)
    said = []
    in_each_look(phone, lambda lang, scheme: said.append((lang, *phone.execute_script(SAID))), themes=("light",))
    assert [(lang, times) for lang, _, times, _ in said] == [("en", 1), ("fr", 1)], said
    assert said[0][1].startswith("Ann wins the game with 10 points") and said[1][1].startswith("Ann gagne la partie avec 10 points")
    # the winning move's other verdict stays: the Nexus captured that brought her to 10
    assert "10 in all" in said[0][3] and "10 au total" in said[1][3], said
    assert page_errors(phone) == []
