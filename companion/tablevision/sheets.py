"""Printable sheets for a game's table layout: the mat at true scale, the piece stickers, a 100 mm ruler.

The camera turns pixels into millimetres from where the anchors are printed, so a sheet is right only at true
scale: the mat is drawn in the layout's own millimetres, each marker is OpenCV's image placed at its exact side,
and every page carries a 100 mm ruler so players can see that the printer did not "fit to page". A mat larger
than the paper is split over pages that overlap, with cut lines and crosses to join them. PDFs come from fpdf2;
marker images from ``cv2.aruco.generateImageMarker`` with a whole number of pixels per bit (no smoothing), made
at ``MARKER_DPI`` or more so their edges stay sharp on any printer.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from typing import Callable

import cv2
import numpy as np
from fpdf import FPDF

from .cells import hex_centre
from .dictionary import marker_dictionary, marker_image
from .layout import Grid, Point, TableLayout

PAPERS = {"A4": (210.0, 297.0), "A3": (297.0, 420.0), "letter": (215.9, 279.4)}  # portrait, mm
PRINTER_MARGIN = 6.0  # mm at each paper edge that many printers leave blank
OVERLAP = 20.0  # mm of the mat printed on both of two neighbouring pages
FOOTER = 22.0  # mm kept at the foot of split-mat and sticker pages for the ruler and the notes
RULER_MM = 100.0
RULER_BLOCK = (112.0, 20.0)  # the ruler, its numbers and three lines of text, laid horizontally
MARKER_DPI = 600
NAME_WIDTH = 36.0  # mm beside a sticker for its name
RULER_LABEL = ("check: this line must measure 100 mm", "contrôle : cette ligne doit mesurer 100 mm")

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in mm


class SheetError(ValueError):
    """Sheets that cannot be made: an unknown paper size."""


def paper_size(name: str) -> tuple[float, float]:
    """Portrait width and height in mm of ``name`` (A4, A3, letter; any case)."""
    for key, size in PAPERS.items():
        if key.lower() == str(name).lower():
            return size
    raise SheetError(f"unknown paper {name!r} (use {', '.join(PAPERS)})")


def paper_name(name: str) -> str:
    paper_size(name)
    return next(key for key in PAPERS if key.lower() == name.lower())


@dataclass(frozen=True)
class PlacedMarker:
    """A marker as printed: page (from 0), id, name, and its black square's top-left corner and side in page mm."""

    page: int
    id: int
    name: str
    x: float
    y: float
    side: float

    @property
    def centre(self) -> Point:
        return (self.x + self.side / 2, self.y + self.side / 2)


@dataclass(frozen=True)
class PlacedRuler:
    page: int
    start: Point  # page mm: the two ends of the 100 mm line
    end: Point


@dataclass(frozen=True)
class MatPage:
    """One page of the mat: the part of the mat (mat mm) it shows and where that part's top-left is on the page."""

    page: int
    row: int
    col: int
    window: Rect
    at: Point

    def to_page(self, point: Point) -> Point:
        return (point[0] - self.window[0] + self.at[0], point[1] - self.window[1] + self.at[1])


@dataclass
class Sheets:
    """The PDF and where everything was put on it (tests and the docs read this; printers read ``pdf``)."""

    layout: str
    paper: str
    pdf: bytes
    page_sizes: list[tuple[float, float]]
    page_kinds: list[str]  # "mat" or "stickers"
    mat_pages: list[MatPage]
    mat_grid: tuple[int, int]  # rows, columns of mat pages
    markers: list[PlacedMarker]
    rulers: list[PlacedRuler]


# -- geometry ------------------------------------------------------------------------------------------------
def _bbox(points) -> Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _union(rects: list[Rect]) -> Rect:
    return (min(r[0] for r in rects), min(r[1] for r in rects), max(r[2] for r in rects), max(r[3] for r in rects))


def _grow(rect: Rect, by: float) -> Rect:
    return (rect[0] - by, rect[1] - by, rect[2] + by, rect[3] + by)


def _hex_corners(grid: Grid, cell: tuple[int, int]) -> list[Point]:
    """Pointy-top hexagon (cells.py's geometry): corners at -30 + 60k degrees, y down, the first upper right."""
    cx, cy = hex_centre(grid, cell)
    return [(cx + grid.cell * math.cos(math.radians(60 * k - 30)), cy + grid.cell * math.sin(math.radians(60 * k - 30)))
            for k in range(6)]


