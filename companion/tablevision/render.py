"""Rendered tables: a game's printed mat with its anchors, tiles and pieces with their stickers, and dice, seen by
a pinhole camera at a given height and tilt, with lighting, blur, sensor noise and a hand passing over; cups,
phones and other things lying on the mat are drawn by things.py.

Why: there are no real photographs of this product's own mats, so rendered frames are what the cell tests, the
benchmark (``benchmarks/table.py``) and the simulated camera are made of; the truth of every piece comes with them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from companion.vision.render import RenderedDie, draw_die, random_background, random_die_spec

from .cells import cell_centre, hex_corners, hexagon
from .dictionary import marker_image, marker_dictionary
from .layout import Grid, PieceMarker, TableLayout
from .things import draw_things

TILE_SCALE = 0.9  # a tile is this much of its cell: the play a real tile has before it touches its neighbours
TILE_COLOURS = ((70, 140, 90), (60, 110, 170), (150, 120, 60), (120, 90, 150), (80, 160, 180))


@dataclass(frozen=True)
class CameraPose:
    """A camera above the mat's centre: lens height (mm), tilt from straight down (degrees, the camera
    leaning towards the mat's bottom edge), yaw of the mat in the picture, horizontal field of view, picture size."""

    height: float = 480.0
    tilt: float = 0.0
    yaw: float = 0.0
    hfov: float = 53.0
    size: tuple[int, int] = (1280, 960)

    def homography(self, centre: tuple[float, float]) -> np.ndarray:
        """mm on the table → image pixels."""
        w, h = self.size
        f = (w / 2) / math.tan(math.radians(self.hfov) / 2)
        k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1]])
        t, y = math.radians(self.tilt), math.radians(self.yaw)
        rx = np.array([[1, 0, 0], [0, math.cos(t), -math.sin(t)], [0, math.sin(t), math.cos(t)]])
        rz = np.array([[math.cos(y), -math.sin(y), 0], [math.sin(y), math.cos(y), 0], [0, 0, 1]])
        r = rz @ rx  # world (x right, y down the sheet, z into the table) → camera
        axis = r.T @ np.array([0.0, 0.0, 1.0])  # the optical axis in world coordinates
        distance = self.height / axis[2]
        position = np.array([centre[0], centre[1], 0.0]) - distance * axis
        tvec = -r @ position
        return k @ np.column_stack([r[:, 0], r[:, 1], tvec])


@dataclass(frozen=True)
class PiecePlacement:
    """Where a piece lies: centre in mm and its turn (degrees clockwise from the sheet's top)."""

    marker: PieceMarker
    mm: tuple[float, float]
    angle: float = 0.0


@dataclass(frozen=True)
class DiePlacement:
    mm: tuple[float, float]
    value: int
    color: str
    size_mm: float = 16.0
    body: tuple[int, int, int] | None = None  # its BGR instead of ``color``'s: a die the colour of a phone's screen


@dataclass(frozen=True)
class PrintedMat:
    """A mat as ``companion sheets`` prints it, rasterised: the mat (BGR, its whole size) and each sticker cut along
    its printed line ({id: (square BGR picture, its side in mm)})."""

    mat: np.ndarray
    stickers: dict


def printed_mat(layout: TableLayout, px_per_mm: float = 5.0, paper: str = "A3") -> PrintedMat:
    """Rasterise the layout's own PDF (pypdfium2, a dev dependency): the one-page mat and the stickers."""
    import pypdfium2 as pdfium

    from .sheets import build_sheets

    sheets = build_sheets(layout, paper)
    if sheets.mat_grid != (1, 1):
        raise ValueError(f"{layout.name} does not fit one {paper} page")
    doc = pdfium.PdfDocument(sheets.pdf)
    pages = {}

    def page(i: int) -> np.ndarray:
        if i not in pages:
            rgb = doc[i].render(scale=px_per_mm * 25.4 / 72).to_numpy()[..., :3]
            pages[i] = np.ascontiguousarray(rgb[..., ::-1])
        return pages[i]

    tile = sheets.mat_pages[0]
    (x0, y0), (x1, y1) = tile.to_page((0.0, 0.0)), tile.to_page(layout.size)
    mat = page(tile.page)[int(round(y0 * px_per_mm)):int(round(y1 * px_per_mm)),
                          int(round(x0 * px_per_mm)):int(round(x1 * px_per_mm))]
    stickers = {}
    for m in sheets.markers:
        if m.cut:
            a, b = int(round((m.x - m.cut) * px_per_mm)), int(round((m.y - m.cut) * px_per_mm))
            n = int(round((m.side + 2 * m.cut) * px_per_mm))
            stickers[m.id] = (page(m.page)[b:b + n, a:a + n].copy(), m.side + 2 * m.cut)
    return PrintedMat(mat.copy(), stickers)


