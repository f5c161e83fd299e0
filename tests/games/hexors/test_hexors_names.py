"""The tiles' French names (issue 53): on the French page, in the verdicts and the summary, a tile is called by
the French cards' name (docs/rules/hexors.md); English stays English."""

from __future__ import annotations

import json
from pathlib import Path

from companion.games.hexors.table_layout import sticker_names
from companion.games.hexors.tiles import TileDef, example_tiles
from companion.referee import create_game

COLOURS = ["red", "orange", "yellow", "green", "blue", "purple"]
EXAMPLES = Path(__file__).resolve().parents[3] / "docs" / "rules" / "examples"
ENGLISH_ONLY = ("Gaia the Fierce Knight", "Thousand Dragon", "Dark Magician", "Blue-Eyes White Dragon",
                "Celtic Guardian", "Saggi the Dark Clown", "Mystical Elf", "example tile")


def played(example: str):
    engine = create_game("hexors")
    verdicts = [v for line in (EXAMPLES / example).read_text(encoding="utf-8").splitlines()
                for v in engine.apply(json.loads(line))]
    return engine, verdicts


def test_every_example_tile_has_a_french_name_the_book_s_two_english_ones_too():
    """« Par exemple : *Gaia the Fierce Knight* (contrôlé par Yugi) entre en contact avec le carreau *Thousand
    Dragon* de Kaiba » — the French book's worked example prints these two in English; the French page calls them
    as the French cards do, like every other tile. The engine's ids stay."""
    tiles = example_tiles(COLOURS)
    french = {tid: tile.named("fr") for tid, tile in tiles.items()}
    assert french["example-gaia-the-fierce-knight"] == "Gaïa le Chevalier Implacable (carreau d’exemple)"
    assert french["example-thousand-dragon"] == "Dragon Millénaire (carreau d’exemple)"
    assert french["example-dark-magician"] == "Magicien Sombre (carreau d’exemple)"
    assert [tid for tid, name in french.items() if any(word in name for word in ENGLISH_ONLY)] == []
    assert {tid: tile.named("en") for tid, tile in tiles.items()}["example-dark-magician"] == \
        "Dark Magician (example tile)"


def test_the_french_verdicts_call_the_tiles_by_their_french_names():
    _engine, verdicts = played("hexors-beginner-win.jsonl")
    french = " ".join(v.message.fr for v in verdicts)
    english = " ".join(v.message.en for v in verdicts)
    assert "Magicien Sombre" in french and "Dark Magician" in english
    assert [name for name in ENGLISH_ONLY if name in french] == []


def test_the_summary_names_each_tile_in_both_languages():
    engine, _ = played("hexors-beginner-win.jsonl")
    summary = engine.summary()
    assert summary["labels"]["magician"] == {"en": "Dark Magician", "fr": "Magicien Sombre"}
    drawn = {t["id"]: (t["name"], t["name_fr"]) for t in summary["tiles"]}
    assert drawn["magician"] == ("Dark Magician (example tile)", "Magicien Sombre (carreau d’exemple)")
    choices = create_game("hexors").summary()["setup"]["tiles"]
    assert {t["id"]: t["name_fr"] for t in choices}["example-celtic-guardian"] == "Gardien Celte (carreau d’exemple)"


def test_a_typed_tile_with_one_name_keeps_it_in_french():
    """Real tiles are typed in the same format: "name_fr" is optional."""
    faces = [{"value": v, "colour": c} for v, c in zip(range(1, 7), COLOURS)]
    tile = {"id": "mine", "kind": "monster", "name": "Red-Eyes", "element": "red", "faces": faces}
    typed = TileDef.from_json(tile, COLOURS)
    assert (typed.named("en"), typed.named("fr")) == ("Red-Eyes", "Red-Eyes")
    assert TileDef.from_json({**tile, "name_fr": "Yeux Rouges"}, COLOURS).named("fr") == "Yeux Rouges"


def test_the_camera_names_stickers_in_french_before_the_setup():
    assert sticker_names()["example-mystical-elf"] == ("Mystical Elf", "Elfe Mystique")
    assert sticker_names()["example-thousand-dragon"] == ("Thousand Dragon", "Dragon Millénaire")
