"""Tesseract on a 360 px phone: the destroyed cubes summed up as a player reads them (how many, by colour and value,
the newest), and the tower's last change ringed on the drawing as well as said, both from the engine's summary."""

from __future__ import annotations

import pytest

from boardhelpers import settled
from browserhelpers import in_each_look, page_errors
from screens import show, start

from companion.games.tesseract.display import moved_changes

pytestmark = pytest.mark.browser

PILE_JS = """const pile = document.querySelector('#tess-destroyed');
  return {count: pile.dataset.count, fold: pile.querySelector('summary').innerText.replace(/\\s+/g, ' '),
    rows: [...pile.querySelectorAll('.pile-row')].map((row) => ({colour: row.dataset.colour, count: +row.dataset.count,
      cubes: [...row.querySelectorAll('.pile-cube')].map((c) => [+c.dataset.value, +c.dataset.count]),
      tops: [...row.querySelectorAll('.pile-cube')].map((c) => Math.round(c.getBoundingClientRect().top))}))}"""
RINGED_JS = """return [...document.querySelectorAll('.tess-tower .column')].filter((c) => c.querySelector('.moved-ring'))
  .map((c) => c.dataset.column)"""


def test_the_destroyed_cubes_are_counted_by_colour_and_value_the_newest_said(narrow_table, phone, screenshots):
    """Late in a game the destroyed cubes (21) are read at a glance: folded, their count and the three newest;
    opened, a row per colour, each value once with how many of it, on one line."""
    service, url = narrow_table
    start(service, "tesseract", 145)  # the example game late on: 21 cubes destroyed
    show(phone, url)
    summary = settled(phone, url)["summary"]
    destroyed = summary["destroyed"]
    assert len(destroyed) == 21
    # the last event confined a yellow 4, destroying the identical primed cube: the newest, marked "just now"
    assert [m["cube"] for m in moved_changes(summary["last_moved"]) if m["how"] == "destroyed"] == destroyed[-1:]
    phone.execute_script("document.querySelector('#tess-destroyed').open = true")
    seen = {}

    def look(lang, scheme):
        seen[lang] = phone.execute_script(PILE_JS)
        phone.find_element("id", "tess-destroyed").location_once_scrolled_into_view  # noqa: B018 (scrolls it into view)
        phone.save_screenshot(str(screenshots / f"tess-destroyed-360-{lang}-{scheme}.png"))
    in_each_look(phone, look)
    newest = [(c["color"], c["value"]) for c in destroyed[::-1][:3]]
    words = {"en": {"red": "red", "blue": "blue", "yellow": "yellow", "purple": "purple"},
             "fr": {"red": "rouge", "blue": "bleu", "yellow": "jaune", "purple": "violet"}}
    for lang, head, just_now in (("en", "Destroyed: 21 cubes newest: ", " (just now)"),
                                 ("fr", "Détruits : 21 cubes les derniers : ", " (à l’instant)")):
        pile = seen[lang]
        assert pile["count"] == "21"
        said = [f"{words[lang][c]} {v}" + (just_now if not i else "") for i, (c, v) in enumerate(newest)]
        assert pile["fold"] == head + ", ".join(said), pile["fold"]
        for row in pile["rows"]:
            mine = [c["value"] for c in destroyed if c["color"] == row["colour"]]
            assert row["count"] == len(mine) and row["cubes"] == [[v, mine.count(v)] for v in sorted(set(mine))]
            assert len(set(row["tops"])) == 1, row  # a colour's values on one line
        assert sum(row["count"] for row in pile["rows"]) == 21
    assert not page_errors(phone)


def test_the_towers_last_change_is_ringed_where_it_happened(narrow_table, phone):
    """The tower's last change is shown where it happened as well as said: the columns the summary's ``last_moved``
    names are ringed, and the line under the tower says which cube left or came, in the page's language."""
    service, url = narrow_table
    start(service, "tesseract", 81)  # a scientist's action and the event it revealed took two cubes off the tower
    show(phone, url)
    moved = moved_changes(settled(phone, url)["summary"]["last_moved"])
    assert len(moved) == 2 and all(m["how"] == "removed" for m in moved), moved
    said = {}

    def look(lang, scheme):
        line = phone.find_element("id", "tess-last-moved").text.replace("\u00a0", " ")  # a cube, a column kept whole
        said[lang] = (phone.execute_script(RINGED_JS), line)
    in_each_look(phone, look, themes=("light",))
    colour = {"en": {"red": "red", "yellow": "yellow", "blue": "blue", "purple": "purple"},
              "fr": {"red": "rouge", "yellow": "jaune", "blue": "bleu", "purple": "violet"}}
    for lang, off in (("en", "{cube} off {column}"), ("fr", "{cube} retiré de {column}")):
        ringed, line = said[lang]
        assert sorted(ringed) == sorted(m["column"] for m in moved)
        for m in moved:
            cube = f"{colour[lang][m['cube']['color']]} {m['cube']['value']}"
            assert off.format(cube=cube, column=m["column"]) in line, line
    assert not page_errors(phone)


