"""A game's table layout as data: anchors at known places, zones, grids and which marker is which piece.

Everything is in millimetres on the printed mat, x growing to the right and y growing down the sheet (the way
it prints and the way a camera image is laid out). Layouts come from the games (``layouts.py``) or from a JSON
file; a file with a wrong key is refused at start, naming the key (``LayoutError``).

Each game's mat has anchor ids of its own (``layouts.mat_owners``), so a camera that sees another game's mat says
so instead of fitting a plane on it. Mats printed before that all carried anchors 0-3 (``FORMER_ANCHOR_IDS``): a
game's layout keeps them as ``former_anchors``, at the same places, so such a mat is still read for the game played.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Mapping, Sequence

from .dictionary import DEFAULT_DICTIONARY, DictionaryError, marker_count

Point = tuple[float, float]
#: The anchor ids every game's mat carried before each had its own (four corners, clockwise from top-left).
FORMER_ANCHOR_IDS = (0, 1, 2, 3)


class LayoutError(ValueError):
    """A layout that cannot be used; the message names the offending key."""


@dataclass(frozen=True)
class Anchor:
    """A marker printed at a known place: its centre and side in mm, upright on the sheet."""

    id: int
    centre: Point
    side: float

    def corners(self) -> list[Point]:
        """TL, TR, BR, BL in mm (OpenCV's corner order for an upright marker)."""
        h = self.side / 2
        x, y = self.centre
        return [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]


@dataclass(frozen=True)
class Zone:
    """A named area of the table: a polygon in mm. ``dice``: dice lying in it are read for the game."""

    name: str
    polygon: tuple[Point, ...]
    dice: bool = False
    label_en: str = ""
    label_fr: str = ""
    grid: str | None = None  # dice in this zone are also given a cell of this grid (confinement slots)

    @property
    def centre(self) -> Point:
        """The mean of the polygon's corners (the middle of the rectangles the mats use)."""
        n = len(self.polygon)
        return (sum(p[0] for p in self.polygon) / n, sum(p[1] for p in self.polygon) / n)


@dataclass(frozen=True)
class Grid:
    """Cells of a board. ``kind`` "square": ``cols`` x ``rows`` cells of ``cell`` mm from ``origin`` (the grid's
    top-left corner), cells named [col, row]. ``kind`` "hex": hexagons of ``cell`` mm from centre to corner,
    ``origin`` the centre of cell [0, 0]; ``orientation`` "pointy" (pointy-top, odd rows shifted half a cell
    right) or "flat" (flat-top, odd columns shifted half a cell up the sheet, as on the Hexors arena)."""

    name: str
    kind: str
    origin: Point
    cell: float
    cols: int
    rows: int
    orientation: str = "pointy"


def sticker_label(en: str, fr: str) -> str:
    """A sticker's printed name in both languages, as the sheets write everything ("Mystical Elf / Elfe Mystique"),
    once when they are the same ("Hexor 3")."""
    return en if en == fr else f"{en} / {fr}"


@dataclass(frozen=True)
class PieceMarker:
    """A marker stuck on a tile or piece. ``grid`` is the grid its cell is read on (None: zones only).
    The sticker's top edge faces the piece's front, so the marker's turn is the piece's facing.
    ``span``: the square cells the piece covers along its length, its sticker in its middle (a Nexus card: 2, its
    sticker on the edge between them); its cell is the first it covers (cells.covered_from).
    ``label``: what the sheets print beside the sticker, the piece as players call it ("Gaia the Fierce Knight / Gaïa
    le Chevalier Implacable"), since ``name`` is the id the camera and the game use ("" prints ``name``)."""

    id: int
    name: str
    kind: str
    side: float
    grid: str | None = None
    span: int = 1
    label: str = ""

    @property
    def printed_name(self) -> str:
        return self.label or self.name


@dataclass(frozen=True)
class TableLayout:
    name: str
    size: Point
    anchors: tuple[Anchor, ...]
    zones: tuple[Zone, ...] = ()
    grids: tuple[Grid, ...] = ()
    pieces: tuple[PieceMarker, ...] = ()
    dictionary: str = DEFAULT_DICTIONARY
    margin: float = 3.0  # mm: a piece closer than this to a cell or zone edge is reported uncertain
    dice_anywhere: bool = False  # True: every die on the mat is read; False: only dice in zones marked dice
    spots: bool = False  # True: coloured counters on the mat are found by their colour (spots.py)
    # the anchors a mat printed before each game's had its own carried (ids 0-3, same places); () for layout files
    former_anchors: tuple[Anchor, ...] = ()
    _by_id: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        by_id: dict[int, Anchor | PieceMarker] = {}
        for item in (*self.anchors, *self.pieces):
            if item.id in by_id:
                raise LayoutError(f"layout {self.name!r}: marker id {item.id} is used twice")
            by_id[item.id] = item
        self._by_id.update(by_id)
        grids = {g.name for g in self.grids}
        for what, item in [("pieces", p) for p in self.pieces] + [("zones", z) for z in self.zones]:
            if item.grid is not None and item.grid not in grids:
                raise LayoutError(f"layout {self.name!r}: {what}[{item.name}].grid {item.grid!r} is not a grid "
                                  f"of this layout ({', '.join(sorted(grids)) or 'none'})")
        kinds = {g.name: g.kind for g in self.grids}
        for piece in self.pieces:
            if piece.span != 1 and kinds.get(piece.grid) != "square":
                raise LayoutError(f"layout {self.name!r}: pieces[{piece.name}].span {piece.span} needs a square grid")
        if len(self.anchors) < 2:
            raise LayoutError(f"layout {self.name!r}: anchors needs at least two markers at known places")
        for former in self.former_anchors:
            if former.id in by_id:
                raise LayoutError(f"layout {self.name!r}: former anchor id {former.id} is also a marker of this mat")

    @property
    def anchor_ids(self) -> frozenset[int]:
        return frozenset(a.id for a in self.anchors)

    @property
    def former_ids(self) -> frozenset[int]:
        return frozenset(a.id for a in self.former_anchors)

    def as_printed(self, seen: set[int] | frozenset[int]) -> TableLayout:
        """The layout of the mat whose markers ids ``seen`` are: this one, or, when only its former anchors are in
        sight (a mat printed before each game's had its own), this one with those anchors in place of its own."""
        if not self.former_anchors or seen & self.anchor_ids or not seen & self.former_ids:
            return self
        return replace(self, anchors=self.former_anchors, former_anchors=(), _by_id={})

    @property
    def needs_plane(self) -> tuple[str, ...]:
        """What only the table plane gives on this mat, so players know what waits for its anchors: "pieces" placed
        by their markers, "counters" found by colour, "areas" (which of several dice zones a die lies in)."""
        needs = ("pieces",) if self.pieces else ()
        needs += ("counters",) if self.spots else ()
        return needs + (("areas",) if sum(z.dice for z in self.zones) > 1 else ())

    def marker(self, marker_id: int) -> Anchor | PieceMarker | None:
        return self._by_id.get(marker_id)

    def grid(self, name: str) -> Grid:
        return next(g for g in self.grids if g.name == name)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "size": list(self.size), "dictionary": self.dictionary, "margin": self.margin,
            "dice_anywhere": self.dice_anywhere, "spots": self.spots,
            "anchors": [{"id": a.id, "centre": list(a.centre), "side": a.side} for a in self.anchors],
            "zones": [{"name": z.name, "polygon": [list(p) for p in z.polygon], "dice": z.dice, "grid": z.grid,
                       "label": {"en": z.label_en or z.name, "fr": z.label_fr or z.label_en or z.name}}
                      for z in self.zones],
            "grids": [{"name": g.name, "kind": g.kind, "origin": list(g.origin), "cell": g.cell, "cols": g.cols,
                       "rows": g.rows, **({"orientation": g.orientation} if g.kind == "hex" else {})}
                      for g in self.grids],
            "pieces": [{"id": p.id, "name": p.name, "kind": p.kind, "side": p.side, "grid": p.grid,
                        **({"span": p.span} if p.span != 1 else {}), **({"label": p.label} if p.label else {})}
                       for p in self.pieces],
        }


