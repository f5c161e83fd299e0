"""The phone page around the boards: every control at least 44 px, every screen in both languages, options
refused with their names, Undo and resuming a game at a table of phones."""

from __future__ import annotations

import re

import pytest

from boardhelpers import open_page, pad, screenshot, small_controls, state, tap, tap_until, unlock, wait
from browserhelpers import in_each_look, page_errors, phone_browser

pytestmark = pytest.mark.browser


def test_every_control_is_at_least_44_px_on_every_screen(quiet_table, phone, screenshots):
    service, url = quiet_table
    unlock(phone, url)
    problems = {}
    service.table.new_game("free-roll", {}, ["Ann", "Bob"])
    service.table.submit({"type": "roll", "dice": [{"value": 3, "color": "red"}, {"value": 6, "color": "blue"}]})
    for route in ("#/join", "#/table", "#/stats"):
        open_page(phone, url, route)
        problems[f"free roll {route}"] = small_controls(phone)
    service.table.new_game("nexus-keepers", {}, ["Ann", "Bob"])
    open_page(phone, url, "#/table")
    wait(phone, lambda d: d.find_elements("css selector", "#nk-setup-start"))
    for route in ("#/table", "#/game", "#/verdicts", "#/history", "#/stats", "#/settings"):
        open_page(phone, url, route)
        problems[route] = small_controls(phone)
    open_page(phone, url, "#/table")
    tap_until(phone, "#nk-setup-start", "#nk-start-turn")
    tap_until(phone, "#nk-start-turn", "#nk-roll-pad .pad-keys")
    pad(phone, "nk-roll-pad", [2, 2, 5, 5, 3])
    wait(phone, lambda d: d.find_element("id", "board-phase").get_attribute("data-phase") == "rolling")
    tap(phone, ".nk-board .keeper[data-keeper='Ann']")
    wait(phone, lambda d: d.find_elements("css selector", ".nk-board .tile.dest"))
    problems["nk board"] = small_controls(phone)
    service.table.new_game("tesseract", {}, ["Ann", "Bob"])
    service.table.submit({"type": "setup", "players": 2, "scientists": ["Ann", "Bob"], "seed": 3})
    open_page(phone, url, "#/table")
    wait(phone, lambda d: d.find_elements("css selector", ".tess-tower"))
    problems["tesseract board"] = small_controls(phone)
    assert {k: v for k, v in problems.items() if v} == {}


SCREENS = ("join", "table", "game", "verdicts", "history", "stats", "settings")


@pytest.mark.parametrize("language", ["en-GB", "fr-FR"])
def test_every_screen_in_both_languages(quiet_table, screenshots, language):
    """Screenshots of every screen for both board games; in French no English word of ours is left on them."""
    service, url = quiet_table
    lang = language[:2]
    with phone_browser(language, (390, 844), url=url) as driver:
        service.table.new_game("nexus-keepers", {}, ["Ann", "Bob"])
        open_page(driver, url, "#/table")
        wait(driver, lambda d: d.find_elements("css selector", "#nk-setup-start"))
        screenshot(driver, screenshots, f"nk-setup-{lang}")
        tap_until(driver, "#nk-setup-start", "#nk-start-turn")
        tap_until(driver, "#nk-start-turn", "#nk-roll-pad .pad-keys")
        pad(driver, "nk-roll-pad", [2, 2, 5, 5, 3])
        wait(driver, lambda d: d.find_element("id", "board-phase").get_attribute("data-phase") == "rolling")
        tap(driver, ".nk-board .keeper[data-keeper='Ann']")
        wait(driver, lambda d: d.find_elements("css selector", ".nk-board .tile.dest"))
        for screen in SCREENS:
            open_page(driver, url, f"#/{screen}")
            if screen == "table":
                if not driver.find_elements("css selector", ".nk-board .tile.dest"):  # still selected: same page
                    tap(driver, ".nk-board .keeper[data-keeper='Ann']")
                wait(driver, lambda d: d.find_elements("css selector", ".nk-board .tile.dest"))
            screenshot(driver, screenshots, f"nk-{screen}-{lang}")
        open_page(driver, url, "#/table")
        phase = driver.find_element("id", "board-phase").text
        assert phase == {"en": "Reroll, add power dice, or move",
                         "fr": "Relancez, ajoutez des dés de pouvoir ou bougez"}[lang]
        service.table.new_game("tesseract", {}, ["Ann", "Bob"])
        open_page(driver, url, "#/table")
        wait(driver, lambda d: d.find_elements("css selector", "#tess-setup-start"))
        screenshot(driver, screenshots, f"tess-setup-{lang}")
        tap(driver, "#tess-setup-start")
        wait(driver, lambda d: d.find_elements("css selector", ".tess-tower"))
        for screen in ("table", "verdicts", "history"):
            open_page(driver, url, f"#/{screen}")
            screenshot(driver, screenshots, f"tess-{screen}-{lang}")
        open_page(driver, url, "#/verdicts")
        badges = {b.text for b in driver.find_elements("css selector", "#verdict-list .badge")}
        assert badges == {"en": {"INFO"}, "fr": {"NOTE"}}[lang]
        if lang == "fr":
            # the engine's French messages name colours in English; the page says them in French
            texts = " ".join(p.text for p in driver.find_elements("css selector", "#verdict-list .text"))
            assert "amorcés" in texts
            for word in ("red", "blue", "yellow", "purple"):
                assert f" {word} " not in f" {texts} "
            assert driver.find_element("css selector", "#verdict-list .rule-details summary").text == "Détails"
        assert not page_errors(driver)


