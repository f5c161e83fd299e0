"""Hexors tiles by their French names on the French page (issue 53): the setup wizard's list and the arena's tiles say
« Magicien Sombre » and « Dragon Millénaire » (the names the French book's worked example prints), no English name
("Dark Magician", "Thousand Dragon"). Each tile drawn keeps a mark of its own."""

from __future__ import annotations

import json

import pytest

from boardhelpers import open_page, tap, wait
from browserhelpers import page_errors, phone_browser
from screens import REPO, language, theme

pytestmark = pytest.mark.browser
ENGLISH = ("Dark Magician", "Celtic Guardian", "Gaia the Fierce Knight", "Thousand Dragon")
MARKS = "return [...document.querySelectorAll('.hex-arena .tile .label')].map((t) => t.textContent)"


def test_the_french_page_names_the_tiles_in_french(quiet_table, screenshots):
    service, url = quiet_table
    with phone_browser("fr-FR", (360, 800), url=url) as driver:
        service.table.new_game("hexors", {}, ["Ann", "Bob"])
        open_page(driver, url, "#/table")
        wait(driver, lambda d: d.find_elements("css selector", "#hex-setup-start"), message="no Hexors setup wizard")
        setup = driver.execute_script("return document.querySelector('#screens').innerText")
        for french in ("Magicien Sombre", "Gardien Celte", "Gaïa le Chevalier Implacable", "Dragon Millénaire"):
            assert french in setup
        assert [name for name in ENGLISH if name in setup] == []
        marks = driver.execute_script(MARKS)
        assert len(marks) == len(set(marks)) == 10, marks  # Gaïa le Chevalier Implacable is not a second "GC"
        shots(driver, screenshots, "hexors-names-setup", ".hex-arena")
        tap(driver, "#hex-setup-start")
        wait(driver, lambda d: d.find_elements("css selector", ".hex-arena .face"), message="no arena")
        titles = driver.execute_script(
            "return [...document.querySelectorAll('.hex-arena .tile title')].map((t) => t.textContent)")
        drawn = " ".join(titles)
        assert "Magicien Sombre" in drawn and "Dragon Millénaire" in drawn, titles
        assert [name for name in ENGLISH if name in drawn] == [], titles
        marks = driver.execute_script(MARKS)
        assert len(marks) == len(set(marks)), marks
        shots(driver, screenshots, "hexors-names-board", ".hex-arena")
        assert not page_errors(driver)


def shots(driver, directory, name, css):
    """360 px wide, from ``css``'s top, light and dark, French and English."""
    driver.set_window_size(360, 1400)
    for lang, scheme in (("fr", "light"), ("fr", "dark"), ("en", "light"), ("en", "dark")):
        theme(driver, scheme)
        language(driver, lang)
        wait(driver, lambda d: d.find_elements("css selector", css), message=f"{css} gone after a language change")
        driver.execute_script(f"document.querySelector({css!r}).scrollIntoView({{block: 'start'}}); scrollBy(0, -70)")
        driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")  # painted
        driver.save_screenshot(str(directory / f"{name}-{lang}-{scheme}.png"))
    theme(driver, "light")
    language(driver, "fr")
    driver.set_window_size(360, 800)


def with_dragon_master(service):
    """The beginner example's arena with a typed « Dragon Master » in place of Yugi's Mystical Elf: Dark Magician
    and it are marked with three letters (DaM, DrM; in French DMa beside Dragon Millénaire's DMi)."""
    setup = json.loads((REPO / "docs/rules/examples/hexors-beginner-win.jsonl").read_text().splitlines()[0])
    colours = ["red", "orange", "yellow", "green", "blue", "purple"]
    master = {"id": "dragon-master", "kind": "monster", "name": "Dragon Master", "element": "blue",
              "faces": [{"value": v, "colour": c} for v, c in zip([2, 4, 1, 5, 3, 6], colours)]}
    yugi = setup["players"][0]["tiles"]
    yugi[:] = [{"id": "master", "tile": master, "cell": t["cell"]} if t["id"] == "elf" else t for t in yugi]
    service.table.new_game("hexors", {}, ["Yugi", "Kaiba"])
    service.table.submit(setup, source="phone")


