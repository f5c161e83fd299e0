"""The rules tests quote the rule books word for word: each « ... » in these tests is in the French book, each
EN: "..." in the English one (the rule words' own quotes are checked in tests/games/test_rule_words.py)."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).resolve().parent
SEEDS = HERE.parents[3] / "shared" / "seeds"
BOOKS = {"fr": SEEDS / "000_1933b1f0307cdc52.txt", "en": SEEDS / "001_8657626afadda810.txt"}
QUOTES = {"fr": re.compile(r"« (.+?) »", re.S), "en": re.compile(r'EN: "(.+?)"', re.S)}


def plain(text: str) -> str:
    """Line breaks and runs of spaces count as one space, ’ as '."""
    return re.sub(r"\s+", " ", text.replace("’", "'")).strip()


def excerpts(quote: str) -> list[str]:
    """A quote's pieces: "..." or "…" marks words left out (the English book also ends a sentence with "…")."""
    return [p for p in (plain(part) for part in re.split(r"\.\.\.|…", plain(quote))) if p]


def test_every_quote_in_the_rules_tests_is_in_its_book_word_for_word():
    books = {language: plain(path.read_text(encoding="utf-8")) for language, path in BOOKS.items()}
    found = {language: 0 for language in books}
    missing = []
    for path in sorted(HERE.glob("test_*.py")):
        if path.name == Path(__file__).name:
            continue
        text = path.read_text(encoding="utf-8")
        for language, pattern in QUOTES.items():
            for quote in pattern.findall(text):
                found[language] += 1
                missing += [(path.name, language, part) for part in excerpts(quote) if part not in books[language]]
    assert found["fr"] >= 60 and found["en"] >= 15, found
    assert missing == []


def test_the_rules_doc_quotes_the_french_book_word_for_word():
    """docs/rules/nexus-keepers.md, from its verdicts on (the model's « » show verdicts, not the book)."""
    doc = (HERE.parents[2] / "docs" / "rules" / "nexus-keepers.md").read_text(encoding="utf-8")
    book = plain(BOOKS["fr"].read_text(encoding="utf-8"))
    quotes = QUOTES["fr"].findall(doc.split("## Verdicts", 1)[1])
    assert len(quotes) >= 50
    assert [part for quote in quotes for part in excerpts(quote) if part not in book] == []


def test_a_quote_that_is_not_in_the_book_is_caught():
    book = plain(BOOKS["en"].read_text(encoding="utf-8"))
    assert all(part in book for part in excerpts("Move diagonally to an adjacent space. … Leap over another Keeper"))
    assert not all(part in book for part in excerpts("he must move the minimum number of cubes possible"))  # "hemust"