# -- reading a layout from JSON, naming the key that is wrong ----------------------------------------------
def _get(data: Mapping[str, Any], key: str, where: str, kind, default: Any = ...) -> Any:
    if key not in data:
        if default is ...:
            raise LayoutError(f"{where}.{key} is missing")
        return default
    value = data[key]
    if kind is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise LayoutError(f"{where}.{key} must be a number, got {value!r}")
        return float(value)
    if kind is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise LayoutError(f"{where}.{key} must be an integer, got {value!r}")
        return value
    if not isinstance(value, kind):
        raise LayoutError(f"{where}.{key} must be a {kind.__name__}, got {value!r}")
    return value


def _objects(data: Mapping[str, Any], key: str, where: str, default: Any = ...) -> list[tuple[str, Mapping[str, Any]]]:
    """A list of objects under ``key``, each with where it stands (``layout.zones[2]``) for the errors it may raise."""
    items = []
    for i, item in enumerate(_get(data, key, where, list, default)):
        if not isinstance(item, Mapping):
            raise LayoutError(f"{where}.{key}[{i}] must be an object")
        items.append((f"{where}.{key}[{i}]", item))
    return items


def _point(value: Any, where: str) -> Point:
    if (not isinstance(value, (list, tuple)) or len(value) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)):
        raise LayoutError(f"{where} must be [x, y] in mm, got {value!r}")
    return (float(value[0]), float(value[1]))


def _positive(value: float, where: str) -> float:
    if not value > 0:
        raise LayoutError(f"{where} must be more than 0, got {value!r}")
    return value


