"""The page's words: it counts in words ("1 step", "2 steps"; "1 case", "0 relance restante") instead of "step(s)",
tells who made each history entry in the page's language, gives times as that language writes them, and says so
when the service set a damaged journal aside."""

from __future__ import annotations

import re

import pytest
from selenium.webdriver.common.by import By

from boardhelpers import PIN, open_page, wait
from companion.config import load_config
from browserhelpers import page_errors, phone_browser, served

pytestmark = pytest.mark.browser

SAY = """
const [key, n, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
Promise.all([import("/js/i18n.js"), import("/js/views/games/nk-strings.js"), import("/js/views/games/nx-strings.js"),
             import("/js/views/games/tess-strings.js")])
  .then(([i18n]) => done(["en", "fr"].map((lang) => {
    i18n.setLanguage(lang);
    return i18n.t(key, { n, names: "Ada" });
  })));
"""

COUNTED = {  # (key, n): (English, French, its spaces before ; and : no-break ones)
    ("nk.steps", 1): ("1 step", "1 case"),
    ("nk.steps", 3): ("3 steps", "3 cases"),
    ("nk.reroll_hint", 0): ("Tap dice to pick them for a reroll (0 left; 1s stay)",
                            "Touchez des dés pour les relancer (0 relance restante\u00a0; les 1 restent)"),
    ("nk.reroll_hint", 2): ("Tap dice to pick them for a reroll (2 left; 1s stay)",
                            "Touchez des dés pour les relancer (2 relances restantes\u00a0; les 1 restent)"),
    ("nk.add_power", 1): ("Add a power die (1 left)", "Ajouter un dé de pouvoir (1 restant)"),
    ("nk.winners", 1): ("Winner: Ada", "Vainqueur\u00a0: Ada"),
    ("nk.winners", 2): ("Winners: Ada", "Vainqueurs\u00a0: Ada"),
    ("nx.deck_left", 1): ("1 card left in the deck", "1 carte dans la pioche"),
    ("nx.deck_left", 40): ("40 cards left in the deck", "40 cartes dans la pioche"),
    ("tess.level_n", 1): ("1 level", "1 étage"),
    ("tess.level_n", 4): ("4 levels", "4 étages"),
    ("tess.phase.action", 0): ("Action phase: 0 actions left", "Phase Action\u00a0: 0 action restante"),
    ("tess.phase.action", 3): ("Action phase: 3 actions left", "Phase Action\u00a0: 3 actions restantes"),
    ("game.confirm_moves", 1): ("1 move played", "1 coup joué"),  # before a new game sets a game aside
    ("game.confirm_moves", 7): ("7 moves played", "7 coups joués"),
    ("game.confirm_rolls", 1): ("including 1 roll", "dont 1 lancer"),
    ("game.confirm_rolls", 3): ("including 3 rolls", "dont 3 lancers"),
}


def test_counted_words_agree_with_their_number_in_both_languages(quiet_table):
    _, url = quiet_table
    with phone_browser("en-GB") as driver:
        open_page(driver, url, "#/table")
        for (key, n), said in COUNTED.items():
            assert tuple(driver.execute_async_script(SAY, key, n)) == said, key
        assert page_errors(driver) == []


ELIDES = """
const [words, done] = arguments;
Promise.all([import("/js/i18n.js"), import("/js/views/games/tess-strings.js")]).then(([i18n]) => {
  i18n.setLanguage("fr", false);
  const said = [words.map((w) => i18n.elides(w)), i18n.t("tess.prime_roll", { column: "a1" })];
  i18n.setLanguage("en", false);
  done(said);
});
"""


def test_the_phone_elides_before_the_words_the_server_elides_before_and_not_before_a_column(quiet_table):
    """One French elision rule on both sides (companion/words.py's elides_fr, i18n.js's elides): « d'Ada »,
    « d'Yves », « de Yugi », and no elision before a Tesseract column, a code: « le cube de a1 », not « d'a1 »."""
    from companion.words import elides_fr

    _, url = quiet_table
    words = ["Ada", "Bo", "Émile", "Yves", "Yugi", "Hugo", "A", "", "a1", "E4", "Ann2", "Œdipe", "yx"]
    with phone_browser("en-GB") as driver:
        open_page(driver, url, "#/table")
        elided, prime = driver.execute_async_script(ELIDES, words)
        assert elided == [elides_fr(w) for w in words]
        assert elided[:3] == [True, False, True] and elided[8:11] == [False, False, True]
        assert prime == "Lancez le cube de a1\u00a0: sa valeur"
        assert page_errors(driver) == []


