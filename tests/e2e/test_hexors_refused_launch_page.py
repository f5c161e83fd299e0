"""Hexors' refused launches on a 360 px phone, players named as long as the form allows: each action tile the
referee would refuse says why under it and again when tapped, in the referee's own words (its player, its tile, the
rule book's sentence), though the summary sends each sentence shape once (companion/referee/offers.py) and the phone
writes it out (web/js/views/games/offers.js)."""

from __future__ import annotations

import pytest

from companion.referee.offers import expand

from boardhelpers import screenshot, settled, shown, tap, wait
from browserhelpers import in_each_look, page_errors
from screens import language, show
from tests.games.hexors.hexors_examples import starter_setup

pytestmark = pytest.mark.browser

LONG_NAMES = ["Marie-Charlotte Lefebvre", "Jean-Baptiste Delacroix."]
WHY_UNDER = "return [...document.querySelectorAll('#hex-action-kinds .offer.refused')].map(o => [" \
            "o.querySelector('button').dataset.kind, o.querySelector('.why').innerText])"
ANSWER = "const box = document.querySelector('#tap-answer'); return box && box.innerText"


def test_each_refused_launch_says_the_referees_words(narrow_table, phone, screenshots):
    service, url = narrow_table
    setup = starter_setup("advanced", (6, 6))  # hands the referee is not told, the rule book's empty star fund
    for player, name in zip(setup["players"], LONG_NAMES):
        player["id"] = name
    setup["first"] = LONG_NAMES[0]
    service.table.new_game("hexors", {}, LONG_NAMES)
    service.table.submit(setup, source="phone")
    show(phone, url)
    summary = settled(phone, url)["summary"]
    said = {k: o["why"] for k, o in service.table.engine.available_actions().items()}  # the referee's own words
    assert expand(summary["available"]) == service.table.engine.available_actions()
    for name in reversed(LONG_NAMES):  # the other player's extreme tiles, then the player's own turn's
        tap(phone, f"#hex-actions button[data-launcher='{name}']")
        wait(phone, lambda d: d.find_elements("css selector", "#hex-action-kinds .offer.refused"),
             message="no refused action tile")
        under = dict(shown(phone, WHY_UNDER))
        assert len(under) == 12, under  # none affordable with no stars

        def words(lang, name=name, under=under):
            language(phone, lang)
            # French typography puts its no-break spaces before « ; : » on the page (web/js/i18n.js)
            shown_now = {k: " ".join(text.replace("\xa0", " ").replace("\u202f", " ").split(" "))
                         for k, text in shown(phone, WHY_UNDER)}
            assert shown_now == {k: said[f"launch:{name}:{k}"][lang] for k in under}, (lang, shown_now)
        in_each_look(phone, lambda lang, scheme: words(lang), themes=("light",))
        tap(phone, "#hex-action-kinds button[data-kind='star_blast']")
        answer = wait(phone, lambda d: d.execute_script(ANSWER), message="the tap said nothing")
        assert said[f"launch:{name}:star_blast"]["en"] in answer
        tap(phone, "#hex-action-cancel")
    tap(phone, f"#hex-actions button[data-launcher='{LONG_NAMES[1]}']")
    tap(phone, "#hex-action-kinds button[data-kind='genesis']")
    in_each_look(phone, lambda lang, scheme: screenshot(phone, screenshots, f"hexors-refused-launch-{lang}-{scheme}",
                                                        width=360))
    tap(phone, "#hex-action-cancel")
    assert not page_errors(phone)