def layout_from_json(data: Any, source: str = "layout") -> TableLayout:
    if not isinstance(data, Mapping):
        raise LayoutError(f"{source} must be a JSON object")
    known = {"name", "size", "dictionary", "margin", "dice_anywhere", "spots", "anchors", "zones", "grids", "pieces"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise LayoutError(f"{source}.{unknown[0]} is not a layout key (known: {', '.join(sorted(known))})")
    name = _get(data, "name", source, str)
    dictionary = _get(data, "dictionary", source, str, DEFAULT_DICTIONARY)
    try:
        ids = marker_count(dictionary)
    except DictionaryError as exc:
        raise LayoutError(f"{source}.dictionary: {exc}") from exc

    def marker_id(item: Mapping[str, Any], where: str) -> int:
        value = _get(item, "id", where, int)
        if not 0 <= value < ids:
            raise LayoutError(f"{where}.id {value} is not in {dictionary} (0-{ids - 1})")
        return value

    anchors = []
    for where, a in _objects(data, "anchors", source):
        anchors.append(Anchor(marker_id(a, where), _point(a.get("centre"), f"{where}.centre"),
                              _positive(_get(a, "side", where, float), f"{where}.side")))
    zones = []
    for where, z in _objects(data, "zones", source, []):
        polygon = _get(z, "polygon", where, list)
        if len(polygon) < 3:
            raise LayoutError(f"{where}.polygon needs at least three points")
        label = _get(z, "label", where, dict, {})
        zone_grid = z.get("grid")
        if zone_grid is not None and not isinstance(zone_grid, str):
            raise LayoutError(f"{where}.grid must be a grid's name or null")
        zones.append(Zone(_get(z, "name", where, str), tuple(_point(p, f"{where}.polygon[{k}]")
                                                              for k, p in enumerate(polygon)),
                          bool(_get(z, "dice", where, bool, False)), str(label.get("en", "")), str(label.get("fr", "")),
                          zone_grid))
    grids = []
    for where, g in _objects(data, "grids", source, []):
        kind = _get(g, "kind", where, str)
        if kind not in ("square", "hex"):
            raise LayoutError(f"{where}.kind must be \"square\" or \"hex\", got {kind!r}")
        cols, rows = _get(g, "cols", where, int), _get(g, "rows", where, int)
        if cols < 1 or rows < 1:
            raise LayoutError(f"{where}.cols and rows must be at least 1")
        orientation = _get(g, "orientation", where, str, "pointy")
        if orientation not in ("pointy", "flat"):
            raise LayoutError(f"{where}.orientation must be \"pointy\" or \"flat\", got {orientation!r}")
        grids.append(Grid(_get(g, "name", where, str), kind, _point(g.get("origin"), f"{where}.origin"),
                          _positive(_get(g, "cell", where, float), f"{where}.cell"), cols, rows, orientation))
    pieces = []
    for where, p in _objects(data, "pieces", source, []):
        grid = p.get("grid")
        if grid is not None and not isinstance(grid, str):
            raise LayoutError(f"{where}.grid must be a grid's name or null")
        span = _get(p, "span", where, int, 1)
        if span < 1:
            raise LayoutError(f"{where}.span must be at least 1, got {span}")
        pieces.append(PieceMarker(marker_id(p, where), _get(p, "name", where, str), _get(p, "kind", where, str),
                                  _positive(_get(p, "side", where, float), f"{where}.side"), grid, span,
                                  _get(p, "label", where, str, "")))
    try:
        return TableLayout(name=name, size=_point(data.get("size"), f"{source}.size"), anchors=tuple(anchors),
                           zones=tuple(zones), grids=tuple(grids), pieces=tuple(pieces), dictionary=dictionary,
                           margin=_get(data, "margin", source, float, 3.0),
                           dice_anywhere=_get(data, "dice_anywhere", source, bool, False),
                           spots=_get(data, "spots", source, bool, False))
    except LayoutError as exc:
        raise LayoutError(f"{source}: {exc}") from exc


def load_layout(path: str | Path) -> TableLayout:
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise LayoutError(f"layout file {path}: {exc.strerror or exc}") from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise LayoutError(f"layout file {path}: not valid JSON ({exc})") from exc
    return layout_from_json(data, source=str(path))


def rectangle(x: float, y: float, w: float, h: float) -> tuple[Point, ...]:
    return ((x, y), (x + w, y), (x + w, y + h), (x, y + h))


def corner_anchors(size: Point, side: float = 30.0, inset: float = 8.0, first_id: int = 0) -> tuple[Anchor, ...]:
    """Four anchors in the corners of a sheet: ids first_id.. clockwise from top-left."""
    w, h = size
    c = inset + side / 2
    centres: Sequence[Point] = ((c, c), (w - c, c), (w - c, h - c), (c, h - c))
    return tuple(Anchor(first_id + i, p, side) for i, p in enumerate(centres))
