"""The History says what a move did, not only its name: a Tesseract card's effects after the card (not « Use Ada's
permanent capacity » and no more), a Nexus Keepers turn's actions (not « Actions » alone). A player checking the
history after an argument reads them there, in either language, on a phone 360 px wide."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from boardhelpers import open_page, wait
from browserhelpers import in_each_look, page_errors
from screens import language

pytestmark = pytest.mark.browser
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "examples"
FRENCH = {"red": "rouge", "green": "vert", "blue": "bleu", "yellow": "jaune", "purple": "violet", "orange": "orange",
          "white": "blanc", "black": "noir"}
LINES = "return [...document.querySelectorAll('#history-list li .head')].map(e => e.innerText.split('\\n')[1])"
WHOLE = "return [...document.querySelectorAll('#history-list li .head')]" \
    ".every(e => e.scrollWidth <= e.clientWidth + 1) && document.documentElement.scrollWidth <= innerWidth"


def history(phone, url, service, n):
    """The History's lines, newest first, once its ``n`` newest entries are drawn."""
    open_page(phone, url, "#/history")
    return wait(phone, lambda d: len(lines := d.execute_script(LINES)) >= n and lines, message="no history drawn")


def tesseract_game(service):
    """Ada and Marie's game just set up, in the Action phase: its summary."""
    service.table.new_game("tesseract", {}, ["Ada", "Marie"])
    service.table.submit(json.loads((EXAMPLES / "tesseract-win.jsonl").read_text().splitlines()[0]))
    return service.table.state()["summary"]


def test_a_tesseract_card_lists_its_effects(narrow_table, phone, screenshots):
    """A card is one entry, its keywords' effects sent with it: the History names the card, then each effect with
    the cube or column it touched; a card played with none says so."""
    service, url = narrow_table
    summary = tesseract_game(service)
    me = summary["scientist"]
    column = summary["removable"][0]
    zone = [(c["color"], c["value"]) for c in summary["priming_zone"]]
    colour, value = next(c for c in zone if zone.count(c) == 1)
    new = 6 if value != 6 else 1
    level = next(int(level) for level, n in summary["research"][me].items() if n)
    effects = [{"op": "reprogram", "zone": "priming", "cube": {"color": colour, "value": value}, "to": new},
               {"op": "destroy", "zone": "tesseract", "column": column}]
    played = len(service.table.state()["accepted"])
    service.table.submit({"type": "play_card", "source": "scientist", "scientist": me, "effects": effects},
                         source="phone")
    service.table.submit({"type": "play_card", "source": "research", "level": level, "effects": []}, source="phone")
    assert len(service.table.state()["accepted"]) == played + 2, "the referee refused a card"
    capacity = f"Use {me}'s permanent capacity: reprogram {colour}\u00a0{value}\u00a0→\u00a0{new}, " \
        f"destroy the cube on {column}"  # a cube and its new value kept on one line
    assert history(phone, url, service, 3)[:2] == [f"Play a level {level} research card: no effect", capacity]
    assert phone.execute_script(WHOLE), "a History line runs past the screen"
    said = {}

    def look(lang, scheme):
        said[lang] = phone.execute_script(LINES)[:2]
        assert phone.execute_script(WHOLE), f"a History line runs past the screen ({lang}, {scheme})"
        phone.execute_script("document.querySelector('#history-list li .head').scrollIntoView({block: 'start'});"
                             "scrollBy(0, -60)")
        phone.save_screenshot(str(screenshots / f"history-card-effects-360-{lang}-{scheme}.png"))
    in_each_look(phone, look)
    of = f"d’{me}" if me[0] in "AEIOU" else f"de {me}"  # « d'Ada »
    capacity = f"Utiliser la capacité permanente {of}\u00a0: reprogrammer " \
        f"{FRENCH[colour]}\u00a0{value}\u00a0→\u00a0{new}, détruire le cube en {column}"
    assert said["fr"] == [f"Jouer une carte Recherche niveau {level}\u00a0: aucun effet", capacity]
    assert not page_errors(phone)


