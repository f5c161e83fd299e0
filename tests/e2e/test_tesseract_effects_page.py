"""A Tesseract card's effects composed on the phone by tapping (« MOTS CLÉS »): a keyword, then the cube, column or
value it applies to on the drawn board; the list so far, one removable; one ``play_card`` sent with the list. The
referee's refusal of an impossible effect is shown beside the finger, and the list is kept to be mended."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from boardhelpers import api, open_page, settled, small_controls, state, tap, unlock, wait
from browserhelpers import in_each_look, page_errors
from screens import language, theme
from tesshelpers import keyword, listed

pytestmark = pytest.mark.browser
REPO = Path(__file__).resolve().parents[2]
SETUP = json.loads((REPO / "docs/rules/examples/tesseract-win.jsonl").read_text().splitlines()[0])


@pytest.fixture(scope="module")
def table(quiet_table, phone):
    """Ada and Marie's game just set up, on a phone 360 px wide (the narrowest the pages are made for)."""
    service, url = quiet_table
    unlock(phone, url)
    service.table.new_game("tesseract", {}, ["Ada", "Marie"])
    service.table.submit(SETUP)
    phone.set_window_size(360, 800)
    open_page(phone, url, "#/table")
    settled(phone, url)
    return service, url


def open_more(phone):
    if not phone.find_elements("css selector", ".tess-controls details[open]"):
        tap(phone, ".tess-controls details > summary")


def screenshot_360(phone, directory, name):
    """A tall phone 360 px wide from the composer's top: the composer whole, and the cubes below it to tap."""
    phone.set_window_size(360, 1300)
    phone.execute_script("document.querySelector('#tess-effects').scrollIntoView({block: 'start'}); scrollBy(0, -70)")
    time.sleep(0.2)
    phone.save_screenshot(str(directory / f"{name}.png"))
    phone.set_window_size(360, 800)


UNDO_SAYS = "return document.querySelector('#table-undo').innerText"
WHOLE = "const e = document.querySelector(arguments[0]); return e.scrollWidth <= e.clientWidth + 1 " \
    "&& e.scrollHeight <= e.clientHeight + 1"


def test_undo_names_the_card_or_capacity_it_takes_back(table, phone, screenshots):
    """Undo takes back the last entry in force (a card played is one entry, its effects with it), and the bar names
    the card or the capacity it takes back, in each language, not « Undo · Play » (a Tesseract card's event names
    where it came from, not a card). First in the module: the research card it plays and undoes is still in the
    hand for the next test."""
    service, url = table
    summary = settled(phone, url)["summary"]
    me = summary["scientist"]
    level = next(int(level) for level, n in summary["research"][me].items() if n)
    service.table.submit({"type": "play_card", "source": "scientist", "scientist": me, "effects": []}, source="phone")
    capacity = service.table.state()["accepted"][-1]
    service.table.submit({"type": "play_card", "source": "research", "level": level, "effects": []}, source="phone")
    card = f"Play a level {level} research card"
    wait(phone, lambda d: d.execute_script(UNDO_SAYS) == f"Undo\n{card}", message="Undo names no card")
    words = {}

    def look(lang, scheme):
        words[lang] = phone.execute_script(UNDO_SAYS)
        phone.save_screenshot(str(screenshots / f"tess-undo-card-360-{lang}-{scheme}.png"))
    in_each_look(phone, look)
    assert words["fr"] == f"Annuler\nJouer une carte Recherche niveau {level}"
    tap(phone, "#table-undo")
    wait(phone, lambda d: d.execute_script(UNDO_SAYS) == f"Undo\nUse {me}'s permanent capacity",
         message="Undo does not name the capacity now last")
    wait(phone, lambda d: f"Undone: {card}" in d.find_element("id", "tap-answer").text, message="no answer to Undo")
    assert state(url)["accepted"][-1] == capacity and state(url)["summary"]["research"] == summary["research"]
    of = f"d’{me}" if me[0] in "AEIOU" else f"de {me}"  # « d'Ada »
    language(phone, "fr")
    try:
        wait(phone, lambda d: d.execute_script(UNDO_SAYS) == f"Annuler\nUtiliser la capacité permanente {of}",
             message="Undo names no capacity in French")
        phone.save_screenshot(str(screenshots / "tess-undo-capacity-360-fr.png"))
        assert phone.execute_script(WHOLE, "#table-undo .undo-what"), "the capacity's name is cut"
    finally:
        language(phone, "en")
    assert not page_errors(phone)


