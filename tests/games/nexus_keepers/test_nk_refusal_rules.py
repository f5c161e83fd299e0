"""A refused reroll says the reason and the rule it breaks, the book's sentence in each language (the English book's
where it has the rule): "A already rerolled twice" alone said no rule."""

from __future__ import annotations


def one_line(text: str) -> str:
    return " ".join(text.split())


TWICE_FR = one_line("""« Il peut ensuite relancer autant de dés qu'il veut, jusqu'à deux fois de
    suite. »""")
ONES_FR = "« Cependant, vous ne pouvez pas relancer les résultats de 1. »"
ALONE_FR = one_line("""« Lors de vos relances, vous ne pouvez jamais relancer un dé seul. Un minimum de deux dés sont
    nécessaires. »""")


def said(verdicts):
    assert [v.kind.value for v in verdicts] == ["illegal"], verdicts
    return verdicts[0].message.en, verdicts[0].message.fr


def test_a_third_reroll_is_refused_with_the_book_s_sentence(nk):
    """EN: "He may then reroll as many dice as he wishes, up to two times in a row." """
    engine = nk.game()
    engine.apply({"type": "roll", "dice": [2, 3, 4, 5, 6]})
    engine.apply({"type": "reroll", "rerolled": [3, 4], "results": [2, 5]})
    engine.apply({"type": "reroll", "rerolled": [5, 5], "results": [6, 3]})
    assert said(engine.apply({"type": "reroll", "rerolled": [3, 6], "results": [2, 2]})) == (
        "A already rerolled twice (rule book: “He may then reroll as many dice as he wishes, up to two times in a "
        "row.”)", f"A a déjà relancé deux fois (règle : {TWICE_FR})")


def test_a_one_rerolled_and_a_die_rerolled_alone_are_refused_with_the_book_s_sentence(nk):
    """The English book has no sentence for a die rerolled alone: the French book's is quoted in both.
    EN: "However, he cannot reroll dice that show a result of 1." """
    engine = nk.game()
    engine.apply({"type": "roll", "dice": [1, 3, 4, 5, 6]})
    assert said(engine.apply({"type": "reroll", "rerolled": [1, 3], "results": [2, 2]})) == (
        "A rerolled a 1: 1s can never be rerolled (rule book: “However, he cannot reroll dice that show a result of "
        "1.”)", f"A a relancé un 1 : les 1 ne peuvent jamais être relancés (règle : {ONES_FR})")
    assert said(engine.apply({"type": "reroll", "rerolled": [3], "results": [2]})) == (
        f"A rerolled a single die: a reroll takes at least two dice (or a power die) (rule book: {ALONE_FR})",
        f"A a relancé un dé seul : une relance prend au moins deux dés (ou un dé de pouvoir) (règle : {ALONE_FR})")
