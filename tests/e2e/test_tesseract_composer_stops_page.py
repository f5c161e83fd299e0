"""The Tesseract composer offers only what the referee takes: it follows the effects listed as ``apply_effects`` plays
them, so it stops at an effect that ends the game, and it offers no cube a later effect of the list destroyed."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path

import pytest

from boardhelpers import open_page, settled, tap, unlock, wait
from browserhelpers import page_errors
from screens import language, theme
from tesshelpers import keyword, listed

pytestmark = pytest.mark.browser
REPO = Path(__file__).resolve().parents[2]
SETUP = json.loads((REPO / "docs/rules/examples/tesseract-win.jsonl").read_text().splitlines()[0])
# « le dernier cube du Tesseract est retiré » loses at once; one symbol only, Interphase, which asks nothing
OPTIONS = {"empty_loss": "last_cube", "base_layout": {"a1": "interphase"}}


@pytest.fixture(scope="module")
def table(quiet_table, phone):
    """Ada and Marie's game just set up, losing with the last cube, on a phone 360 px wide."""
    service, url = quiet_table
    unlock(phone, url)
    service.table.new_game("tesseract", OPTIONS, ["Ada", "Marie"])
    service.table.submit(SETUP)
    phone.set_window_size(360, 800)
    open_page(phone, url, "#/table")
    settled(phone, url)
    return service, url


def compose_capacity(phone, name):
    if not phone.find_elements("css selector", ".tess-controls details[open]"):
        tap(phone, ".tess-controls details > summary")
    tap(phone, f".tess-controls [data-capacity='{name}']")
    wait(phone, lambda d: d.find_elements("id", "tess-effects"), message="the capacity opened no composer")


def produced(phone):
    chips = phone.find_elements("css selector", "#tess-fx-produced .cube")
    return [(c.get_attribute("data-zone"), c.get_attribute("data-lab"), c.get_attribute("data-color"),
             int(c.get_attribute("data-value"))) for c in chips]


def shots(phone, directory, name):
    """The composer whole on a tall phone 360 px wide, in each language and theme."""
    phone.set_window_size(360, 1300)
    for lang, scheme in (("en", "light"), ("en", "dark"), ("fr", "light"), ("fr", "dark")):
        theme(phone, scheme)
        language(phone, lang)
        phone.execute_script("document.querySelector('#tess-effects').scrollIntoView({block: 'start'}); "
                             "scrollBy(0, -70)")
        time.sleep(0.2)
        phone.save_screenshot(str(directory / f"{name}-{lang}-{scheme}.png"))
    theme(phone, "light")
    language(phone, "en")
    phone.set_window_size(360, 800)


def down_to_one_cube(service, phone, url):
    """Every cube of the tower but one destroyed by a capacity, each removable when its turn comes; the summary."""
    summary = settled(phone, url)["summary"]
    tower = copy.deepcopy(service.table.engine.state.tesseract)
    effects = []
    while tower.count() > 1:
        column = tower.removable()[0]
        tower.remove(column)
        effects.append({"op": "destroy", "zone": "tesseract", "column": column})
    if effects:
        service.table.submit({"type": "play_card", "source": "scientist", "scientist": summary["scientist"],
                              "effects": effects})
    summary = settled(phone, url)["summary"]
    assert summary["tesseract_cubes"] == 1 and summary["outcome"] is None
    return summary


def test_a_primed_cube_whose_twin_a_later_confine_destroyed_is_not_offered(table, phone, screenshots):
    """« Contrôlez la zone d'amorçage. Si elle contient un cube strictement identique (de la même couleur ET
    valeur) au cube qui vient d'être confiné, détruisez le cube amorcé. »: a capacity reprograms a primed cube to a
    new value, reprograms a lab cube of its colour to the same value and confines that one; the primed cube is
    destroyed with it, so the next keyword is not offered it (the referee would refuse it: « No primed ... »)."""
    service, url = table
    summary = settled(phone, url)["summary"]
    me = summary["scientist"]
    zone = [(c["color"], c["value"]) for c in summary["priming_zone"]]
    lab = [(c["color"], c["value"]) for c in summary["labs"][me]]
    colour, was = next(c for c in zone if any(x[0] == c[0] for x in lab))
    held = next(v for (c, v) in lab if c == colour)
    new = next(v for v in range(6, 0, -1) if (colour, v) not in zone + lab)
    compose_capacity(phone, me)
    keyword(phone, "reprogram")
    tap(phone, f"#tess-zone .cube[data-color='{colour}'][data-value='{was}']")
    tap(phone, f"#tess-fx-value [data-key='{new}']")
    keyword(phone, "reprogram")
    tap(phone, f".lab[data-lab='{me}'] .cube[data-color='{colour}'][data-value='{held}']")
    tap(phone, f"#tess-fx-value [data-key='{new}']")
    keyword(phone, "confine")
    assert produced(phone) == [("priming", "", colour, new), ("lab", me, colour, new)]
    tap(phone, f"#tess-fx-produced .cube[data-zone='lab'][data-color='{colour}'][data-value='{new}']")
    assert listed(phone, 3)[2] == f"Confine the {colour} {new} in {me}'s lab"
    keyword(phone, "calibrate")
    assert produced(phone) == []  # it offered the primed twin the confine destroyed
    shots(phone, screenshots, "tess-effects-confined-twin")
    tap(phone, ".tess-fx-keywords [data-value='calibrate']")
    tap(phone, "#tess-fx-play")
    wait(phone, lambda d: not d.find_elements("id", "tess-effects"), message="the list was not played")
    after = settled(phone, url)["summary"]
    assert (colour, new) not in [(c["color"], c["value"]) for c in after["priming_zone"]]
    assert {"color": colour, "value": new} in after["destroyed"] and after["confined"] == summary["confined"] + 1
    assert not page_errors(phone)


