"""Every word of the page exists in English and in French, and every key the page uses is defined."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"


def _block(source: str, start: int) -> str:
    """The text between the brace at ``start`` and its matching closing brace."""
    depth = 0
    for i in range(start, len(source)):
        depth += {"{": 1, "}": -1}.get(source[i], 0)
        if depth == 0:
            return source[start + 1:i]
    raise AssertionError("unbalanced braces")


def file_keys(source: str, lang: str) -> set[str]:
    """Keys of every ``lang: { ... }`` block of a module: i18n.js's table and each view's addStrings()."""
    keys: set[str] = set()
    for match in re.finditer(rf"\b{lang}: \{{", source):
        keys |= set(re.findall(r'"([\w.]+)":', _block(source, match.end() - 1)))
    return keys


def language_keys(lang: str) -> set[str]:
    source = (WEB / "js" / "i18n.js").read_text(encoding="utf-8")
    block = re.search(rf"^  {lang}: \{{\n(.*?)^  \}},", source, re.S | re.M)
    assert block, f"no {lang} block in i18n.js"
    keys = set(re.findall(r'"([\w.]+)":', block.group(1)))
    for script in (WEB / "js").rglob("*.js"):
        text = script.read_text(encoding="utf-8")
        if "addStrings({" in text:
            keys |= file_keys(text[text.index("addStrings({"):], lang)
    return keys


def used_keys() -> set[str]:
    keys = set()
    html = (WEB / "index.html").read_text(encoding="utf-8")
    keys |= set(re.findall(r'data-i18n(?:-placeholder|-label)?="([\w.]+)"', html))
    for script in (WEB / "js").rglob("*.js"):
        keys |= set(re.findall(r'\bt\("([\w.]+)"', script.read_text(encoding="utf-8")))
    return keys


def test_english_and_french_have_the_same_words():
    english, french = language_keys("en"), language_keys("fr")
    assert len(english) > 100
    assert english - french == set(), "missing in French"
    assert french - english == set(), "missing in English"


def test_each_view_brings_its_words_in_both_languages():
    views = 0
    for script in (WEB / "js").rglob("*.js"):
        text = script.read_text(encoding="utf-8")
        if "addStrings({" not in text:
            continue
        text = text[text.index("addStrings({"):]
        assert file_keys(text, "en") == file_keys(text, "fr"), script.name
        assert file_keys(text, "en"), script.name
        views += 1
    assert views >= 10  # the views that bring words (18 in web/js): a search that finds none checks nothing


def test_every_key_the_page_uses_is_translated():
    used = used_keys()
    assert len(used) > 100  # the page uses some 500 keys: a search that finds none checks nothing
    missing = used - language_keys("en")
    assert missing == set()


def test_every_verdict_kind_has_a_label():
    from companion.core import VerdictKind

    assert {f"kind.{k.value}" for k in VerdictKind} <= language_keys("fr")


def test_the_history_words_live_in_the_language_table():
    """A History line's words (``entry.*``) are in i18n.js's own table, where the house keeps the phone's words, not
    brought by a view's addStrings()."""
    source = (WEB / "js" / "i18n.js").read_text(encoding="utf-8")
    table = source[:source.index("export const LANGUAGES")]
    for lang in ("en", "fr"):
        assert "entry.play_card.scientist" in file_keys(table, lang)
    for script in (WEB / "js").rglob("*.js"):
        text = script.read_text(encoding="utf-8")
        if "addStrings({" in text:
            brought = file_keys(text[text.index("addStrings({"):], "en")
            assert {k for k in brought if k.startswith("entry.")} == set(), script.name


def language_words(lang: str) -> dict[str, str]:
    """i18n.js's own table for ``lang``: key -> words."""
    source = (WEB / "js" / "i18n.js").read_text(encoding="utf-8")
    block = re.search(rf"^  {lang}: \{{\n(.*?)^  \}},", source, re.S | re.M)
    assert block, f"no {lang} block in i18n.js"
    return dict(re.findall(r'"([\w.]+)": "((?:[^"\\]|\\.)*)"', block.group(1)))


def test_english_writes_a_percentage_without_the_french_space():
    spaced = {key: words for key, words in language_words("en").items() if re.search(r"\d[ \u00a0\u202f]%", words)}
    assert spaced == {}


def test_the_printing_hint_warns_against_fit_to_page_as_the_command_does():
    """``companion sheets`` says "Print at actual size (100%, no 'fit to page')"; the phone's hint says it too."""
    assert "(100%, not “fit to page”)" in language_words("en")["settings.sheets_hint"]
    assert "(100 %, pas « ajuster à la page »)" in language_words("fr")["settings.sheets_hint"]
    for lang in ("en", "fr"):  # "100" never ends a line on a 360 px phone with "mm." starting the next
        assert language_words(lang)["settings.sheets_hint"].endswith("100\\u00a0mm."), lang
