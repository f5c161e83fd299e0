"""The Nexus Keepers mat the camera reads (A3 landscape, printed by ``companion sheets nexus-keepers``).

A grid of 40 mm cells where the Nexus Cubes unfold (the book: « déploie son cube Nexus sur l'espace de jeu »),
and a dice area below it. Every terrain tile carries a sticker in its middle; the Starting Tile's sticker is stuck
with its top edge towards the Portal, so the camera reads the Portal's side from the sticker's turn. Each keeper
carries its sticker on top of its base. A keeper standing on a tile hides that tile's sticker: the tile is then
reported covered (occluded), never gone.
"""

from __future__ import annotations

from companion.tablevision.layout import (Grid, PieceMarker, TableLayout, Zone, corner_anchors, rectangle,
                                         sticker_label)

SIZE = (420.0, 297.0)
MAX_PLAYERS = 4
TILES = 5
GRID = Grid("nexus", "square", (50.0, 14.0), 40.0, 8, 5)
TILE_SIDE, KEEPER_SIDE = 16.0, 14.0


def tile_id(player: int, tile: int) -> int:
    """Marker id of player ``player``'s (1-4) tile ``tile`` (1 is the Starting Tile)."""
    return 10 + TILES * (player - 1) + (tile - 1)


def keeper_id(player: int) -> int:
    return 30 + (player - 1)


def table_layout() -> TableLayout:
    # printed as the phone names them before the setup (camera.camera_names), never "tile-1-2"
    pieces = [PieceMarker(tile_id(p, t), f"tile-{p}-{t}", "tile", TILE_SIDE, "nexus",
                          label=sticker_label(f"Player {p}'s tile {t}", f"Tuile {t} du joueur {p}"))
              for p in range(1, MAX_PLAYERS + 1) for t in range(1, TILES + 1)]
    pieces += [PieceMarker(keeper_id(p), f"keeper-{p}", "keeper", KEEPER_SIDE, "nexus",
                           label=sticker_label(f"Player {p}'s keeper", f"Gardien du joueur {p}"))
               for p in range(1, MAX_PLAYERS + 1)]
    zones = (Zone("dice", rectangle(46, 226, 328, 62), dice=True, label_en="dice", label_fr="dés"),)
    return TableLayout(name="nexus-keepers", size=SIZE, anchors=corner_anchors(SIZE, first_id=88), zones=zones,
                       grids=(GRID,), pieces=tuple(pieces), former_anchors=corner_anchors(SIZE))