def test_restructuring_the_last_cube_does_not_stop_the_composer(table, phone):
    """« le dernier cube du Tesseract est retiré » loses, but « RESTRUCTURER : déplacez un cube amovible dans le
    Tesseract. »: the last cube moved stays in it, so the composer still offers keywords after that move (the referee
    plays on); destroying the moved cube next is where the list ends."""
    service, url = table
    summary = down_to_one_cube(service, phone, url)
    last = next(c["column"] for c in summary["tower"] if c["height"])
    target = "d4" if last != "d4" else "a4"
    compose_capacity(phone, summary["scientist"])
    keyword(phone, "restructure")
    tap(phone, f".tess-tower .column[data-column='{last}']")
    tap(phone, f".tess-tower .column[data-column='{target}']")
    assert listed(phone, 1) == [f"Move the cube on {last} onto {target}"]
    assert not phone.find_elements("id", "tess-fx-ended")  # it stopped there, as if the cube had left
    keyword(phone, "destroy")
    tap(phone, f".tess-tower .column[data-column='{target}']")
    listed(phone, 2)
    ended = wait(phone, lambda d: d.find_elements("id", "tess-fx-ended"), message="the destroy did not end it")[0]
    assert ended.get_attribute("data-at") == "1" and "Effect 2 removes the Tesseract's last cube" in ended.text
    tap(phone, "#tess-fx-cancel")
    wait(phone, lambda d: not d.find_elements("id", "tess-effects"), message="the composer did not close")
    assert settled(phone, url)["summary"]["outcome"] is None
    assert not page_errors(phone)


def test_the_composer_stops_at_an_effect_that_loses_the_game(table, phone, screenshots):
    """« Vous ÉCHOUEZ si l'une de ces deux situations se produit : - le dernier cube du Tesseract est retiré »
    (option ``empty_loss: last_cube``): the referee plays a list's effects in order and stops at the one that ends
    the game, so the composer offers no keyword after it and says why; removing it offers them again."""
    service, url = table
    summary = down_to_one_cube(service, phone, url)
    last = next(c["column"] for c in summary["tower"] if c["height"])
    compose_capacity(phone, summary["scientist"])
    keyword(phone, "destroy")
    tap(phone, f".tess-tower .column[data-column='{last}']")
    listed(phone, 1)
    ended = wait(phone, lambda d: d.find_elements("id", "tess-fx-ended"), message="the composer offered more")[0]
    assert "Effect 1 removes the Tesseract's last cube" in ended.text
    assert not phone.find_elements("css selector", ".tess-fx-keywords")
    tap(phone, f".tess-tower .column[data-column='{last}']")  # the tower says so too, not "tap a keyword first"
    wait(phone, lambda d: "last cube" in d.find_element("id", "tap-answer").text, message="the tap said nothing")
    shots(phone, screenshots, "tess-effects-ends-game")
    language(phone, "fr")
    assert phone.find_element("id", "tess-fx-ended").text.startswith("L’effet 1 retire le dernier cube du Tesseract")
    language(phone, "en")
    tap(phone, "#tess-fx-list [data-index='0']")  # removed: the keywords are offered again
    wait(phone, lambda d: d.find_elements("css selector", ".tess-fx-keywords"), message="no keyword came back")
    assert not phone.find_elements("id", "tess-fx-ended")
    keyword(phone, "destroy")
    tap(phone, f".tess-tower .column[data-column='{last}']")
    listed(phone, 1)
    tap(phone, "#tess-fx-play")
    wait(phone, lambda d: not d.find_elements("id", "tess-effects"), message="the list was not played")
    after = settled(phone, url)["summary"]
    assert after["outcome"]["rule"] == "tess.loss.empty" and after["tesseract_cubes"] == 0
    assert not page_errors(phone)
