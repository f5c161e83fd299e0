"""The Nexus: Nexus Cubes unfolded into square Terrain tiles on a grid, with their Portals.

Each tile is one space. Cells are ``(x, y)`` integer pairs, x growing east and
y growing south (the way a camera image is laid out). A cube's first tile is its
Starting Tile; its Portal stands on one side of that tile.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from companion.words import of_fr

Cell = tuple[int, int]

ORTHOGONAL: dict[str, Cell] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
DIAGONAL: dict[str, Cell] = {"NE": (1, -1), "SE": (1, 1), "SW": (-1, 1), "NW": (-1, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
TILES_PER_CUBE = 5
DEFAULT_TERRAIN = "plain"


class PlacementError(ValueError):
    """A cube that cannot be put where it was asked; ``rule`` is the verdict rule id."""

    def __init__(self, rule: str, en: str, fr: str) -> None:
        super().__init__(en)
        self.rule, self.en, self.fr = rule, en, fr


def step(cell: Cell, direction: str) -> Cell:
    dx, dy = ORTHOGONAL.get(direction) or DIAGONAL[direction]
    return (cell[0] + dx, cell[1] + dy)


def parse_cell(value: Any, what: str = "cell") -> Cell:
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ValueError(f"{what} must be [x, y] with integers, got {value!r}")
    return (value[0], value[1])


def _rotate(offset: Cell, direction: str) -> Cell:
    """Turn a shape offset written for a cube unfolding east so that it unfolds towards ``direction``."""
    dx, dy = offset
    return {"E": (dx, dy), "S": (-dy, dx), "W": (-dx, -dy), "N": (dy, -dx)}[direction]


@dataclass(frozen=True)
class Cube:
    """One player's unfolded Nexus Cube."""

    player: str
    tiles: tuple[Cell, ...]
    portal: str
    terrain: tuple[str, ...]

    @property
    def start(self) -> Cell:
        return self.tiles[0]

    @property
    def behind_portal(self) -> Cell:
        return step(self.start, self.portal)

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "tiles": [list(t) for t in self.tiles], "portal": self.portal,
                "terrain": list(self.terrain)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "Cube":
        return cls(str(data["player"]), tuple(parse_cell(t) for t in data["tiles"]), str(data["portal"]),
                   tuple(str(t) for t in data["terrain"]))


def cube_from_spec(player: str, spec: Mapping[str, Any], terrain: Sequence[str] | None = None) -> Cube:
    """Build a cube from a setup spec.

    Either ``tiles`` (explicit cells, Starting Tile first) or ``origin`` (the Starting
    Tile) with ``direction`` (where the cube unfolds, default "E") and an optional
    ``shape`` (five offsets written for an eastward unfolding, default a straight line).
    ``portal`` is the Starting Tile's side holding the Portal (default: the side
    facing away from the unfolding). ``terrain`` lists the five tiles' terrain types.
    """
    if not isinstance(spec, Mapping):
        raise ValueError("a cube must be an object with \"origin\" or \"tiles\"")
    direction = spec.get("direction", "E")
    if direction not in ORTHOGONAL:
        raise ValueError(f"cube direction must be one of N, E, S, W, got {direction!r}")
    if "tiles" in spec:
        if not isinstance(spec["tiles"], list):
            raise ValueError("cube \"tiles\" must be a list of [x, y]")
        tiles = tuple(parse_cell(t, "a cube tile") for t in spec["tiles"])
    else:
        origin = parse_cell(spec["origin"], "cube origin")
        shape = spec.get("shape") or [[i, 0] for i in range(TILES_PER_CUBE)]
        if not isinstance(shape, list):
            raise ValueError("cube \"shape\" must be a list of [dx, dy] offsets")
        offsets = [_rotate(parse_cell(o, "a shape offset"), direction) for o in shape]
        tiles = tuple((origin[0] + dx, origin[1] + dy) for dx, dy in offsets)
    portal = spec.get("portal", OPPOSITE[direction])
    if portal not in ORTHOGONAL:
        raise ValueError(f"cube portal side must be one of N, E, S, W, got {portal!r}")
    if terrain is None:
        terrain = spec.get("terrain", [DEFAULT_TERRAIN] * len(tiles))
    if not isinstance(terrain, (list, tuple)) or not all(isinstance(t, str) for t in terrain):
        raise ValueError("cube \"terrain\" must be a list of terrain names")
    cube = Cube(player, tiles, portal, tuple(terrain))
    check_shape(cube)
    return cube