def _grid_box(grid: Grid) -> Rect:
    if grid.kind == "hex":
        return _bbox([p for r in range(grid.rows) for c in range(grid.cols) for p in _hex_corners(grid, (c, r))])
    x, y = grid.origin
    return (x, y, x + grid.cols * grid.cell, y + grid.rows * grid.cell)


def _anchor_label_at(layout: TableLayout, anchor) -> Point:
    """Below the anchor in the mat's upper half, above it in the lower half (never towards the mat's edge)."""
    x, y = anchor.centre
    h = anchor.side / 2
    return (x - h, y + h + 4.0) if y < layout.size[1] / 2 else (x - h, y - h - 2.0)


def _content_boxes(layout: TableLayout) -> list[Rect]:
    boxes = []
    for a in layout.anchors:
        lx, ly = _anchor_label_at(layout, a)
        boxes.append(_union([_bbox(a.corners()), (lx, ly - 3.0, lx + 22.0, ly + 1.0)]))
    boxes += [_bbox(z.polygon) for z in layout.zones]
    boxes += [_grid_box(g) for g in layout.grids]
    return boxes


def _free_spot(page: tuple[float, float], occupied: list[Rect]) -> tuple[float, float, bool] | None:
    """Where the ruler block fits on the printable page without touching ``occupied`` (1 mm raster): the lowest
    place for a horizontal block, else the leftmost for a vertical one."""
    w, h = int(page[0]), int(page[1])
    taken = np.zeros((h, w), np.uint8)
    m = int(math.ceil(PRINTER_MARGIN))
    taken[:m, :] = taken[h - m:, :] = taken[:, :m] = taken[:, w - m:] = 1
    for x0, y0, x1, y1 in occupied:
        taken[max(0, int(y0)):max(0, math.ceil(y1)), max(0, int(x0)):max(0, math.ceil(x1))] = 1
    integral = cv2.integral(taken)
    for vertical in (False, True):
        bw, bh = (int(math.ceil(v)) for v in (RULER_BLOCK[::-1] if vertical else RULER_BLOCK))
        if bw > w or bh > h:
            continue
        sums = integral[bh:, bw:] - integral[:-bh, bw:] - integral[bh:, :-bw] + integral[:-bh, :-bw]
        ys, xs = np.nonzero(sums == 0)
        if len(ys):
            best = np.lexsort((xs, -ys)) if not vertical else np.lexsort((ys, xs))
            return float(xs[best[0]]), float(ys[best[0]]), vertical
    return None


def _tile_starts(lo: float, hi: float, window: float) -> list[float]:
    """Evenly spread windows over [lo, hi], neighbours sharing at least OVERLAP mm."""
    length = hi - lo
    if length <= window:
        return [lo - (window - length) / 2]
    n = math.ceil((length - OVERLAP) / (window - OVERLAP))
    step = (length - window) / (n - 1)
    return [lo + i * step for i in range(n)]


def _cuts(starts: list[float], window: float, keep_clear: list[tuple[float, float]]) -> list[float]:
    """Where to cut between neighbouring pages: in their shared band, near its middle, never across a marker."""
    cuts = []
    for a, b in zip(starts[1:], [s + window for s in starts[:-1]]):
        middle = (a + b) / 2
        options = [middle + d * k for k in range(int((b - a) / 2)) for d in (1, -1)]
        clear = (m for m in options if a + 5 <= m <= b - 5 and not any(lo <= m <= hi for lo, hi in keep_clear))
        cuts.append(next(clear, middle))
    return cuts


# -- drawing -------------------------------------------------------------------------------------------------
def _latin1(text: str) -> str:
    """The PDF's built-in fonts speak Latin-1 (enough for English and French); anything else becomes '?'."""
    text = text.replace("\u2019", "'").replace("\u2014", "-").replace("\u2013", "-").replace("\u00a0", " ")
    return text.encode("latin-1", "replace").decode("latin-1")