def test_history_names_who_played_and_gives_french_times_on_an_english_phone(quiet_table):
    """A phone whose own language is American English, showing the page in French: "par un joueur simulé", and
    24-hour times, not "AM"/"PM"."""
    service, url = quiet_table
    service.table.new_game("nexus-keepers", {}, [])
    service.table.submit({"type": "setup", "players": [
        {"id": "Ada", "card": "example-ember-warden",
         "cube": {"portal": "W", "tiles": [[1, 1], [2, 1], [3, 1], [4, 1], [5, 1]]}},
        {"id": "Bo", "card": "example-tide-runner",
         "cube": {"portal": "E", "tiles": [[5, 2], [4, 2], [3, 2], [2, 2], [1, 2]]}}]},
        source="simulated player")
    service.table.submit({"type": "turn_start"}, source="panel")
    with phone_browser("en-US", url=url) as driver:
        driver.execute_script("localStorage.setItem('companion.language', 'fr')")
        driver.get("about:blank")  # the page reads the saved language when it loads
        open_page(driver, url, "#/history")
        css = "#history-list li small"
        wait(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, css)) >= 2)
        lines = [e.text for e in driver.find_elements(By.CSS_SELECTOR, css)]
        assert any(line.endswith("par un joueur simulé") for line in lines), lines
        assert any(line.endswith("par le bouton de la table") for line in lines), lines
        assert all(re.match(r"\d\d:\d\d:\d\d · par ", line) for line in lines), lines
        assert page_errors(driver) == []


@pytest.mark.parametrize("language, said", [("en-GB", "The game journal was damaged"),
                                            ("fr-FR", "Le journal des parties était endommagé")])
def test_the_table_screen_says_the_journal_was_set_aside(tmp_path, language, said):
    """A service that salvaged a damaged journal keeps saying so on the table screen, in the page's language."""
    (tmp_path / "journal.sqlite3").write_bytes(b"a card gone bad " * 400)
    config = load_config(None, overrides={"service": {"data_dir": str(tmp_path), "host": "127.0.0.1", "port": 0}})
    with served(config, camera=False, pin=PIN) as (_, url):
        with phone_browser(language) as driver:
            driver.get(url + "#/table")
            driver.execute_script("localStorage.setItem('companion.joined', '1')")
            open_page(driver, url, "#/table")
            wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#service-notices .notice"))
            text = driver.find_element(By.CSS_SELECTOR, "#service-notices .notice").text
            assert text.startswith(said) and "journal.damaged-" in text, text
            assert page_errors(driver) == []


TAB_LABELS = """
return [...document.querySelectorAll('#tabs a')].map((tab) => {
  const label = tab.lastElementChild, box = label.getBoundingClientRect();
  return [label.textContent, box.left, box.right, label.scrollWidth <= label.clientWidth];
});
"""


@pytest.mark.parametrize("language", ["en-GB", "fr-FR"])
def test_each_tab_label_is_whole_and_apart_from_the_next_on_a_narrow_phone(quiet_table, language):
    """On a 360-pixel-wide phone the five tab labels are whole and stand apart, in French too, where "Historique"
    and "Statistiques" are long enough to run into one word."""
    _, url = quiet_table
    with phone_browser(language, (360, 780), url=url) as driver:
        open_page(driver, url, "#/table")
        labels = driver.execute_script(TAB_LABELS)
        assert len(labels) == 5
        assert [name for name, _, _, whole in labels if not whole] == [], labels
        gaps = [right_label[1] - left_label[2] for left_label, right_label in zip(labels, labels[1:])]
        assert min(gaps) >= 4, labels
        assert labels[-1][2] <= driver.execute_script("return document.documentElement.clientWidth"), labels
        assert page_errors(driver) == []
