"""Counted words: English is singular for exactly 1, French for 0 and 1 (« 0 action restante »)."""

from companion.referee import create_game
from companion.words import colour_fr, elide_names_fr, of_fr, plural_en, plural_fr


def test_english_is_singular_for_one_only():
    assert [plural_en(n, "action") for n in (0, 1, 2, 7)] == ["actions", "action", "actions", "actions"]
    assert plural_en(2, "die", "dice") == "dice" and plural_en(1, "die", "dice") == "die"


def test_french_is_singular_below_two():
    assert [plural_fr(n, "case") for n in (0, 1, 2, 7)] == ["case", "case", "cases", "cases"]
    assert plural_fr(3, "cube amorcé pair", "cubes amorcés pairs") == "cubes amorcés pairs"


def test_french_colours_agree_and_orange_stays_orange():
    """« les dés bleus », « l'équipe verte », but « des cubes orange »: a colour named after a fruit takes
    no -s."""
    assert [colour_fr(c, plural=True) for c in ("blue", "white", "orange", "purple")] == [
        "bleus", "blancs", "orange", "violets"]
    assert colour_fr("green", feminine=True) == "verte" and colour_fr("green", feminine=True, plural=True) == "vertes"
    assert colour_fr("teal", plural=True) == "teal"  # a colour it does not know stays as written


def test_french_elides_de_and_que_before_a_name_starting_with_a_vowel():
    """« le tour d'Ada » but « le tour de Bo »; accented vowels and a y before a consonant elide, a y before a vowel
    and h do not (the h taken as aspirated)."""
    assert [of_fr(n) for n in ("Ada", "Bo", "Émile", "Yves", "Yugi", "Hugo", "A", "")] == \
        ["d’Ada", "de Bo", "d’Émile", "d’Yves", "de Yugi", "de Hugo", "d’A", "de "]
    said = "C’est le tour de Ada, pas de Bo ; ce que Ada veut, ce que Bo veut ; de Adam"
    assert elide_names_fr(said, ["Ada", "Bo"]) == \
        "C’est le tour d’Ada, pas de Bo ; ce qu’Ada veut, ce que Bo veut ; de Adam"
    assert elide_names_fr("De Ada à Bo", ["Ada"]) == "D’Ada à Bo"


def test_french_does_not_elide_before_a_column_name():
    """A Tesseract column (« a1 ») is a code read letter and digit, not a word: « le cube de a1 », not « d'a1 »;
    a name that goes on with letters still elides (« d'Ann2 »)."""
    assert [of_fr(n) for n in ("a1", "E4", "i3", "Ann2", "Ève")] == ["de a1", "de E4", "de i3", "d’Ann2", "d’Ève"]
    assert elide_names_fr("Le cube de a1 et le tour de Ada", ["a1", "Ada"]) == "Le cube de a1 et le tour d’Ada"


def test_the_referees_french_elides_before_ada_and_not_before_bo():
    """Nexus Keepers with Ada and Bo: a refused move out of turn and the turn's start, as the server says them."""
    engine = create_game("nexus-keepers", {})
    rows = [{"origin": [0, 0], "direction": "E"}, {"origin": [4, 1], "direction": "W"}]
    engine.apply({"type": "setup", "players": [
        {"id": name, "card": card, "cube": cube} for name, card, cube in
        zip(("Ada", "Bo"), ("example-ember-warden", "example-tide-runner"), rows)]})
    assert engine.apply({"type": "turn_start", "player": "Bo"})[-1].message.fr == "C’est au tour d’Ada, pas de Bo"
    start = engine.apply({"type": "turn_start"})[-1].message.fr
    assert start.startswith("Tour d’Ada sur "), start
    assert engine.apply({"type": "end_turn"})[-1].message.fr == "Fin du tour d’Ada"
    assert engine.apply({"type": "turn_start", "player": "Ada"})[-1].message.fr == "C’est au tour de Bo, pas d’Ada"
    assert engine.apply({"type": "turn_start"})[-1].message.fr.startswith("Tour de Bo sur ")


def test_words_naming_a_player_they_do_not_concern_elide_too():
    """A name said outside a verdict's players elides too: Tesseract's unread die in Ada's lab (no player named)."""
    from companion.games.tesseract.unread import lab_notes
    assert lab_notes("Ada", [], [{}])[0].message.fr == "La caméra voit dans le labo d’Ada un dé qu’elle ne lit pas"
    assert lab_notes("Bo", [], [{}])[0].message.fr == "La caméra voit dans le labo de Bo un dé qu’elle ne lit pas"