@dataclass
class RenderedTable:
    image: np.ndarray
    to_image: np.ndarray  # mm → pixels
    pieces: tuple[PiecePlacement, ...]
    dice: tuple[RenderedDie, ...]
    hand: bool = False
    hidden: frozenset[int] = field(default_factory=frozenset)  # marker ids the hand covers

    def pixels(self, mm) -> np.ndarray:
        return cv2.perspectiveTransform(np.asarray(mm, np.float64).reshape(-1, 1, 2), self.to_image).reshape(-1, 2)


def _paste_marker(img: np.ndarray, dictionary, marker_id: int, centre_px, side_px: float, angle: float,
                  quiet: float = 0.25) -> None:
    """A marker with a white quiet zone, turned by ``angle`` degrees clockwise, drawn on ``img`` in place."""
    n = 300
    marker = marker_image(dictionary, marker_id, n)
    pad = int(n * quiet)
    tile = cv2.copyMakeBorder(marker, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=255)
    _paste_tile(img, tile, centre_px, side_px / n, angle)


def _paste_tile(img: np.ndarray, tile: np.ndarray, centre_px, scale: float, angle: float) -> None:
    """A square picture (grey or BGR) scaled by ``scale``, turned ``angle`` degrees clockwise, centred on
    ``centre_px`` of ``img``, in place."""
    size = tile.shape[0]
    reach = int(math.ceil(size * scale * 0.75)) + 2  # half the turned tile's diagonal, and a little more
    h, w = img.shape[:2]
    x0, y0 = max(0, int(centre_px[0]) - reach), max(0, int(centre_px[1]) - reach)
    x1, y1 = min(w, int(centre_px[0]) + reach + 1), min(h, int(centre_px[1]) + reach + 1)
    if x0 >= x1 or y0 >= y1:
        return
    c = (size / 2, size / 2)
    m = cv2.getRotationMatrix2D(c, -angle, scale)
    m[:, 2] += np.array(centre_px) - np.array(c) - np.array([x0, y0])
    roi = (x1 - x0, y1 - y0)
    warped = cv2.warpAffine(tile, m, roi, flags=cv2.INTER_AREA, borderValue=0)
    mask = cv2.warpAffine(np.full((size, size), 255, np.uint8), m, roi, flags=cv2.INTER_NEAREST, borderValue=0)
    region = img[y0:y1, x0:x1]
    region[mask > 0] = warped[mask > 0] if warped.ndim == 3 else warped[mask > 0, None]


def draw_mat(layout: TableLayout, px_per_mm: float, paper=(238, 240, 236)) -> np.ndarray:
    """The printed mat seen from straight above: paper, zones, grids and anchors."""
    w, h = (int(round(v * px_per_mm)) for v in layout.size)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = paper
    s = px_per_mm
    for zone in layout.zones:
        pts = np.round(np.asarray(zone.polygon) * s).astype(np.int32)
        cv2.polylines(img, [pts], True, (120, 120, 120), max(1, int(s * 0.6)), cv2.LINE_AA)
        x, y = pts.min(axis=0)
        cv2.putText(img, zone.label_en or zone.name, (int(x + 2 * s), int(y + 5 * s)), cv2.FONT_HERSHEY_SIMPLEX,
                    0.12 * s, (110, 110, 110), 1, cv2.LINE_AA)
    for grid in layout.grids:
        _draw_grid(img, grid, s)
    dictionary = marker_dictionary(layout.dictionary)
    for a in layout.anchors:
        _paste_marker(img, dictionary, a.id, (a.centre[0] * s, a.centre[1] * s), a.side * s, 0.0)
    return img


def _draw_grid(img: np.ndarray, grid: Grid, s: float) -> None:
    colour, width = (150, 150, 150), max(1, int(s * 0.4))
    for col in range(grid.cols):
        for row in range(grid.rows):
            cx, cy = cell_centre(grid, (col, row))
            if grid.kind == "hex":
                pts = hex_corners(grid, (col, row))
            else:
                half = grid.cell / 2
                pts = [(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half), (cx - half, cy + half)]
            cv2.polylines(img, [np.round(np.asarray(pts) * s).astype(np.int32)], True, colour, width, cv2.LINE_AA)