def test_deepen_lists_its_effects_and_a_card_sent_without_source_is_research(narrow_table, phone):
    """The scientist's own action (Approfondir) carries effects as a card does; a ``play_card`` with no ``source`` is
    a research card to the referee, and the History names it so (not « Play »)."""
    service, url = narrow_table
    tesseract_game(service)
    level = 3
    before = len(service.table.state()["accepted"])
    service.table.submit({"type": "deepen", "effects": [{"op": "draw", "level": level}]}, source="phone")
    service.table.submit({"type": "play_card", "level": level, "effects": []}, source="phone")
    assert len(service.table.state()["accepted"]) == before + 2, "the referee refused the Deepen or the card"
    assert history(phone, url, service, 2)[:2] == [f"Play a level {level} research card: no effect",
                                                   f"Deepen: draw level {level}"]
    language(phone, "fr")
    try:
        wait(phone, lambda d: d.execute_script(LINES)[1] == f"Approfondir\u00a0: piocher niveau {level}",
             message="Deepen's effect not said in French")
    finally:
        language(phone, "en")
    assert not page_errors(phone)


def test_a_cube_in_a_lab_is_named_with_its_lab(narrow_table, phone):
    """A cube taken into a lab, then inverted there: whose lab each time, « d'Ada » elided in French."""
    service, url = narrow_table
    summary = tesseract_game(service)
    column = next(c for c in summary["tower"] if c["removable"])
    cube, who = column["top"], "Ada"
    effects = [{"op": "take", "column": column["column"], "lab": who},
               {"op": "invert", "zone": "lab", "lab": who, "cube": cube}]
    me = summary["scientist"]
    before = len(service.table.state()["accepted"])
    service.table.submit({"type": "play_card", "source": "scientist", "scientist": me, "effects": effects},
                         source="phone")
    assert len(service.table.state()["accepted"]) == before + 1, "the referee refused the capacity"
    where, colour, value = column["column"], cube["color"], cube["value"]
    said = f"Use {me}'s permanent capacity: take {where} into Ada's lab, invert Ada's {colour}\u00a0{value}"
    assert history(phone, url, service, 2)[0] == said
    language(phone, "fr")
    try:
        wait(phone, lambda d: d.execute_script(LINES)[0].endswith(
            f"\u00a0: prendre {where} pour le labo d’Ada, inverser {FRENCH[colour]}\u00a0{value} d’Ada"),
            message="the lab's owner not said in French")
    finally:
        language(phone, "en")
    assert not page_errors(phone)


def test_a_capacity_sent_without_its_scientist_is_named_for_the_current_one(narrow_table, phone):
    """The referee takes a capacity whose event names no scientist (an API client's) as the current scientist's:
    History and Undo name that scientist, as the referee's verdict does, never « Use 's permanent capacity »."""
    service, url = narrow_table
    me = tesseract_game(service)["scientist"]
    before = len(service.table.state()["accepted"])
    service.table.submit({"type": "play_card", "source": "scientist", "effects": []}, source="phone")
    assert len(service.table.state()["accepted"]) == before + 1, "the referee refused the capacity"
    assert history(phone, url, service, 2)[0] == f"Use {me}'s permanent capacity: no effect"
    open_page(phone, url)
    wait(phone, lambda d: d.find_element("id", "table-undo").text == f"Undo\nUse {me}'s permanent capacity",
         message="Undo names no scientist")
    assert not page_errors(phone)


