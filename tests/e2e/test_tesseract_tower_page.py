"""Tesseract's tower from the phone (issue 53): the setup shows the tower level by level (4 levels of 4 × 4) to build
at the table, or takes the tower the players built, square by square; the engine checks it against the box."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.referee import create_game

from boardhelpers import api, new_game, open_page, screenshot, settled, shown, state, tap, unlock, wait
from browserhelpers import in_each_look, page_errors
from screens import WCAG_JS, theme

pytestmark = pytest.mark.browser
REPO = Path(__file__).resolve().parents[2]
EXAMPLE = json.loads((REPO / "docs/rules/examples/tesseract-win.jsonl").read_text().splitlines()[0])
LEVELS_SHOWN = """return [...document.querySelectorAll(arguments[0] + ' .tess-level')].map(level =>
    Object.fromEntries([...level.querySelectorAll('[data-column]')].map(s =>
      [s.dataset.column, s.dataset.color ? [s.dataset.color, +s.dataset.value] : null])))"""


# The contrast of each element's border (arguments[0]) against the first background behind it (WCAG 2's ratio)
BORDER_CONTRAST_JS = WCAG_JS + r"""
const backdrop = (el) => { for (let e = el.parentElement; e; e = e.parentElement) {
  const c = parse(getComputedStyle(e).backgroundColor); if (c && c[3] > 0) return c; } return [255, 255, 255, 1]; };