def test_a_research_card_with_two_effects_is_composed_by_tapping_and_played(table, phone, screenshots):
    """« DÉTRUIRE : retirez un cube du jeu. » and « REPROGRAMMER : modifiez librement la valeur d'un cube (de 1 à
    6). »"""
    service, url = table
    before = settled(phone, url)
    summary = before["summary"]
    column = summary["removable"][0]
    primed = summary["priming_zone"][0]
    open_more(phone)
    tap(phone, "[data-play='2']")
    wait(phone, lambda d: d.find_elements("id", "tess-effects"), message="playing the card opened no composer")
    assert "played with none" in phone.find_element("id", "tess-fx-none").text
    keyword(phone, "destroy")
    tap(phone, f".tess-tower .column[data-column='{column}']")
    keyword(phone, "reprogram")
    tap(phone, f"#tess-zone .cube[data-color='{primed['color']}'][data-value='{primed['value']}']")
    screenshot_360(phone, screenshots, "tess-effects-asking-en")  # the value asked, one effect listed
    new = 6 if primed["value"] != 6 else 1
    tap(phone, f"#tess-fx-value [data-key='{new}']")
    keyword(phone, "draw")
    tap(phone, ".tess-fx-level [data-value='3']")
    assert listed(phone, 3)[2] == "Draw a level 3 research card"
    tap(phone, "#tess-fx-list [data-index='2']")  # removed: the list is back to the two effects
    shown = listed(phone, 2)
    assert shown == [f"Destroy the cube on {column}",
                     f"Reprogram the primed {primed['color']} {primed['value']} to {new}"]
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 360
    assert not [c for c in small_controls(phone) if "tess-fx" in c[0] or "choice-button" in c[0]]
    for lang, scheme in (("en", "light"), ("en", "dark"), ("fr", "light"), ("fr", "dark")):
        theme(phone, scheme)
        language(phone, lang)
        screenshot_360(phone, screenshots, f"tess-effects-{lang}-{scheme}")
        if lang == "fr":
            assert listed(phone, 2)[0] == f"Détruire le cube en {column}"
            assert phone.find_element("id", "tess-fx-play").text == "La jouer avec 2 effets"
            # Undo's verb is « Annuler » just below: leaving the composer must not read as undoing the last move
            undo = phone.execute_script("return document.querySelector('#table-undo .undo-verb').textContent")
            assert phone.find_element("id", "tess-fx-cancel").text not in ("", undo), undo
    theme(phone, "light")
    language(phone, "en")
    assert phone.find_element("id", "tess-fx-play").text == "Play it with 2 effects"
    tap(phone, "#tess-fx-play")
    wait(phone, lambda d: not d.find_elements("id", "tess-effects"), message="the composer stayed after the play")
    after = settled(phone, url)["summary"]
    assert after["tesseract_cubes"] == summary["tesseract_cubes"] - 1 and len(after["destroyed"]) == 1
    zone = sorted((c["color"], c["value"]) for c in after["priming_zone"])
    was = [(c["color"], c["value"]) for c in summary["priming_zone"]]
    was.remove((primed["color"], primed["value"]))
    assert zone == sorted(was + [(primed["color"], new)])
    assert after["research"]["Ada"]["2"] == summary["research"]["Ada"]["2"] - 1
    newest = api(url, "api/history?limit=1")["entries"][-1]
    assert [e["op"] for e in newest["event"]["effects"]] == ["destroy", "reprogram"]
    assert not page_errors(phone)