# the tower's box, the tabs' rail's right edge and the Undo bar's top, once the tower is scrolled to the window's top
# (held sideways the top bar scrolls away)
TOWER_SIDEWAYS_JS = """const tower = document.querySelector('.tess-tower'); tower.scrollIntoView({block: 'start'});
  scrollBy(0, tower.getBoundingClientRect().top - 2); const r = tower.getBoundingClientRect();
  return [[r.left, r.top, r.right, r.bottom], document.querySelector('#tabs').getBoundingClientRect().right,
          document.querySelector('#table-undo').getBoundingClientRect().top];"""


def test_held_sideways_the_tower_and_its_rings_are_seen_whole(resizable_table):
    """Held sideways (740 x 360), the tower scrolled to lies whole above the Undo bar, so its lower columns (the last
    change's rings on a3 and b1) are in sight with its top; its columns still a finger's 44 px and more."""
    service, url, phone, size = resizable_table
    start(service, "tesseract", 81)
    size(740, 360)
    try:
        show(phone, url)
        (left, top, right, bottom), rail, undo = phone.execute_script(TOWER_SIDEWAYS_JS)
        rings = phone.execute_script("return [...document.querySelectorAll('.tess-tower .moved-ring')]"
                                     ".map((r) => r.getBoundingClientRect().bottom)")
    finally:
        size(390, 844)
    assert left >= rail and top >= -0.5 and bottom <= undo + 0.5, ([left, top, right, bottom], rail, undo)
    assert rings and max(rings) <= undo, (rings, undo)
    assert (right - left) / 4 >= 44, right - left
    assert not page_errors(phone)


def test_a_cube_destroyed_from_a_lab_is_the_last_change_said_and_marked_just_now(narrow_table, phone, screenshots):
    """A cube a card destroys in a lab is the last change, not the tower's older one: said under the tower with the
    lab it left, no column ringed, and marked "just now" first in the pile's newest."""
    service, url = narrow_table
    start(service, "tesseract", 81)  # the tower's last change: two cubes off a3 and b1, ringed
    show(phone, url)
    summary = settled(phone, url)["summary"]
    name = summary["scientist"]
    cube = summary["labs"][name][0]
    service.table.submit({"type": "play_card", "source": "scientist", "scientist": name,  # as the phone sends it
                          "effects": [{"op": "destroy", "zone": "lab", "cube": cube}]}, source="phone")
    show(phone, url)
    moved = moved_changes(settled(phone, url)["summary"]["last_moved"])
    assert moved == [{"cube": cube, "how": "destroyed", "zone": "lab", "scientist": name}], moved
    seen = {}

    def look(lang, scheme):
        line = phone.find_element("id", "tess-last-moved")
        fold = phone.execute_script(PILE_JS)["fold"].replace("\u00a0", " ")
        seen[lang] = (phone.execute_script(RINGED_JS), line.text.replace("\u00a0", " "), fold)
        line.location_once_scrolled_into_view  # noqa: B018 (scrolls it into view)
        phone.save_screenshot(str(screenshots / f"tess-lab-destroyed-360-{lang}-{scheme}.png"))
        phone.find_element("id", "tess-destroyed").location_once_scrolled_into_view  # noqa: B018
        phone.save_screenshot(str(screenshots / f"tess-lab-destroyed-pile-360-{lang}-{scheme}.png"))
    in_each_look(phone, look)
    colour = {"en": {"red": "red", "yellow": "yellow", "blue": "blue", "purple": "purple"},
              "fr": {"red": "rouge", "yellow": "jaune", "blue": "bleu", "purple": "violet"}}
    for lang, said, just_now in (("en", "Last change: {cube} destroyed from {name}'s lab", "newest: {cube} (just now)"),
                                 ("fr", "Dernier changement : {cube} détruit dans le labo de {name}",
                                  "les derniers : {cube} (à l’instant)")):
        ringed, line, fold = seen[lang]
        words = f"{colour[lang][cube['color']]} {cube['value']}"
        assert ringed == [], ringed  # the tower's older change is no longer the news
        assert line == said.format(cube=words, name=name), line
        assert just_now.format(cube=words) in fold, fold
    assert not page_errors(phone)