def test_an_out_of_range_option_is_refused_with_its_name(quiet_table, phone):
    service, url = quiet_table
    unlock(phone, url)
    before = service.table.record.id
    open_page(phone, url, "#/game")
    tap(phone, "#game-nexus-keepers")
    field = phone.find_element("id", "option-maladresse_ones")
    # the limits the engine declares (GET /api/games), not a second copy in the page
    assert (field.get_attribute("min"), field.get_attribute("max")) == ("0", "12")
    field.clear()
    field.send_keys("13")
    tap(phone, "#game-start")
    wait(phone, lambda d: "Ones that lose the turn (MALADRESSE) must be from 0 to 12"
         in d.find_element("id", "notices").text)
    assert service.table.record.id == before


def test_undo_names_its_entry_and_is_refused_when_another_phone_moved_on(quiet_table, phone):
    service, url = quiet_table
    unlock(phone, url)
    service.table.new_game("free-roll", {}, [])
    service.table.submit({"type": "roll", "dice": [{"value": 3, "color": "red"}]}, source="phone")
    open_page(phone, url, "#/table")
    wait(phone, lambda d: d.find_element("id", "table-undo").text == "Undo\nRoll 3")
    # Another phone (or the camera) adds a roll while this one still shows "Undo / Roll 3"; the stream is paused
    # so this page cannot have seen it.
    phone.execute_script("window.companion.stream.source.close()")
    service.table.submit({"type": "roll", "dice": [{"value": 5, "color": "blue"}]}, source="camera")
    tap(phone, "#table-undo")
    # said beside the Undo button tapped (answer.js), not at the top of the screen
    wait(phone, lambda d: "the game moved on" in d.find_element("id", "tap-answer").text)
    assert len(service.table.state()["accepted"]) == 2
    phone.refresh()   # live again for the next test


def test_a_game_set_aside_is_resumed_from_history(quiet_table, phone, screenshots):
    service, url = quiet_table
    unlock(phone, url)
    service.table.new_game("free-roll", {}, ["Ann", "Bob"])
    service.table.submit({"type": "roll", "dice": [{"value": 2, "color": "green"}]})
    aside = service.table.record.id
    service.table.new_game("nexus-keepers", {}, ["Cy", "Di"])
    open_page(phone, url, "#/history")
    tap(phone, f"#past-games [data-game='{aside}'] button")
    wait(phone, lambda d: d.execute_script("return location.hash") == "#/table")
    now = state(url)
    assert now["game_id"] == aside and now["players"] == ["Ann", "Bob"] and len(now["accepted"]) == 1
    open_page(phone, url, "#/history")
    wait(phone, lambda d: "Nexus Keepers" in d.find_element("id", "past-games").text)
    screenshot(phone, screenshots, "history-resume-en")
    said = set()

    def in_french(lang, scheme):  # switched on the History screen: the earlier games are said again (they stayed)
        said.add(phone.find_element("id", "past-games").text)
        screenshot(phone, screenshots, f"history-resume-{lang}-{scheme}")
    in_each_look(phone, in_french, languages=("fr",))
    assert said and all("Reprendre cette partie" in text and "mise de côté" in text and "Resume" not in text
                        for text in said), said