class _Pdf:
    """fpdf2 in mm with the few strokes the sheets use, and the markers as OpenCV images."""

    def __init__(self, layout: TableLayout, paper: str) -> None:
        self.layout = layout
        self.dictionary = marker_dictionary(layout.dictionary)
        self.paper = paper
        self.fpdf = FPDF(unit="mm", format=paper_size(paper))
        self.fpdf.set_auto_page_break(False)
        self.fpdf.set_margins(0, 0, 0)
        self.fpdf.set_title(_latin1(f"Table Companion: {layout.name} ({paper})"))
        self.fpdf.set_creator("Table Companion")
        self.page_sizes: list[tuple[float, float]] = []
        self.page_kinds: list[str] = []
        self.markers: list[PlacedMarker] = []
        self.rulers: list[PlacedRuler] = []
        self._png: dict[tuple[int, float], bytes] = {}

    @property
    def page(self) -> int:
        return len(self.page_sizes) - 1

    def add_page(self, landscape: bool, kind: str) -> tuple[float, float]:
        w, h = paper_size(self.paper)
        size = (h, w) if landscape else (w, h)
        self.fpdf.add_page(orientation="L" if landscape else "P")
        self.page_sizes.append(size)
        self.page_kinds.append(kind)
        return size

    def font(self, size: float, style: str = "", grey: int = 0) -> None:
        self.fpdf.set_font("helvetica", style, size)
        self.fpdf.set_text_color(grey)

    def text(self, x: float, y: float, text: str) -> None:
        self.fpdf.text(x, y, _latin1(text))

    def pen(self, width: float, grey: int = 0, dash: float = 0.0) -> None:
        self.fpdf.set_line_width(width)
        self.fpdf.set_draw_color(grey)
        self.fpdf.set_dash_pattern(dash=dash, gap=dash)

    def marker(self, marker_id: int, name: str, x: float, y: float, side: float) -> None:
        """OpenCV's marker, its black square exactly ``side`` mm with its top-left corner at (x, y)."""
        key = (marker_id, side)
        if key not in self._png:
            modules = self.dictionary.markerSize + 2
            per_module = max(1, math.ceil(side / modules / 25.4 * MARKER_DPI))
            image = marker_image(self.dictionary, marker_id, modules * per_module)
            self._png[key] = cv2.imencode(".png", image)[1].tobytes()
        self.fpdf.image(io.BytesIO(self._png[key]), x=x, y=y, w=side, h=side)
        self.markers.append(PlacedMarker(self.page, marker_id, name, x, y, side))

    def quiet_zone(self, side: float) -> float:
        """White around a marker: one bit's width, at least 2 mm (the detector needs the contrast)."""
        return max(2.0, side / (self.dictionary.markerSize + 2))

    def ruler(self, x: float, y: float, vertical: bool, caption: str) -> None:
        """The 100 mm ruler block with its top-left corner at (x, y); a vertical block reads bottom to top."""
        if vertical:
            with self.fpdf.rotation(90, x, y + RULER_BLOCK[0]):
                self._ruler_block(x, y + RULER_BLOCK[0], caption)
            start, end = (x + 1.0, y + RULER_BLOCK[0] - 6.0), (x + 1.0, y + RULER_BLOCK[0] - 6.0 - RULER_MM)
        else:
            self._ruler_block(x, y, caption)
            start, end = (x + 6.0, y + 1.0), (x + 6.0 + RULER_MM, y + 1.0)
        self.rulers.append(PlacedRuler(self.page, start, end))

    def _ruler_block(self, x: float, y: float, caption: str) -> None:
        x0, base = x + 6.0, y + 1.0
        self.pen(0.25)
        self.fpdf.line(x0, base, x0 + RULER_MM, base)
        self.pen(0.15)
        self.font(5.5)
        for mm in range(int(RULER_MM) + 1):
            length = 4.0 if mm % 10 == 0 else 2.5 if mm % 5 == 0 else 1.5
            self.fpdf.line(x0 + mm, base, x0 + mm, base + length)
            if mm % 10 == 0:
                label = str(mm)
                self.text(x0 + mm - self.fpdf.get_string_width(label) / 2, base + 6.5, label)
        self.font(7, "B")
        self.text(x0, base + 10.0, RULER_LABEL[0])
        self.font(7)
        self.text(x0, base + 13.5, RULER_LABEL[1])
        self.font(6, grey=60)
        self.text(x0, base + 17.0, caption)

    def cross(self, x: float, y: float) -> None:
        self.pen(0.2)
        self.fpdf.line(x - 5, y, x + 5, y)
        self.fpdf.line(x, y - 5, x, y + 5)
        self.fpdf.circle(x, y, 2.5)

    def notes(self, x: float, y: float, width: float, lines: list[str]) -> None:
        self.font(6.5)
        self.fpdf.set_xy(x, y)
        self.fpdf.multi_cell(width, 3.0, _latin1("\n".join(lines)))

    def output(self) -> bytes:
        return bytes(self.fpdf.output())


