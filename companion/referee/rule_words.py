"""A rule in the words players read (a name in English and French, the rule book's sentence), never its id.

Each game gives a table of these for the rules its verdicts carry; the camera's own rules are here because every
game's referee gives them (companion.referee.aware).
"""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

from companion.core import Text


class RuleWords(NamedTuple):
    """A rule as players read it, never its id: a short name in both languages and, where the game's rule book
    has one, its sentence in the book's own language (the phone quotes it on a page in that language). A game
    with a book in each language gives the other book's sentences in ``other_books``: (language, sentence) pairs."""

    name: Text
    book: str | None = None
    book_language: str | None = None
    other_books: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> dict[str, Any]:
        book = {"language": self.book_language, "text": self.book} if self.book else None
        others = [{"language": language, "text": text} for language, text in self.other_books]
        return {**self.name.to_json(), "book": book, "books": ([book] if book else []) + others}


def rule_words_table(names: Mapping[str, tuple[str, str]], book: Mapping[str, str], book_language: str,
                     other_books: Mapping[str, Mapping[str, str]] | None = None) -> dict[str, RuleWords]:
    """Each rule's words from a game's names (English, French) and its book's sentences (in ``book_language``);
    ``other_books``: the same game's books in other languages (language -> rule -> sentence), quoted beside it."""
    others = other_books or {}
    return {rule: RuleWords(Text(*name), book.get(rule), book_language if rule in book else None,
                            tuple((language, quotes[rule]) for language, quotes in others.items() if rule in quotes))
            for rule, name in names.items()}


#: rules the referee's camera reading gives in every game (companion.referee.aware)
CAMERA_RULE_WORDS: Mapping[str, RuleWords] = {
    "camera.reread": RuleWords(Text("The camera's reading, read again", "La lecture de la caméra, relue")),
    "camera.unsure": RuleWords(Text("A die the camera is unsure of", "Un dé dont la caméra n’est pas sûre")),
}
