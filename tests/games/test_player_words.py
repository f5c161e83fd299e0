"""Names, never ids (issue 53): every text a phone shows from a game's summary — in English and in French, at every
step of each example game — and what the camera's board is called, before and after the setup, are in players'
words: no card, tile or sticker id ("ex-cross-1", "example-gaia-the-fierce-knight", "tile-1-1", "keeper-2"), no
config section ("[vision]") and no snake_case name."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.referee import available_games, create_game

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "rules" / "examples"
INTERNAL = re.compile(r"\bexample-[a-z]|\bex-[a-z]+-\d|\btile-\d+-\d+|\bkeeper-\d|\bhexor-\d"
                      r"|\[[a-z_]+\]|\b[a-z]+_[a-z_]+\b")


def game_of(example: Path) -> str:
    return max((g for g in available_games() if example.stem.startswith(g + "-")), key=len)


def words(value, found=None):
    """Every text meant for players in a summary: each {"en", "fr"} pair, verdicts' messages, names and labels."""
    found = [] if found is None else found
    if isinstance(value, dict):
        if isinstance(value.get("en"), str) and isinstance(value.get("fr"), str):
            found += [value["en"], value["fr"]]
        for key in ("message", "message_fr"):
            if isinstance(value.get(key), str):
                found.append(value[key])
        for key, inner in value.items():
            if key in ("labels", "action_labels") and isinstance(inner, dict):
                found += [v for v in inner.values() if isinstance(v, str)]
            words(inner, found)
    elif isinstance(value, list):
        for inner in value:
            words(inner, found)
    return found


def test_the_pattern_catches_what_the_issue_saw():
    for seen in ("ex-cross-1", "example-gaia-the-fierce-knight cannot stand there", "tile-1-1 [1, 1]", "keeper-2",
                 "0: the table's setting ([vision] emblem_face)", "'all_values'", "until_disarmed"):
        assert INTERNAL.search(seen), seen
    for fine in ("Double croix en (0, 0)", "Ann's tile 2 at (1, 1)", "Gaia the Fierce Knight on c1", "l’équipe"):
        assert not INTERNAL.search(fine), fine


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.jsonl")))
def test_every_summary_text_of_an_example_game_is_in_players_words(name):
    engine = create_game(game_of(EXAMPLES / name), {})
    shown = words(engine.summary())
    for line in (EXAMPLES / name).read_text(encoding="utf-8").splitlines():
        engine.apply(json.loads(line))
        shown += words(engine.summary())
    assert shown
    assert sorted({text for text in shown if INTERNAL.search(text)}) == []


@pytest.mark.parametrize("game, stickers", [
    ("nexus-keepers", {"tile-1-1": {"cell": [1, 1]}, "keeper-2": {"cell": [3, 2]}}),
    ("hexors", {"example-gaia-the-fierce-knight": {"cell": [2, 8]}, "hexor-3": {"cell": None}}),
    ("nexus", {"ex-cross-2": {"cell": [1, 1], "kind": "card"}}),
])
def test_the_camera_s_board_is_named_before_the_setup_too(game, stickers):
    """Before a game is set up, every sticker the camera sees has a name in words (not "tile-1-1 [1, 1]")."""
    names = create_game(game, {}).camera_names(stickers)
    assert set(names) == set(stickers)
    for text in names.values():
        assert not INTERNAL.search(text.en) and not INTERNAL.search(text.fr), text
    if game == "nexus-keepers":
        assert names["tile-1-1"].en == "player 1's tile 1"  # no board yet: no tile to stand on
        assert names["keeper-2"].fr == "gardien du joueur 2"
    if game == "nexus":
        assert (names["ex-cross-2"].en, names["ex-cross-2"].fr) == ("Double cross", "Double croix")


@pytest.mark.parametrize("game", sorted(available_games()))
def test_every_option_the_phone_shows_is_explained_without_config_names(game):
    """Every option the phone's form shows (lists and maps stay in the expert drawer) is explained in players'
    words: no config name such as "([vision] emblem_face)", no quoted value such as 'all_values'."""
    specs = type(create_game(game, {})).option_specs()
    shown = {key: spec.doc for key, spec in specs.items() if not isinstance(spec.default, (list, dict))}
    assert shown
    assert {key: doc for key, doc in shown.items() if INTERNAL.search(doc) or re.search(r"'\w+'", doc)} == {}
