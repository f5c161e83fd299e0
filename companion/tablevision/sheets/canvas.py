"""Drawing on the sheets: fpdf2 in mm, OpenCV's marker images at their exact side, the ruler, and the mat
(zones with their labels, grids, anchors) in the layout's own millimetres."""

from __future__ import annotations

import io
import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import cv2
import numpy as np

from ..cells import hex_centre
from ..dictionary import marker_dictionary, marker_image
from ..layout import Point, TableLayout
from .geometry import RULER_BLOCK, anchor_label_at, bbox, grid_box, hex_corners, module_mm, paper_size
from ...words import french_spaces

if TYPE_CHECKING:
    from fpdf import FPDF

RULER_MM = 100.0
MARKER_DPI = 600
NAME_WIDTH = 36.0  # mm beside a sticker for its name
CUT_SLACK = 1.0  # mm between a sticker's quiet zone and its cut line
RULER_LABEL = ("check: this line must measure 100 mm", "contrôle : cette ligne doit mesurer 100 mm")


@dataclass(frozen=True)
class PlacedMarker:
    """A marker as printed: page (from 0), id, name, its black square's top-left corner and side in page mm, and
    for a sticker how far its cut line lies from the black square (0: printed on the mat, no cut line)."""

    page: int
    id: int
    name: str
    x: float
    y: float
    side: float
    cut: float = 0.0

    @property
    def centre(self) -> Point:
        return (self.x + self.side / 2, self.y + self.side / 2)


@dataclass(frozen=True)
class PlacedRuler:
    page: int
    start: Point  # page mm: the two ends of the 100 mm line
    end: Point


def line_height(size: float) -> float:
    """Baseline to baseline in mm for text of ``size`` points."""
    return size * 25.4 / 72 * 1.15


# -- drawing -------------------------------------------------------------------------------------------------
def pdf_text(text: str) -> str:
    """Text for the PDF's built-in fonts, which speak Windows-1252: French as the phone writes it (’, — and the
    no-break space before « : » or « ; », so a line never starts with one); anything else becomes '?'."""
    return french_spaces(text).encode("cp1252", "replace").decode("cp1252")


