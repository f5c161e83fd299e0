"""Counted words: English is singular for exactly 1, French for 0 and 1 (« 0 action restante »)."""

from companion.words import colour_fr, plural_en, plural_fr


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
