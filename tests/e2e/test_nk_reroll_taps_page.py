"""Nexus Keepers' dice on a 360 px phone: every die a player taps to pick a reroll answers. A 1, the reserved die and a
die picked alone (the book: « vous ne pouvez jamais relancer un dé seul », but « vous pouvez tout à fait utiliser un
dé de pouvoir pour relancer un autre dé régulier ») each say on a tap why a reroll cannot take them, and one die
rerolls with a power die from the phone.
"""

from __future__ import annotations

import pytest

from boardhelpers import answer_to_tap, pad, settled, tap, wait, watch_taps
from browserhelpers import pictures, page_errors
from screens import language, show

pytestmark = pytest.mark.browser

# two keepers, each cube five plain tiles in a row, B's under A's: A's first turn rolls 5 dice, their next 6
SETUP = {"type": "setup", "players": [
    {"id": "A", "card": "example-ember-warden", "cube": {"origin": [0, 0], "direction": "E"}},
    {"id": "B", "card": "example-tide-runner", "cube": {"origin": [0, 1], "direction": "E", "portal": "W"}}]}
# A keeps a 3 of a double; B rolls (5 dice: its first turn too) and ends; A's second roll lies with a 1, the reserved 3 beside it
EVENTS = [SETUP, {"type": "roll", "dice": [2, 2, 3, 3, 4]}, {"type": "reserve", "value": 3},
          {"type": "roll", "dice": [2, 2, 4, 4, 5]}, {"type": "end_turn"},
          {"type": "roll", "dice": [1, 2, 2, 4, 5, 6]}]
DIE = "#nk-dice .dice-row [data-index='{}']"


def test_each_die_a_reroll_cannot_take_says_why_and_one_die_rerolls_with_a_power_die(narrow_table, phone,
                                                                                     screenshots):
    service, url = narrow_table
    service.table.new_game("nexus-keepers", {}, [])
    for event in EVENTS:
        service.table.submit(event, source="phone")
    show(phone, url)
    assert settled(phone, url)["summary"]["reserved_die"] == 3
    watch_taps(phone)
    tap(phone, DIE.format(0))  # the 1
    assert "A 1 stays" in answer_to_tap(phone)
    tap(phone, "#nk-dice .dice-row [data-reserved='1']")
    assert "The reserved 3 is not rerolled" in answer_to_tap(phone)
    tap(phone, DIE.format(4))  # the 5, alone
    hint = wait(phone, lambda d: d.find_elements("id", "nk-reroll-one"), message="a die picked alone: no word")
    assert hint[0].text == ("A reroll takes two dice or more: pick another die, or reroll this one with a power die")
    assert not phone.find_elements("id", "nk-reroll")
    # under the dice, by the finger: below the dice's groups and what they allow, it lay off a phone held sideways
    above = phone.execute_script("const [hint, groups] = ['#nk-dice #nk-reroll-one', '#nk-dice .groups']"
                                 ".map((css) => document.querySelector(css)); return hint && hint.getBoundingClientRect()"
                                 ".bottom <= groups.getBoundingClientRect().top")
    assert above, "the answer to one die picked is not in the dice's card, above what they allow"
    phone.execute_script("document.querySelector('#nk-reroll-one').scrollIntoView({block: 'center'})")
    pictures(phone, screenshots, "nk-reroll-one-360")
    tap(phone, "#nk-reroll-power")
    pad(phone, "nk-reroll-power-pad", [6, 4])  # the 5 shows 6 now, the power die 4
    now = wait(phone, lambda d: (lambda s: s if s["summary"]["dice"] != [1, 2, 2, 4, 5, 6] else False)(
        settled(d, url)), message="the reroll was not taken")
    assert sorted(now["summary"]["dice"]) == [1, 2, 2, 4, 4, 6, 6], now["summary"]["dice"]
    assert now["summary"]["power_dice_left"]["A"] == 1
    assert not page_errors(phone)


def test_the_hint_under_a_picked_keeper_says_the_tap_is_where_it_ends_the_turn(narrow_table, phone, screenshots):
    """A tap on a ringed square sends where the keeper ends the turn (one ``positions`` event: every move, jump and
    push the dice allow, at once); « Tap a ringed tile to move there » read as one step, and a player who moved 2 of
    « move 2 + jump 1 » found « Left this turn: nothing »."""
    service, url = narrow_table
    service.table.new_game("nexus-keepers", {}, [])
    for event in EVENTS[:2]:  # A's first roll: move 1, jump 1 and more
        service.table.submit(event, source="phone")
    show(phone, url)
    tap(phone, ".nk-board .keeper[data-keeper='A']")
    hint = lambda d: d.find_element("id", "nk-move-hint").text  # noqa: E731
    wait(phone, lambda d: d.find_elements("css selector", ".nk-board .dest"), message="no ringed square")
    said = {"en": hint(phone)}
    language(phone, "fr")
    said["fr"] = hint(phone).replace("\u00a0", " ")
    language(phone, "en")
    assert said == {"en": "Tap the ringed square where A ends this turn: its moves, jumps and pushes in one",
                    "fr": "Touchez la case entourée où A finit ce tour : ses déplacements, sauts et poussées en une "
                          "fois"}, said
    # keeping a die ends the turn (the book: « At the end of your turn, you can place one die from an unused double
    # into your character's reserve »): « Keep a 3 for next turn », tapped before moving, ended it unmoved
    keep = lambda d: d.find_element("css selector", "[data-reserve='3']").text  # noqa: E731
    kept = {"en": keep(phone)}
    language(phone, "fr")
    kept["fr"] = keep(phone)
    language(phone, "en")
    assert kept == {"en": "End the turn, keeping a 3 for the next",
                    "fr": "Finir le tour en gardant un 3 pour le prochain"}, kept
    phone.execute_script("document.querySelector('#nk-move-hint').scrollIntoView({block: 'center'})")
    pictures(phone, screenshots, "nk-ends-turn-hint-360")
    assert not page_errors(phone)