def test_two_tiles_whose_names_share_initials_keep_marks_of_their_own(quiet_table, screenshots):
    """A typed « Dragon Master » beside Dark Magician, and in French beside Dragon Millénaire, whose initials are
    both "DM": each takes a letter more from the word where the names part (DaM, DrM; DMa, DMi)."""
    service, url = quiet_table
    with_dragon_master(service)
    marks_of = "return Object.fromEntries([...document.querySelectorAll('.hex-arena .tile')].map((t) =>" \
               " [t.dataset.tile, t.querySelector('.label').textContent]))"
    with phone_browser("en-GB", (360, 800), url=url) as driver:
        open_page(driver, url, "#/table")
        wait(driver, lambda d: d.find_elements("css selector", ".hex-arena .tile[data-tile='master']"),
             message="no Dragon Master drawn")
        english = driver.execute_script(marks_of)
        language(driver, "fr")
        french = driver.execute_script(marks_of)
        shots(driver, screenshots, "hexors-shared-initials", ".hex-arena")
        assert not page_errors(driver)
    for marks in (english, french):
        assert len(marks) == 10 and len(set(marks.values())) == 10, marks
    assert (english["magician"], english["master"], english["dragon"]) == ("DaM", "DrM", "TD"), english
    assert (french["magician"], french["master"], french["dragon"]) == ("MS", "DMa", "DMi"), french
    assert (english["celtic"], french["gaia"], french["celtic"]) == ("CG", "GI", "GC")  # unshared, or as before


# Each tile's mark against its strike values, in drawing units: the mark's letters [left, top, right, bottom] (top: the
# baseline less a capital's height, 0.72 em), the discs [cx, cy, r] and the values' digits as boxes.
# [[tile, mark, letters, discs, digits]]
MARK_AND_VALUES_JS = """const glyphs = (text) => { const b = text.getBBox(), y = +text.getAttribute('y');
  const em = parseFloat(getComputedStyle(text).fontSize); return [b.x, y - 0.72 * em, b.x + b.width, y]; };
return [...document.querySelectorAll('.hex-arena .tile')].map((tile) => [tile.dataset.tile,
  tile.querySelector('.label').textContent, glyphs(tile.querySelector('.label')),
  [...tile.querySelectorAll('.face circle')].map((c) => { const b = c.getBBox();
    return [b.x + b.width / 2, b.y + b.height / 2, b.width / 2]; }),
  [...tile.querySelectorAll('.face text')].map(glyphs)]);"""
HALO = 2  # the mark's halo: a 4-px stroke of its tile's colour, half of it outside its letters


def hidden_parts(driver):
    """Where a tile's mark and its strike values meet: a disc over the mark's letters, or the mark's halo over a
    value's digit."""
    found = []
    for tile, mark, (left, top, right, bottom), discs, digits in driver.execute_script(MARK_AND_VALUES_JS):
        for cx, cy, r in discs:
            near = (min(max(cx, left), right), min(max(cy, top), bottom))  # the letters' point nearest the centre
            if (near[0] - cx) ** 2 + (near[1] - cy) ** 2 < r * r:
                found.append((tile, mark, "disc", round(cx, 1), round(cy, 1)))
        for x0, y0, x1, y1 in digits:
            if x0 < right + HALO and left - HALO < x1 and y0 < bottom + HALO and top - HALO < y1:
                found.append((tile, mark, "digit", round(x0, 1), round(y0, 1)))
    return found


@pytest.mark.parametrize("size", [(360, 800), (740, 360)], ids=["upright", "sideways"])
def test_a_tiles_mark_and_its_strike_values_are_seen_whole(quiet_table, size):
    """A tile's mark and its strike values are each seen whole, three-letter marks (DaM, DrM; DMa, DMi) too: no
    disc meets a mark's letters nor a mark's halo a value, upright and turned, in each language (a mark wider than
    the room between them, « MS » or a star too, is drawn narrower)."""
    service, url = quiet_table
    with_dragon_master(service)
    with phone_browser("en-GB", size, url=url) as driver:
        open_page(driver, url, "#/table")
        wait(driver, lambda d: d.find_elements("css selector", ".hex-arena .tile[data-tile='master'] .face"),
             message="no Dragon Master drawn")
        found, marks = [], set()
        for lang in ("en", "fr"):
            language(driver, lang)
            wait(driver, lambda d: d.find_elements("css selector", ".hex-arena[data-marks-fitted] .tile .label"),
                 message="no marks fitted")
            marks |= set(driver.execute_script(MARKS))
            found += [(lang, *part) for part in hidden_parts(driver)]
        assert not page_errors(driver)
    assert {"DaM", "DrM", "DMa", "DMi"} <= marks, marks
    assert found == [], found
