"""Places on the Nexus as players say them: "north-east onto the volcano", « vers le nord-est sur le volcan ».

The board's cells are grid pairs; players see tiles and their terrain, so every verdict names a place by its
terrain and the way there from where the keeper stood (the book gives keepers no facing, so the way is the
board's compass: N is up the drawing, as the phone draws it).
"""

from __future__ import annotations

from companion.words import of_fr

from .board import Board, Cell
from .texts import terrain_fr

TERRAINS_EN = {"plain": "the plain", "volcano": "the volcano", "ice": "the ice", "water": "the water",
               "mountain": "the mountain"}

_COMPASS = {(0, -1): "N", (1, -1): "NE", (1, 0): "E", (1, 1): "SE", (0, 1): "S", (-1, 1): "SW", (-1, 0): "W",
            (-1, -1): "NW"}
_WAY = {"en": {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south", "SW": "south-west",
               "W": "west", "NW": "north-west"},
        "fr": {"N": "vers le nord", "NE": "vers le nord-est", "E": "vers l’est", "SE": "vers le sud-est",
               "S": "vers le sud", "SW": "vers le sud-ouest", "W": "vers l’ouest", "NW": "vers le nord-ouest"}}


def terrain_words(terrain: str | None, lang: str) -> str:
    """ "the volcano" / « le volcan »; a terrain a setup made up keeps its own name."""
    if lang == "fr":
        return terrain_fr(terrain) if terrain else "une tuile"
    return TERRAINS_EN.get(terrain, f"the {terrain} terrain") if terrain else "a tile"


def tile_words(board: Board, cell: Cell, lang: str) -> str:
    """A tile by its terrain, or as a Starting Tile: "the ice", "Bo's Starting Tile" (« la Tuile de départ de Bo »)."""
    for cube in board.cubes:
        if cube.start == cell:
            return f"la Tuile de départ {of_fr(cube.player)}" if lang == "fr" else f"{cube.player}'s Starting Tile"
    return terrain_words(board.terrain_at(cell), lang)


def sign(v: int) -> int:
    return (v > 0) - (v < 0)


def way(frm: Cell, to: Cell, lang: str) -> str:
    """How far and which way: "north", "2 spaces east", "2 spaces east and 1 north" (French: « de 2 cases … »)."""
    dx, dy = to[0] - frm[0], to[1] - frm[1]
    if (dx, dy) == (0, 0):
        return "sur place" if lang == "fr" else "in place"
    if dx == 0 or dy == 0 or abs(dx) == abs(dy):
        n, ways = max(abs(dx), abs(dy)), [_COMPASS[(sign(dx), sign(dy))]]
        if n == 1:
            return _WAY[lang][ways[0]]
        return f"de {n} cases {_WAY[lang][ways[0]]}" if lang == "fr" else f"{n} spaces {_WAY[lang][ways[0]]}"
    across, down = _WAY[lang][_COMPASS[(sign(dx), 0)]], _WAY[lang][_COMPASS[(0, sign(dy))]]
    if lang == "fr":
        return f"de {abs(dx)} {'case' if abs(dx) == 1 else 'cases'} {across} et de {abs(dy)} {down}"
    return f"{abs(dx)} {'space' if abs(dx) == 1 else 'spaces'} {across} and {abs(dy)} {down}"


def onto(board: Board, frm: Cell, to: Cell, lang: str) -> str:
    """The way and where it ends: "north-east onto the volcano", « vers le nord-est sur le volcan »; a cell with no
    tile is "off the tiles"."""
    if to not in board.tiles:
        return f"{way(frm, to, lang)} {'hors des tuiles' if lang == 'fr' else 'off the tiles'}"
    return f"{way(frm, to, lang)} {'sur' if lang == 'fr' else 'onto'} {tile_words(board, to, lang)}"


VERBS = {"en": {"move": "moves", "jump": "jumps"}, "fr": {"move": "avance", "jump": "saute"}}
INFINITIVES = {"en": {"move": "move", "jump": "jump"}, "fr": {"move": "avancer", "jump": "sauter"}}


def step_words(kind: str, board: Board, frm: Cell, to: Cell, lang: str) -> str:
    """One move or jump: "moves north onto the volcano", « saute de 2 cases vers l'est sur la plaine »."""
    return f"{VERBS[lang][kind]} {onto(board, frm, to, lang)}"


_SIDE = {"en": {"N": "north", "NE": "north-east", "E": "east", "SE": "south-east", "S": "south", "SW": "south-west",
                "W": "west", "NW": "north-west"},
         "fr": {"N": "au nord", "NE": "au nord-est", "E": "à l’est", "SE": "au sud-est", "S": "au sud",
                "SW": "au sud-ouest", "W": "à l’ouest", "NW": "au nord-ouest"}}


def owned_tile_words(board: Board, cell: Cell, lang: str) -> str:
    """A tile with its cube's owner: "Bo's volcano", « le volcan de Bo », "Bo's Starting Tile"."""
    owner = board.owner().get(cell)
    if owner is None or owner[1] == 0:
        return tile_words(board, cell, lang)
    terrain = board.terrain_at(cell)
    if lang == "fr":
        return f"{terrain_words(terrain, 'fr')} {of_fr(owner[0])}"
    return f"{owner[0]}'s {terrain_words(terrain, 'en').removeprefix('the ')}"


def _of(words: str) -> str:
    """French « de » before a noun group: « du volcan », « de la glace », « de l'eau »."""
    return f"du {words[3:]}" if words.startswith("le ") else f"de {words}"


def placement_words(board: Board, spec: dict, lang: str) -> str:
    """Where a cube may go, from the tile in play nearest its Starting Tile: "A's cube unfolding east, its Starting
    Tile south of Bo's volcano" (« le cube d'A déployé vers l'est, sa Tuile de départ au sud du volcan de Bo »)."""
    origin = (spec["origin"][0], spec["origin"][1])
    player, unfold = spec["player"], _WAY[lang][spec["direction"]]
    near = min(board.tiles, key=lambda c: (abs(c[0] - origin[0]) + abs(c[1] - origin[1]), c), default=None)
    if near is None:
        return f"le cube {of_fr(player)} déployé {unfold}" if lang == "fr" else f"{player}'s cube unfolding {unfold}"
    dx, dy = origin[0] - near[0], origin[1] - near[1]
    side, n = _SIDE[lang][_COMPASS[(sign(dx), sign(dy))]], max(abs(dx), abs(dy))
    tile = owned_tile_words(board, near, lang)
    if lang == "fr":
        far = f"à {n} cases " if n > 1 else ""
        return f"le cube {of_fr(player)} déployé {unfold}, sa Tuile de départ {far}{side} {_of(tile)}"
    far = f"{n} spaces " if n > 1 else ""
    return f"{player}'s cube unfolding {unfold}, its Starting Tile {far}{side} of {tile}"