def test_an_impossible_effect_is_refused_beside_the_finger_and_the_list_kept(table, phone):
    """A capacity that destroys a primed cube and then reprograms that same cube: the referee refuses the second
    (the cube is gone), says why beside Play, and the list stays to be mended."""
    service, url = table
    summary = settled(phone, url)["summary"]
    zone = [(c["color"], c["value"]) for c in summary["priming_zone"]]
    colour, value = next(c for c in zone if zone.count(c) == 1)
    chip = f"#tess-zone .cube[data-color='{colour}'][data-value='{value}']"
    open_more(phone)
    tap(phone, ".tess-controls [data-capacity='Ada']")
    keyword(phone, "destroy")
    tap(phone, chip)
    keyword(phone, "reprogram")
    tap(phone, chip)
    tap(phone, "#tess-fx-value [data-key='2']")
    listed(phone, 2)
    entries = state(url)["entries"]
    tap(phone, "#tess-fx-play")
    why = f"No primed {colour} {value}"
    answer = wait(phone, lambda d: why in d.find_element("id", "tap-answer").text
                  and d.find_element("id", "tap-answer"), message="the refusal was not shown")
    assert state(url)["summary"]["priming_zone"] == summary["priming_zone"]  # nothing applied
    assert state(url)["entries"] == entries + 1  # journaled as refused, for the history
    play = phone.find_element("id", "tess-fx-play").rect
    box = answer.rect
    assert abs(box["y"] - (play["y"] + play["height"])) < 120 or abs(play["y"] - (box["y"] + box["height"])) < 120
    assert len(listed(phone, 2)) == 2  # kept: the second effect is removed and the card played again
    tap(phone, "#tess-fx-list [data-index='1']")
    listed(phone, 1)
    tap(phone, "#tess-fx-play")
    wait(phone, lambda d: not d.find_elements("id", "tess-effects"), message="the mended list was not played")
    after = settled(phone, url)["summary"]
    assert len(after["priming_zone"]) == len(summary["priming_zone"]) - 1
    assert after["actions_left"] == summary["actions_left"]  # a capacity spends no action
    assert not page_errors(phone)


def test_a_cube_taken_by_an_effect_is_tapped_for_the_next_one(table, phone):
    """The transport engineer's « prendre des cubes, les calibrer et les faire circuler d'un laboratoire à l'autre »:
    a cube taken into Marie's lab is not on the drawn board yet; the composer offers it to the next keyword."""
    service, url = table
    summary = settled(phone, url)["summary"]
    column = next(c for c in summary["tower"] if c["removable"] and c["top"]["value"] < 6)
    top = column["top"]
    open_more(phone)
    tap(phone, ".tess-controls [data-capacity='Ada']")
    keyword(phone, "take")
    tap(phone, f".tess-tower .column[data-column='{column['column']}']")
    tap(phone, ".tess-fx-lab [data-value='Marie']")
    keyword(phone, "calibrate")
    tap(phone, f"#tess-fx-produced .cube[data-lab='Marie'][data-color='{top['color']}'][data-value='{top['value']}']")
    tap(phone, "#tess-fx-delta [data-delta='1']")
    assert listed(phone, 2) == [f"Take the cube on {column['column']} into Marie's lab",
                                f"Calibrate the {top['color']} {top['value']} in Marie's lab +1"]
    tap(phone, "#tess-fx-play")
    wait(phone, lambda d: not d.find_elements("id", "tess-effects"), message="the take and calibrate were not played")
    after = settled(phone, url)["summary"]
    assert {**top, "value": top["value"] + 1} in after["labs"]["Marie"]
    assert len(after["labs"]["Marie"]) == len(summary["labs"]["Marie"]) + 1
    assert not page_errors(phone)


def tower_shot(phone, directory, name):
    """A tall phone 360 px wide from the tower's top: the tower drawn as the list leaves it, the composer below."""
    phone.set_window_size(360, 1600)
    phone.execute_script("document.querySelector('.tess-tower').scrollIntoView({block: 'start'}); scrollBy(0, -70)")
    time.sleep(0.2)
    phone.save_screenshot(str(directory / f"{name}.png"))
    phone.set_window_size(360, 800)