def test_a_calibration_sent_as_its_new_value_is_told_up_or_down(narrow_table, phone):
    """« Exemple : ce cube de valeur 3 peut être calibré sur 2 ou 4. » The engine takes a calibration as ``delta`` or
    as ``to``, the cube's new value (an API client's); the History tells a ``to`` as the step it makes: a 3 made 4
    reads « +1 », not « −1 »."""
    service, url = narrow_table
    summary = tesseract_game(service)
    me = summary["scientist"]
    zone = [(c["color"], c["value"]) for c in summary["priming_zone"]]
    colour, value = next(c for c in zone if c[1] <= 5)
    before = len(service.table.state()["accepted"])
    effects = [{"op": "calibrate", "zone": "priming", "cube": {"color": colour, "value": value}, "to": value + 1}]
    service.table.submit({"type": "play_card", "source": "scientist", "scientist": me, "effects": effects},
                         source="phone")
    assert len(service.table.state()["accepted"]) == before + 1, "the referee refused the calibration"
    said = f"Use {me}'s permanent capacity: calibrate {colour}\u00a0{value} +1"
    assert history(phone, url, service, 2)[0] == said
    assert not page_errors(phone)


def test_a_nexus_keepers_turn_lists_its_actions(narrow_table, phone):
    """A turn's « Actions » is followed by the kinds of its actions, a push with whom and how far, in either
    language. The example's first roll allows a move and a push: A moves next to C and pushes it."""
    service, url = narrow_table
    service.table.new_game("nexus-keepers", {}, [])
    for line in (EXAMPLES / "nexus-keepers-full-game.jsonl").read_text().splitlines()[:5]:
        service.table.submit(json.loads(line))
    actions = [{"action": "move", "to": [0, 1]}, {"action": "push", "target": "C"}]
    before = len(service.table.state()["accepted"])
    service.table.submit({"type": "actions", "actions": actions}, source="phone")
    assert len(service.table.state()["accepted"]) == before + 1, "the referee refused the actions"
    assert history(phone, url, service, 2)[0] == "Actions: move, push C 1 space"
    language(phone, "fr")
    try:
        wait(phone, lambda d: d.execute_script(LINES)[0] == "Actions\u00a0: bouger, pousser C de 1 case",
             message="no French actions")
    finally:
        language(phone, "en")
    assert not page_errors(phone)


def test_pieces_placed_on_a_phone_are_told_as_the_move_the_referee_took(narrow_table, phone):
    """Keepers put where they went on the phone (a ``positions`` event) read « Pieces moved », then the move the
    referee explained them by, as a camera's is told."""
    service, url = narrow_table
    service.table.new_game("nexus-keepers", {}, [])
    for line in (EXAMPLES / "nexus-keepers-full-game.jsonl").read_text().splitlines()[:6]:  # A moves and pushes C
        service.table.submit(json.loads(line), source="phone")
    assert history(phone, url, service, 2)[0] == \
        "Pieces moved: A moves south onto the plain, then pushes C 1 space south"
    language(phone, "fr")
    try:
        wait(phone, lambda d: d.execute_script(LINES)[0] == "Pièces déplacées\u00a0: A avance vers le sud sur la "
             "plaine, puis pousse C de 1 case vers le sud", message="the move not told in French")
    finally:
        language(phone, "en")
    assert not page_errors(phone)


def test_a_nexus_card_played_from_the_top_is_named(narrow_table, phone):
    """A deck in a known order (``deck_order: "top_first"``) lets a play leave its card out: the History names the
    card as the referee laid it, or says it was the top card when refused, not « Play » and nothing more."""
    service, url = narrow_table
    setup, play = (json.loads(line) for line in (EXAMPLES / "nexus-two-players.jsonl").read_text().splitlines()[:2])
    assert setup["deck_order"] == "top_first"
    service.table.new_game("nexus", {}, [])
    service.table.submit(setup)
    service.table.submit({**{k: v for k, v in play.items() if k != "card"}, "x": 9, "y": 9})  # nowhere near: refused
    service.table.submit({k: v for k, v in play.items() if k != "card"})
    told = history(phone, url, service, 3)
    assert told[0].startswith("Ann plays a Long rod ") and told[1] == "Play the top card"  # "... east of the first"
    language(phone, "fr")
    try:
        fr = wait(phone, lambda d: (lines := d.execute_script(LINES))[1] == "Jouer la carte du dessus" and lines,
                  message="the card played from the top is not named in French")
        assert fr[0].startswith("Ann pose une Longue tige "), fr[0]
    finally:
        language(phone, "en")
    assert not page_errors(phone)