def _draw_mat(pdf: _Pdf, to_page: Callable[[Point], Point]) -> None:
    """Zones with their labels, grids, and the anchors at their layout places; ``to_page``: mat mm -> page mm."""
    layout, f = pdf.layout, pdf.fpdf
    w, h = layout.size
    pdf.pen(0.2, grey=170)
    f.polygon([to_page(p) for p in ((0, 0), (w, 0), (w, h), (0, h))])
    for grid in layout.grids:
        pdf.pen(0.25, grey=90)
        pdf.font(5, grey=140)
        if grid.kind == "hex":
            for r in range(grid.rows):
                for c in range(grid.cols):
                    f.polygon([to_page(p) for p in _hex_corners(grid, (c, r))])
                    cx, cy = to_page(hex_centre(grid, (c, r)))
                    label = f"{c},{r}"
                    pdf.text(cx - f.get_string_width(label) / 2, cy + grid.cell * 0.6, label)
        else:
            x0, y0, x1, y1 = _grid_box(grid)
            for c in range(grid.cols + 1):
                f.line(*to_page((x0 + c * grid.cell, y0)), *to_page((x0 + c * grid.cell, y1)))
            for r in range(grid.rows + 1):
                f.line(*to_page((x0, y0 + r * grid.cell)), *to_page((x1, y0 + r * grid.cell)))
            for r in range(grid.rows):
                for c in range(grid.cols):
                    label = f"{c},{r}"
                    px, py = to_page((x0 + (c + 1) * grid.cell, y0 + (r + 1) * grid.cell))
                    pdf.text(px - 1.0 - f.get_string_width(label), py - 1.2, label)
    for zone in layout.zones:
        pdf.pen(0.4)
        f.polygon([to_page(p) for p in zone.polygon])
        zx0, zy0, zx1, _ = _bbox(zone.polygon)
        inside = cv2.pointPolygonTest(np.asarray(zone.polygon, np.float32).reshape(-1, 1, 2),
                                      (zx0 + 2.0, zy0 + 2.0), False) >= 0
        english, french = zone.label_en or zone.name, zone.label_fr or zone.label_en or zone.name
        size = 7.0
        pdf.font(size, "B")
        while size > 4.5 and max(f.get_string_width(_latin1(t)) for t in (english, french)) > zx1 - zx0 - 4:
            size -= 0.5
            pdf.font(size, "B")
        if inside:
            lx, ly = zx0 + 2.0, zy0 + 1.5
        else:  # a shape whose corner is outside it: the label goes at its vertices' mean
            lx, ly = (float(v) for v in np.mean(np.asarray(zone.polygon), axis=0))
            lx -= f.get_string_width(_latin1(english)) / 2
        x, y = to_page((lx, ly))
        pdf.text(x, y + size * 0.36, english)
        pdf.font(size, "I", grey=70)
        pdf.text(x, y + size * 0.36 * 2 + 0.6, french)
    for anchor in layout.anchors:
        x, y = to_page(anchor.corners()[0])
        pdf.marker(anchor.id, f"anchor {anchor.id}", x, y, anchor.side)
        pdf.font(6, grey=60)
        pdf.text(*to_page(_anchor_label_at(layout, anchor)), f"anchor / ancre {anchor.id}")


# -- pages ---------------------------------------------------------------------------------------------------
def _orientations(size: Point) -> tuple[bool, ...]:
    return (True, False) if size[0] > size[1] else (False, True)