def column_drawn(phone, column):
    g = phone.find_element("css selector", f".tess-tower .column[data-column='{column}']")
    return [g.get_attribute(f"data-{k}") for k in ("height", "color", "value", "removable")]


def test_deepen_takes_twice_from_one_column_and_after_a_return_as_the_list_leaves_the_tower(table, phone,
                                                                                              screenshots):
    """« Un cube est considéré comme amovible si au moins trois de ses faces sont visibles (y compris sa face
    supérieure). »: a corner column's next cube is removable too once its top is taken. Deepen's effects composed:
    a second take from one column takes the cube below, a return puts a destroyed cube back, a take then takes it; the
    drawn tower, the columns offered and the cubes offered to the next keyword follow the list."""
    service, url = table
    summary = settled(phone, url)["summary"]
    if not summary["destroyed"]:  # run alone: a capacity destroys a primed cube first
        service.table.submit({"type": "play_card", "source": "scientist", "scientist": summary["scientist"],
                              "effects": [{"op": "destroy", "zone": "priming", "cube": summary["priming_zone"][0]}]})
        summary = settled(phone, url)["summary"]
    column = next(c["column"] for c in summary["tower"]
                  if c["column"] in ("a1", "a4", "d1", "d4") and c["removable"] and c["height"] >= 2)
    height = next(c["height"] for c in summary["tower"] if c["column"] == column)
    top, below = (next(cell["cube"] for cell in summary["levels"][level] if cell["column"] == column)
                  for level in (height - 1, height - 2))
    back = summary["destroyed"][0]
    me, other = summary["scientist"], next(n for n in summary["scientists"] if n != summary["scientist"])
    open_more(phone)
    tap(phone, "#tess-deepen")
    wait(phone, lambda d: d.find_elements("id", "tess-effects"), message="Deepen opened no composer")
    hint = phone.find_element("id", "tess-tower-hint").text
    for lab in (me, other):
        keyword(phone, "take")
        tap(phone, f".tess-tower .column[data-column='{column}']")
        tap(phone, f".tess-fx-lab [data-value='{lab}']")
    listed(phone, 2)
    assert column_drawn(phone, column)[0] == str(height - 2)  # drawn as the two takes leave it
    assert phone.find_element("id", "tess-tower-hint").text != hint
    keyword(phone, "calibrate")
    chips = [(c.get_attribute("data-lab"), c.get_attribute("data-color"), c.get_attribute("data-value"))
             for c in phone.find_elements("css selector", "#tess-fx-produced .cube")]
    assert chips == [(me, top["color"], str(top["value"])), (other, below["color"], str(below["value"]))]
    tap(phone, ".tess-fx-keywords [data-value='calibrate']")  # not now: the keyword let go
    keyword(phone, "return")
    tap(phone, "#tess-fx-destroyed .cube")
    tap(phone, f".tess-tower .column[data-column='{column}'].choice")  # full as drawn before: refused then
    tap(phone, "#tess-fx-value [data-key='5']")
    listed(phone, 3)
    assert column_drawn(phone, column) == [str(height - 1), back["color"], "5", "true"]
    keyword(phone, "take")
    tap(phone, f".tess-tower .column[data-column='{column}']")
    tap(phone, f".tess-fx-lab [data-value='{me}']")
    assert listed(phone, 4)[3] == f"Take the cube on {column} into {me}'s lab"
    keyword(phone, "calibrate")
    returned = f"#tess-fx-produced .cube[data-lab='{me}'][data-color='{back['color']}'][data-value='5']"
    assert phone.find_elements("css selector", returned)
    tap(phone, ".tess-fx-keywords [data-value='calibrate']")
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 360
    for lang, scheme in (("en", "light"), ("en", "dark"), ("fr", "light"), ("fr", "dark")):
        theme(phone, scheme)
        language(phone, lang)
        tower_shot(phone, screenshots, f"tess-deepen-tower-{lang}-{scheme}")
    theme(phone, "light")
    language(phone, "en")
    tap(phone, "#tess-fx-play")
    wait(phone, lambda d: not d.find_elements("id", "tess-effects"), message="Deepen's list was not played")
    after = settled(phone, url)["summary"]
    assert next(c["height"] for c in after["tower"] if c["column"] == column) == height - 2
    assert after["actions_left"] == summary["actions_left"] - 1  # Deepen is an action
    assert {**back, "value": 5} in after["labs"][me] and below in after["labs"][other] and top in after["labs"][me]
    assert not page_errors(phone)


