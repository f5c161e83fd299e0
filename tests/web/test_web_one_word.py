"""One thing said one way: the printed markers are « repères » in every French sentence the phone shows, and a
Nexus Keeper leaving the board "falls off the board" / « tombe du plateau », as both rule books say it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PHONE_WORDS = [*(ROOT / "web" / "js").rglob("*.js"), *(ROOT / "companion" / "web").rglob("*.py"),
               ROOT / "companion" / "tablevision" / "lens_watch.py",
               *(ROOT / "companion" / "tablevision" / "sheets").rglob("*.py")]  # the printed sheets' own words


def test_the_printed_markers_are_reperes_in_french():
    said = [f"{path.relative_to(ROOT)}: {line.strip()}" for path in PHONE_WORDS
            for line in path.read_text(encoding="utf-8").splitlines() if re.search(r"\bmarqueurs?\b", line)]
    assert said == []


def test_a_keeper_falls_off_the_board_in_the_books_words():
    """EN book: "When a Keeper is pushed off the board without passing through a portal, place him behind his
    original portal"; FR book: « Si un Keeper se trouve sur une tuile du Cube retiré, celui-ci tombe du plateau. »"""
    sources = [ROOT / "web" / "js" / "views" / "games" / "nk-strings.js",
               *(ROOT / "companion" / "games" / "nexus_keepers").glob("*.py")]
    english = [m.group(0) for p in sources for m in re.finditer(r"falls? off the \w+", p.read_text(encoding="utf-8"))]
    french = [m.group(0) for p in sources for m in re.finditer(r"tomb[eé] du \w+", p.read_text(encoding="utf-8"))]
    assert english and set(english) == {"falls off the board"}
    assert french and {w.split()[-1] for w in french} == {"plateau"}
