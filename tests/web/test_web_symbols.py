"""Every symbol the pages draw is in a font Debian installs with Chromium (DejaVu Sans): a Raspberry Pi driving the
hall's screen has no emoji font, and Debian's Chromium drew the hall's 🏆 as an empty box."""

from __future__ import annotations

from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "web"


def is_emoji(char: str) -> bool:
    """A pictograph from the emoji planes (U+1F000 on), or the selector that asks for a symbol's emoji form."""
    return ord(char) >= 0x1F000 or char == "\ufe0f"


def test_no_page_draws_an_emoji():
    pages = [path for path in sorted(WEB.rglob("*")) if path.suffix in {".js", ".html", ".css", ".webmanifest", ".svg"}]
    assert len(pages) > 20  # the page's files were found (62 today): none read would find no emoji either
    found = [(path.relative_to(WEB).as_posix(), char) for path in pages
             for char in sorted(set(path.read_text(encoding="utf-8"))) if is_emoji(char)]
    assert found == []