def test_only_important_verdicts_with_none_says_so(quiet_table, phone):
    service, url = quiet_table
    unlock(phone, url)
    service.table.new_game("free-roll", {}, [])
    service.table.submit({"type": "roll", "dice": [{"value": 4, "color": "red"}]})
    open_page(phone, url, "#/verdicts")
    wait(phone, lambda d: d.find_elements("css selector", "#verdict-list .verdict"))
    first = phone.find_element("css selector", "#verdict-list .verdict small").text
    # entries count from 1, named in words: « 1. · 05:28:11 » read as a stray full stop
    assert re.fullmatch(r"Entry 1 · \d\d:\d\d(:\d\d)?", first), first
    from screens import language
    language(phone, "fr")
    wait(phone, lambda d: d.find_element("css selector", "#verdict-list .verdict small").text.startswith("Entrée"))
    first = phone.find_element("css selector", "#verdict-list .verdict small").text
    assert re.fullmatch(r"Entrée 1 · \d\d:\d\d(:\d\d)?", first), first
    language(phone, "en")
    tap(phone, "#verdicts-important")
    wait(phone, lambda d: d.find_element("id", "verdict-list").text == "Nothing important so far")


def test_free_rolls_details_are_named_in_the_pages_language(quiet_table, phone):
    """Free roll's "Game details" named its one fact by the summary's key, « rolls 1 » on a French page."""
    from screens import language

    service, url = quiet_table
    unlock(phone, url)
    service.table.new_game("free-roll", {}, [])
    service.table.submit({"type": "roll", "dice": [{"value": 4, "color": "red"}]})
    open_page(phone, url, "#/table")
    language(phone, "fr")
    try:
        tap(phone, "#details-card > summary")
        said = wait(phone, lambda d: d.find_element("id", "details").text, message="no game details")
        assert said.split("\n") == ["Lancers", "1"], said
    finally:
        language(phone, "en")
        phone.execute_script("document.querySelector('#details-card').open = false")


def test_the_screen_stays_on_while_a_game_is_under_way(quiet_table):
    """The page asks for a screen wake lock during a game and lets it go when none is under way."""
    service, url = quiet_table
    with phone_browser("en-GB") as driver:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
            window.__wake = [];
            Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: {request: async (kind) => {
              window.__wake.push('request ' + kind);
              const lock = new EventTarget();
              lock.release = async () => { window.__wake.push('release'); lock.dispatchEvent(new Event('release')); };
              return lock; }}});"""})
        service.table.new_game("free-roll", {}, [])
        service.table.submit({"type": "roll", "dice": [{"value": 1}]})
        open_page(driver, url, "#/table")
        wait(driver, lambda d: d.execute_script("return window.__wake") == ["request screen"])
        service.table.new_game("free-roll", {}, [])                # nothing under way any more
        wait(driver, lambda d: d.execute_script("return window.__wake") == ["request screen", "release"])


def test_the_table_display_puts_the_board_beside_its_pieces(quiet_table, screenshots):
    service, url = quiet_table
    with phone_browser("en-GB") as driver:
        driver.set_window_size(1180, 820)                             # a tablet, landscape
        service.table.new_game("tesseract", {}, ["Ann", "Bob"])
        service.table.submit({"type": "setup", "players": 2, "scientists": ["Ann", "Bob"], "seed": 5})
        open_page(driver, url, "#/settings")
        tap(driver, "#display-toggle")
        assert driver.find_element("id", "display-toggle").get_attribute("aria-pressed") == "true"
        open_page(driver, url, "#/table")
        wait(driver, lambda d: d.find_elements("css selector", ".tess-tower"))
        tower, zone = (driver.find_element("css selector", sel).rect for sel in (".tower-wrap", "#tess-zone"))
        assert zone["x"] >= tower["x"] + tower["width"] - 1                     # side by side, not stacked
        assert zone["y"] < tower["y"] + tower["height"]
        assert driver.execute_script("return getComputedStyle(document.body).fontSize") == "24px"
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(str(screenshots / "table-display-en.png"))
        driver.refresh()                                               # remembered on this device
        wait(driver, lambda d: d.execute_script("return document.body.dataset.display") == "table")