def draw_pieces(img: np.ndarray, layout: TableLayout, pieces, px_per_mm: float, rng: np.random.Generator,
                stickers=None) -> None:
    """Tiles as coloured squares or hexagons with their sticker in the middle; other pieces as discs with the
    sticker on top (what the game layouts ask players to do)."""
    dictionary = marker_dictionary(layout.dictionary)
    s = px_per_mm
    for p in pieces:
        grid = layout.grid(p.marker.grid) if p.marker.grid else None
        colour = TILE_COLOURS[int(rng.integers(len(TILE_COLOURS)))]
        cx, cy = p.mm[0] * s, p.mm[1] * s
        if p.marker.kind in ("tile", "card") and grid is not None:
            body = _card_outline(grid, p, s) if p.marker.kind == "card" else _tile_outline(grid, p, s)
            cv2.fillPoly(img, [body], (235, 235, 230) if p.marker.kind == "card" else colour, cv2.LINE_AA)
            cv2.polylines(img, [body], True, (40, 40, 40), max(1, int(s * 0.5)), cv2.LINE_AA)
        else:
            cv2.circle(img, (int(cx), int(cy)), int(p.marker.side * 0.75 * s), colour, -1, cv2.LINE_AA)
        if stickers and p.marker.id in stickers:  # the sticker as printed, cut along its line
            tile, side_mm = stickers[p.marker.id]
            _paste_tile(img, tile, (cx, cy), side_mm * s / tile.shape[0], p.angle)
        else:
            _paste_marker(img, dictionary, p.marker.id, (cx, cy), p.marker.side * s, p.angle)


def _turned_rectangle(p: PiecePlacement, half_w: float, half_h: float, s: float) -> np.ndarray:
    """A rectangle centred on the piece's sticker and turned with it, in mat pixels."""
    a = math.radians(p.angle)
    corners = [(-half_w, -half_h), (half_w, -half_h), (half_w, half_h), (-half_w, half_h)]
    pts = [(p.mm[0] + x * math.cos(a) - y * math.sin(a), p.mm[1] + x * math.sin(a) + y * math.cos(a))
           for x, y in corners]
    return np.round(np.asarray(pts) * s).astype(np.int32)


def _card_outline(grid: Grid, p: PiecePlacement, s: float) -> np.ndarray:
    """A 2:1 card two cells long around its centred sticker, its length along the sticker's left-right."""
    return _turned_rectangle(p, grid.cell * 0.97, grid.cell * 0.485, s)


def _tile_outline(grid: Grid, p: PiecePlacement, s: float) -> np.ndarray:
    """The tile around its centred sticker: a hexagon the grid's way up, or a square turned with it."""
    if grid.kind == "hex":
        pts = hexagon(p.mm, grid.cell * TILE_SCALE, grid.orientation == "flat")
        return np.round(np.asarray(pts) * s).astype(np.int32)
    half = grid.cell * TILE_SCALE / 2
    return _turned_rectangle(p, half, half, s)


def render_table(layout: TableLayout, pieces, dice, pose: CameraPose, rng: np.random.Generator,
                 hand: bool = False, blur: float | None = None, noise: float | None = None,
                 px_per_mm: float = 4.0, light: float | None = None, look: int | None = None,
                 discs=(), things=(), printed=None, lens: tuple[float, float] | None = None) -> RenderedTable:
    """One camera frame of the mat with ``pieces`` and ``dice``; the truth comes back with it.

    ``look`` seeds what stays put from frame to frame (the table, tile colours, the light, the dice's faces
    and turns): frames of one ``look`` differ only by sensor noise and the hand, as a still table does. None:
    a new look drawn from ``rng``. ``things``: cups, phones and hands lying on the mat (``Thing``), under the dice.
    ``printed``: the mat and stickers as the PDF prints them (``PrintedMat``) instead of drawn ones; ``lens``: radial
    k1, k2 (lens.py's) the picture is bent by, last (the truth's pixels are then the undistorted ones)."""
    scene = np.random.default_rng(int(rng.integers(2**31)) if look is None else look)
    if printed is not None:
        mat = cv2.resize(printed.mat, (int(round(layout.size[0] * px_per_mm)), int(round(layout.size[1] * px_per_mm))),
                         interpolation=cv2.INTER_AREA)
    else:
        mat = draw_mat(layout, px_per_mm)
    draw_pieces(mat, layout, pieces, px_per_mm, scene, printed.stickers if printed is not None else None)
    for mm, bgr, radius in discs:  # counters with no sticker: (centre mm, BGR colour, radius mm)
        cv2.circle(mat, (int(mm[0] * px_per_mm), int(mm[1] * px_per_mm)), int(radius * px_per_mm), bgr, -1, cv2.LINE_AA)
    draw_things(mat, things, px_per_mm, scene)
    centre = (layout.size[0] / 2, layout.size[1] / 2)
    to_image = pose.homography(centre)
    from_mat = to_image @ np.diag([1 / px_per_mm, 1 / px_per_mm, 1.0])
    w, h = pose.size
    table = random_background(scene, h, w, kind=int(scene.choice([0, 2, 3])), lines=False)
    mask = cv2.warpPerspective(np.full(mat.shape[:2], 255, np.uint8), from_mat, (w, h), flags=cv2.INTER_LINEAR)
    warped = cv2.warpPerspective(mat, from_mat, (w, h), flags=cv2.INTER_AREA)
    alpha = (mask.astype(np.float32) / 255.0)[..., None]
    img = table.astype(np.float32) * (1 - alpha) + warped.astype(np.float32) * alpha
    rendered = []
    for d in dice:
        c = cv2.perspectiveTransform(np.array([[d.mm]], np.float64), to_image)[0, 0]
        here = cv2.perspectiveTransform(np.array([[(d.mm[0] + d.size_mm, d.mm[1])]], np.float64), to_image)[0, 0]
        size_px = float(np.linalg.norm(here - c))
        spec = random_die_spec(scene, (float(c[0]), float(c[1])), size_px, color=d.color, value=d.value, max_tilt=0.2)
        if d.body is not None:
            spec = replace(spec, body_color=d.body)
        rendered.append(RenderedDie(d.value, d.color, draw_die(img, spec, scene)))
    hidden: set[int] = set()
    if hand:
        hidden = _draw_hand(img, rng, layout, pieces, to_image)
    img = _finish(img, scene, rng, blur, noise, light)
    if lens is not None:
        from .lens import distort_image

        img = distort_image(img, *lens)
    return RenderedTable(img, to_image, tuple(pieces), tuple(rendered), hand, frozenset(hidden))