def _single_mat_page(layout: TableLayout, paper: str):
    """(landscape, offset, ruler spot) when the whole mat fits one page with room for the ruler, else None."""
    w, h = paper_size(paper)
    boxes = _content_boxes(layout)
    content = _union(boxes)
    for landscape in _orientations(layout.size):
        pw, ph = (h, w) if landscape else (w, h)
        if (content[2] - content[0] > pw - 2 * PRINTER_MARGIN) or (content[3] - content[1] > ph - 2 * PRINTER_MARGIN):
            continue
        dx, dy = (pw - layout.size[0]) / 2, (ph - layout.size[1]) / 2
        if not (content[0] + dx >= PRINTER_MARGIN and content[1] + dy >= PRINTER_MARGIN
                and content[2] + dx <= pw - PRINTER_MARGIN and content[3] + dy <= ph - PRINTER_MARGIN):
            dx, dy = (pw - content[0] - content[2]) / 2, (ph - content[1] - content[3]) / 2
        spot = _free_spot((pw, ph), [_grow((r[0] + dx, r[1] + dy, r[2] + dx, r[3] + dy), 2.0) for r in boxes])
        if spot is not None:
            return landscape, (dx, dy), spot
    return None


def _mat_pages(pdf: _Pdf) -> tuple[list[MatPage], tuple[int, int]]:
    layout = pdf.layout
    caption = f"Table Companion - {layout.name} - {pdf.paper} - print at actual size (100 %) / taille réelle"
    single = _single_mat_page(layout, pdf.paper)
    if single is not None:
        landscape, (dx, dy), (rx, ry, vertical) = single
        pdf.add_page(landscape, "mat")
        _draw_mat(pdf, lambda p: (p[0] + dx, p[1] + dy))
        pdf.ruler(rx, ry, vertical, caption)
        return [MatPage(pdf.page, 0, 0, (0.0, 0.0) + layout.size, (dx, dy))], (1, 1)

    content = _grow(_union(_content_boxes(layout)), 3.0)
    w, h = paper_size(pdf.paper)
    plans = []
    for landscape in _orientations(layout.size):
        pw, ph = (h, w) if landscape else (w, h)
        win = (pw - 2 * PRINTER_MARGIN, ph - 2 * PRINTER_MARGIN - FOOTER)
        xs, ys = _tile_starts(content[0], content[2], win[0]), _tile_starts(content[1], content[3], win[1])
        plans.append((len(xs) * len(ys), landscape, win, xs, ys))
    _, landscape, win, xs, ys = min(plans, key=lambda plan: plan[0])
    cut_x = _cuts(xs, win[0], [(a.centre[0] - a.side / 2 - 2, a.centre[0] + a.side / 2 + 2) for a in layout.anchors])
    cut_y = _cuts(ys, win[1], [(a.centre[1] - a.side / 2 - 2, a.centre[1] + a.side / 2 + 2) for a in layout.anchors])
    rows, cols = len(ys), len(xs)
    pages = []
    for r, y0 in enumerate(ys):
        for c, x0 in enumerate(xs):
            pw, ph = pdf.add_page(landscape, "mat")
            tile = MatPage(pdf.page, r, c, (x0, y0, x0 + win[0], y0 + win[1]), (PRINTER_MARGIN, PRINTER_MARGIN))
            pages.append(tile)
            _draw_tile(pdf, tile, win, cut_x, cut_y, rows, cols)
            n = r * cols + c + 1
            pdf.ruler(PRINTER_MARGIN, ph - PRINTER_MARGIN - RULER_BLOCK[1], False, caption)
            nx = PRINTER_MARGIN + RULER_BLOCK[0] + 4
            pdf.notes(nx, ph - PRINTER_MARGIN - FOOTER + 2, pw - PRINTER_MARGIN - nx, [
                f"Mat page {n} of {rows * cols} (row {r + 1} of {rows}, column {c + 1} of {cols}). Cut off the grey "
                f"strip along the dashed line, lay this page over its neighbour so the half crosses meet the crosses "
                f"and the lines run on; tape from behind.",
                f"Tapis, page {n} sur {rows * cols} (ligne {r + 1}, colonne {c + 1}). Coupez la bande grise le long "
                f"des pointillés, posez la page sur sa voisine, croix sur croix, et scotchez au dos."])
    return pages, (rows, cols)