def check_shape(cube: Cube) -> None:
    """A cube is five distinct, edge-connected tiles with its Portal facing away from its own tiles."""
    tiles = cube.tiles
    if len(tiles) != TILES_PER_CUBE or len(set(tiles)) != TILES_PER_CUBE:
        raise PlacementError("nk.setup.shape", f"{cube.player}'s cube must unfold to {TILES_PER_CUBE} distinct tiles",
                             f"Le cube {of_fr(cube.player)} doit se déployer en {TILES_PER_CUBE} tuiles distinctes")
    if len(cube.terrain) != TILES_PER_CUBE:
        raise ValueError(f"{cube.player}'s cube needs {TILES_PER_CUBE} terrain names, got {len(cube.terrain)}")
    reached, frontier = {tiles[0]}, [tiles[0]]
    while frontier:
        cell = frontier.pop()
        for d in ORTHOGONAL:
            n = step(cell, d)
            if n in tiles and n not in reached:
                reached.add(n)
                frontier.append(n)
    if len(reached) != TILES_PER_CUBE:
        raise PlacementError("nk.setup.shape", f"{cube.player}'s tiles are not joined edge to edge",
                             f"Les tuiles {of_fr(cube.player)} ne se touchent pas bord à bord")
    if cube.behind_portal in tiles:
        raise PlacementError("nk.setup.portal", f"{cube.player}'s Portal faces one of its own tiles",
                             f"La Porte {of_fr(cube.player)} fait face à l’une de ses propres tuiles")


def shared_edges(cells: Iterable[Cell], others: Iterable[Cell]) -> int:
    """How many tile edges the two groups of tiles have in common."""
    other_set = set(others)
    return sum(1 for c in cells for d in ("E", "S", "W", "N") if step(c, d) in other_set)


class Board:
    """The cubes in play, in the order they were unfolded."""

    def __init__(self, cubes: Iterable[Cube] = ()) -> None:
        self.cubes: list[Cube] = list(cubes)

    def owner(self) -> dict[Cell, tuple[str, int]]:
        return {t: (c.player, i) for c in self.cubes for i, t in enumerate(c.tiles)}

    @property
    def tiles(self) -> set[Cell]:
        return {t for c in self.cubes for t in c.tiles}

    def cube_of(self, player: str) -> Cube | None:
        return next((c for c in self.cubes if c.player == player), None)

    def terrain_at(self, cell: Cell) -> str | None:
        for c in self.cubes:
            if cell in c.tiles:
                return c.terrain[c.tiles.index(cell)]
        return None

    def portal_sides(self) -> dict[Cell, str]:
        """Starting Tile -> the side its Portal stands on, for every cube in play."""
        return {c.start: c.portal for c in self.cubes}

    def check_placement(self, cube: Cube, min_edges: int) -> None:
        """Raise PlacementError unless ``cube`` may join the cubes already in play."""
        check_shape(cube)
        tiles = self.tiles
        if tiles & set(cube.tiles):
            raise PlacementError("nk.setup.overlap", f"{cube.player}'s cube lies on tiles already in play",
                                 f"Le cube {of_fr(cube.player)} recouvre des tuiles déjà en jeu")
        if cube.behind_portal in tiles:
            raise PlacementError("nk.setup.portal", f"{cube.player}'s Portal would have a tile directly behind it",
                                 f"Une tuile se trouverait juste derrière la Porte {of_fr(cube.player)}")
        for other in self.cubes:
            if other.behind_portal in cube.tiles:
                raise PlacementError(
                    "nk.setup.portal", f"{cube.player}'s cube would put a tile directly behind {other.player}'s Portal",
                    f"Le cube {of_fr(cube.player)} placerait une tuile juste derrière la Porte {of_fr(other.player)}")
        if self.cubes:
            edges = shared_edges(cube.tiles, tiles)
            if edges < min_edges:
                raise PlacementError(
                    "nk.setup.edges",
                    f"{cube.player}'s cube touches the tiles in play along {edges} edge(s); "
                    f"it needs at least {min_edges}",
                    f"Le cube {of_fr(cube.player)} touche les tuiles en jeu par {edges} tranche(s) ; "
                    f"il en faut au moins {min_edges}")

    def place(self, cube: Cube, min_edges: int) -> None:
        self.check_placement(cube, min_edges)
        self.cubes.append(cube)

    def remove(self, player: str) -> Cube:
        cube = self.cube_of(player)
        if cube is None:
            raise KeyError(player)
        self.cubes.remove(cube)
        return cube

    def to_json(self) -> list[dict[str, Any]]:
        return [c.to_json() for c in self.cubes]

    @classmethod
    def from_json(cls, data: Iterable[Mapping[str, Any]]) -> "Board":
        return cls(Cube.from_json(c) for c in data)