def _draw_hand(img: np.ndarray, rng: np.random.Generator, layout: TableLayout, pieces, to_image) -> set[int]:
    """An arm reaching in from the bottom edge to a palm over the mat; returns the marker ids it covers."""
    h, w = img.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    palm = (float(rng.uniform(0.2, 0.8) * w), float(rng.uniform(0.25, 0.75) * h))
    radius = (int(w * rng.uniform(0.06, 0.1)), int(w * rng.uniform(0.08, 0.12)))
    cv2.ellipse(mask, (int(palm[0]), int(palm[1])), radius, float(rng.uniform(-30, 30)), 0, 360, 255, -1)
    cv2.line(mask, (int(palm[0]), int(palm[1])), (int(palm[0] + rng.uniform(-0.2, 0.2) * w), h + 10), 255,
             int(radius[0] * 1.4))
    skin = np.array((120 + rng.uniform(-30, 30), 150 + rng.uniform(-30, 30), 200 + rng.uniform(-30, 40)), np.float32)
    shade = cv2.GaussianBlur(mask, (0, 0), 3).astype(np.float32)[..., None] / 255.0
    img[:] = img * (1 - shade) + skin * shade
    hidden = set()
    items = [(p.marker.id, p.mm, p.marker.side) for p in pieces] + [(a.id, a.centre, a.side) for a in layout.anchors]
    for marker_id, mm, side in items:
        half = side / 2
        corners = np.array([(mm[0] - half, mm[1] - half), (mm[0] + half, mm[1] + half),
                            (mm[0] + half, mm[1] - half), (mm[0] - half, mm[1] + half)], np.float64)
        px = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), to_image).reshape(-1, 2)
        if any(0 <= x < w and 0 <= y < h and mask[int(y), int(x)] for x, y in px):
            hidden.add(marker_id)
    return hidden


def _finish(img: np.ndarray, scene: np.random.Generator, rng: np.random.Generator, blur: float | None,
            noise: float | None, light: float | None) -> np.ndarray:
    """Light (``scene``: the same on every frame of a look), then blur and sensor noise (``rng``: every frame)."""
    h, w = img.shape[:2]
    gx, gy = scene.uniform(-0.35, 0.35, 2)
    gain = (light if light is not None else scene.uniform(0.65, 1.15))
    ramp = ((1 + gx * (np.arange(w, dtype=np.float32) / w - 0.5))[None, :]
            + gy * (np.arange(h, dtype=np.float32) / h - 0.5)[:, None])
    img = np.ascontiguousarray(img, np.float32)
    cv2.multiply(img, cv2.merge([(ramp * gain).astype(np.float32)] * 3), dst=img)
    cv2.add(img, tuple(float(v) for v in scene.normal(0, 5, 3)) + (0.0,), dst=img)
    sigma = scene.uniform(0.3, 1.0) if blur is None else blur
    if sigma > 0.2:
        img = cv2.GaussianBlur(img, (0, 0), sigma)
    sd = scene.uniform(1.5, 5.0) if noise is None else noise
    grain = np.empty(img.shape, np.float32)
    cv2.setRNGSeed(int(rng.integers(2**31)))
    cv2.randn(grain, (0.0, 0.0, 0.0), (sd, sd, sd))
    return cv2.add(img, grain).clip(0, 255).astype(np.uint8)