def chips(phone, css):
    return sorted((c.get_attribute("data-color"), int(c.get_attribute("data-value")))
                  for c in phone.find_elements("css selector", f"{css} .cube"))


def test_a_cube_destroyed_earlier_in_the_list_is_offered_to_a_later_return(table, phone, screenshots):
    """« DÉTRUIRE : retirez un cube du jeu. Placez les cubes détruits de côté, certaines actions les utilisent. »: a
    capacity destroys a primed cube and a tower cube, then returns the primed one. The referee plays the effects in
    order, so the return offers what the list destroyed; a cube returned is not offered to a second return."""
    service, url = table
    summary = settled(phone, url)["summary"]
    pile = [(c["color"], c["value"]) for c in summary["destroyed"]]
    if all((c["color"], c["value"]) in pile for c in summary["priming_zone"]):  # one primed cube not yet in the pile
        cube = summary["priming_zone"][0]
        new = next(v for v in range(1, 7) if (cube["color"], v) not in pile)
        service.table.submit({"type": "play_card", "source": "scientist", "scientist": summary["scientist"],
                              "effects": [{"op": "reprogram", "zone": "priming", "cube": cube, "to": new}]})
        summary = settled(phone, url)["summary"]
    primed = next((c["color"], c["value"]) for c in summary["priming_zone"] if (c["color"], c["value"]) not in pile)
    column = next(c for c in summary["tower"] if c["removable"] and c["height"] >= 2
                  and (c["top"]["color"], c["top"]["value"]) not in pile + [primed])
    top = (column["top"]["color"], column["top"]["value"])
    open_more(phone)
    tap(phone, f".tess-controls [data-capacity='{summary['scientist']}']")
    keyword(phone, "destroy")
    tap(phone, f"#tess-zone .cube[data-color='{primed[0]}'][data-value='{primed[1]}']")
    keyword(phone, "destroy")
    tap(phone, f".tess-tower .column[data-column='{column['column']}']")
    keyword(phone, "return")
    assert chips(phone, "#tess-fx-destroyed") == sorted(set(pile + [primed, top]))
    tap(phone, f"#tess-fx-destroyed .cube[data-color='{primed[0]}'][data-value='{primed[1]}']")
    tap(phone, f".tess-tower .column[data-column='{column['column']}']")
    tap(phone, "#tess-fx-value [data-key='3']")
    assert listed(phone, 3)[2] == f"Put the destroyed {primed[0]} {primed[1]} back on {column['column']}, rolled 3"
    keyword(phone, "return")  # returned once: offered again only if the pile held another like it
    assert chips(phone, "#tess-fx-destroyed") == sorted(set(pile + [top]))
    for lang, scheme in (("en", "light"), ("en", "dark"), ("fr", "light"), ("fr", "dark")):
        theme(phone, scheme)
        language(phone, lang)
        screenshot_360(phone, screenshots, f"tess-effects-return-{lang}-{scheme}")
    theme(phone, "light")
    language(phone, "en")
    tap(phone, ".tess-fx-keywords [data-value='return']")  # let go: the list of three is played
    tap(phone, "#tess-fx-play")
    wait(phone, lambda d: not d.find_elements("id", "tess-effects"), message="the return was not played")
    after = settled(phone, url)["summary"]
    assert sorted((c["color"], c["value"]) for c in after["destroyed"]) == sorted(pile + [top])
    assert next(c for c in after["tower"] if c["column"] == column["column"])["top"] == {
        "color": primed[0], "value": 3}
    assert len(after["priming_zone"]) == len(summary["priming_zone"]) - 1
    assert not page_errors(phone)
