"""A verdict's rule is told to players in words, never by its id (issue 53): every rule id each engine can give
has a short name in English and in French, and the rule book's sentence in the book's own language where the
game's rule module quotes one."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.games.hexors import rules as hexors_rules
from companion.games.nexus import rules as nexus_rules
from companion.games.tesseract import rules as tesseract_rules
from companion.referee import aware, available_games, create_game, game_class

GAMES = Path(__file__).resolve().parents[2] / "companion" / "games"
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "examples"
SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
# Nexus Keepers' two rule books: the same game, the French one with rules the English one lacks
NEXUS_KEEPERS_BOOKS = {"fr": SEEDS / "000_1933b1f0307cdc52.txt", "en": SEEDS / "001_8657626afadda810.txt"}
# a rule id as the engines write it in their sources: "hex.duel.tie", "nk.move.exit-guess", "free-roll.fairness"
RULE_ID = re.compile(r'"((?:hex|nexus|tess|nk|free-roll)\.[a-z][a-z_.-]*)"')
# what an id looks like on a page (tests/e2e/test_every_screen.py's check, plus the dotted ids themselves)
ID_LIKE = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z-]+\.[a-z][a-z_.-]*\b")
SOURCES = {"hexors": "hexors", "nexus": "nexus", "tesseract": "tesseract", "nexus-keepers": "nexus_keepers",
           "free-roll": "free_roll.py"}
# the book each game's words quote: Hexors, Nexus Keepers and Tesseract come with a French rule book, Nexus English
BOOK_LANGUAGE = {"hexors": "fr", "nexus": "en", "tesseract": "fr", "nexus-keepers": "fr"}


def rule_ids_in_sources(game: str) -> set[str]:
    path = GAMES / SOURCES[game]
    files = [path] if path.is_file() else sorted(path.glob("*.py"))
    return {m.group(1) for f in files for m in RULE_ID.finditer(f.read_text(encoding="utf-8"))}


def rule_constants(module) -> set[str]:
    return {value for name, value in vars(module).items()
            if name.isupper() and isinstance(value, str) and RULE_ID.fullmatch(f'"{value}"')}


@pytest.mark.parametrize("game, module", [("hexors", hexors_rules), ("nexus", nexus_rules),
                                          ("tesseract", tesseract_rules)])
def test_every_rule_constant_has_words(game, module):
    constants = rule_constants(module)
    assert len(constants) >= 20
    assert sorted(constants - set(game_class(game).rule_words())) == []


@pytest.mark.parametrize("game", sorted(SOURCES))
def test_every_rule_id_an_engine_writes_and_the_cameras_have_words_in_both_languages(game):
    words = game_class(game).rule_words()
    emitted = rule_ids_in_sources(game) | {aware.REREAD_RULE, aware.UNSURE_RULE}
    assert sorted(emitted - set(words)) == []
    for rule, said in words.items():
        for language in ("en", "fr"):
            assert said[language].strip(), (rule, language)
            assert not ID_LIKE.search(said[language]), (rule, said[language])
        assert said["en"] != said["fr"] or game == "free-roll", rule  # French is not English left as is


@pytest.mark.parametrize("game", sorted(BOOK_LANGUAGE))
def test_book_sentences_are_in_the_language_of_the_games_book(game):
    books = [said["book"] for said in game_class(game).rule_words().values() if said["book"]]
    assert len(books) >= 7
    assert {book["language"] for book in books} == {BOOK_LANGUAGE[game]}
    assert all(book["text"].strip() for book in books)


def test_hexors_words_quote_its_book():
    tie = game_class("hexors").rule_words()[hexors_rules.TIE]
    assert tie["book"]["text"] == ("S'il y a égalité, le dé doit être roulé de nouveau jusqu'à ce qu'il y ait un "
                                   "gagnant.")
    assert (tie["en"], tie["fr"]) == ("A tied duel", "Une égalité en duel")


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.jsonl")), ids=lambda p: p.stem)
def test_every_verdict_of_the_examples_has_its_rule_in_words(example):
    game = max((g for g in available_games() if example.stem.startswith(g + "-")), key=len)
    engine = create_game(game)
    rules = {v.rule for line in example.read_text(encoding="utf-8").splitlines()
             for v in engine.apply(json.loads(line))}
    assert len(rules) >= 3
    assert sorted(rules - set(engine.rule_words())) == []


def in_book(quote: str, book: str) -> bool:
    """Each excerpt of a quote (" … " joins two) is in the book, word for word; the French book breaks its lines
    mid-sentence and mixes ' and ’, so line breaks count as spaces and the two apostrophes as one."""
    def plain(text: str) -> str:
        return re.sub(r"\s+", " ", text.replace("’", "'"))
    return all(plain(part) in plain(book) for part in quote.split(" … "))


def test_nexus_keepers_quotes_its_english_book_on_english_pages_and_its_french_book_on_french_ones():
    books = {language: path.read_text(encoding="utf-8") for language, path in NEXUS_KEEPERS_BOOKS.items()}
    quoted = {language: {} for language in books}
    for rule, said in game_class("nexus-keepers").rule_words().items():
        assert said["books"][:1] == ([said["book"]] if said["book"] else []), rule  # older phones read "book"
        for quote in said["books"]:
            assert rule not in quoted[quote["language"]], rule  # one quote per book
            quoted[quote["language"]][rule] = quote["text"]
    for language, quotes in quoted.items():
        assert len(quotes) >= 25, language
        assert sorted(rule for rule, quote in quotes.items() if not in_book(quote, books[language])) == [], language
    # rules only the French book has keep no English quote
    assert sorted(set(quoted["fr"]) - set(quoted["en"])) == ["nk.maladresse", "nk.reroll.single"]
    assert quoted["en"]["nk.reroll.ones"] == "However, he cannot reroll dice that show a result of 1."
    assert quoted["fr"]["nk.reroll.ones"] == "Cependant, vous ne pouvez pas relancer les résultats de 1."


@pytest.mark.parametrize("game", ["hexors", "nexus", "tesseract"])
def test_a_game_with_one_book_has_only_that_books_quote(game):
    for rule, said in game_class(game).rule_words().items():
        assert said["books"] == ([said["book"]] if said["book"] else []), rule
