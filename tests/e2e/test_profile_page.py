"""The table profile in the settings, in a real browser against the real server: what the camera learnt at this
table, its pictures, one forgotten, all forgotten (issue 55), in French."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from boardhelpers import screenshot, tap, unlock, wait
from browserhelpers import new_browser, page_errors
from screens import theme

pytestmark = pytest.mark.browser


def test_the_settings_show_what_the_camera_learnt_and_forget_it(quiet_table, screenshots):
    service, url = quiet_table
    store = service.profile.store
    store.reset()
    crop = cv2.circle(np.full((48, 48, 3), 230, np.uint8), (24, 24), 5, (20, 20, 20), -1)
    store.add(crop, 1, "free-roll", "white", "corrected", read=6)
    store.add(np.full((48, 48, 3), 90, np.uint8), 0, "free-roll", "red", "not a die",
              around=np.full((96, 96, 3), 60, np.uint8))
    browser = new_browser("fr-FR")
    try:
        unlock(browser, url)
        browser.refresh()
        count = lambda d: d.find_element("id", "profile-count").text  # noqa: E731
        wait(browser, lambda d: count(d).startswith("Appris de 2 dés"), message="never showed 2 dice")
        private = browser.find_element("id", "profile-private").text
        assert private == "Les images restent sur le compagnon : rien n’en sort."
        tap(browser, "#profile-toggle")
        wait(browser, lambda d: len(d.find_elements("css selector", "#profile-list li")) == 2, message="no list")
        items = browser.find_elements("css selector", "#profile-list li")
        assert [i.find_element("css selector", ".said").text for i in items] == ["pas un dé", "un 1"]
        assert "Lancer libre" in items[0].text and "free-roll" not in items[0].text
        assert "la caméra avait lu 6" in items[1].text and "avait lu" not in items[0].text  # what to judge it by
        assert [i.find_element("css selector", "img").size["width"] for i in items] == [96, 96]
        assert {i.find_element("css selector", "img").get_attribute("loading") for i in items} == {"lazy"}
        wait(browser, lambda d: all(d.execute_script("return arguments[0].naturalWidth", i) > 0
                                    for i in d.find_elements("css selector", "#profile-list img")),
             message="the pictures never loaded")
        for scheme in ("light", "dark"):
            theme(browser, scheme)
            screenshot(browser, screenshots, f"profile-fr-{scheme}")
        store.most = 2  # full: the phone says what the next correction does
        browser.refresh()
        wait(browser, lambda d: count(d).endswith("Elle en garde 2 : chaque nouveau dé appris lui fait oublier le "
                                                  "plus ancien."), message="a full profile not said")
        store.most = 400
        tap(browser, "#profile-toggle")
        tap(browser, "#profile-list li[data-label='0'] button.remove")
        wait(browser, lambda d: count(d).startswith("Appris d’un dé"), message="one never forgotten")
        assert [e.label for e in store.snapshot()] == [1]
        tap(browser, "#profile-reset")  # the page's own confirmation, in French; kept, then forgotten
        wait(browser, lambda d: d.find_element("id", "confirm-dialog").is_displayed(), message="no confirmation")
        assert browser.find_element("id", "confirm-title").text == ("Oublier tous les dés appris par la caméra à "
                                                                     "cette table ?")
        assert browser.find_element("id", "confirm-text").text.startswith("La caméra oublie le dé appris")
        browser.save_screenshot(str(screenshots / "profile-reset-confirm-fr-dark.png"))
        tap(browser, "#confirm-no")
        assert [e.label for e in store.snapshot()] == [1] and count(browser).startswith("Appris d’un dé")
        tap(browser, "#profile-reset")
        tap(browser, "#confirm-yes")
        wait(browser, lambda d: count(d).startswith("Rien d’appris"), message="never all forgotten")
        assert store.snapshot() == [] and not browser.find_element("id", "profile-toggle").is_displayed()
        service.config["vision"]["profile"] = False  # learning off: the phone does not promise that corrections teach
        browser.refresh()
        wait(browser, lambda d: count(d).startswith("L’apprentissage est coupé dans la configuration"),
             message="learning off never said")
        store.add(crop, 2, "free-roll", "white", "corrected")  # kept from before: not said to make it read better
        browser.refresh()
        # in the player's words, never the setting's name (it said « (vision.profile = false) »)
        wait(browser, lambda d: count(d) == "Un dé gardé de cette table. L’apprentissage est coupé dans la "
             "configuration de ce compagnon : la caméra lit comme à sa livraison, et les corrections ne lui "
             "apprennent rien.", message="a profile kept with learning off said to help")
        assert page_errors(browser) == []
    finally:
        service.config["vision"]["profile"] = True
        store.reset()
        browser.quit()


def test_the_settings_count_moves_as_soon_as_a_correction_teaches_the_camera(quiet_table):
    """A correction made on another phone: the notice says what it taught, and the count shown moves with it."""
    service, url = quiet_table
    store = service.profile.store
    store.reset()
    browser = new_browser("en-GB")
    try:
        unlock(browser, url)
        browser.refresh()
        count = lambda d: d.find_element("id", "profile-count").text  # noqa: E731
        wait(browser, lambda d: count(d).startswith("Nothing learnt yet"), message="never showed an empty profile")
        store.add(np.full((48, 48, 3), 200, np.uint8), 4, "free-roll", "white", "corrected")
        service.bus.publish("notice", {"kind": "info", "message": "The camera learnt: a 4. It has learnt from 1 "
                                       "die at this table.", "message_fr": "La caméra a appris : un 4.",
                                       "profile": 1})
        # the notice first: it floats 5 s; the count is read again from the service, slower on a loaded machine
        wait(browser, lambda d: "The camera learnt: a 4." in d.find_element("id", "notices").text,
             message="the correction's notice was not shown")
        wait(browser, lambda d: count(d).startswith("Learnt from 1 die"),
             message="the count did not move with the correction")
        assert page_errors(browser) == []
    finally:
        browser.quit()
        store.reset()


def test_a_profile_the_card_cannot_write_is_said_in_the_page_s_language(quiet_table, monkeypatch):
    """Forgetting on a full card: the phone says so in French, not the server's English message inside « Refusé :
    … » (the server's 503 ``cannot_save``), and the correction stays."""
    service, url = quiet_table
    store = service.profile.store
    store.reset()
    kept = store.add(np.full((48, 48, 3), 200, np.uint8), 4, "free-roll", "white", "corrected")
    browser = new_browser("fr-FR")
    try:
        unlock(browser, url)
        browser.refresh()
        wait(browser, lambda d: d.find_element("id", "profile-count").text.startswith("Appris d’un dé"),
             message="never showed the correction")

        def full(*args, **kwargs):
            raise OSError(28, "No space left on device")

        monkeypatch.setattr("companion.vision.profile_store.write_atomically", full)
        tap(browser, "#profile-toggle")
        tap(browser, "#profile-list li button.remove")
        said = lambda d: d.execute_script(  # noqa: E731
            "return [...document.querySelectorAll('#notices .notice')].map((n) => n.innerText).join(' | ')")
        wait(browser, lambda d: "Pas enregistré\u00a0: la carte du compagnon est pleine" in said(d),
             message="the full card not said")
        assert "space" not in said(browser) and store.snapshot() == [kept]
        assert page_errors(browser) == []
    finally:
        monkeypatch.undo()
        store.reset()
        browser.quit()