return [...document.querySelectorAll(arguments[0])]
  .map((el) => ratio(parse(getComputedStyle(el).borderTopColor), backdrop(el)));"""


def as_drawn(levels):
    return [{c["column"]: [c["cube"]["color"], c["cube"]["value"]] if c["cube"] else None for c in level}
            for level in levels]


def test_the_tower_shown_to_build_is_the_one_the_game_starts_with(quiet_table, phone, screenshots):
    service, url = quiet_table
    unlock(phone, url)
    new_game(phone, url, "tesseract", ["Ann", "Bob"])
    tap(phone, "#tess-build summary")
    screenshot(phone, screenshots, "tess-tower-levels-en")
    shown_levels = shown(phone, LEVELS_SHOWN, "#tess-build")
    assert len(shown_levels) == 4 and all(len(level) == 16 for level in shown_levels)
    assert all(cube is not None for level in shown_levels for cube in level.values())
    colours = [cube[0] for level in shown_levels for cube in level.values()]
    assert sorted(set(colours)) == ["blue", "purple", "red", "yellow"]
    assert {colours.count(c) for c in set(colours)} == {16}
    tap(phone, "#tess-setup-start")
    summary = settled(phone, url)["summary"]
    assert summary["phase"] == "action"
    started = as_drawn(summary["levels"])  # four cubes left the top level for the labs and the priming zone
    for drawn, level in zip(shown_levels, started):
        assert {c: v for c, v in level.items() if v} == {c: drawn[c] for c, v in level.items() if v}
    assert sum(v is None for level in started for v in level.values()) == 4
    tap(phone, "#tess-levels summary")  # the board shows the tower level by level too
    assert shown(phone, LEVELS_SHOWN, "#tess-levels") == started
    assert not page_errors(phone)


def test_the_tower_built_at_the_table_is_entered_square_by_square_and_checked(quiet_table, phone, screenshots):
    service, url = quiet_table
    unlock(phone, url)
    new_game(phone, url, "tesseract", ["Ada", "Marie"])
    tap(phone, ".tess-tower-mode [data-value='built']")
    for scheme in ("light", "dark"):  # the squares still to enter are seen in both themes (3:1, WCAG's figure)
        theme(phone, scheme)
        assert min(phone.execute_script(BORDER_CONTRAST_JS, ".tess-level .empty-slot")) >= 3, scheme
    theme(phone, "dark")
    cubes = EXAMPLE["cubes"]
    wrong = {**cubes[-1], "color": "red" if cubes[-1]["color"] != "red" else "blue"}
    tap(phone, ".tess-level[data-level='1'] [data-column='a1']")
    colour = None
    for index, cube in enumerate(cubes[:-1] + [wrong]):
        if cube["color"] != colour:
            tap(phone, f"#tess-cube-pick .tess-cube-colour [data-value='{cube['color']}']")
            colour = cube["color"]
        if index == len(cubes) - 1:
            screenshot(phone, screenshots, "tess-tower-entered-en")
            start = phone.find_element("id", "tess-setup-start")
            assert start.get_attribute("aria-disabled") == "true"
            assert phone.find_element("id", "tess-start-why").text == "1 cube still to enter"
        tap(phone, f"#tess-cube-pick [data-key='{cube['value']}']")
    assert shown(phone, "return +document.querySelector('#tess-built-count').dataset.cubes") == 64
    entries = state(url)["entries"]
    tap(phone, "#tess-setup-start")  # one cube of the wrong colour: the engine counts the box's dice and says so
    wait(phone, lambda d: "The tower holds 64 cubes, 16 of each colour" in d.find_element("tag name", "body").text,
         message="a tower that is not the box's was not refused in words")
    assert state(url)["summary"]["phase"] == "setup" and state(url)["entries"] >= entries
    tap(phone, ".tess-level[data-level='4'] [data-column='d4']")
    tap(phone, f"#tess-cube-pick .tess-cube-colour [data-value='{cubes[-1]['color']}']")
    tap(phone, f"#tess-cube-pick [data-key='{cubes[-1]['value']}']")
    tap(phone, "#tess-setup-start")
    summary = settled(phone, url)["summary"]
    assert summary["phase"] == "action"
    expected = create_game("tesseract", {})
    expected.apply({"type": "setup", "players": 2, "scientists": ["Ada", "Marie"], "base": "1", "cubes": cubes,
                    "seed": 0, "lab_picks": [{"column": "a1", "rolled": 1}, {"column": "a4", "rolled": 1}],
                    "primed": [{"column": "d1", "rolled": 1}, {"column": "d4", "rolled": 1}]})
    tower = as_drawn(expected.summary()["levels"])
    assert as_drawn(summary["levels"])[:3] == tower[:3]  # the cubes as entered, where they were entered
    assert not page_errors(phone)


def test_a_capacity_and_a_threat_phase_card_are_played_by_tapping(quiet_table, phone, screenshots):
    """« La capacité permanente s'applique systématiquement, sans dépenser d'action » and « Sauf indication contraire,
    vous ne pouvez pas les jouer pendant une phase Menace. » The current scientist's capacity is a button (another
    scientist's is refused with the referee's reason, and a tap says it, sending nothing); before the prime, a research
    card whose text allows it is played from the hand."""
    service, url = quiet_table
    unlock(phone, url)
    example = [json.loads(line) for line in
               (REPO / "docs/rules/examples/tesseract-win.jsonl").read_text().splitlines()]
    service.table.new_game("tesseract", {}, ["Ada", "Marie"])
    for event in example[: next(i for i, e in enumerate(example) if e["type"] == "end_actions") + 1]:
        service.table.submit(event)
    open_page(phone, url, "#/table")
    before = settled(phone, url)
    assert before["summary"]["phase"] == "threat" and before["summary"]["research"]["Ada"]["2"] == 1
    refused = wait(phone, lambda d: d.find_elements("css selector", ".lab [data-capacity='Marie']"))[0]
    assert refused.get_attribute("aria-disabled") == "true"
    why = phone.find_element("id", refused.get_attribute("aria-describedby")).text
    assert why == "It is Ada's turn: the referee takes Ada's capacity only"
    tap(phone, ".lab [data-capacity='Marie']")
    wait(phone, lambda d: why in d.find_element("id", "tap-answer").text, message="the refused capacity said nothing")
    assert state(url)["entries"] == before["entries"]
    said = {}

    def before_prime(lang, scheme):
        screenshot(phone, screenshots, f"tess-before-prime-{lang}-{scheme}")
        said[lang, scheme] = phone.find_element("id", "tess-before-prime").text
    in_each_look(phone, before_prime)
    for (lang, _), text in said.items():
        assert (("Utiliser la capacité permanente d’Ada" in text and "son texte l’autorise" in text) if lang == "fr"
                else ("Use Ada's permanent capacity" in text and "(its text allows it)" in text)), text
    assert len(said) == 4
    theme(phone, "light")
    tap(phone, "#tess-before-prime [data-play-threat='2']")  # its effects are composed first: this card has none
    assert "played with none" in wait(phone, lambda d: d.find_element("id", "tess-fx-none")).text
    tap(phone, "#tess-fx-play")
    wait(phone, lambda d: state(url)["summary"]["research"]["Ada"]["2"] == 0, message="the card was not played")
    after = settled(phone, url)
    assert after["summary"]["phase"] == "threat" and after["entries"] == before["entries"] + 1
    assert not phone.find_elements("css selector", "[data-play-threat]")  # the hand is empty
    tap(phone, "#tess-before-prime [data-capacity='Ada']")
    tap(phone, "#tess-fx-play")
    wait(phone, lambda d: state(url)["entries"] == after["entries"] + 1, message="the capacity was not sent")
    newest = api(url, "api/history?limit=1")["entries"][-1]
    assert newest["event"] == {"type": "play_card", "source": "scientist", "scientist": "Ada", "effects": []}
    assert "tess.capacity" in [v["rule"] for v in newest["verdicts"]]
    assert settled(phone, url)["summary"]["phase"] == "threat"  # nothing spent: the prime is still to come
    assert not page_errors(phone)


def test_the_towers_names_write_the_colon_as_the_pages_language_does(quiet_table, phone):
    """A column's name on the tower (its tooltip) and an empty square's on the level-by-level tower are « a1 : … » in
    French (a no-break space before the colon), 'a1: …' in English, as the notices and the statistics write it."""
    from screens import language, start

    service, url = quiet_table
    unlock(phone, url)
    start(service, "tesseract", 1)
    open_page(phone, url, "#/table")
    settled(phone, url)
    names = """return [...document.querySelectorAll('.tess-tower .column title')].map(e => e.textContent).concat(
        [...document.querySelectorAll('#tess-levels .empty-slot')].map(e => e.getAttribute('aria-label')))"""
    try:
        for lang, colon in (("en", ": "), ("fr", "\u00a0: ")):
            language(phone, lang)
            said = wait(phone, lambda d: d.execute_script(names) if d.execute_script(
                "return document.documentElement.lang") == lang else None)
            assert len(said) == 20, said  # 16 columns, the top level's 4 squares the labs and the zone took
            assert all(colon in text and text.count(":") == 1 for text in said), said
    finally:
        language(phone, "en")
    assert not page_errors(phone)


def test_a_reached_breach_steps_number_stands_out_on_its_red(quiet_table, phone):
    """The breach track's reached steps: their numbers reach 4.5:1 on the red in both themes (4.5:1 is WCAG's
    figure for words); white would stand at 3.5:1."""
    from screens import WORDS_ON_FILL_JS, start

    service, url = quiet_table
    unlock(phone, url)
    start(service, "tesseract", 1)
    open_page(phone, url, "#/table")
    settled(phone, url)
    said = []
    for scheme in ("light", "dark"):
        theme(phone, scheme)
        said += [(scheme, *step) for step in phone.execute_script(WORDS_ON_FILL_JS, "#tess-breaches .step.reached")]
    phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
    assert len(said) == 2 and [s for s in said if s[2] < 4.5] == [], said


def test_the_confinement_cards_states_stand_out_in_both_themes(quiet_table, phone):
    """The confinement board's card states (« cachée », « révélée »…) under each value reach 4.5:1 in both themes
    (4.5:1 is WCAG's figure for words); amber on the light theme's white would stand at 4.2:1."""
    from screens import start
    from screens import TEXT_CONTRAST_JS

    service, url = quiet_table
    unlock(phone, url)
    start(service, "tesseract", 26)  # the example's first confinement card revealed: « vue » under its 5
    open_page(phone, url, "#/table")
    settled(phone, url)
    assert phone.find_element("css selector", "#tess-confinement th[data-card='revealed'] small").text == "seen"
    weak = []
    try:
        for scheme in ("light", "dark"):
            theme(phone, scheme)
            weak += [(scheme, *line) for line in phone.execute_script(TEXT_CONTRAST_JS, "#tess-confinement")
                     if line[2] != "rgba(0, 0, 0, 0)"]  # a filled slot's mark is not drawn: its colour says it
    finally:
        phone.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "", "features": []})
    assert weak == [], weak
