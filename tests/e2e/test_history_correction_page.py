"""History on a 360 px phone says what a correction changed, from the dice it replaced that its entry keeps: a face
(« die 1: 6 → 4 »), a die taken out (« die 2: not a die »), a die added, a colour, not « Correction of entry 1 »
alone. Dice that cannot be matched one for one are said as set (« now red 1 »)."""

from __future__ import annotations

import pytest

from boardhelpers import open_page, wait
from browserhelpers import page_errors, pictures
from screens import language

pytestmark = pytest.mark.browser

HEADS = "return [...document.querySelectorAll('#history-list li .head')].map((e) => e.innerText.split('\\n')[1])"


def die(value, colour):
    return {"value": value, "color": colour}


def test_each_correction_says_what_it_changed(narrow_table, phone, screenshots):
    service, url = narrow_table
    service.table.new_game("free-roll", {}, [])
    service.table.submit({"type": "roll", "dice": [die(6, "red"), die(2, "blue"), die(3, "white")]})
    for version, dice in enumerate([[die(4, "red"), die(2, "blue"), die(3, "white")],
                                    [die(4, "red"), die(3, "white")],
                                    [die(4, "red"), die(3, "white"), die(5, "blue")],
                                    [die(4, "red"), die(3, "blue"), die(5, "blue")],
                                    [die(1, "red")]]):
        service.table.correct(0, dice, version=version)
    open_page(phone, url, "#/history")
    said = {}
    for lang in ("en", "fr"):
        language(phone, lang)
        said[lang] = wait(phone, lambda d: (lambda heads: heads if len(heads) == 6 else None)(d.execute_script(HEADS)),
                          message="History never showed every entry")[:5][::-1]  # the corrections, oldest first
    assert said["en"] == ["Correction of entry 1: die 1: 6\u00a0→\u00a04", "Correction of entry 1: die 2: not a die",
                          "Correction of entry 1: a die added: blue\u00a05",
                          "Correction of entry 1: die 2: white\u00a03\u00a0→\u00a0blue\u00a03",
                          "Correction of entry 1: now red\u00a01"], said["en"]
    assert said["fr"] == ["Correction de l’entrée 1\u00a0: dé 1\u00a0: 6\u00a0→\u00a04",
                          "Correction de l’entrée 1\u00a0: dé 2\u00a0: pas un dé",
                          "Correction de l’entrée 1\u00a0: un dé ajouté\u00a0: bleu\u00a05",
                          "Correction de l’entrée 1\u00a0: dé 2\u00a0: blanc\u00a03\u00a0→\u00a0bleu\u00a03",
                          "Correction de l’entrée 1\u00a0: désormais rouge\u00a01"], said["fr"]
    pictures(phone, screenshots, "history-correction-360")
    language(phone, "en")
    assert not page_errors(phone)
