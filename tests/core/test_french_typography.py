"""French reads as one product (docs/web.md, "The page"): an elision's apostrophe is ’ (« l’arène », « n’est »,
« d’Ada »), and the source text keeps an ordinary space before ? ! : ; » and after « (the page's frenchSpaces and the
server's french_spaces make it a no-break one). Every French string the companion shows is checked here, the phone's
and hall's scripts, the engines' and service's words and the games' data, so a new string cannot drift; rule-book
sentences the engines quote (their rule words' book and books) keep their book's apostrophes and are left out, as
are docstrings and comments."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from companion.referee import available_games, game_class
from companion.words import elide_names_fr, of_fr

ROOT = Path(__file__).resolve().parents[2]
# an elision written with a straight apostrophe: « l'arène », « qu'il », « d'{name} », « aujourd'hui »
STRAIGHT_ELISION = re.compile(r"(?i)(?<![^\W\d_])(?<!['’])(?:[ldnscjmt]|qu|jusqu|lorsqu|puisqu|quelqu|presqu)'"
                              r"(?!(?:s|t|d|ll|re|ve|m)(?![^\W\d_]))(?=[^\W\d_]|[{$])|aujourd'hui")
# a sign of French: an elision either way, or a letter English does not use
FRENCH = re.compile(r"(?i)(?<![^\W\d_])(?:[ldnscjmt]|qu)['’](?=[^\W\d_]|[{$])|[éèêàâçùûôîœ«»]")
# French sets ; ! ? » apart from the word before, « from the word after (":" is left out: "12:30", "http://")
GLUED = re.compile(r"[^\W_][;!?»]|«[^\W_]")
# a script read left to right: a comment, else a string ("...", `...`, '...'), whichever starts first
JS_TOKEN = re.compile(r'//[^\n]*|/\*[\s\S]*?\*/|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`|\'(?:[^\'\\\n]|\\.)*\'')


def plain(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@pytest.fixture(scope="module")
def books() -> set[str]:
    """Every rule-book sentence the engines quote (a rule's book and books), as its book prints it."""
    quotes = set()
    for game in available_games():
        for said in game_class(game).rule_words().values():
            quotes |= {plain(book["text"]) for book in [said.get("book"), *(said.get("books") or [])] if book}
    return quotes


def quotes_a_book(text: str, books: set[str]) -> bool:
    """One of the rule-book sentences the engines quote, which stays as its book prints it."""
    return plain(text) in books


def python_strings(path: Path):
    """(line, text) of each string literal in a module but its docstrings; an f-string's values read {}."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and body:
            if isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skip.add(id(body[0].value))
        if isinstance(node, ast.JoinedStr):
            skip |= {id(part) for part in ast.walk(node) if part is not node}
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.lineno, node.value
        elif isinstance(node, ast.JoinedStr):
            yield node.lineno, "".join(p.value if isinstance(p, ast.Constant) else "{}" for p in node.values)


def script_strings(path: Path):
    """(line, text) of each string literal in a script or a JSON file, comments left out."""
    text = path.read_text(encoding="utf-8")
    for match in JS_TOKEN.finditer(text):
        if not match.group(0).startswith("/"):
            yield text.count("\n", 0, match.start()) + 1, match.group(0)[1:-1]


def french_strings():
    """(where, text) of every French string in the companion's modules, scripts and data."""
    sources = [(p, python_strings) for p in sorted((ROOT / "companion").rglob("*.py"))]
    sources += [(p, script_strings) for p in sorted((ROOT / "web").rglob("*.js"))]
    sources += [(p, script_strings) for p in sorted((ROOT / "companion").rglob("*.json")) if p.name != "openapi.json"]
    for path, strings in sources:
        for line, text in strings(path):
            if FRENCH.search(text):
                yield f"{path.relative_to(ROOT)}:{line}", text


@pytest.fixture(scope="module")
def strings() -> list[tuple[str, str]]:
    return list(french_strings())


def test_every_french_string_writes_its_apostrophes_curly(strings, books):
    assert len(strings) > 1000  # the phone's, the hall's and the engines' French were all read
    straight = [(where, text) for where, text in strings
                if STRAIGHT_ELISION.search(text) and not quotes_a_book(text, books)]
    assert straight == []


def test_every_french_string_spaces_its_semicolons_question_and_exclamation_marks_and_guillemets(strings, books):
    glued = [(where, text) for where, text in strings if GLUED.search(text) and not quotes_a_book(text, books)]
    assert glued == []


def test_the_rule_book_quotes_are_left_as_the_books_print_them(books):
    # the Hexors book prints ' and the engine quotes it so: a sentence the checks above leave alone; the rule's own
    # short name, words of the companion's even where the book has them, is checked
    from companion.games.hexors import rules
    assert "jusqu'à ce qu'il y ait" in rules.BOOK[rules.TIE]
    assert quotes_a_book(rules.BOOK[rules.TIE], books) and len(books) > 80
    assert rules.BOOK[rules.ACTION_EFFECT].startswith("L'effet d'une action")
    assert not quotes_a_book("L'effet d'une action", books)


def test_the_elisions_made_for_a_name_use_the_curly_apostrophe():
    assert of_fr("Ada") == "d’Ada"
    assert of_fr("Bo") == "de Bo"
    assert elide_names_fr("C’est le tour de Ada, ce que Ada joue", ["Ada"]) == "C’est le tour d’Ada, ce qu’Ada joue"


def test_a_straight_elision_is_caught_and_english_is_not():
    assert STRAIGHT_ELISION.search("le tapis d'arène")
    assert STRAIGHT_ELISION.search("le tour d'{name}")
    assert not STRAIGHT_ELISION.search("le tapis d’arène")
    assert not STRAIGHT_ELISION.search("the player's turn: don't, can't, it's, o'clock, north of C's tile")
    assert GLUED.search("Duel: qui? «choix»") and not GLUED.search("Duel : qui ? « choix » à 12:30")


def test_the_printed_sheets_write_french_as_the_phone_does():
    """The printed sheets say « zone d’amorçage » as the phone does, and a « : » keeps its no-break space: the PDF's
    built-in fonts have no ’ in Latin-1, so the sheets are set in Windows-1252."""
    import pypdfium2

    from companion.games.tesseract.table_layout import table_layout
    from companion.tablevision.sheets import build_sheets
    from companion.tablevision.sheets.canvas import pdf_text

    assert pdf_text("le bord blanc ; collez ✓") == "le bord blanc\u00a0; collez ?"
    pdf = pypdfium2.PdfDocument(build_sheets(table_layout(), "A4").pdf)
    assert "zone d’amorçage" in pdf[0].get_textpage().get_text_range()
