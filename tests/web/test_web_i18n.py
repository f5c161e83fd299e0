"""Every word of the page exists in English and in French, and every key the page uses is defined."""

from __future__ import annotations

import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"


def language_keys(lang: str) -> set[str]:
    source = (WEB / "js" / "i18n.js").read_text(encoding="utf-8")
    block = re.search(rf"^  {lang}: \{{\n(.*?)^  \}},", source, re.S | re.M)
    assert block, f"no {lang} block in i18n.js"
    return set(re.findall(r'"([\w.]+)":', block.group(1)))


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


def test_every_key_the_page_uses_is_translated():
    missing = used_keys() - language_keys("en")
    assert missing == set()


def test_every_verdict_kind_has_a_label():
    from companion.core import VerdictKind

    assert {f"kind.{k.value}" for k in VerdictKind} <= language_keys("fr")
