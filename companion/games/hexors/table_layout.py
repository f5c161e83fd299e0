"""The Hexors arena the camera reads (A3 portrait, printed by ``companion sheets hexors``).

The book shows the starter mat only as a picture (docs/rules/hexors.md, choice A1): this mat is the default
arena, 7 columns a-g by 9 rows, flat-topped cells of 20 mm (centre to corner), row 1 at the bottom of the sheet
(the first player's end) and odd columns (b, d, f) half a cell further up, as ``arena.py`` has them. Each tile
carries an identification sticker in its middle — the book's « étiquettes d'identification des carreaux » — stuck
with its top edge towards the tile's hole, so the sticker's turn is the tile's facing. Stickers are named after
the example tiles' ids, and ``hexor-1`` .. ``hexor-16`` for other tiles (give them that "id" in the setup); the
sheets print each as the phone names it (``sticker_names``: "Mystical Elf / Elfe Mystique", "Hexor 3").
"""

from __future__ import annotations

import json
from importlib import resources

from companion.tablevision.layout import (Grid, PieceMarker, TableLayout, Zone, corner_anchors, rectangle,
                                         sticker_label)
from companion.words import plain_name

SIZE = (297.0, 420.0)
COLUMNS, ROWS = 7, 9
ARENA = Grid("arena", "hex", (58.5, 80.0), 20.0, COLUMNS, ROWS, orientation="flat")
STICKER = 16.0


def _example_tiles() -> list[dict]:
    text = resources.files(__package__).joinpath("data/example_tiles.json").read_text(encoding="utf-8")
    return json.loads(text)["tiles"]


def example_tile_ids() -> list[str]:
    return [t["id"] for t in _example_tiles()]


def sticker_names() -> dict[str, tuple[str, str]]:
    """Each sticker as players call what it is stuck on, before a game gives the tile its place: the example tile's
    name ("Gaia the Fierce Knight", not "example-gaia-the-fierce-knight"), a numbered Hexor ("Hexor 3")."""
    out = {t["id"]: (plain_name(t["name"]), plain_name(t.get("name_fr") or t["name"])) for t in _example_tiles()}
    out.update({f"hexor-{i}": (f"Hexor {i}", f"Hexor {i}") for i in range(1, 17)})
    return out


def table_layout() -> TableLayout:
    names = example_tile_ids() + [f"hexor-{i}" for i in range(1, 17)]
    labels = {sticker: sticker_label(en, fr) for sticker, (en, fr) in sticker_names().items()}
    pieces = tuple(PieceMarker(10 + i, name, "tile", STICKER, "arena", label=labels[name])
                   for i, name in enumerate(names))
    zones = (Zone("dice", rectangle(44, 380, 209, 34), dice=True, label_en="colour die", label_fr="dé de couleur"),)
    return TableLayout(name="hexors", size=SIZE, anchors=corner_anchors(SIZE, first_id=84), zones=zones, grids=(ARENA,),
                       pieces=pieces, former_anchors=corner_anchors(SIZE))


def cell_name(cell: list[int] | tuple[int, int], rows: int = ROWS) -> str:
    """The arena's name for the mat's [col, row from the top]: "d5"."""
    return f"{chr(ord('a') + int(cell[0]))}{rows - int(cell[1])}"


def mat_cell(name: str, rows: int = ROWS) -> tuple[int, int]:
    """The mat's [col, row from the top] of an arena cell name ("d1" lies at the bottom of the sheet): the inverse
    of ``cell_name``."""
    return ord(name[0]) - ord("a"), rows - int(name[1:])