def _draw_tile(pdf: _Pdf, tile: MatPage, win, cut_x, cut_y, rows, cols) -> None:
    f = pdf.fpdf
    x0, y0, x1, y1 = tile.window
    to_page = tile.to_page
    with f.rect_clip(tile.at[0], tile.at[1], win[0], win[1]):
        f.set_fill_color(225)
        if tile.col > 0:  # the strip left of the cut lies under the page on the left
            f.rect(*to_page((x0, y0)), cut_x[tile.col - 1] - x0, y1 - y0, style="F")
        if tile.row > 0:
            f.rect(*to_page((x0, y0)), x1 - x0, cut_y[tile.row - 1] - y0, style="F")
        _draw_mat(pdf, to_page)
        # a cut on this page's left/top edge (dashed: cut here) and the line its neighbour lies on (solid)
        for cut, dashed in ((cut_x[tile.col - 1] if tile.col > 0 else None, True),
                            (cut_x[tile.col] if tile.col < cols - 1 else None, False)):
            if cut is not None:
                pdf.pen(0.3, dash=1.5 if dashed else 0.0)
                f.line(*to_page((cut, y0)), *to_page((cut, y1)))
                for k in (0.2, 0.5, 0.8):
                    pdf.cross(*to_page((cut, y0 + k * (y1 - y0))))
        for cut, dashed in ((cut_y[tile.row - 1] if tile.row > 0 else None, True),
                            (cut_y[tile.row] if tile.row < rows - 1 else None, False)):
            if cut is not None:
                pdf.pen(0.3, dash=1.5 if dashed else 0.0)
                f.line(*to_page((x0, cut)), *to_page((x1, cut)))
                for k in (0.2, 0.5, 0.8):
                    pdf.cross(*to_page((x0 + k * (x1 - x0), cut)))
    pdf.pen(0.1, grey=200)
    f.rect(tile.at[0], tile.at[1], win[0], win[1])


def _sticker_pages(pdf: _Pdf) -> None:
    """Every piece marker at its side, white quiet zone, dashed cut line, its name beside it."""
    layout = pdf.layout
    pieces = list(layout.pieces)
    while pieces:
        pw, ph = pdf.add_page(False, "stickers")
        pdf.font(10, "B")
        pdf.text(PRINTER_MARGIN, PRINTER_MARGIN + 4, f"{layout.name}: tile and piece stickers / autocollants")
        pdf.notes(PRINTER_MARGIN, PRINTER_MARGIN + 6, pw - 2 * PRINTER_MARGIN, [
            "Cut along the dashed lines, keeping the white border. Stick each one flat and upright: its top edge "
            "towards the piece's front. / Découpez le long des pointillés en gardant le bord blanc ; collez bien "
            "à plat, le haut vers l'avant de la pièce."])
        x, y, row_h = PRINTER_MARGIN, PRINTER_MARGIN + 16.0, 0.0
        bottom = ph - PRINTER_MARGIN - FOOTER
        while pieces:
            piece = pieces[0]
            q = pdf.quiet_zone(piece.side)
            box = piece.side + 2 * q
            if x + box + NAME_WIDTH > pw - PRINTER_MARGIN and x > PRINTER_MARGIN:
                x, y, row_h = PRINTER_MARGIN, y + row_h + 4.0, 0.0
            if y + box > bottom and y > PRINTER_MARGIN + 16.0:
                break
            pieces.pop(0)
            pdf.pen(0.2, grey=110, dash=1.0)
            pdf.fpdf.rect(x, y, box, box)
            pdf.marker(piece.id, piece.name, x + q, y + q, piece.side)
            pdf.font(8, "B")
            pdf.text(x + box + 2.0, y + 4.0, piece.name)
            pdf.font(6, grey=60)
            pdf.text(x + box + 2.0, y + 7.5, f"{piece.kind}, id {piece.id}, {piece.side:g} mm")
            x += box + NAME_WIDTH
            row_h = max(row_h, box)
        pdf.ruler(PRINTER_MARGIN, ph - PRINTER_MARGIN - RULER_BLOCK[1], False,
                  f"Table Companion - {layout.name} - {pdf.paper} - print at actual size (100 %) / taille réelle")


def build_sheets(layout: TableLayout, paper: str = "A4") -> Sheets:
    """The PDF for ``layout`` on ``paper``: the mat (one page or several to join), then the sticker pages."""
    pdf = _Pdf(layout, paper_name(paper))
    mat_pages, grid = _mat_pages(pdf)
    _sticker_pages(pdf)
    return Sheets(layout.name, pdf.paper, pdf.output(), pdf.page_sizes, pdf.page_kinds, mat_pages, grid,
                  pdf.markers, pdf.rulers)