class Canvas:
    """fpdf2 in mm with the few strokes the sheets use, and the markers as OpenCV images."""

    def __init__(self, layout: TableLayout, paper: str, title: str = "") -> None:
        self.layout = layout
        self.title = title or layout.name  # the game as players know it, in the captions
        self.dictionary = marker_dictionary(layout.dictionary)
        self.paper = paper
        from fpdf import FPDF  # here, not at import: fpdf2 and its font tools take seconds to import on a Pi

        self.fpdf = FPDF(unit="mm", format=paper_size(paper))
        self.fpdf.core_fonts_encoding = "windows-1252"  # Latin-1 has no ’
        self.fpdf.set_auto_page_break(False)
        self.fpdf.set_margins(0, 0, 0)
        self.fpdf.set_title(pdf_text(f"Table Companion: {self.title} ({paper})"))
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
        self.fpdf.text(x, y, pdf_text(text))

    def pen(self, width: float, grey: int = 0, dash: float = 0.0) -> None:
        self.fpdf.set_line_width(width)
        self.fpdf.set_draw_color(grey)
        self.fpdf.set_dash_pattern(dash=dash, gap=dash)

    def marker(self, marker_id: int, name: str, x: float, y: float, side: float, cut: float = 0.0) -> None:
        """OpenCV's marker, its black square exactly ``side`` mm with its top-left corner at (x, y)."""
        key = (marker_id, side)
        if key not in self._png:
            modules = self.dictionary.markerSize + 2
            per_module = max(1, math.ceil(side / modules / 25.4 * MARKER_DPI))
            image = marker_image(self.dictionary, marker_id, modules * per_module)
            self._png[key] = cv2.imencode(".png", image)[1].tobytes()
        self.fpdf.image(io.BytesIO(self._png[key]), x=x, y=y, w=side, h=side)
        self.markers.append(PlacedMarker(self.page, marker_id, name, x, y, side, cut))

    def module(self, side: float) -> float:
        """One bit of a marker of ``side`` mm: the blank quiet zone it needs around it."""
        return module_mm(self.layout, side)

    def sticker_border(self, side: float) -> float:
        """From a sticker's black square to its cut line: the quiet zone and a millimetre for a wavering cut."""
        return self.module(side) + CUT_SLACK

    def fit_text(self, text: str, width: float, height: float, style: str = "B",
                 sizes: tuple[float, ...] = (8.0, 7.0, 6.0, 5.0)) -> tuple[float, list[str]]:
        """``text`` set to fit a ``width`` x ``height`` mm box: the largest size whose lines (broken at a newline, or
        after '-', '_' or a space) fit it; at the smallest size, lines that still do not fit are cut and end in
        '...'."""
        for size in sizes:
            self.fpdf.set_font("helvetica", style, size)
            lines = self._wrap(pdf_text(text), width)
            if len(lines) * line_height(size) <= height + 1e-6:
                return size, lines
        rows = max(1, int((height + 1e-6) // line_height(size)))
        if len(lines) > rows:
            lines = lines[:rows - 1] + [self._clip(lines[rows - 1] + "".join(lines[rows:]) + "...", width)]
        return size, lines

    def _wrap(self, text: str, width: float) -> list[str]:
        """Lines of ``text`` no wider than ``width``; a newline in it always starts a line."""
        if "\n" in text:
            return [line for part in text.split("\n") for line in self._wrap(part, width)]
        pieces = re.findall(r"[^-_ ]*[-_ ]|[^-_ ]+$", text) or [text]
        lines = [""]
        for piece in pieces:
            if lines[-1] and self.fpdf.get_string_width(lines[-1] + piece.rstrip()) > width:
                lines.append("")
            lines[-1] += piece
            while self.fpdf.get_string_width(lines[-1].rstrip()) > width:  # one piece wider than the box
                head = self._clip(lines[-1], width, ellipsis="")
                lines[-1:] = [head, lines[-1][len(head):]]
        return [line.rstrip() for line in lines]

    def _clip(self, text: str, width: float, ellipsis: str = "...") -> str:
        """The longest start of ``text`` (with ``ellipsis`` after it, when cut) that fits ``width``."""
        if self.fpdf.get_string_width(text) <= width:
            return text
        body = text.removesuffix(ellipsis) if ellipsis else text
        n = len(body)
        while n > 1 and self.fpdf.get_string_width(body[:n] + ellipsis) > width:
            n -= 1
        return body[:n] + ellipsis

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
        self.fpdf.multi_cell(width, 3.0, pdf_text("\n".join(lines)))

    def output(self) -> bytes:
        return bytes(self.fpdf.output())


def zone_label(f: FPDF, zone) -> tuple[Point, float, str, str]:
    """Where a zone's two-line label starts (its top-left, mat mm), its size in points and its English and French
    words: in the zone's top-left corner, set smaller (down to 4.5 pt) to fit the zone's width."""
    zx0, zy0, zx1, _ = bbox(zone.polygon)
    english, french = zone.label_en or zone.name, zone.label_fr or zone.label_en or zone.name
    size = 7.0
    f.set_font("helvetica", "B", size)
    while size > 4.5 and max(f.get_string_width(pdf_text(t)) for t in (english, french)) > zx1 - zx0 - 4:
        size -= 0.5
        f.set_font("helvetica", "B", size)
    inside = cv2.pointPolygonTest(np.asarray(zone.polygon, np.float32).reshape(-1, 1, 2),
                                  (zx0 + 2.0, zy0 + 2.0), False) >= 0
    if inside:
        return (zx0 + 2.0, zy0 + 1.5), size, english, french
    # a shape whose corner is outside it: the label goes at its vertices' mean
    lx, ly = (float(v) for v in np.mean(np.asarray(zone.polygon), axis=0))
    return (lx - f.get_string_width(pdf_text(english)) / 2, ly), size, english, french


def draw_mat(pdf: Canvas, to_page: Callable[[Point], Point]) -> None:
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
                    f.polygon([to_page(p) for p in hex_corners(grid, (c, r))])
                    cx, cy = to_page(hex_centre(grid, (c, r)))
                    label = f"{c},{r}"
                    pdf.text(cx - f.get_string_width(label) / 2, cy + grid.cell * 0.6, label)
        else:
            x0, y0, x1, y1 = grid_box(grid)
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
        (lx, ly), size, english, french = zone_label(f, zone)
        x, y = to_page((lx, ly))
        pdf.font(size, "B")
        pdf.text(x, y + size * 0.36, english)
        pdf.font(size, "I", grey=70)
        pdf.text(x, y + size * 0.36 * 2 + 0.6, french)
    for anchor in layout.anchors:
        x, y = to_page(anchor.corners()[0])
        # a grid or outline passing through the quiet zone (and 0.3 mm for its pen) is cut back, not the marker
        q = module_mm(layout, anchor.side) + 0.3
        f.set_fill_color(255)
        f.rect(x - q, y - q, anchor.side + 2 * q, anchor.side + 2 * q, style="F")
        pdf.marker(anchor.id, f"anchor {anchor.id}", x, y, anchor.side)
        pdf.font(6, grey=60)
        pdf.text(*to_page(anchor_label_at(layout, anchor)), f"anchor / ancre {anchor.id}")
