"""Hexors on a 360 px phone during a duel: a tap on the arena says whose roll of the colour die the game waits for,
not « Duel: roll the colour die and tap its colour » to anyone, the defender tapping while the attacker is to roll
(the book: « L'attaquant commence et roule le dé de couleur. [...] L'autre joueur roule le dé et fait de même »)."""

from __future__ import annotations

import json

import pytest

from boardhelpers import answer_to_tap, tap, watch_taps
from browserhelpers import page_errors, pictures
from screens import language, show

pytestmark = pytest.mark.browser

HEXORS = "docs/rules/examples/hexors-beginner-win.jsonl"


def test_a_tap_on_the_arena_in_a_duel_says_who_rolls_next(narrow_table, phone, screenshots):
    service, url = narrow_table
    service.table.new_game("hexors", {}, [])
    events = [json.loads(line) for line in open(HEXORS, encoding="utf-8").read().splitlines()]
    for event in events[:13]:  # Kuriboh challenges Saggi; Yugi, the attacker, has rolled orange
        service.table.submit(event, source="phone")
    show(phone, url)
    watch_taps(phone)
    tap(phone, ".hex-arena [data-tile='saggi']")  # Kaiba's tile, tapped by whoever holds the phone
    said = {"en": answer_to_tap(phone)}
    language(phone, "fr")
    said["fr"] = phone.find_element("id", "tap-answer").text.replace("\u00a0", " ")
    pictures(phone, screenshots, "hexors-duel-tap-360")
    language(phone, "en")
    assert said == {"en": "Kaiba rolls the colour die (defender): tap the colour it shows",
                    "fr": "Kaiba lance le dé de couleur (défenseur) : touchez la couleur obtenue"}, said
    assert not page_errors(phone)
