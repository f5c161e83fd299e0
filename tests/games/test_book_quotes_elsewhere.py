"""Rules tests quote the rule books word for word, also where no game folder's check reads them: each « ... » in
the files below is in one of the rule books. (The game folders check their own files against their book; Nexus's
check reads its tests' “...” quotes, and its tests quote the book in « » too.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SEEDS = REPO.parent / "shared" / "seeds"
# files whose « » are rule-book sentences only (elsewhere « » may hold a phone's French words)
QUOTING = ["tests/games/test_available_actions.py", "tests/core/test_table_memory.py",
           "tests/capture/test_simulated_game.py", "tests/games/nexus/test_nexus_display.py",
           "tests/games/nexus/test_nexus_players.py", "tests/games/nexus/test_nexus_summary_size.py",
           "tests/games/nexus/test_nexus_table_camera.py"]


def plain(text: str) -> str:
    """Line breaks and runs of spaces count as one space, ’ as '."""
    return re.sub(r"\s+", " ", text.replace("’", "'")).strip()


def missing_quotes(text: str, books: list[str]) -> list[str]:
    """The quotes of ``text`` no book holds word for word ("..." or "…" marks words left out)."""
    missing = []
    for quote in re.findall(r"« (.+?) »", text, flags=re.S):
        parts = [p for p in (plain(part) for part in re.split(r"\.\.\.|…", plain(quote))) if p]
        if not any(all(part in book for part in parts) for book in books):
            missing.append(plain(quote))
    return missing


@pytest.fixture(scope="module")
def books() -> list[str]:
    found = [plain(path.read_text(encoding="utf-8")) for path in sorted(SEEDS.glob("0*.txt"))]
    assert len(found) == 5, SEEDS
    return found


@pytest.mark.parametrize("name", QUOTING)
def test_every_quote_is_in_a_rule_book_word_for_word(name, books):
    text = (REPO / name).read_text(encoding="utf-8")
    assert re.findall(r"« (.+?) »", text, flags=re.S)
    assert missing_quotes(text, books) == []


def test_a_quote_off_by_one_word_is_caught(books):
    assert missing_quotes("« Lors de la phase Action, effectuez 3 actions au choix. »", books) == []
    assert missing_quotes("« Lors de la phase Action, effectuez 4 actions au choix. »", books) == [
        "Lors de la phase Action, effectuez 4 actions au choix."]
