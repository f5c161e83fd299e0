"""Where things go on the paper: paper sizes, what the mat's content covers, a free place for the ruler, how a
large mat is split into overlapping pages and where to cut between them. All in mm, x right, y down."""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from ..cells import hex_corners as cells_hex_corners
from ..dictionary import marker_dictionary
from ..layout import Grid, Point, TableLayout

PAPERS = {"A4": (210.0, 297.0), "A3": (297.0, 420.0), "letter": (215.9, 279.4)}  # portrait, mm
PRINTER_MARGIN = 6.0  # mm at each paper edge that many printers leave blank
OVERLAP = 20.0  # mm of the mat printed on both of two neighbouring pages
FOOTER = 22.0  # mm kept at the foot of split-mat and sticker pages for the ruler and the notes
RULER_BLOCK = (112.0, 20.0)  # the ruler, its numbers and three lines of text, laid horizontally

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
class MatPage:
    """One page of the mat: the part of the mat (mat mm) it shows and where that part's top-left is on the page."""

    page: int
    row: int
    col: int
    window: Rect
    at: Point

    def to_page(self, point: Point) -> Point:
        return (point[0] - self.window[0] + self.at[0], point[1] - self.window[1] + self.at[1])



# -- geometry ------------------------------------------------------------------------------------------------
def bbox(points) -> Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def union(rects: list[Rect]) -> Rect:
    return (min(r[0] for r in rects), min(r[1] for r in rects), max(r[2] for r in rects), max(r[3] for r in rects))


def grow(rect: Rect, by: float) -> Rect:
    return (rect[0] - by, rect[1] - by, rect[2] + by, rect[3] + by)


def hex_corners(grid: Grid, cell: tuple[int, int]) -> list[Point]:
    """The cell's hexagon, as cells.py draws it (pointy- or flat-topped)."""
    return cells_hex_corners(grid, cell)


def grid_box(grid: Grid) -> Rect:
    if grid.kind == "hex":
        return bbox([p for r in range(grid.rows) for c in range(grid.cols) for p in hex_corners(grid, (c, r))])
    x, y = grid.origin
    return (x, y, x + grid.cols * grid.cell, y + grid.rows * grid.cell)


def module_mm(layout: TableLayout, side: float) -> float:
    """One bit of a marker of ``side`` mm (its black border is one bit wide): the width of the blank quiet zone the
    detector needs around it, kept free of every line and letter on the sheets."""
    return side / (marker_dictionary(layout.dictionary).markerSize + 2)


def anchor_label_at(layout: TableLayout, anchor) -> Point:
    """The label's baseline start: below the anchor in the mat's upper half, above it in the lower half (never
    towards the mat's edge), one module and a millimetre clear of the marker (6 pt: 1.6 mm caps, 0.5 mm descent)."""
    x, y = anchor.centre
    h = anchor.side / 2
    clear = module_mm(layout, anchor.side) + 1.0
    return (x - h, y + h + clear + 1.6) if y < layout.size[1] / 2 else (x - h, y - h - clear - 0.5)


def content_boxes(layout: TableLayout) -> list[Rect]:
    boxes = []
    for a in layout.anchors:
        lx, ly = anchor_label_at(layout, a)
        boxes.append(union([bbox(a.corners()), (lx, ly - 3.0, lx + 22.0, ly + 1.0)]))
    boxes += [bbox(z.polygon) for z in layout.zones]
    boxes += [grid_box(g) for g in layout.grids]
    return boxes


def top_band(layout: TableLayout, height: float) -> Rect:
    """A band ``height`` mm tall along the mat's top, between its two top anchors and 3 mm clear of their quiet
    zones: where the free-roll tray prints how to use it."""
    left, right = sorted(sorted(layout.anchors, key=lambda a: a.centre[1])[:2], key=lambda a: a.centre[0])
    x0 = left.centre[0] + left.side / 2 + module_mm(layout, left.side) + 3.0
    x1 = right.centre[0] - right.side / 2 - module_mm(layout, right.side) - 3.0
    y0 = min(left.centre[1] - left.side / 2, right.centre[1] - right.side / 2)
    return (x0, y0, x1, y0 + height)


def free_spot(page: tuple[float, float], occupied: list[Rect]) -> tuple[float, float, bool] | None:
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


def tile_starts(lo: float, hi: float, window: float) -> list[float]:
    """Evenly spread windows over [lo, hi], neighbours sharing at least OVERLAP mm."""
    length = hi - lo
    if length <= window:
        return [lo - (window - length) / 2]
    n = math.ceil((length - OVERLAP) / (window - OVERLAP))
    step = (length - window) / (n - 1)
    return [lo + i * step for i in range(n)]


def cut_places(starts: list[float], window: float, keep_clear: list[tuple[float, float]]) -> list[float]:
    """Where to cut between neighbouring pages: in their shared band, near its middle, never across a marker."""
    cuts = []
    for a, b in zip(starts[1:], [s + window for s in starts[:-1]]):
        middle = (a + b) / 2
        options = [middle + d * k for k in range(int((b - a) / 2)) for d in (1, -1)]
        clear = (m for m in options if a + 5 <= m <= b - 5 and not any(lo <= m <= hi for lo, hi in keep_clear))
        cuts.append(next(clear, middle))
    return cuts
