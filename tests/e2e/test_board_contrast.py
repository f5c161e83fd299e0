"""Every game's boards readable in light and in dark: the outlines of empty squares, cells, slots and spots stand out
from the board behind them by 3:1 or more (WCAG's figure for graphics), and no text on a board is drawn under 12 CSS
px on a 390-pixel phone. Each game's setup, board and game over are saved in both themes and both languages to
artifacts/screenshots/ (<game>-<screen>-<theme>-<language>.png)."""

from __future__ import annotations

import pytest

from boardhelpers import screenshot, unlock
from conftest import page_errors
from screens import CONTRAST_JS, OUTLINES, TEXT_SIZES_JS, language, show, start, theme

pytestmark = pytest.mark.browser
GAMES = ["nexus-keepers", "hexors", "tesseract", "nexus"]
# the events of the example game played before each screen: none (the setup wizard), its setup and first moves, all
SCREENS = {"setup": 0, "board": 1, "over": None}


@pytest.mark.parametrize("game", GAMES)
def test_board_outlines_and_text_are_readable_in_both_themes(quiet_table, phone, screenshots, game):
    service, url = quiet_table
    unlock(phone, url)
    measured, weak, small = 0, [], []
    try:
        for screen, events in SCREENS.items():
            start(service, game, events)
            show(phone, url)
            for scheme in ("light", "dark"):
                theme(phone, scheme)
                for lang in ("en", "fr"):
                    language(phone, lang)
                    screenshot(phone, screenshots, f"{game}-{screen}-{scheme}-{lang}")
                lines = phone.execute_script(CONTRAST_JS, OUTLINES[game])
                measured += len(lines)
                weak += [(screen, scheme, *line) for line in lines if line[2] < 3]
                if scheme == "dark":
                    sizes = phone.execute_script(TEXT_SIZES_JS)
                    small += [(screen, text, round(px, 1)) for text, px in sizes if px < 11.95]
    finally:
        theme(phone, "dark")
        language(phone, "en")
    assert measured, f"no outline of {game}'s board ({OUTLINES[game]}) was found to measure"
    assert not weak, f"outlines under 3:1 against their board: {weak[:6]}"
    assert not small, f"text on {game}'s board under 12 CSS px: {small[:10]}"
    assert not page_errors(phone)