def properly_connected(cubes: Sequence[Cube], min_edges: int) -> bool:
    """True when the cubes could have been unfolded one by one, each touching the others by ``min_edges``."""
    if len(cubes) <= 1:
        return True
    for first in cubes:
        grown, rest = list(first.tiles), [c for c in cubes if c is not first]
        progress = True
        while rest and progress:
            progress = False
            for c in rest:
                if shared_edges(c.tiles, grown) >= min_edges:
                    grown.extend(c.tiles)
                    rest.remove(c)
                    progress = True
                    break
        if not rest:
            return True
    return False


def cubes_to_reconnect(cubes: Sequence[Cube], min_edges: int) -> list[str]:
    """The fewest cubes to move so the rest stay properly connected (earlier-unfolded cubes are kept first)."""
    for size in range(len(cubes), 0, -1):
        for kept in itertools.combinations(cubes, size):
            if properly_connected(kept, min_edges):
                return [c.player for c in cubes if c not in kept]
    return [c.player for c in cubes]


def _side(vector: Cell) -> str:
    return next(name for name, v in ORTHOGONAL.items() if v == vector)


def suggest_placement(board: "Board", cube: Cube, min_edges: int, reach: int = 5) -> dict[str, Any] | None:
    """A legal spot for a detached cube, same shape in any rotation: most shared edges, then nearest its old place.

    Returned as a cube spec for the ``reconnect`` event; None when nothing fits.
    """
    tiles = board.tiles
    if not tiles:
        return None
    shape = [[x - cube.start[0], y - cube.start[1]] for x, y in cube.tiles]
    portal = ORTHOGONAL[cube.portal]
    xs, ys = [x for x, _ in tiles], [y for _, y in tiles]
    best, best_key = None, None
    for direction in ("E", "S", "W", "N"):
        side = _side(_rotate(portal, direction))
        offsets = [_rotate((dx, dy), direction) for dx, dy in shape]
        for x in range(min(xs) - reach, max(xs) + reach + 1):
            for y in range(min(ys) - reach, max(ys) + reach + 1):
                cells = [(x + dx, y + dy) for dx, dy in offsets]
                if tiles.intersection(cells):
                    continue
                edges = shared_edges(cells, tiles)
                key = (-edges, abs(x - cube.start[0]) + abs(y - cube.start[1]), "ESWN".index(direction), x, y)
                if edges < min_edges or (best_key is not None and key >= best_key):
                    continue
                spec = {"origin": [x, y], "direction": direction, "shape": shape, "portal": side}
                try:
                    board.check_placement(cube_from_spec(cube.player, spec, terrain=cube.terrain), min_edges)
                except PlacementError:
                    continue
                best, best_key = spec, key
    return best


def suggest_reconnection(board: "Board", players: Sequence[str], min_edges: int) -> list[dict[str, Any]] | None:
    """Suggested placements for the cubes to move, one after the other (the board is left unchanged)."""
    trial = Board(c for c in board.cubes if c.player not in players)
    specs = []
    for player in players:
        cube = board.cube_of(player)
        spec = suggest_placement(trial, cube, min_edges)
        if spec is None:
            return None
        trial.cubes.append(cube_from_spec(player, spec, terrain=cube.terrain))
        specs.append({"player": player, **spec})
    return specs
