"""The Nexus mat the camera reads (A3 landscape, printed by ``companion sheets nexus``).

The book's cards are 2:1 and lie on a half-card grid; this mat prints that grid for cards of 80 x 40 mm (a layout
file gives other sizes), 9 x 6 half-card cells, with small anchors in its corners. The first card is laid
« face up in the middle »: its top-left half on cell ``ORIGIN`` = board (0, 0). Each card carries a sticker in its
middle, its top edge towards the card's top as the deck file draws it (rotation 0), so the sticker's turn is the
card's rotation. Stickers are named after the example deck's card ids and print the cards' names. Counters carry
no sticker: they are found by their colour (``spots=True``), so use counters of strong colours, as the setup's
player colours name them.
"""

from __future__ import annotations

from companion.tablevision.layout import Grid, PieceMarker, TableLayout, corner_anchors, sticker_label

SIZE = (420.0, 297.0)
HALF_CARD = 40.0
GRID = Grid("cards", "square", (30.0, 28.5), HALF_CARD, 9, 6)
ORIGIN = (4, 2)  # the mat cell of board (0, 0)
STICKER = 16.0


def table_layout() -> TableLayout:
    from .cards import card_name, example_deck  # the names the phone gives the example cards ("Fork", "Fourche")

    pieces = tuple(PieceMarker(10 + i, card.id, "card", STICKER, "cards", span=2,
                               label=sticker_label(card_name(card), card_name(card, "fr")))
                   for i, card in enumerate(example_deck()))
    return TableLayout(name="nexus", size=SIZE, anchors=corner_anchors(SIZE, side=20.0, first_id=80), grids=(GRID,),
                       pieces=pieces, spots=True, former_anchors=corner_anchors(SIZE, side=20.0))
